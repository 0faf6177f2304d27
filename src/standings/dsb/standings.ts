import type { DsbParams } from '../../rulebooks/presets/dsb-groenlo-2014';
import { familyOf, POOL_KINDS as POOL, type ValuePool } from '../value-pool';
import { DsbInputError } from './errors';
import { Rational } from './rational';
import type {
  AbsentEntry,
  CompetitionInput,
  Explanation,
  GroupInput,
  GroupStanding,
  Participation,
  PairInput,
  PlayedEntry,
  SessionEntry,
  SessionScore,
  StandingRow,
} from './types';
import { requireEntriesUpTo, requireInt, validateCompetition, validateGroup } from './validate';

/** Hundredths → percent for display (2 decimals). */
export const pct = (hundredths: number): number => hundredths / 100;
/** An exact value in hundredths → percent rounded to 2 decimals, halves away from zero. */
export const pctOf = (r: Rational): number => r.roundToInteger() / 100;
/**
 * A whole number of hundredths as its exact string, and as percent with 2 decimals, one string
 * per value: a rebuild writes hundreds of thousands of session scores and explanations out of
 * a few thousand values.
 */
const exactStrings: string[] = [];
const fmtStrings: string[] = [];
const isCached = (hundredths: number) =>
  Number.isInteger(hundredths) && hundredths >= 0 && hundredths <= 10000;
const exactOf = (hundredths: number): string =>
  isCached(hundredths) ? (exactStrings[hundredths] ??= String(hundredths)) : String(hundredths);
const fmt = (hundredths: number): string =>
  isCached(hundredths)
    ? (fmtStrings[hundredths] ??= pct(hundredths).toFixed(2))
    : pct(hundredths).toFixed(2);
const fmtR = (r: Rational): string => pctOf(r).toFixed(2);

/**
 * DSB-10.2: the score a session played with a substitute counts for the original pair.
 * (1) same group: unchanged; (2) placed in the stronger group: at least 47.50; (3) placed in the
 * weaker group: at most 55.00; (4) an outside substitute: clamped to 47.50 .. 55.00.
 */
export function substituteScore(
  params: DsbParams,
  entry: PlayedEntry,
): { score: number; explain?: Explanation } {
  const raw = entry.percentage;
  if (!entry.substitute) return { score: raw };
  const s = params.substitutes;
  const session = entry.session;
  const clamp = (lo: number, hi: number) => Math.min(hi, Math.max(lo, raw));
  switch (entry.substitute.case) {
    case 'sameGroup':
      return {
        score: raw,
        explain: {
          rule: 'DSB-10.2(1)',
          session,
          effect: `played with a substitute of the same group: ${fmt(raw)} counts unchanged`,
          amount: pct(raw),
        },
      };
    case 'strongerGroup': {
      const score = Math.max(s.strongerGroupMin, raw);
      return {
        score,
        explain: {
          rule: 'DSB-10.2(2)',
          session,
          effect:
            score === raw
              ? `played with a substitute in the stronger group: ${fmt(raw)} is above the minimum ${fmt(s.strongerGroupMin)}`
              : `played with a substitute in the stronger group: ${fmt(raw)} raised to the minimum ${fmt(score)}`,
          amount: pct(score),
        },
      };
    }
    case 'weakerGroup': {
      const score = Math.min(s.weakerGroupMax, raw);
      return {
        score,
        explain: {
          rule: 'DSB-10.2(3)',
          session,
          effect:
            score === raw
              ? `played with a substitute in the weaker group: ${fmt(raw)} is below the maximum ${fmt(s.weakerGroupMax)}`
              : `played with a substitute in the weaker group: ${fmt(raw)} lowered to the maximum ${fmt(score)}`,
          amount: pct(score),
        },
      };
    }
    case 'outside': {
      const score = clamp(s.outsideMin, s.outsideMax);
      return {
        score,
        explain: {
          rule: 'DSB-10.2(4)',
          session,
          effect:
            score === raw
              ? `played with an outside substitute: ${fmt(raw)} is within ${fmt(s.outsideMin)} .. ${fmt(s.outsideMax)}`
              : `played with an outside substitute: ${fmt(raw)} clamped to ${fmt(score)} (${fmt(s.outsideMin)} .. ${fmt(s.outsideMax)})`,
          amount: pct(score),
        },
      };
    }
  }
}

/** Counts of up to three members, each up to 1023, in one number: 10 bits each. */
const PACKED_PLACES = 3;
const PACKED_MAX = 1023;
const PACKED_UNIT = [1, 1024, 1024 * 1024];
const unpack = (packed: number, i: number) => Math.floor(packed / PACKED_UNIT[i]) % 1024;

/**
 * A pair's participation: the counts by member kept beside the pair's own members array, and
 * `byMember` built only when read or written out. Every standing row has one, and a hash table
 * of player ids for each (what `byMember` is) was a fifth of what a rebuild's answers keep.
 */
class PairParticipation implements Participation {
  constructor(
    readonly played: number,
    readonly original: number,
    readonly absent: number,
    readonly partnership: boolean,
    private readonly members: readonly string[],
    /** By the member's place in `members`: packed in one number (10 bits each), or a list. */
    private readonly counts: number | readonly number[],
  ) {}

  get withSubstitute(): number {
    return this.played - this.original;
  }

  sessionsOf(member: string): number {
    return this.countAt(this.members.indexOf(member));
  }

  private countAt(i: number): number {
    if (i < 0) return 0;
    const c = this.counts;
    return typeof c === 'number' ? unpack(c, i) : c[i];
  }

  get byMember(): { [member: string]: number } {
    // Keyed by player ids: a prototype-less record (a hash table). A literal `{}` given every
    // new id makes V8 look up or build a hidden class for it.
    const out = Object.create(null) as { [m: string]: number };
    for (let i = 0; i < this.members.length; i++) out[this.members[i]] = this.countAt(i);
    return out;
  }

  /** The JSON of a plain participation, in its order of fields. */
  toJSON() {
    return {
      played: this.played,
      original: this.original,
      withSubstitute: this.withSubstitute,
      absent: this.absent,
      byMember: this.byMember,
      partnership: this.partnership,
    };
  }
}

/** DSB-8.3/8.4/9.4/11.2: sessions played, in the original composition, by each member. */
export function participationOf(
  params: DsbParams,
  pair: PairInput,
  afterSession = params.pairsCompetition.sessions,
): Participation {
  const members = pair.members;
  // Counted by the member's place in the pair: packed in one number when they fit (a pair or
  // a partnership, a competition's sessions), else in a list.
  const packed = members.length <= PACKED_PLACES && pair.entries.length <= PACKED_MAX;
  let counts: number | number[] = packed ? 0 : new Array<number>(members.length).fill(0);
  let played = 0;
  let original = 0;
  let absent = 0;
  for (const e of pair.entries) {
    if (e.session > afterSession) continue;
    if (e.kind === 'absent') {
      absent++;
      continue;
    }
    played++;
    if (!e.substitute) original++;
    const players = e.players ?? members;
    for (let i = 0; i < players.length; i++) {
      const at = members.indexOf(players[i]);
      if (at < 0) continue;
      if (typeof counts === 'number') counts += PACKED_UNIT[at];
      else counts[at]++;
    }
  }
  return new PairParticipation(
    played,
    original,
    absent,
    members.length > params.pairs.minMembers,
    members,
    counts,
  );
}

/** DSB-9.1/9.2: a notice that came by the deadline with a reason the WL accepted. */
function validNotice(params: DsbParams, c: CompetitionInput | undefined, e: AbsentEntry): boolean {
  if (!e.notice || !e.notice.validReason) return false;
  const date = c?.sessionDates?.[e.session - 1];
  if (date === undefined || e.notice.at === undefined) return true;
  return e.notice.at <= `${date}T${params.absence.noticeDeadline}`;
}

function noticeFault(params: DsbParams, c: CompetitionInput | undefined, e: AbsentEntry): string {
  if (!e.notice) return 'absent without notice';
  if (!e.notice.validReason) return 'absent with a notice the WL did not accept as a valid reason';
  return `absent with a notice after the ${params.absence.noticeDeadline} deadline`;
}

/** DSB-9.5: the scores of the pair's group that evening. */
function eveningScores(g: GroupInput, session: number): number[] {
  const given = g.eveningScores?.[session];
  if (given !== undefined) return given;
  const out: number[] = [];
  for (const p of g.pairs) {
    for (const e of p.entries) {
      if (e.session === session && e.kind === 'played') out.push(e.percentage);
    }
  }
  return out;
}

/**
 * The entries up to a session, in session order: the given array itself when it already is
 * (as the ledger's inputs are), since a sort allocates its working state on every call.
 */
function upTo(entries: SessionEntry[], afterSession: number): SessionEntry[] {
  let ordered = true;
  for (let i = 0; i < entries.length && ordered; i++) {
    ordered =
      entries[i].session <= afterSession &&
      (i === 0 || entries[i - 1].session < entries[i].session);
  }
  if (ordered) return entries;
  return entries.filter((e) => e.session <= afterSession).sort((a, b) => a.session - b.session);
}

/** The entry of a session, if any (a loop: no closure per row). */
function entryOf(entries: SessionEntry[], session: number): SessionEntry | undefined {
  for (let i = entries.length - 1; i >= 0; i--)
    if (entries[i].session === session) return entries[i];
  return undefined;
}

/** DSB-7.2: the explanation of a row's weighted average, shared through `pool` with every equal one. */
function averageExplained(
  pool: ValuePool | undefined,
  count: number,
  boards: number,
  average: number,
): Explanation {
  const family = pool ? familyOf(POOL.average, count, boards) : NaN;
  const shared = pool?.find<Explanation>(family, average);
  if (shared !== undefined) return shared;
  const made: Explanation = {
    rule: 'DSB-7.2',
    effect: `weighted average of ${count} session score(s) over ${boards} boards: ${fmt(average)}`,
    amount: pct(average),
  };
  return pool ? pool.keep(family, average, made) : made;
}

/**
 * The explanation of a row with nothing to explain but its weighted average, as a list shared
 * (frozen) through `pool` with every equal one; without a pool, a list of its own.
 */
function averageAlone(
  pool: ValuePool | undefined,
  count: number,
  boards: number,
  average: number,
): Explanation[] {
  const family = pool ? familyOf(POOL.averageAlone, count, boards) : NaN;
  const shared = pool?.find<Explanation[]>(family, average);
  if (shared !== undefined) return shared;
  const made = [averageExplained(pool, count, boards, average)];
  return pool ? pool.keep(family, average, made) : made;
}

/** A played session's score, shared through `pool` with every equal one. */
function playedScore(
  pool: ValuePool | undefined,
  session: number,
  substitute: boolean,
  score: number,
  boards: number,
): SessionScore {
  const family = pool ? familyOf(substitute ? POOL.substitute : POOL.played, session, boards) : NaN;
  const shared = pool?.find<SessionScore>(family, score);
  if (shared !== undefined) return shared;
  const made: SessionScore = {
    session,
    source: substitute ? 'substitute' : 'played',
    percentage: pct(score),
    exact: exactOf(score),
    boards,
  };
  return pool ? pool.keep(family, score, made) : made;
}

/**
 * The scores counted in a weighted average, kept as exact sums: played and DSB-9.5 scores are
 * whole hundredths (integer sums); only a DSB-9.2/9.3 average is a fraction.
 */
class Counted {
  count = 0;
  boards = 0;
  /** Σ score × boards of the whole-hundredths scores. */
  whole = 0;
  private fractional = Rational.ZERO;
  addWhole(score: number, boards: number) {
    this.count++;
    this.boards += boards;
    this.whole += score * boards;
  }
  addExact(score: Rational, boards: number) {
    this.count++;
    this.boards += boards;
    this.fractional = this.fractional.add(score.mulInt(boards));
  }
  /** Σ score × boards / Σ boards (boards > 0). */
  average(): Rational {
    if (this.fractional.equals(Rational.ZERO)) return Rational.of(this.whole, this.boards);
    return this.fractional.add(Rational.of(this.whole)).div(Rational.of(this.boards));
  }
}

/**
 * One pair's standing in its group after session `afterSession` (DSB-7.2), with its artificial
 * scores derived afresh (DSB-9.2/9.3/9.5), the DSB-10.2 clamps and, at the end, DSB-9.6.
 */
function pairRow(
  params: DsbParams,
  c: CompetitionInput | undefined,
  g: GroupInput,
  pair: PairInput,
  afterSession: number,
  at: (session: number) => DsbParams = () => params,
  pool?: ValuePool,
): StandingRow {
  const { sessions: lastSession, rounds, boardsPerRound } = params.pairsCompetition;
  const fullSession = rounds * boardsPerRound;
  const final = afterSession === lastSession;
  const explain: Explanation[] = [];
  const entries = upTo(pair.entries, afterSession);

  // Played sessions first: their (clamped) scores are the base of the DSB-9.2 average.
  const counted = new Counted();
  // Entry index → the score counted where a substitute's clamp changed it.
  let clampedAt: number[] | undefined;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (e.kind !== 'played') continue;
    let score = e.percentage;
    if (e.substitute) {
      // A session's own score follows the rules in force that evening (DSB-10.2 clamps).
      const clamped = substituteScore(at(e.session), e);
      score = clamped.score;
      (clampedAt ??= [])[i] = score;
      if (clamped.explain) explain.push(clamped.explain);
    }
    counted.addWhole(score, e.boards);
  }
  const playedCount = counted.count;
  // The own average of the played sessions (DSB-9.2/9.3, whole hundredths so far), made only
  // when a notified absence needs it.
  const playedWhole = counted.whole;
  const playedBoards = counted.boards;
  let base: Rational | undefined;

  // Then every session in order: the played ones as counted, the absences scored.
  // Sized once: an array grown by push keeps room for 16, and every row is kept.
  const sessions = new Array<SessionScore>(entries.length);
  let earlier = 0;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (e.kind === 'played') {
      const score = e.substitute ? clampedAt![i] : e.percentage;
      sessions[i] = playedScore(pool, e.session, e.substitute !== undefined, score, e.boards);
      continue;
    }
    // The notice, cap and penalty of an absence are those in force on its evening.
    const rules = at(e.session);
    const notified = validNotice(rules, c, e);
    if (notified) {
      if (playedBoards > 0) base ??= Rational.of(playedWhole, playedBoards);
      const first = earlier === 0;
      const rule = first ? 'DSB-9.2' : 'DSB-9.3';
      const cap = first ? rules.absence.firstCap : rules.absence.laterCap;
      const nth = first ? 'first' : `absence number ${earlier + 1}`;
      if (base === undefined) {
        sessions[i] = {
          session: e.session,
          source: 'pending',
          percentage: null,
          exact: null,
          boards: 0,
        };
        explain.push({
          rule,
          session: e.session,
          effect: `${nth} notified absence: no played session yet to average, left out until the pair plays`,
        });
      } else {
        const capR = Rational.of(cap);
        const capped = base.compare(capR) > 0;
        const score = capped ? capR : base;
        sessions[i] = {
          session: e.session,
          source: rule,
          percentage: pctOf(score),
          exact: score.toString(),
          boards: fullSession,
        };
        counted.addExact(score, fullSession);
        explain.push({
          rule,
          session: e.session,
          effect:
            `${nth} notified absence: own average ${fmtR(base)} over ${playedCount} played ` +
            `session(s) up to session ${afterSession}` +
            (capped ? `, capped at ${fmt(cap)}` : ` (cap ${fmt(cap)} not reached)`),
          amount: pctOf(score),
        });
      }
      earlier++;
    } else {
      const evening = eveningScores(g, e.session);
      if (evening.length === 0) {
        throw new DsbInputError(
          `groups[${g.group}].eveningScores[${e.session}]`,
          'DSB-9.5',
          'is empty: no score in the group that evening to take the lowest of',
        );
      }
      const lowest = Math.min(...evening);
      const score = Math.max(0, lowest - rules.absence.withoutNoticeMinus);
      sessions[i] = {
        session: e.session,
        source: 'DSB-9.5',
        percentage: pct(score),
        exact: exactOf(score),
        boards: fullSession,
      };
      counted.addWhole(score, fullSession);
      explain.push({
        rule: 'DSB-9.5',
        session: e.session,
        effect: `${noticeFault(rules, c, e)}: lowest score in group ${g.group} that evening ${fmt(lowest)} minus ${fmt(rules.absence.withoutNoticeMinus)}`,
        amount: pct(score),
      });
      if (rules.absence.countAllAbsences) earlier++;
    }
  }

  const participation = participationOf(params, pair, afterSession);
  const boards = counted.boards;
  if (boards === 0) {
    explain.push({ rule: 'DSB-7.2', effect: 'no score yet: not ranked' });
    return {
      pairId: pair.pairId,
      group: g.group,
      percentage: null,
      exact: null,
      sessions,
      participation,
      explain,
      rank: null,
    };
  }
  let total = counted.average();
  // Rounded once: the explanation and the standing show the same hundredths.
  const average = total.roundToInteger();
  let rounded = average;
  const last = final ? entryOf(entries, lastSession) : undefined;
  const missedLast = last?.kind === 'absent';
  // A row explained by its average alone (most rows) shares one list with every equal one.
  const alone =
    explain.length === 0 && !missedLast
      ? averageAlone(pool, counted.count, boards, average)
      : undefined;
  if (!alone) explain.push(averageExplained(pool, counted.count, boards, average));
  if (last?.kind === 'absent') {
    const d = params.absence.lastSessionDeduction;
    total = total.sub(Rational.of(d));
    rounded = total.roundToInteger();
    explain.push({
      rule: 'DSB-9.6',
      session: last.session,
      effect: `missed the last session: calculated total ${fmt(average)} minus ${fmt(d)}`,
      amount: -pct(d),
    });
  }
  return {
    pairId: pair.pairId,
    group: g.group,
    percentage: pct(rounded),
    exact: total.toString(),
    sessions,
    participation,
    // Trimmed to its length: grown by push it keeps room for 16, and every row is kept.
    explain: alone ?? explain.slice(),
    // Ranked by the group (rankBy), last as before: a field of the row from the start, not a
    // property added to every row afterwards (V8 gave each such row a separate property store).
    rank: null,
  };
}

/** Competition ranking ("1224") on `key` (higher first); rows without a key are unranked. */
export function rankBy<T extends object>(
  rows: T[],
  key: (r: T) => number | null,
  /** The rows are the caller's own fresh objects: give them their rank instead of copying. */
  inPlace = false,
): Array<T & { rank: number | null }> {
  const keyed = rows.map((r) => ({ r, k: key(r) }));
  keyed.sort((a, b) => {
    if (a.k === null && b.k === null) return 0;
    if (a.k === null) return 1;
    if (b.k === null) return -1;
    return b.k - a.k;
  });
  const out: Array<T & { rank: number | null }> = [];
  for (let i = 0; i < keyed.length; i++) {
    const { r, k } = keyed[i];
    const prev = i > 0 ? keyed[i - 1] : undefined;
    const rank = k === null ? null : prev !== undefined && prev.k === k ? out[i - 1].rank : i + 1;
    if (inPlace) {
      // One property set, not Object.assign's generic copy from a new object per row.
      const ranked = r as T & { rank: number | null };
      ranked.rank = rank;
      out.push(ranked);
    } else out.push({ ...r, rank });
  }
  return out;
}

/**
 * DSB-7.2 the standing of one group after session `afterSession` (default: the last session,
 * the final standing): the weighted average of each pair's session scores, weights = boards
 * played; artificial scores (DSB-9.2/9.3/9.5) recomputed from the sessions known so far; the
 * DSB-10.2 clamps; the DSB-9.6 deduction in the final standing. Ranked "1224" on the
 * percentage rounded to 2 decimals (ties keep input order).
 */
export function groupStanding(
  params: DsbParams,
  group: GroupInput,
  options: {
    afterSession?: number;
    competition?: CompetitionInput;
    /** The competition's input was validated as a whole (validateCompetition) already. */
    validated?: boolean;
    /**
     * The rules in force on a session's evening, for what is decided per session (DSB-10.2
     * clamps; an absence's notice deadline, cap and penalty, DSB-9.1/9.2/9.3/9.5). Default:
     * `params` throughout. The average, ranking and DSB-9.6 follow `params`.
     */
    paramsOn?: (session: number) => DsbParams;
    /** Shares equal session scores between rows (frozen); without it, each row has its own. */
    pool?: ValuePool;
  } = {},
): GroupStanding {
  const total = params.pairsCompetition.sessions;
  const afterSession = requireInt(
    options.afterSession ?? total,
    'afterSession',
    'DSB-4',
    1,
    total,
    'a session number',
  );
  if (!options.validated) validateGroup(params, group, `groups[${group.group}]`);
  for (const p of group.pairs) requireEntriesUpTo(group.group, p, afterSession);
  const rows = group.pairs.map((p) =>
    pairRow(params, options.competition, group, p, afterSession, options.paramsOn, options.pool),
  );
  const ranked = rankBy(
    rows,
    (r) => (r.exact === null ? null : Math.round(r.percentage! * 100)),
    true,
  );
  return {
    group: group.group,
    afterSession,
    final: afterSession === total,
    rows: ranked,
  };
}

/** DSB-7.2 every group's standing after `afterSession` (default: final), strongest group first. */
export function competitionStandings(
  params: DsbParams,
  competition: CompetitionInput,
  options: {
    afterSession?: number;
    paramsOn?: (session: number) => DsbParams;
    pool?: ValuePool;
  } = {},
): GroupStanding[] {
  validateCompetition(params, competition);
  // One options object, its fields written out: a spread per group gave each a shape of its own.
  const each = {
    afterSession: options.afterSession,
    paramsOn: options.paramsOn,
    pool: options.pool,
    competition,
    validated: true,
  };
  return [...competition.groups]
    .sort((a, b) => params.groups.indexOf(a.group) - params.groups.indexOf(b.group))
    .map((g) => groupStanding(params, g, each));
}
