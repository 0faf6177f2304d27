import type { LcbaParams } from '../preset';
import type { EligibilityInput, EligibilityVerdicts } from '../../../contexts/league/model';
import { appearancesOf } from './appearances';
import { barredVerdicts } from './barred';
import { dispensationsOf } from './dispensations';
import { penaltyVerdicts } from './penalties';
import { subscriptionVerdicts } from './subscriptions';

export { resultFormOffences, type ResultFormOffence } from './penalties';
export { lowestTeamOf, ranksAbove } from './ranking';
export { addDays } from './days';
export { eligibilityInputOf, type LeagueFact } from './from-facts';

/**
 * The LCBA league's players' verdicts from the season's facts (pure): 4.1 dispensations, 4.2
 * warnings and losses, 4.3–4.6 bars and 4.7's losses, 2.1, 5.5 and 6.8 penalties. Always
 * recomputed from the whole season up to `input.asOf`.
 */
export function eligibilityVerdicts(
  input: EligibilityInput,
  params: LcbaParams,
): EligibilityVerdicts {
  const appearances = appearancesOf(input);
  const dispensations = dispensationsOf(appearances, params.players);
  const subscriptions = subscriptionVerdicts(input, appearances, params.players);
  const bars = barredVerdicts(input, appearances, params.players);
  const procedural = penaltyVerdicts(input, appearances, params);
  return {
    lostByDefault: [...subscriptions.lost, ...bars.lost],
    penalties: procedural.penalties,
    warnings: [...dispensations.warnings, ...subscriptions.warnings, ...procedural.warnings],
    barred: bars.barred,
    dispensations: dispensations.uses,
  };
}
