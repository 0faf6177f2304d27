import type { FixtureId, ScoredFixture, Side, TeamId } from '../../../contexts/league/model';
import { otherSide } from '../../../contexts/league/model';
import { completedAverages, scoreDefault, scorePlayed, type ReverseCandidate } from './defaults';
import { virtualScore } from './rr3';
import { doubleRoundRobin, fmt, teamOn, type Season } from './season';

/**
 * Every fixture's score as of the season's date: played matches as recorded, RR1/RR2 defaults
 * by LCBA-8.1–8.3 (8.1 c: the reverse fixture, without reference to RR3: A3), virtual RR3
 * matches by A5, real RR3 defaults by 8.1 with A6's virtual score as (c); every match of a team
 * cancelled by 8.4 marked `cancelled`. A fixture with nothing known yet has no score.
 */
export function scoreFixtures(
  season: Season,
  cancelled: ReadonlyMap<TeamId, string>,
): Map<FixtureId, ScoredFixture> {
  const scored = new Map<FixtureId, ScoredFixture>();
  const averages = completedAverages(season, new Set(cancelled.keys()));
  const { asOf } = season.input;

  const cancel = (id: FixtureId, team: TeamId, sf?: ScoredFixture): ScoredFixture => {
    const because = { rule: 'LCBA-8.4', text: `cancelled: ${cancelled.get(team)}` };
    const side = (s: Side) =>
      sf
        ? { ...sf[s], because: [because, ...sf[s].because] }
        : { vp: 0, imps: 0, because: [because] };
    return { fixture: id, home: side('home'), away: side('away'), cancelled: true };
  };

  // RR1, RR2 and real RR3 matches with an outcome, the first two first: A6 needs them.
  const real = season.input.fixtures.filter((f) => !f.virtual);
  for (const f of [...real.filter((g) => g.round !== 3), ...real.filter((g) => g.round === 3)]) {
    const o = season.known.get(f.id);
    const off = [f.home, f.away].find((t) => cancelled.has(t));
    if (off !== undefined) {
      scored.set(f.id, cancel(f.id, off, o?.kind === 'played' ? scorePlayed(f, o) : undefined));
      continue;
    }
    if (!o) continue;
    if (o.kind === 'played') {
      scored.set(f.id, scorePlayed(f, o));
      continue;
    }
    const reverse = (side: Side): ReverseCandidate => {
      const team = teamOn(f, side);
      const opp = teamOn(f, otherSide(side));
      if (f.round === 3) {
        const v = virtualScore(season, team, opp, scored);
        return 'vp' in v
          ? {
              vp: v.vp,
              rule: 'LCBA-A6',
              text: `(c) A6: ${team}'s virtual score against ${opp}: ${fmt(v.vp)} VP`,
            }
          : { none: `(c) A6 left out: ${v.none}`, rule: 'LCBA-A6' };
      }
      const rev = doubleRoundRobin(season, team, opp).find((g) => g.id !== f.id);
      const ro = rev && season.known.get(rev.id);
      if (!rev || ro?.kind !== 'played') {
        return {
          none: `(c) left out: the reverse fixture${rev ? ` ${rev.id}` : ''} has not been played`,
          rule: 'LCBA-8.1(c)',
        };
      }
      const vp = ro.score.vp[rev.home === team ? 'home' : 'away'];
      return {
        vp,
        rule: 'LCBA-8.1(c)',
        text: `(c) ${team}'s VP in the reverse fixture ${rev.id}: ${fmt(vp)} VP`,
      };
    };
    scored.set(f.id, scoreDefault(season, f, o, averages, reverse));
  }

  for (const f of season.input.fixtures.filter((g) => g.virtual)) {
    const off = [f.home, f.away].find((t) => cancelled.has(t));
    if (off !== undefined) {
      scored.set(f.id, cancel(f.id, off));
      continue;
    }
    if (asOf !== undefined && f.scheduled > asOf) continue;
    const home = virtualScore(season, f.home, f.away, scored);
    const away = virtualScore(season, f.away, f.home, scored);
    if (!('vp' in home) || !('vp' in away)) continue;
    scored.set(f.id, { fixture: f.id, home, away });
  }
  return scored;
}
