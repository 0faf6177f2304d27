import type { DsbParams } from '../preset';
import { DsbInputError, requireOneOf } from './errors';
import { Rational } from './rational';
import { competitionStandings } from './standings';
import type {
  CompetitionInput,
  CompetitionRoster,
  Dispensation,
  Explanation,
  GroupRanking,
  RankedPair,
} from './types';

/** DSB-11: the season's pairs competitions, in order. */
import {
  ChampionshipRow,
  PlacingAward,
  SeasonInput,
  SeasonRoster,
  checkTiePoints,
  meetsShare,
  placingPoints,
} from './placing-points';

interface Placed {
  points: Rational;
  display: number;
  exact: string;
  explain: Explanation;
}

/**
 * DSB-11.4 `placingPoints` once per group, rank and tie in a championship: the season's
 * competitions repeat them. The first time validates (and fails) exactly as every call did.
 */
function placedOf(
  params: DsbParams,
  byRank: Placed[][],
  group: string,
  rank: number,
  tied: number,
): Placed {
  const byTied = byRank[rank];
  const hit = byTied?.[tied];
  if (hit) return hit;
  const { points, explain } = placingPoints(params, group, rank, tied);
  const placed = { points, display: points.round(2), exact: points.toString(), explain };
  if (byTied) byTied[tied] = placed;
  else {
    const fresh: Placed[] = [];
    fresh[tied] = placed;
    byRank[rank] = fresh;
  }
  return placed;
}

/** A pair's season (DSB-11.2, DSB-11.5), kept in the order pairs first appear. */
interface PairSeason {
  pairId: string;
  original: number;
  /** Its rows over the season: the DSB-11.5 explanation has one entry per row. */
  rows: number;
  /** The DSB-11.5 entries written so far. */
  written: number;
  eligible: boolean;
  /** DSB-11.2 over the season (participationScope 'season'). */
  seasonOk: boolean;
  /** The exact total (Rational computes in doubles while that is exact). */
  total: Rational;
  explain: Explanation[];
}

type Substitute = Extract<Dispensation, { rule: 'DSB-9.4(2)' }>;

/** DSB-9.4(2): the pairs of a competition playing under the dispensation (null: none). */
function dispensed(c: CompetitionRoster): Map<string, Substitute> | null {
  let out: Map<string, Substitute> | null = null;
  for (const g of c.groups) {
    for (const p of g.pairs) {
      if (!p.dispensations) continue;
      const d = p.dispensations.find((x): x is Substitute => x.rule === 'DSB-9.4(2)');
      // A pair given twice: the last one counts, as a lookup by id would have it.
      if (d) (out ??= new Map()).set(p.pairId, d);
      else out?.delete(p.pairId);
    }
  }
  return out;
}

/** A row's reasons (its own array, or none) and then `last`, in an array of that size. */
function continued(reasons: Explanation[] | null, last: Explanation): Explanation[] {
  if (reasons === null) return [last];
  if (reasons.length === 1) return [reasons[0], last];
  reasons.push(last);
  return reasons;
}

/** What one championship call reads over and over. */
interface Call {
  params: DsbParams;
  /** DSB-11.2 read per competition (participationScope 'competition'), else over the season. */
  perCompetition: boolean;
  amongEligible: boolean;
  perSession: number;
  seasonSessions: number;
  byPair: Map<string, PairSeason>;
  /** DSB-11.2 texts by a number of original sessions: a season repeats a handful of them. */
  shortOfCompetition: (original: number) => string;
  shortOfSeason: (original: number) => string;
  notRanked: (original: number) => string;
}

/** `build(n)` once per `n` in a call: a season repeats a handful of texts. */
function once(build: (n: number) => string): (n: number) => string {
  const made: string[] = [];
  return (n) => (made[n] ??= build(n));
}

/**
 * Per row of one group standing: its pair's season, its reasons for counting nothing (null: it
 * counts), the row heading its tie (−1: no placing); per heading row its position among the
 * ranked rows and the number of pairs tied with it. Arrays reused group after group.
 */
interface Rows {
  who: PairSeason[];
  why: Array<Explanation[] | null>;
  head: number[];
  first: number[];
  tied: number[];
}

/** DSB-11.2 and DSB-9.4(2): why a row earns nothing from its competition (null: it counts). */
function reasonsOf(
  call: Call,
  s: PairSeason,
  original: number,
  d: Substitute | undefined,
): Explanation[] | null {
  let why: Explanation[] | null = null;
  if (d) {
    why = [
      {
        rule: 'DSB-9.4(2)',
        effect: `${d.player} played with a substitute by WL decision (${d.reason}): these results do not count`,
      },
    ];
  }
  if (call.perCompetition && !meetsShare(call.params, original, call.perSession)) {
    (why ??= []).push({
      rule: 'DSB-11.2',
      effect: call.shortOfCompetition(original),
      amount: original,
    });
  }
  if (!call.perCompetition && !s.seasonOk) {
    (why ??= []).push({
      rule: 'DSB-11.2',
      effect: call.shortOfSeason(s.original),
    });
  }
  return why;
}

/**
 * DSB-11.3 the placings of one group: which rows are ranked ('all': every row at its published
 * rank; 'eligible': the rows that count, at their position among them), and the pairs sharing
 * each published rank.
 */
function rankRows(
  call: Call,
  rows: RankedPair[],
  d942: Map<string, Substitute> | null,
  at: Rows,
): void {
  const { who, why, head, first, tied } = at;
  let ranked = 0;
  let last = -1;
  let highest = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const s = call.byPair.get(r.pairId)!;
    who[i] = s;
    const reasons = reasonsOf(call, s, r.participation.original, d942?.get(r.pairId));
    why[i] = reasons;
    head[i] = -1;
    if (call.amongEligible && reasons !== null) continue;
    ranked++;
    const rank = r.rank;
    if (rank === null) continue;
    // The first ranked row of the same published rank: in a ranked standing, the previous one.
    let h = -1;
    if (last >= 0 && rows[last].rank === rank) h = head[last];
    else if (!(rank > highest)) {
      for (let j = 0; j < i; j++) {
        if (head[j] >= 0 && rows[j].rank === rank) {
          h = head[j];
          break;
        }
      }
    }
    if (h < 0) {
      h = i;
      first[i] = ranked;
      tied[i] = 0;
    }
    tied[h]++;
    head[i] = h;
    last = i;
    if (rank > highest) highest = rank;
  }
}

/** DSB-11.2 over the season: every pair of the final standings, in the order it first appears. */
function pairSeasons(standings: GroupRanking[][]): {
  byPair: Map<string, PairSeason>;
  pairs: PairSeason[];
  rows: number;
} {
  const byPair = new Map<string, PairSeason>();
  const pairs: PairSeason[] = [];
  let count = 0;
  for (let c = 0; c < standings.length; c++) {
    const groups = standings[c];
    for (let g = 0; g < groups.length; g++) {
      const rows = groups[g].rows;
      count += rows.length;
      for (let i = 0; i < rows.length; i++) {
        const r = rows[i];
        let s = byPair.get(r.pairId);
        if (!s) {
          s = {
            pairId: r.pairId,
            original: 0,
            rows: 0,
            written: 0,
            eligible: false,
            seasonOk: false,
            total: Rational.ZERO,
            explain: [],
          };
          byPair.set(r.pairId, s);
          pairs.push(s);
        }
        s.original += r.participation.original;
        s.rows++;
      }
    }
  }
  return { byPair, pairs, rows: count };
}

/** DSB-11.5 the season's table: eligible pairs first, by the exact total; ties share a rank. */
function seasonTable(call: Call, pairs: PairSeason[]): ChampionshipRow[] {
  const same = (a: PairSeason, b: PairSeason) => a.total.compare(b.total);
  pairs.sort((a, b) => (a.eligible !== b.eligible ? (a.eligible ? -1 : 1) : same(b, a)));
  const table: ChampionshipRow[] = new Array<ChampionshipRow>(pairs.length);
  for (let i = 0; i < pairs.length; i++) {
    const x = pairs[i];
    const prev = pairs[i - 1];
    const rank = !x.eligible
      ? null
      : prev && prev.eligible && same(prev, x) === 0
        ? table[i - 1].rank
        : i + 1;
    if (!x.eligible) {
      x.explain[x.written++] = { rule: 'DSB-11.2', effect: call.notRanked(x.original) };
    }
    table[i] = {
      pairId: x.pairId,
      rank,
      points: x.total.round(2),
      exact: x.total.toString(),
      eligible: x.eligible,
      originalSessions: x.original,
      seasonSessions: call.seasonSessions,
      explain: x.explain,
    };
  }
  return table;
}

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
  finalOf?: (c: CompetitionInput) => GroupRanking[],
): { awards: PlacingAward[]; table: ChampionshipRow[] };
/** Every final standing given: of each competition only its pairs are read (`CompetitionRoster`). */
export function clubChampionship(
  params: DsbParams,
  season: SeasonRoster,
  finalOf: (c: CompetitionRoster) => GroupRanking[],
): { awards: PlacingAward[]; table: ChampionshipRow[] };
export function clubChampionship(
  params: DsbParams,
  season: SeasonRoster,
  finalOf: (c: CompetitionInput) => GroupRanking[] = (c) => competitionStandings(params, c),
): { awards: PlacingAward[]; table: ChampionshipRow[] } {
  checkChampionshipParams(params);
  const ch = params.championship;
  const competitions = season.competitions;
  const standings = competitions.map((c, i) => {
    // DSB-11: each competition of the season once.
    for (let j = 0; j < i; j++) {
      if (competitions[j].id === c.id) {
        throw new DsbInputError(`competitions[${i}].id`, 'DSB-11', `${c.id} is given twice`);
      }
    }
    // A roster comes with its `finalOf` (the second signature), which reads no entries.
    return finalOf(c as CompetitionInput);
  });
  const { byPair, pairs, rows: count } = pairSeasons(standings);
  const perSession = params.pairsCompetition.sessions;
  const seasonSessions = perSession * competitions.length;
  const call: Call = {
    params,
    perCompetition: ch.participationScope === 'competition',
    amongEligible: ch.rankAmong === 'eligible',
    perSession,
    seasonSessions,
    byPair,
    shortOfCompetition: once(
      (n) =>
        `${n} of ${perSession} sessions in the original composition, under ${ch.minParticipationPercent} %: no points from this competition`,
    ),
    shortOfSeason: once(
      (n) =>
        `${n} of ${seasonSessions} season sessions in the original composition, under ${ch.minParticipationPercent} %`,
    ),
    notRanked: once(
      (n) =>
        `${n} of ${seasonSessions} sessions in the original composition, under ${ch.minParticipationPercent} %: not ranked`,
    ),
  };
  for (const s of pairs) {
    s.seasonOk = meetsShare(params, s.original, call.seasonSessions);
    s.eligible = call.perCompetition || s.seasonOk;
    // One DSB-11.5 entry per row (DSB-11.2 may add one).
    s.explain = new Array<Explanation>(s.eligible ? s.rows : s.rows + 1);
  }

  const awards: PlacingAward[] = new Array<PlacingAward>(count);
  let n = 0;
  const placings = new Map<string, Placed[][]>();
  const at: Rows = { who: [], why: [], head: [], first: [], tied: [] };
  for (let ci = 0; ci < competitions.length; ci++) {
    const c = competitions[ci];
    const d942 = dispensed(c);
    const nothing = `${c.id}: nothing counted`;
    const groups = standings[ci];
    for (let gi = 0; gi < groups.length; gi++) {
      const st = groups[gi];
      const rows = st.rows;
      let byRank = placings.get(st.group);
      if (!byRank) placings.set(st.group, (byRank = []));
      rankRows(call, rows, d942, at);
      for (let i = 0; i < rows.length; i++) {
        const r = rows[i];
        const s = at.who[i];
        const reasons = at.why[i];
        const h = at.head[i];
        let rank = r.rank;
        let placed: Placed | null = null;
        let explain: Explanation[];
        if (h >= 0) {
          rank = call.amongEligible ? at.first[h] : r.rank!;
          placed = placedOf(params, byRank, st.group, rank, at.tied[h]);
          const e = placed.explain;
          explain = continued(reasons, { rule: e.rule, effect: e.effect, amount: e.amount });
        } else if (r.rank === null) {
          explain = continued(reasons, {
            rule: 'DSB-11.3',
            effect: 'no final rank: no placing points',
          });
        } else explain = reasons ?? [];
        const counted = reasons === null && placed !== null;
        const points = counted ? placed!.display : 0;
        awards[n++] = {
          competitionId: c.id,
          pairId: r.pairId,
          group: st.group,
          rank,
          points,
          exact: counted ? placed!.exact : '0',
          counted,
          explain,
        };
        // DSB-11.5 the season's total; an award's points are rounded once (its display).
        if (counted) s.total = s.total.add(placed!.points);
        s.explain[s.written++] = {
          rule: 'DSB-11.5',
          effect: counted ? `${c.id}: ${points} points` : nothing,
          amount: points,
        };
      }
    }
  }
  return { awards, table: seasonTable(call, pairs) };
}

export {
  placingPoints,
  type ChampionshipRow,
  type PlacingAward,
  type SeasonInput,
  type SeasonRoster,
} from './placing-points';

/** DSB-11.2, 11.3: whom the championship counts and ranks, and how a tie shares points. */
export function checkChampionshipParams(params: DsbParams): void {
  const ch = params.championship;
  requireOneOf(
    ch.participationScope,
    ['season', 'competition'],
    'championship.participationScope',
    'DSB-11.2',
  );
  requireOneOf(ch.rankAmong, ['all', 'eligible'], 'championship.rankAmong', 'DSB-11.3');
  checkTiePoints(params);
}
