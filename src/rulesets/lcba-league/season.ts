// A league stream's facts read into the inputs of match/ and table/ (pure).
import type { LeagueFactData } from '../../contexts/league/facts/league';
import type { LcbaParams } from './preset';
import { ScoringInputError } from '../../scoring';
import { eligibilityInputOf, eligibilityVerdicts, type LeagueFact } from './eligibility';
import { scoreMatch } from './match';
import type {
  Ballot,
  DivisionInput,
  EligibilityInput,
  EligibilityVerdicts,
  Fixture,
  FixtureId,
  FixtureOutcome,
  MatchInput,
  MatchScore,
  Penalty,
  TeamEntry,
  TeamId,
} from './model';

/** A league fact as the read model keeps it: its type, data and club time (ballots are dated by it). */
export interface SeasonFact extends LeagueFact {
  occurredAt?: string;
  /** Its event id (what a correction names). */
  id?: string;
  /** The accepted correction whose content this is, in place of the recorded one. */
  correctedBy?: string;
}

type Data<K extends keyof LeagueFactData> = LeagueFactData[K];

/** A match's recorded result: the fixture, the day played and `MatchInput` as recorded. */
export interface RecordedMatch {
  fixture: FixtureId;
  playedOn: string;
  input: MatchInput;
}

/** The league's season read from its facts, as far as the tables need it. */
export interface LeagueSeason {
  name?: string;
  seasonStart?: string;
  seasonEnd?: string;
  /** Divisions formed, strongest first. */
  divisions: number[];
  teams: Map<TeamId, TeamEntry & { division?: number }>;
  fixtures: Map<FixtureId, Fixture & { division?: number }>;
  results: Map<FixtureId, RecordedMatch>;
  unplayed: Map<FixtureId, { offender: 'home' | 'away' | 'both'; rule: string; on: string }>;
  /** The latest election of each team (the decider refuses one after the deadline: LCBA-A2). */
  elections: Map<TeamId, boolean>;
  ballots: { division: number; ballot: Ballot }[];
}

/** The facts of one league stream, in ledger order, folded into its season (first of each kind stands). */
export function leagueSeasonOf(facts: readonly SeasonFact[]): LeagueSeason {
  const season: LeagueSeason = {
    divisions: [],
    teams: new Map(),
    fixtures: new Map(),
    results: new Map(),
    unplayed: new Map(),
    elections: new Map(),
    ballots: [],
  };
  for (const f of facts) {
    switch (f.type) {
      case 'LeagueRegistered': {
        const d = f.data as Data<'LeagueRegistered'>;
        season.name ??= d.name;
        season.seasonStart ??= d.seasonStart;
        season.seasonEnd ??= d.seasonEnd;
        break;
      }
      case 'DivisionFormed': {
        const n = (f.data as Data<'DivisionFormed'>).division;
        if (!season.divisions.includes(n)) season.divisions.push(n);
        break;
      }
      case 'LeagueTeamEntered': {
        const d = f.data as Data<'LeagueTeamEntered'>;
        if (!season.teams.has(d.teamId)) {
          season.teams.set(d.teamId, {
            team: d.teamId,
            club: d.club,
            letter: d.letter,
            name: d.name,
          });
        }
        break;
      }
      case 'TeamPlaced': {
        const d = f.data as Data<'TeamPlaced'>;
        const team = season.teams.get(d.teamId);
        if (team && team.division === undefined) team.division = d.division;
        break;
      }
      case 'FixtureScheduled': {
        const d = f.data as Data<'FixtureScheduled'>;
        if (!season.fixtures.has(d.fixtureId)) {
          season.fixtures.set(d.fixtureId, {
            id: d.fixtureId,
            round: d.round,
            home: d.home,
            away: d.away,
            scheduled: d.scheduled,
            division: season.teams.get(d.home)?.division,
          });
        }
        break;
      }
      case 'Rr3ElectionMade': {
        const d = f.data as Data<'Rr3ElectionMade'>;
        season.elections.set(d.teamId, d.elects);
        break;
      }
      case 'MatchResultRecorded': {
        const d = f.data as Data<'MatchResultRecorded'>;
        if (!season.results.has(d.fixtureId) && !season.unplayed.has(d.fixtureId)) {
          season.results.set(d.fixtureId, {
            fixture: d.fixtureId,
            playedOn: d.playedOn,
            input: d.result as unknown as MatchInput,
          });
        }
        break;
      }
      case 'MatchUnplayed': {
        const d = f.data as Data<'MatchUnplayed'>;
        if (!season.results.has(d.fixtureId) && !season.unplayed.has(d.fixtureId)) {
          season.unplayed.set(d.fixtureId, { offender: d.offender, rule: d.rule, on: d.on });
        }
        break;
      }
      case 'LeagueBallotDrawn': {
        const d = f.data as Data<'LeagueBallotDrawn'>;
        const on = f.occurredAt?.slice(0, 10);
        season.ballots.push({
          division: d.division,
          ballot: { teams: [...d.teams], order: [...d.order], ...(on ? { on } : {}) },
        });
        break;
      }
    }
  }
  season.divisions.sort((a, b) => a - b);
  return season;
}

/**
 * LCBA-6.7: a recorded result scored on the rulebook in force on the day it was played. A
 * result the rules cannot score is refused naming the fixture (`fixtures.<id>.result.<field>`).
 */
export function scoreRecorded(match: RecordedMatch, params: LcbaParams): MatchScore {
  try {
    return scoreMatch(match.input, params.match);
  } catch (e) {
    if (!(e instanceof ScoringInputError)) throw e;
    throw new ScoringInputError(
      `fixtures.${match.fixture}.result.${e.field}`,
      e.rule,
      e.message.slice(`${e.rule}: ${e.field} `.length),
    );
  }
}

/** What the tables read besides the season: the parameters in force on a day. */
export interface SeasonReading {
  /** The league's parameters in force on a club date (its organising club's rulebook). */
  paramsOn: (day: string) => LcbaParams;
  /** The season as of this club date: later outcomes, verdicts and penalties left out. */
  asOf?: string;
  /** Where a reader keeps what is dear to recompute between two readings (none: all is). */
  memo?: SeasonMemo;
}

/**
 * The two dear parts of reading a season, which a held read model need not redo
 * for every table: a match's score board by board (LCBA-6.7: four tables × 24 boards), a
 * function of its recorded result and the `match` parameters only; and the eligibility
 * verdicts (4.1–4.7, 5.5, 6.8), a function of `EligibilityInput` and the parameters only. A
 * memo answers `compute()` or what it answered for the same arguments (its keys are its own
 * concern: the leagues read model's is src/contexts/league/projection/memo.ts).
 */
export interface SeasonMemo {
  score(match: RecordedMatch, params: LcbaParams, compute: () => MatchScore): MatchScore;
  verdicts(
    input: EligibilityInput,
    params: LcbaParams,
    compute: () => EligibilityVerdicts,
  ): EligibilityVerdicts;
}

/** The day whose rulebook scores the season's table: `asOf`, kept inside the season. */
export function tableDay(season: LeagueSeason, asOf?: string): string | undefined {
  let day = asOf ?? season.seasonEnd;
  if (day !== undefined && season.seasonEnd !== undefined && day > season.seasonEnd)
    day = season.seasonEnd;
  if (day !== undefined && season.seasonStart !== undefined && day < season.seasonStart)
    day = season.seasonStart;
  return day;
}

/** The league's divisions as `divisionTable` reads them, with the verdicts they came from. */
export interface SeasonInputs {
  divisions: DivisionInput[];
  verdicts: EligibilityVerdicts;
  params: LcbaParams;
  /** Each played match's score (on the rulebook of its day). */
  scores: Map<FixtureId, MatchScore>;
}

const laterOf = (a: string, b: string) => (a > b ? a : b);

/**
 * Every division's `DivisionInput` from the league's facts: each MatchResultRecorded scored by
 * `scoreMatch`; each MatchUnplayed an unplayed outcome (LCBA-8.1–8.3); each match eligibility/
 * makes lost by default (4.2, 4.7) `lost-by-default` with its actual score (8.1 e) — lost by
 * both sides, both offend (8.3, our reading); eligibility/'s penalties (2.1's fines, 5.5, 6.8);
 * the recorded ballots; in an RR3 division (LCBA-A1) the electors and a virtual fixture for
 * every pair not both electing whose RR1 and RR2 fixtures are scheduled (A4), dated by the later
 * of them (our reading: its score is known once both are).
 */
export function seasonInputsOf(
  facts: readonly SeasonFact[],
  reading: SeasonReading,
  season: LeagueSeason = leagueSeasonOf(facts),
): SeasonInputs {
  const { asOf } = reading;
  const day = tableDay(season, asOf);
  const params = reading.paramsOn(day ?? asOf ?? '');
  const { memo } = reading;
  const eligibility = eligibilityInputOf(facts, asOf);
  const verdicts = memo
    ? memo.verdicts(eligibility, params, () => eligibilityVerdicts(eligibility, params))
    : eligibilityVerdicts(eligibility, params);

  const scores = new Map<FixtureId, MatchScore>();
  const outcomes = new Map<FixtureId, FixtureOutcome>();
  for (const [id, match] of season.results) {
    // A match played after `asOf` is not known yet: not scored (nor refused) in that table.
    if (!season.fixtures.has(id) || (asOf !== undefined && match.playedOn > asOf)) continue;
    const on = reading.paramsOn(match.playedOn);
    const score = memo
      ? memo.score(match, on, () => scoreRecorded(match, on))
      : scoreRecorded(match, on);
    scores.set(id, score);
    outcomes.set(id, { kind: 'played', on: match.playedOn, score });
  }
  for (const [id, u] of season.unplayed) {
    if (season.fixtures.has(id)) outcomes.set(id, { kind: 'unplayed', ...u });
  }
  const lost = new Map<FixtureId, EligibilityVerdicts['lostByDefault']>();
  for (const l of verdicts.lostByDefault) lost.set(l.fixture, [...(lost.get(l.fixture) ?? []), l]);
  for (const [id, losses] of lost) {
    const played = outcomes.get(id);
    if (played?.kind !== 'played') continue;
    const on = losses.map((l) => l.on ?? played.on).reduce(laterOf);
    const sides = new Set(losses.map((l) => l.offender));
    outcomes.set(
      id,
      sides.size === 2
        ? { kind: 'unplayed', on, offender: 'both', rule: losses[0]!.rule }
        : {
            kind: 'lost-by-default',
            on,
            offender: losses[0]!.offender,
            rule: losses[0]!.rule,
            actual: played.score,
          },
    );
  }

  const lowest = season.divisions[season.divisions.length - 1];
  const divisions = season.divisions.map((division): DivisionInput => {
    const teams = [...season.teams.values()]
      .filter((t) => t.division === division)
      .map(({ team, club, letter, name }) => ({ team, club, letter, name }));
    const inDivision = new Set(teams.map((t) => t.team));
    const fixtures: Fixture[] = [...season.fixtures.values()]
      .filter((f) => inDivision.has(f.home) && inDivision.has(f.away))
      .map(({ division: _, ...f }) => f);
    const input: DivisionInput = {
      division,
      teams,
      fixtures,
      outcomes: {},
      penalties: verdicts.penalties.filter((p: Penalty) => inDivision.has(p.team)),
      ballots: season.ballots.filter((b) => b.division === division).map((b) => b.ballot),
      ...(asOf !== undefined ? { asOf } : {}),
      ...(division === lowest ? { lowestDivision: true } : {}),
    };
    for (const f of fixtures) {
      const o = outcomes.get(f.id);
      if (o) input.outcomes[f.id] = o;
    }
    if (params.rr3.divisions.includes(division)) {
      const electors = teams.filter((t) => season.elections.get(t.team) === true);
      input.rr3Electors = electors.map((t) => t.team);
      const electing = new Set(input.rr3Electors);
      teams.forEach((a, i) =>
        teams.slice(i + 1).forEach((b) => {
          if (electing.has(a.team) && electing.has(b.team)) return;
          const rr = fixtures.filter(
            (f) =>
              f.round !== 3 &&
              ((f.home === a.team && f.away === b.team) ||
                (f.home === b.team && f.away === a.team)),
          );
          if (rr.length !== 2) return;
          input.fixtures.push({
            id: `virtual:${a.team}:${b.team}`,
            round: 3,
            home: a.team,
            away: b.team,
            scheduled: rr.map((f) => f.scheduled).reduce(laterOf),
            virtual: true,
          });
        }),
      );
    }
    return input;
  });
  return { divisions, verdicts, params, scores };
}
