import type { RubberRules, RubberSessionState, TableState } from '../../../src/contexts/rubber';
import { RuleViolation } from '../../../src/kernel/rule-violation';
import type { Preset, Rulebook } from '../../../src/rulebooks/rulebook';
import { riversidePreset } from './riverside-membership';

/**
 * A club's rotation at rubber bridge that lives only under test/: Riverside BC's, in three
 * rules, registered in one line by the test that uses it. Nothing under src/ names it: another
 * club's rotation is another ruleset, not an edit.
 *   RIV-7  tables are made up in the order of arrival, no cut (Pinner: all present cut, R21/R22);
 *   RIV-8  at Table Up those who sat down first leave for those waiting (Pinner: the longest
 *          tenure in rubbers, equal tenures by cut);
 *   RIV-9  no hand limit: every rubber is played out; one who retires may come back after a
 *          quarter of an hour (Pinner: the seven-hand rule at 2½ tables; half an hour).
 */
const RETIRE_MINUTES = 15;

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/** RIV-8: who sat down first, as many as wait (up to the table). */
function firstSeated(state: RubberSessionState, table: TableState): string[] {
  return [...table.seated]
    .sort((a, b) => Date.parse(a.since) - Date.parse(b.since))
    .slice(0, Math.min(state.waiting.length, table.seated.length))
    .map((s) => s.unit);
}

const back = (retiredAt: string) =>
  new Date(Date.parse(retiredAt) + RETIRE_MINUTES * 60_000).toISOString();

export const riversideRubberRules: RubberRules = {
  name: 'test-riverside-2026-rubber',
  preset: riversidePreset as unknown as Preset,
  appliesTo: (rulebook: Rulebook | undefined) => rulebook?.preset === riversidePreset.id,
  decide(fact, state) {
    const d = fact.data as Record<string, unknown> & { at: string; table?: string };
    if (fact.type === 'RubberTableMadeUp') {
      const first = state.waiting.slice(0, (d.units as string[]).length);
      if (!same(first, d.units as string[])) {
        throw new RuleViolation(
          'RIV-7',
          `the first to arrive sit: ${first.join(', ')}`,
          'data.units',
        );
      }
    }
    if (fact.type === 'RubberTableUpCalled') {
      const leave = firstSeated(state, state.tables[d.table!]!);
      if (!same(leave, d.leaving as string[])) {
        throw new RuleViolation(
          'RIV-8',
          `those who sat down first leave: ${leave.join(', ')}`,
          'data.leaving',
        );
      }
    }
    const retiredAt = state.retired[d.unit as string];
    if (
      fact.type === 'RubberUnitArrived' &&
      retiredAt !== undefined &&
      Date.parse(d.at) < Date.parse(back(retiredAt))
    ) {
      throw new RuleViolation('RIV-9', `back from ${back(retiredAt)}`, 'data.at');
    }
  },
  nextTableUp: (state, table) => ({
    leave: firstSeated(state, table),
    rule: 'RIV-8',
    because: 'those who sat down first leave for those waiting',
  }),
  handLimit: () => ({ rule: 'RIV-9', because: 'every rubber is played out' }),
  mayRejoin: (retiredAt) => ({ from: back(retiredAt), rule: 'RIV-9' }),
};
