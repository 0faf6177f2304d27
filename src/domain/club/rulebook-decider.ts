import type { Decider } from '../../kernel/decider';
import { rulebookFactOf, type RulebookFactRecord } from '../../rulebooks/rulebook-facts';
import { RULEBOOK_FACT_TYPES } from '../streams';
import { rulebookFactsViolation } from './rulebook-facts';

const CLUB_PREFIX = 'club-';
const clubOf = (streamId: string) => streamId.slice(CLUB_PREFIX.length);

/**
 * The rulebook context: a club's stream, `club-<clubId>` (not its roster stream). Its state is
 * the club's rulebook facts in ledger order; a proposed RulebookAdopted or RulebookAmended is
 * applied after them (RULEBOOK: `rulebookFactsViolation`). Other club facts pass.
 */
export const rulebookDecider: Decider<RulebookFactRecord[]> = {
  name: 'rulebook',
  owns: (streamId) => streamId.startsWith(CLUB_PREFIX) && !streamId.endsWith('-players'),
  initialState: () => [],
  evolve(state, fact, streamId) {
    if (!RULEBOOK_FACT_TYPES.has(fact.type)) return;
    // Only the club's own (a fact of another club on its stream is not read: LEDGER).
    if ((fact.data as { clubId?: unknown }).clubId !== clubOf(streamId)) return;
    // Its position names it if it cannot be applied (written before appends were checked).
    const record = rulebookFactOf(fact.type, fact.data, (fact as { position?: number }).position);
    if (record) state.push(record);
  },
  decide(fact, state) {
    const record = RULEBOOK_FACT_TYPES.has(fact.type)
      ? rulebookFactOf(fact.type, fact.data)
      : undefined;
    if (record) {
      const refused = rulebookFactsViolation(state, [record]);
      if (refused) throw refused.violation;
    }
    return [fact];
  },
};
