import type { Because, TeamId } from '../../../contexts/league/model';
import { offended, sideOf, type Season } from './season';

/** LCBA-8.4: a team whose scores are cancelled, and why. */
export interface Cancellation {
  team: TeamId;
  because: Because;
}

/**
 * LCBA-8.4: a team that cannot complete at least `completeShare` of its real fixtures (RR1,
 * RR2, real RR3). A fixture is failed when the team offended in an unplayed match (8.2, 8.3);
 * a match played and later lost by default (4.2, 4.7) was completed. Reading `cancelFrom`:
 * 'from-when-impossible' cancels as soon as the fixtures not failed fall below the share;
 * 'season-end' only once every fixture of the team has an outcome. Exactly the share: kept.
 */
export function cancelledTeams(season: Season): Cancellation[] {
  const { completeShare, cancelFrom } = season.params.defaults;
  const out: Cancellation[] = [];
  for (const { team } of season.input.teams) {
    const own = season.input.fixtures.filter(
      (f) => !f.virtual && (f.home === team || f.away === team),
    );
    if (own.length === 0) continue;
    let failed = 0;
    let decided = 0;
    for (const f of own) {
      const o = season.known.get(f.id);
      if (!o) continue;
      decided++;
      if (offended(o, sideOf(f, team)) && o.kind === 'unplayed') failed++;
    }
    const canComplete = own.length - failed;
    const short = canComplete < completeShare * own.length;
    if (!short || (cancelFrom === 'season-end' && decided < own.length)) continue;
    out.push({
      team,
      because: {
        rule: 'LCBA-8.4',
        text:
          `${team} failed ${failed} of its ${own.length} fixtures and can complete at most ` +
          `${canComplete}, fewer than ${completeShare * own.length} (${completeShare * 100} %): ` +
          `every match of ${team} is cancelled for both sides`,
      },
    });
  }
  return out;
}
