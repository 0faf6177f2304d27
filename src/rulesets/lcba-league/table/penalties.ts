import type { Because, FixtureId, ScoredFixture, TeamId } from '../../../contexts/league/model';
import { fmt, sideOf, type Season } from './season';

export interface TeamPenalties {
  total: number;
  because: Because[];
}

/**
 * The VP penalties and fines on each team's total (2.1, 5.5, 6.8) dated on or before `asOf`.
 * One on a match never takes that match below 0 VP (5.5 reading): it takes at most what the
 * team still has there; nothing while the match has no score, or once 8.4 cancelled it.
 */
export function applyPenalties(
  season: Season,
  scored: ReadonlyMap<FixtureId, ScoredFixture>,
): Map<TeamId, TeamPenalties> {
  const out = new Map<TeamId, TeamPenalties>(
    season.input.teams.map((t) => [t.team, { total: 0, because: [] }]),
  );
  const left = new Map<string, number>();
  for (const p of season.input.penalties) {
    if (season.input.asOf !== undefined && p.on > season.input.asOf) continue;
    const row = out.get(p.team)!;
    let vp = p.vp;
    let note = '';
    if (p.fixture !== undefined) {
      const f = season.fixtures.get(p.fixture)!;
      const sf = scored.get(p.fixture);
      const key = `${p.fixture}|${p.team}`;
      const has = sf && !sf.cancelled ? (left.get(key) ?? sf[sideOf(f, p.team)].vp) : 0;
      vp = Math.min(p.vp, has);
      if (sf && !sf.cancelled) left.set(key, has - vp);
      if (vp < p.vp) {
        note = !sf
          ? ` (none yet: ${p.fixture} has no score)`
          : sf.cancelled
            ? ` (none: ${p.fixture} is cancelled, LCBA-8.4)`
            : ` (${fmt(vp)} of ${fmt(p.vp)}: the match never goes below 0 VP, LCBA-5.5 reading)`;
      }
    }
    row.total += vp;
    row.because.push({
      rule: p.because.rule,
      text: `${p.because.text}: −${fmt(vp)} VP on ${p.on}${p.fixture ? ` in ${p.fixture}` : ''}${note}`,
    });
  }
  return out;
}
