// What a competition fact's handler decides with: its context and the handlers' types.
import { type DecideOptions } from './decide-options';
import { RuleViolation } from '../../../kernel/rule-violation';
import type { CompetitionCreated, CompetitionFact } from './facts';
import { shapeRefusalOn } from './format-shape';
import { type CompetitionState } from './state';

/** The shape the rulebook in force gives the competition's format (none: not judged). */
export const shapeOf = (c: CompetitionCreated, options: DecideOptions) =>
  options.formats?.[c.format];

export type FactOf<T extends CompetitionFact['type']> = Extract<CompetitionFact, { type: T }>;

/** What a handler decides with, the shared preconditions having passed. */
export interface Context {
  state: CompetitionState;
  c: CompetitionCreated;
  /** The pair the fact names (`data.pairId`), entered unless the fact is its PairEntered. */
  pair: CompetitionState['pairs'][string] | undefined;
  options: DecideOptions;
  /** The club's rulebook in force on any day (a session moved to another is judged there). */
  optionsOn: (date: string) => DecideOptions;
}

export type Handlers = {
  [T in Exclude<CompetitionFact['type'], 'CompetitionCreated'>]: (
    fact: FactOf<T>,
    ctx: Context,
  ) => void;
};

/**
 * LEDGER: a competition is created once, its sessions numbered 1 to n (every standing counts
 * sessions 1, 2, … up to its number of sessions). Then, on each of its sessions' days, the
 * club's rulebook in force must publish its format (RULEBOOK) in a shape its standings can
 * score (the ruleset's `FormatShape.created`: NZ-1, NZ-2, DSB-4, DSB-5, DSB-12.1). A day with
 * no rulebook in force judges nothing (docs/events.md).
 */
export function created(
  state: CompetitionState,
  fact: FactOf<'CompetitionCreated'>,
  optionsOn: (date: string) => DecideOptions,
): void {
  const c = state.competition;
  if (c) throw new RuleViolation('LEDGER', `competition ${c.competitionId} already exists`);
  const numbers = fact.data.sessions.map((s) => s.session);
  if (new Set(numbers).size !== numbers.length) {
    throw new RuleViolation('LEDGER', 'session numbers repeat', 'data.sessions');
  }
  const n = numbers.length;
  if (numbers.some((s) => s > n)) {
    throw new RuleViolation(
      'LEDGER',
      `sessions must be numbered 1 to ${n}, got ${[...numbers].sort((a, b) => a - b).join(', ')}`,
      'data.sessions',
    );
  }
  const days = [...new Set(fact.data.sessions.map((s) => s.date))].sort();
  for (const day of days) {
    const refused = shapeRefusalOn(fact.data, day, optionsOn(day));
    if (refused) throw refused;
  }
}
