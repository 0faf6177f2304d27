// A league stream's facts folded into its season, as every league rulebook's tables read it (pure).
import type { LeagueFactData } from './facts/league';
import type {
  Ballot,
  DivisionInput,
  EligibilityInput,
  EligibilityVerdicts,
  Fixture,
  FixtureId,
  LeagueParams,
  MatchInput,
  MatchScore,
  TeamEntry,
  TeamId,
} from './model';

/** A league fact as a reader holds it (today's shape). */
export interface LeagueFact {
  type: string;
  data: unknown;
}

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

/** What the tables read besides the season: the parameters in force on a day. */
export interface SeasonReading {
  /** The league's parameters in force on a club date (its organising club's rulebook). */
  paramsOn: (day: string) => LeagueParams;
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
  /** A match's score, kept while its recorded result and the parameters its score reads are the same. */
  score(match: RecordedMatch, matchParams: object, compute: () => MatchScore): MatchScore;
  verdicts(
    input: EligibilityInput,
    params: LeagueParams,
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
  params: LeagueParams;
  /** Each played match's score (on the rulebook of its day). */
  scores: Map<FixtureId, MatchScore>;
}
