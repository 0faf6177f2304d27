import type {
  Because,
  FixtureId,
  ScoredFixture,
  SideScore,
  TeamId,
} from '../../../contexts/league/model';
import { doubleRoundRobin, fmt, offended, sideOf, type Season } from './season';

/**
 * LCBA-A5: `team`'s artificial score against `opponent` from their RR1 and RR2 matches: half
 * the total of its net IMPs in them (each unplayed or defaulted one at its LCBA-8 score, with
 * `team` as offender at 0 VP, `offenderImps`), rounded by `halfRounding`, converted to VP.
 * Each side is computed from its own matches (A5 reading: not zero-sum when one offended).
 * Undefined, with the reason, while an RR1/RR2 match has no score yet.
 */
export function virtualScore(
  season: Season,
  team: TeamId,
  opponent: TeamId,
  scored: ReadonlyMap<FixtureId, ScoredFixture>,
): SideScore | { none: string } {
  const rr = doubleRoundRobin(season, team, opponent);
  const { offenderImps, halfRounding } = season.params.rr3;
  const because: Because[] = [];
  let total = 0;
  for (const f of rr) {
    const sf = scored.get(f.id);
    const o = season.known.get(f.id);
    if (!sf || !o) {
      return {
        none: `the RR${f.round} match ${f.id} between ${team} and ${opponent} has no score yet`,
      };
    }
    const side = sideOf(f, team);
    const imps = offended(o, side) ? offenderImps : sf[side].imps;
    total += imps;
    because.push({
      rule: 'LCBA-A5',
      text: offended(o, side)
        ? `RR${f.round} ${f.id}: ${team} offended, counted at 0 VP, ${fmt(offenderImps, true)} IMPs`
        : `RR${f.round} ${f.id}: ${fmt(imps, true)} IMPs`,
    });
  }
  const half = total / 2;
  const imps = (halfRounding === 'floor' ? Math.floor(half) : Math.trunc(half)) || 0;
  const vp = season.scale.vp(imps).own;
  because.push({
    rule: 'LCBA-A5',
    text:
      `half of ${fmt(total, true)} IMPs, rounded ${halfRounding === 'floor' ? 'down' : 'toward zero'}: ` +
      `${fmt(imps, true)} IMPs, ${fmt(vp)} VP on the ${season.scale.name} scale`,
  });
  return { vp, imps, because };
}
