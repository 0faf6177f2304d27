import type { DsbParams } from '../preset';
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
/** Hundredths as percent with 2 decimals, for the explanations. */
const fmt = (hundredths: number): string => pct(hundredths).toFixed(2);
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

/** DSB-8.3/8.4/9.4/11.2: sessions played, in the original composition, by each member. */
export function participationOf(
  params: DsbParams,
  pair: PairInput,
  afterSession = params.pairsCompetition.sessions,
): Participation {
  // Keyed by player ids, which may be any string (`__proto__` too): a record without a prototype.
  const byMember = Object.create(null) as { [member: string]: number };
  for (const m of pair.members) byMember[m] = 0;
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
    // DSB-3: a partnership names the two who played; a substitute session, the one member.
    for (const player of e.players ?? pair.members) {
      if (player in byMember) byMember[player]++;
    }
  }
  return {
    played,
    original,
    withSubstitute: played - original,
    absent,
    byMember,
    partnership: pair.members.length > params.pairs.minMembers,
  };
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

/** The entries up to a session, in session order (the ledger's inputs already are). */
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

/** DSB-7.2: the explanation of a row's weighted average. */
const averageExplained = (count: number, boards: number, average: number): Explanation => ({
  rule: 'DSB-7.2',
  effect: `weighted average of ${count} session score(s) over ${boards} boards: ${fmt(average)}`,
  amount: pct(average),
});

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
 * scores derived afresh (DSB-9.2/9.3/9.5), the DSB-10.2 clamps and, at the end, DSB-9.6. What is
 * decided per session follows `at(session)`, the rules in force that evening.
 */
function pairRow(
  params: DsbParams,
  c: CompetitionInput | undefined,
  g: GroupInput,
  pair: PairInput,
  afterSession: number,
  at: (session: number) => DsbParams = () => params,
): StandingRow {
  const { sessions: lastSession, rounds, boardsPerRound } = params.pairsCompetition;
  const fullSession = rounds * boardsPerRound;
  // What the clamps and artificial scores did, in session order.
  const notes: Explanation[] = [];
  const entries = upTo(pair.entries, afterSession);

  // Played sessions first: their scores, clamped by DSB-10.2, are the base of the DSB-9.2
  // average of an absence, whichever session it is.
  const counted = new Counted();
  const playedScore: number[] = new Array<number>(entries.length);
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (e.kind !== 'played') continue;
    let score = e.percentage;
    if (e.substitute) {
      const clamped = substituteScore(at(e.session), e);
      score = clamped.score;
      if (clamped.explain) notes.push(clamped.explain);
    }
    playedScore[i] = score;
    counted.addWhole(score, e.boards);
  }
  const playedCount = counted.count;
  // DSB-9.2/9.3: the pair's own average of its played sessions (none played: undefined).
  const base = counted.boards > 0 ? Rational.of(counted.whole, counted.boards) : undefined;

  // Then every session in order: the played ones as counted, the absences scored.
  const sessions: SessionScore[] = new Array<SessionScore>(entries.length);
  let earlier = 0;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (e.kind === 'played') {
      const score = playedScore[i];
      sessions[i] = {
        session: e.session,
        source: e.substitute ? 'substitute' : 'played',
        percentage: pct(score),
        exact: String(score),
        boards: e.boards,
      };
      continue;
    }
    // The notice, cap and penalty of an absence are those in force on its evening.
    const rules = at(e.session);
    if (validNotice(rules, c, e)) {
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
        notes.push({
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
        notes.push({
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
        exact: String(score),
        boards: fullSession,
      };
      counted.addWhole(score, fullSession);
      notes.push({
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
    return {
      pairId: pair.pairId,
      group: g.group,
      percentage: null,
      exact: null,
      sessions,
      participation,
      explain: notes.concat({ rule: 'DSB-7.2', effect: 'no score yet: not ranked' }),
      rank: null,
    };
  }
  let total = counted.average();
  // Rounded once: the explanation and the standing show the same hundredths.
  const average = total.roundToInteger();
  let rounded = average;
  const explain = notes.concat(averageExplained(counted.count, boards, average));
  // DSB-9.6: in the final standing, a pair that missed the last session loses points.
  const last =
    afterSession === lastSession ? entries.find((e) => e.session === lastSession) : undefined;
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
    explain,
    // Given by the group's ranking (rankBy).
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
  } = {},
): GroupStanding {
  // DSB-4: a competition has at most the rulebook's sessions; one planned with fewer (its
  // session dates) ends after its own last session.
  const total = options.competition?.sessionDates?.length || params.pairsCompetition.sessions;
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
    pairRow(params, options.competition, group, p, afterSession, options.paramsOn),
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
  } = {},
): GroupStanding[] {
  validateCompetition(params, competition);
  const each = { ...options, competition, validated: true };
  return [...competition.groups]
    .sort((a, b) => params.groups.indexOf(a.group) - params.groups.indexOf(b.group))
    .map((g) => groupStanding(params, g, each));
}
