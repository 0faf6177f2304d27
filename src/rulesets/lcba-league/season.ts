// The LCBA's reading of a league's season: its matches scored and its divisions' inputs (pure).
import type { LcbaParams } from './preset';
import { ScoringInputError } from '../../scoring';
import { eligibilityInputOf, eligibilityVerdicts } from './eligibility';
import { scoreMatch } from './match';
import {
  leagueSeasonOf,
  tableDay,
  type LeagueSeason,
  type RecordedMatch,
  type SeasonFact,
  type SeasonInputs,
  type SeasonReading,
} from '../../contexts/league/season';
import type {
  DivisionInput,
  EligibilityVerdicts,
  Fixture,
  FixtureId,
  FixtureOutcome,
  MatchScore,
  Penalty,
} from '../../contexts/league/model';

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
  const params = reading.paramsOn(day ?? asOf ?? '') as LcbaParams;
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
    const on = reading.paramsOn(match.playedOn) as LcbaParams;
    const score = memo
      ? memo.score(match, on.match, () => scoreRecorded(match, on))
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
