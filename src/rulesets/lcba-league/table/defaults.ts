import type {
  Because,
  Fixture,
  FixtureOutcome,
  ScoredFixture,
  Side,
  SideScore,
  TeamId,
} from '../../../contexts/league/model';
import { otherSide } from '../../../contexts/league/model';
import { fmt, negate, teamOn, type Season } from './season';

/** A team's completed matches (reading of 8.1 a, b: played ones only), VPs in hundredths. */
export interface Average {
  sumH: number;
  count: number;
}

const H = (vp: number): number => Math.round(vp * 100);

/**
 * LCBA-8.1(a)(b): each team's VPs over its completed matches of the whole season as known:
 * matches played (not defaults, not 8.3, not virtual, not lost under 4.2/4.7), neither team
 * cancelled by 8.4.
 */
export function completedAverages(
  season: Season,
  cancelled: ReadonlySet<TeamId>,
): Map<TeamId, Average> {
  const avg = new Map<TeamId, Average>(
    season.input.teams.map((t) => [t.team, { sumH: 0, count: 0 }]),
  );
  for (const f of season.input.fixtures) {
    const o = season.known.get(f.id);
    if (o?.kind !== 'played' || cancelled.has(f.home) || cancelled.has(f.away)) continue;
    for (const side of ['home', 'away'] as const) {
      const a = avg.get(teamOn(f, side))!;
      a.sumH += H(o.score.vp[side]);
      a.count++;
    }
  }
  return avg;
}

/** A candidate of 8.1: VP as the exact fraction num/den. */
interface Candidate {
  label: 'a' | 'b' | 'c' | 'd' | 'e';
  num: number;
  den: number;
  text: string;
  /** (e): the actual IMPs of the match, kept with its VPs. */
  imps?: number;
}

/** 8.1(c) for this fixture and side: a VP score with its source, or why there is none. */
export type ReverseCandidate =
  { vp: number; text: string; rule: string } | { none: string; rule: string };

const show = (num: number, den: number): string => fmt(Math.round((num / den) * 100) / 100);

/** LCBA-8.1 for the non-offending side: the best candidate, then rounded up; its IMPs. */
function nonOffender(
  season: Season,
  f: Fixture,
  side: Side,
  averages: ReadonlyMap<TeamId, Average>,
  reverse: ReverseCandidate,
  actual?: { vp: number; imps: number },
): SideScore {
  const { scale } = season;
  const team = teamOn(f, side);
  const offender = teamOn(f, otherSide(side));
  const because: Because[] = [];
  const cands: Candidate[] = [];

  const own = averages.get(team)!;
  if (own.count > 0) {
    cands.push({
      label: 'a',
      num: own.sumH,
      den: 100 * own.count,
      text: `(a) ${team}'s average over its ${own.count} completed matches: ${show(own.sumH, 100 * own.count)} VP`,
    });
  } else
    because.push({ rule: 'LCBA-8.1(a)', text: `(a) left out: ${team} has no completed match yet` });

  const off = averages.get(offender)!;
  if (off.count > 0) {
    // The converse (STD-VP) of the average, exactly: 2·draw − average, within 0..max.
    const den = 100 * off.count;
    const num = Math.min(
      Math.max(2 * H(scale.draw) * off.count - off.sumH, 0),
      H(scale.max) * off.count,
    );
    cands.push({
      label: 'b',
      num,
      den,
      text: `(b) the converse of ${offender}'s average ${show(off.sumH, den)} VP over ${off.count} completed matches: ${show(num, den)} VP`,
    });
  } else
    because.push({
      rule: 'LCBA-8.1(b)',
      text: `(b) left out: ${offender} has no completed match yet`,
    });

  if ('vp' in reverse) cands.push({ label: 'c', num: H(reverse.vp), den: 100, text: reverse.text });
  else because.push({ rule: reverse.rule, text: reverse.none });

  const floor = season.params.defaults.floorVp;
  cands.push({ label: 'd', num: H(floor), den: 100, text: `(d) the floor: ${fmt(floor)} VP` });
  if (actual) {
    cands.push({
      label: 'e',
      num: H(actual.vp),
      den: 100,
      imps: actual.imps,
      text: `(e) the actual score of the match: ${fmt(actual.vp)} VP, ${fmt(actual.imps, true)} IMPs`,
    });
  }

  // The best; on equal values (e) first (its IMPs are real), then the earlier letter.
  let best = cands[0]!;
  for (const c of cands.slice(1)) {
    const cmp = c.num * best.den - best.num * c.den;
    if (cmp > 0 || (cmp === 0 && c.label === 'e')) best = c;
  }
  for (const c of cands) {
    because.push({
      rule: `LCBA-8.1(${c.label})`,
      text: c.text + (c === best ? ' (the best)' : ''),
    });
  }
  if (best.label === 'e') {
    because.push({
      rule: 'LCBA-8.1(e)',
      text: `${team} keeps the actual score: ${fmt(actual!.vp)} VP, ${fmt(actual!.imps, true)} IMPs`,
    });
    return { vp: actual!.vp, imps: actual!.imps, because };
  }
  const vp = Math.ceil(best.num / best.den);
  const imps = scale.smallestMarginFor(vp);
  because.push({
    rule: 'LCBA-8.1',
    text:
      `${team} scores the best, ${show(best.num, best.den)}, rounded up: ${vp} VP, with ` +
      `${fmt(imps, true)} IMPs, the smallest margin giving ${vp} VP on the ${scale.name} scale`,
  });
  return { vp, imps, because };
}

/** A played match as recorded (LCBA-6.7). */
export function scorePlayed(
  f: Fixture,
  o: Extract<FixtureOutcome, { kind: 'played' }>,
): ScoredFixture {
  const side = (s: Side): SideScore => {
    const imps = s === 'home' ? o.score.homeNetImps : negate(o.score.homeNetImps);
    return {
      vp: o.score.vp[s],
      imps,
      because: [
        {
          rule: 'LCBA-6.7',
          text: `played on ${o.on}: ${fmt(o.score.vp[s])} VP, ${fmt(imps, true)} IMPs`,
        },
        ...o.score.because,
      ],
    };
  };
  return { fixture: f.id, home: side('home'), away: side('away') };
}

/**
 * LCBA-8.1–8.3: an unplayed, defaulted or withdrawn match, or one lost by default (4.2, 4.7,
 * with 8.1(e)). `reverse` gives 8.1(c) for a side (A6 for a real RR3 match).
 */
export function scoreDefault(
  season: Season,
  f: Fixture,
  o: Exclude<FixtureOutcome, { kind: 'played' }>,
  averages: ReadonlyMap<TeamId, Average>,
  reverse: (side: Side) => ReverseCandidate,
): ScoredFixture {
  if (o.offender === 'both') {
    const imps = season.params.defaults.bothOffendImps;
    const side = (): SideScore => ({
      vp: 0,
      imps,
      because: [
        {
          rule: 'LCBA-8.3',
          text: `both teams offended (${o.rule}, ${o.on}): 0 VP, ${fmt(imps, true)} IMPs each`,
        },
      ],
    });
    return { fixture: f.id, home: side(), away: side() };
  }
  const good = otherSide(o.offender);
  const what =
    o.kind === 'unplayed'
      ? `unplayed, ${teamOn(f, o.offender)} offending (${o.rule}, ${o.on})`
      : `lost by default by ${teamOn(f, o.offender)} (${o.rule}, ${o.on})`;
  const actual =
    o.kind === 'lost-by-default'
      ? {
          vp: o.actual.vp[good],
          imps: good === 'home' ? o.actual.homeNetImps : negate(o.actual.homeNetImps),
        }
      : undefined;
  const winner = nonOffender(season, f, good, averages, reverse(good), actual);
  winner.because.unshift({
    rule: 'LCBA-8.1',
    text: `${what}: the non-offending ${teamOn(f, good)}`,
  });
  const loser: SideScore = {
    vp: 0,
    imps: negate(winner.imps),
    because: [
      {
        rule: 'LCBA-8.2',
        text: `${what}: 0 VP and ${fmt(negate(winner.imps), true)} IMPs, balancing ${teamOn(f, good)}'s`,
      },
    ],
  };
  return good === 'home'
    ? { fixture: f.id, home: winner, away: loser }
    : { fixture: f.id, home: loser, away: winner };
}
