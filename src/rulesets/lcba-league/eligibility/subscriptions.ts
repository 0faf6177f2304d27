import type { LcbaParams } from '../preset';
import type {
  EligibilityInput,
  EligibilityVerdicts,
  LostByDefault,
  PlayerId,
} from '../../../contexts/league/model';
import type { Appearance } from './appearances';
import { addDays, byAsOf } from './days';

/**
 * LCBA-4.2. A warning is due when an unpaid player plays a `unpaidAfterMatchesUpper`-th match in
 * divisions 1–`dispensationDivisions` or a `unpaidAfterMatchesLower`-th in all (4.1's
 * appearances included). After the final warning the secretary records, a payment within
 * `finalWarningDays` days is in time (on the last day too); otherwise, from the day after,
 * every match the player played before paying (all, unpaid) is lost by default.
 */
export function subscriptionVerdicts(
  input: EligibilityInput,
  appearances: ReadonlyMap<PlayerId, readonly Appearance[]>,
  p: LcbaParams['players'],
): { warnings: EligibilityVerdicts['warnings']; lost: LostByDefault[] } {
  const warnings: EligibilityVerdicts['warnings'] = [];
  const lost: LostByDefault[] = [];
  for (const [player, list] of appearances) {
    let upper = 0;
    let all = 0;
    for (const a of list) {
      if (!a.unpaid) continue;
      all += 1;
      if (a.division <= p.dispensationDivisions) upper += 1;
      const due =
        (a.division <= p.dispensationDivisions && upper === p.unpaidAfterMatchesUpper) ||
        all === p.unpaidAfterMatchesLower;
      if (due) {
        warnings.push({
          player,
          on: a.on,
          because: {
            rule: 'LCBA-4.2',
            text: `a warning is due: match ${a.fixture} is the player's ${upper === p.unpaidAfterMatchesUpper && a.division <= p.dispensationDivisions ? `match ${upper} in divisions 1–${p.dispensationDivisions}` : `match ${all} in all`} before paying the subscription`,
          },
        });
        break;
      }
    }
  }
  const finals = new Map<PlayerId, string>();
  for (const w of input.warnings) {
    if (w.level !== 'final' || !byAsOf(w.on, input.asOf)) continue;
    const known = finals.get(w.player);
    if (!known || w.on < known) finals.set(w.player, w.on);
  }
  for (const [player, warnedOn] of finals) {
    const deadline = addDays(warnedOn, p.finalWarningDays);
    const paid = input.paid[player];
    if (paid !== undefined && paid <= deadline) continue;
    const lostOn = addDays(deadline, 1);
    if (!byAsOf(lostOn, input.asOf)) continue;
    const seen = new Set<string>();
    for (const a of appearances.get(player) ?? []) {
      if (!a.unpaid || seen.has(a.fixture)) continue;
      seen.add(a.fixture);
      lost.push({
        fixture: a.fixture,
        offender: a.side,
        rule: 'LCBA-4.2',
        player,
        on: lostOn,
        because: {
          rule: 'LCBA-4.2',
          text: `final warning on ${warnedOn}, subscription ${paid ? `paid on ${paid}` : 'unpaid'} after ${deadline}: every match ${player} played before paying is lost by default from ${lostOn}`,
        },
      });
    }
  }
  return { warnings, lost };
}
