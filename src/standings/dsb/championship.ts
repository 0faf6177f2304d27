import type { DsbParams } from '../../rulebooks/presets/dsb-groenlo-2014';
import { DsbInputError } from './errors';
import { Rational } from './rational';
import { competitionStandings } from './standings';
import type { CompetitionInput, Explanation, GroupStanding, PairInput } from './types';
import { groupIndex } from './validate';

/** DSB-11: the season's pairs competitions, in order. */
export interface SeasonInput {
  competitions: CompetitionInput[];
}

export interface PlacingAward {
  competitionId: string;
  pairId: string;
  group: string;
  rank: number | null;
  /** Placing points counted for the championship (display, 2 decimals). */
  points: number;
  exact: string;
  counted: boolean;
  explain: Explanation[];
}

export interface ChampionshipRow {
  pairId: string;
  /** Competition rank ("1224") on the exact season total; null when not eligible. */
  rank: number | null;
  points: number;
  exact: string;
  eligible: boolean;
  /** Sessions in the original composition over the season, and the season's sessions. */
  originalSessions: number;
  seasonSessions: number;
  explain: Explanation[];
}

function placingTable(params: DsbParams, group: string): number[] {
  groupIndex(params, group, 'group');
  const table = params.championship.placingPoints[group];
  if (!Array.isArray(table) || table.length === 0) {
    throw new DsbInputError(
      `championship.placingPoints.${group}`,
      'DSB-11.4',
      'is missing: every group needs its placing points',
    );
  }
  return table;
}

/**
 * DSB-11.3/11.4 the placing points of `rank` in `group`; the table's last column counts for
 * that rank and every rank beyond (14+). `tied` pairs sharing the rank cover ranks
 * rank .. rank + tied − 1 and share the average of their points ('average', the default
 * reading) or each get the points of the rank itself ('higher').
 */
export function placingPoints(
  params: DsbParams,
  group: string,
  rank: number,
  tied = 1,
): { points: Rational; explain: Explanation } {
  const table = placingTable(params, group);
  if (!Number.isInteger(rank) || rank < 1) {
    throw new DsbInputError('rank', 'DSB-11.4', `must be an integer ≥ 1, got ${rank}`);
  }
  if (!Number.isInteger(tied) || tied < 1) {
    throw new DsbInputError('tied', 'DSB-11.4', `must be an integer ≥ 1, got ${tied}`);
  }
  const at = (r: number) => table[Math.min(r, table.length) - 1];
  const mode = params.championship.tiePoints;
  if (mode !== 'average' && mode !== 'higher') {
    throw new DsbInputError(
      'championship.tiePoints',
      'DSB-11.3',
      `must be 'average' or 'higher', got ${mode}`,
    );
  }
  const last = table.length;
  const col = (r: number) => (r >= last ? `${last}+` : `${r}`);
  if (tied === 1 || mode === 'higher') {
    const points = Rational.of(at(rank));
    return {
      points,
      explain: {
        rule: 'DSB-11.4',
        effect:
          `rank ${rank} in group ${group} (column ${col(rank)}): ${at(rank)} placing points` +
          (tied > 1
            ? `, tied with ${tied - 1} other pair(s): each gets the higher rank's points`
            : ''),
        amount: at(rank),
      },
    };
  }
  let sum = 0;
  const parts: number[] = [];
  for (let r = rank; r < rank + tied; r++) {
    sum += at(r);
    parts.push(at(r));
  }
  const points = Rational.of(sum, tied);
  return {
    points,
    explain: {
      rule: 'DSB-11.4',
      effect: `rank ${rank} in group ${group} shared by ${tied} pairs: the average of ranks ${rank}..${rank + tied - 1} (${parts.join(' + ')}) / ${tied}`,
      amount: points.round(2),
    },
  };
}

/** DSB-11.2: original sessions ≥ minParticipationPercent % of `of` sessions (exact). */
const meetsShare = (params: DsbParams, original: number, of: number): boolean =>
  original * 100 >= params.championship.minParticipationPercent * of;

/**
 * DSB-11 the club championship: after each pairs competition a pair earns placing points by its
 * group and final rank (DSB-11.3/11.4); a pair must have played at least 75 % of the sessions in
 * its original composition (DSB-11.2); a pair under a DSB-9.4(2) dispensation earns nothing from
 * that competition; the season's totals rank the championship (DSB-11.5), ties sharing a rank.
 */
export function clubChampionship(
  params: DsbParams,
  season: SeasonInput,
  /** Each competition's final standings, when the caller has them already. */
  finalOf: (c: CompetitionInput) => GroupStanding[] = (c) => competitionStandings(params, c),
): { awards: PlacingAward[]; table: ChampionshipRow[] } {
  const ch = params.championship;
  if (ch.participationScope !== 'season' && ch.participationScope !== 'competition') {
    throw new DsbInputError(
      'championship.participationScope',
      'DSB-11.2',
      `must be 'season' or 'competition', got ${ch.participationScope}`,
    );
  }
  if (ch.rankAmong !== 'all' && ch.rankAmong !== 'eligible') {
    throw new DsbInputError(
      'championship.rankAmong',
      'DSB-11.3',
      `must be 'all' or 'eligible', got ${ch.rankAmong}`,
    );
  }
  const perSession = params.pairsCompetition.sessions;
  const seasonSessions = perSession * season.competitions.length;
  const ids = new Set<string>();
  const standings = season.competitions.map((c, i) => {
    if (ids.has(c.id)) {
      throw new DsbInputError(`competitions[${i}].id`, 'DSB-11', `${c.id} is given twice`);
    }
    ids.add(c.id);
    return finalOf(c);
  });

  // DSB-11.2 over the season.
  const original = new Map<string, number>();
  standings.forEach((groups) => {
    for (const g of groups) {
      for (const r of g.rows) {
        original.set(r.pairId, (original.get(r.pairId) ?? 0) + r.participation.original);
      }
    }
  });
  const seasonOk = (pairId: string) =>
    meetsShare(params, original.get(pairId) ?? 0, seasonSessions);

  const awards: PlacingAward[] = [];
  const exactPoints: Rational[] = [];
  season.competitions.forEach((c, ci) => {
    const pairs = new Map<string, PairInput>();
    for (const g of c.groups) for (const p of g.pairs) pairs.set(p.pairId, p);
    for (const st of standings[ci]) {
      const reasons = new Map<string, Explanation[]>();
      const counts = (pairId: string, orig: number): boolean => {
        const why: Explanation[] = [];
        const d = pairs.get(pairId)!.dispensations?.find((x) => x.rule === 'DSB-9.4(2)');
        if (d) {
          why.push({
            rule: 'DSB-9.4(2)',
            effect: `${d.player} played with a substitute by WL decision (${d.reason}): these results do not count`,
          });
        }
        if (ch.participationScope === 'competition' && !meetsShare(params, orig, perSession)) {
          why.push({
            rule: 'DSB-11.2',
            effect: `${orig} of ${perSession} sessions in the original composition, under ${ch.minParticipationPercent} %: no points from this competition`,
            amount: orig,
          });
        }
        if (ch.participationScope === 'season' && !seasonOk(pairId)) {
          why.push({
            rule: 'DSB-11.2',
            effect: `${original.get(pairId) ?? 0} of ${seasonSessions} season sessions in the original composition, under ${ch.minParticipationPercent} %`,
          });
        }
        reasons.set(pairId, why);
        return why.length === 0;
      };
      const rows = st.rows.map((r) => ({ r, ok: counts(r.pairId, r.participation.original) }));
      const ranked = ch.rankAmong === 'eligible' ? rows.filter((x) => x.ok) : rows;
      // Ranks among the pairs that are ranked ('all': the published rank).
      const rankOf = new Map<string, { rank: number; tied: number }>();
      // Pairs sharing each published rank, and the position of the first of them.
      const tiedAt = new Map<number, { first: number; tied: number }>();
      ranked.forEach((x, i) => {
        if (x.r.rank === null) return;
        const t = tiedAt.get(x.r.rank);
        if (t) t.tied++;
        else tiedAt.set(x.r.rank, { first: i + 1, tied: 1 });
      });
      for (const x of ranked) {
        if (x.r.rank === null) continue;
        const { first, tied } = tiedAt.get(x.r.rank)!;
        rankOf.set(x.r.pairId, { rank: ch.rankAmong === 'eligible' ? first : x.r.rank, tied });
      }
      for (const { r, ok } of rows) {
        const explain = [...reasons.get(r.pairId)!];
        const place = rankOf.get(r.pairId);
        let points = Rational.ZERO;
        if (place) {
          const pp = placingPoints(params, st.group, place.rank, place.tied);
          explain.push(pp.explain);
          if (ok) points = pp.points;
        } else if (r.rank === null) {
          explain.push({ rule: 'DSB-11.3', effect: 'no final rank: no placing points' });
        }
        exactPoints.push(points);
        awards.push({
          competitionId: c.id,
          pairId: r.pairId,
          group: st.group,
          rank: place?.rank ?? r.rank,
          points: points.round(2),
          exact: points.toString(),
          counted: ok && place !== undefined,
          explain,
        });
      }
    }
  });

  // DSB-11.5 the season's total.
  const totals = new Map<string, { total: Rational; explain: Explanation[] }>();
  awards.forEach((a, i) => {
    const t = totals.get(a.pairId) ?? { total: Rational.ZERO, explain: [] };
    // An award's points are rounded once (a.points); what is not counted adds nothing.
    if (a.counted) t.total = t.total.add(exactPoints[i]);
    const amount = a.counted ? a.points : 0;
    t.explain.push({
      rule: 'DSB-11.5',
      effect: `${a.competitionId}: ${a.counted ? `${amount} points` : 'nothing counted'}`,
      amount,
    });
    totals.set(a.pairId, t);
  });
  const rows = [...totals.entries()].map(([pairId, t]) => {
    const eligible = ch.participationScope === 'competition' || seasonOk(pairId);
    const explain = [...t.explain];
    if (!eligible) {
      explain.push({
        rule: 'DSB-11.2',
        effect: `${original.get(pairId) ?? 0} of ${seasonSessions} sessions in the original composition, under ${ch.minParticipationPercent} %: not ranked`,
      });
    }
    return { pairId, total: t.total, eligible, explain };
  });
  rows.sort((a, b) =>
    a.eligible !== b.eligible ? (a.eligible ? -1 : 1) : b.total.compare(a.total),
  );
  const table: ChampionshipRow[] = [];
  rows.forEach((x, i) => {
    const prev = rows[i - 1];
    const rank = !x.eligible
      ? null
      : prev && prev.eligible && prev.total.compare(x.total) === 0
        ? table[i - 1].rank
        : i + 1;
    table.push({
      pairId: x.pairId,
      rank,
      points: x.total.round(2),
      exact: x.total.toString(),
      eligible: x.eligible,
      originalSessions: original.get(x.pairId) ?? 0,
      seasonSessions,
      explain: x.explain,
    });
  });
  return { awards, table };
}
