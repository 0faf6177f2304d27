import type { LeagueFactData } from '../../../contexts/league/facts/league';
import type { DecidedFact } from '../../../kernel/decider';
import type { LeagueState } from '../../../contexts/league/domain/state';
import { RuleViolation } from '../../../kernel/rule-violation';
import type { LcbaParams } from '../preset';
import type { Check } from './check';
import { MATCH_CHECKS } from './matches';
import { PLAYER_CHECKS } from './players';
import { STRUCTURE_CHECKS } from './structure';

/** The fact types whose decision reads the organising club's rulebook. */
export const READS_CLUB: ReadonlySet<string> = new Set([
  'LeagueRegistered',
  'LateEntryFined',
  'FixtureScheduled',
  'Rr3ElectionMade',
  'TeamNominated',
  'MatchLineUpRecorded',
  'MatchResultRecorded',
  'ResultFormOffenceRatified',
]);

const STRUCTURE = new Set(['DivisionFormed', 'TeamPlaced']);

const CHECKS: { [K in keyof LeagueFactData]?: Check<K> } = {
  ...STRUCTURE_CHECKS,
  ...PLAYER_CHECKS,
  ...MATCH_CHECKS,
};

/**
 * Decides a proposed fact of a registered league's stream under the LCBA League Rules: returns
 * when it is accepted, throws a RuleViolation naming the rule (LCBA-…, or LEDGER for what is not
 * there or there already) and the field. Pure.
 */
export function decideLcbaFact(
  fact: DecidedFact,
  state: LeagueState,
  params: (day: string) => LcbaParams,
): void {
  if (STRUCTURE.has(fact.type) && state.publishedAt) {
    throw new RuleViolation(
      'LCBA-2.4',
      `the league structure was published at ${state.publishedAt}: it is not amended for the season`,
      fact.type === 'TeamPlaced' ? 'data.teamId' : 'data.division',
    );
  }
  const check = CHECKS[fact.type as keyof LeagueFactData];
  check?.(fact.data as never, state, params);
}
