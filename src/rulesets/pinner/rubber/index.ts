import type { RubberRules } from '../../../contexts/rubber';
import type { Preset } from '../../../rulebooks/rulebook';
import { decidePinnerRubberFact, handLimitOf } from './decide';
import { rubberParamsOf } from './params';
import { mayRejoin, tableUp } from './rotation';

export { rubberProblem, PINNER_RUBBER, type PinnerRubberParams } from './params';

/**
 * Pinner BC's rules of rotation (R21 to R25) as the rubber context's rules: they read a club
 * rulebook with a `rubber` group (pinner-2018, or one amended from it).
 */
export function pinnerRubberRulesOf(preset: Preset): RubberRules {
  return {
    name: 'pinner-2018',
    preset,
    appliesTo: (rulebook) => {
      const r = (rulebook?.params as Record<string, unknown> | undefined)?.rubber;
      return typeof r === 'object' && r !== null && 'sevenHandRule' in r;
    },
    decide: decidePinnerRubberFact,
    nextTableUp: (state, table) => {
      const waiting = state.waiting.length;
      const r = tableUp(table.seated, waiting);
      return { ...r, rule: 'PIN-R23' };
    },
    handLimit: (state, table, rulebook) => handLimitOf(state, table, rubberParamsOf(rulebook)),
    mayRejoin: (retiredAt, rulebook) => ({
      from: mayRejoin(retiredAt, retiredAt, rubberParamsOf(rulebook).retireMinutes).from,
      rule: 'PIN-R25',
    }),
  };
}
