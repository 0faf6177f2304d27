import { NO_RULEBOOK_OPTIONS, type DecideOptions } from './decide-options';
import { RuleViolation } from '../../../kernel/rule-violation';
import type { CompetitionFact } from './facts';
import { type CompetitionState } from './state';

import { created, type Context, type Handlers } from './handler-context';
import { ENTRY_HANDLERS } from './entry-handlers';
import { SESSION_HANDLERS } from './session-handlers';

export { NO_RULEBOOK_OPTIONS, type DecideOptions } from './decide-options';

/**
 * decide(state, proposed fact) → the facts to append, or a RuleViolation naming the rule.
 * A proposed fact is the command: the deciders refuse what the rules forbid, before anything
 * is written. The preconditions every fact of an existing competition shares (its competition,
 * session, group and pair) are checked here; each type's own rules are its handler's
 * (HANDLERS).
 */
export function decide(
  state: CompetitionState,
  fact: CompetitionFact,
  options: DecideOptions = NO_RULEBOOK_OPTIONS,
  /**
   * The options of the club's rulebook in force on any day: a CompetitionCreated is judged on
   * each of its sessions' days (the club is the fact's). Default: no rulebook on any day.
   */
  optionsOn: (date: string) => DecideOptions = () => NO_RULEBOOK_OPTIONS,
): CompetitionFact[] {
  const c = state.competition;
  if (fact.type === 'CompetitionCreated') {
    created(state, fact, optionsOn);
    return [fact];
  }
  if (!c) throw new RuleViolation('LEDGER', 'no such competition: create it first');
  if (fact.data.competitionId !== c.competitionId) {
    throw new RuleViolation('LEDGER', `this stream holds ${c.competitionId}`, 'data.competitionId');
  }
  const d = fact.data as { session?: number; pairId?: string; group?: string };
  if (d.session !== undefined && !c.sessions.some((s) => s.session === d.session)) {
    throw new RuleViolation(
      'LEDGER',
      `session ${d.session} is not a session of ${c.competitionId}`,
      'data.session',
    );
  }
  if (d.group !== undefined && c.groups && !c.groups.includes(d.group)) {
    throw new RuleViolation(
      'LEDGER',
      `group ${d.group} is not one of ${c.groups.join(', ')}`,
      'data.group',
    );
  }
  const pair = d.pairId === undefined ? undefined : state.pairs[d.pairId];
  if (fact.type !== 'PairEntered' && d.pairId !== undefined && !pair) {
    throw new RuleViolation(
      'LEDGER',
      `pair ${d.pairId} has not entered ${c.competitionId}`,
      'data.pairId',
    );
  }

  const handle = HANDLERS[fact.type] as (fact: CompetitionFact, ctx: Context) => void;
  handle(fact, { state, c, pair, options, optionsOn });
  return [fact];
}

/** Each fact type's own rules: a handler throws a RuleViolation or accepts by returning. */
const HANDLERS: Handlers = { ...ENTRY_HANDLERS, ...SESSION_HANDLERS };
