import type { DsbParams } from '../preset';
import { DsbInputError } from './errors';
import { Rational } from './rational';
import { pct, pctOf, rankBy } from './standings';
import type { Explanation } from './types';
import { requireInt, requirePercentage, validateMembers } from './validate';

/** A top-integral session entry (DSB-12/13): played (possibly with a substitute) or absent. */
export type TopIntegralEntry =
  | {
      session: number;
      kind: 'played';
      /** Percentage over the whole field (DSB-12.3), in hundredths. */
      percentage: number;
      boards: number;
      /** DSB-13/10.2(5): one member played with a substitute. */
      substitute?: { name?: string };
    }
  | { session: number; kind: 'absent' };

export interface TopIntegralPair {
  pairId: string;
  members: string[];
  entries: TopIntegralEntry[];
}

export interface TopIntegralInput {
  id: string;
  /** DSB-12.1: the number of sessions planned, at least `topIntegral.minSessions`. */
  sessions: number;
  /** DSB-12.2: the recorded random order of session 1 (a ballot event): every pair once. */
  ballot: string[];
  pairs: TopIntegralPair[];
}

export interface TopIntegralRow {
  pairId: string;
  rank: number | null;
  percentage: number | null;
  exact: string | null;
  played: number;
  original: number;
  explain: Explanation[];
}

export interface TopIntegralStanding {
  afterSession: number;
  final: boolean;
  /** The ranked list; in the final standing only pairs that meet DSB-14. */
  rows: TopIntegralRow[];
  /** DSB-14: pairs left out of the final list (empty before the end). */
  notListed: TopIntegralRow[];
}

function validate(params: DsbParams, input: TopIntegralInput): void {
  const ti = params.topIntegral;
  requireInt(input.sessions, 'sessions', 'DSB-12.1', ti.minSessions, 1000, 'a number of sessions');
  const ids = new Set<string>();
  for (const p of input.pairs) {
    const f = `pairs[${p.pairId}]`;
    if (ids.has(p.pairId)) throw new DsbInputError(f, 'DSB-12', 'is given twice');
    ids.add(p.pairId);
    validateMembers(params, p.members, f);
    const seen = new Set<number>();
    for (const e of p.entries) {
      const ef = `${f}.entries[session ${e.session}]`;
      requireInt(e.session, `${ef}.session`, 'DSB-12.1', 1, input.sessions, 'a session number');
      if (seen.has(e.session)) throw new DsbInputError(ef, 'DSB-12', 'is given twice');
      seen.add(e.session);
      if (e.kind === 'played') {
        requirePercentage(e.percentage, `${ef}.percentage`, 'DSB-13');
        requireInt(
          e.boards,
          `${ef}.boards`,
          'DSB-12.2',
          1,
          ti.rounds * ti.boardsPerRound,
          'a number of boards',
        );
      } else if (e.kind !== 'absent') {
        throw new DsbInputError(`${ef}.kind`, 'DSB-12', `must be 'played' or 'absent'`);
      }
    }
  }
  const ballot = new Set(input.ballot);
  if (
    ballot.size !== input.ballot.length ||
    ballot.size !== ids.size ||
    input.ballot.some((id) => !ids.has(id))
  ) {
    throw new DsbInputError(
      'ballot',
      'DSB-12.2',
      `must name every pair exactly once (${ids.size} pairs), got ${JSON.stringify(input.ballot)}`,
    );
  }
}

/** DSB-10.2(5): a top-integral session with a substitute is clamped to 47.50 .. 55.00. */
export function topIntegralSubstituteScore(params: DsbParams, percentage: number): number {
  const { substituteMin, substituteMax } = params.topIntegral;
  return Math.min(substituteMax, Math.max(substituteMin, percentage));
}

function rowOf(params: DsbParams, p: TopIntegralPair, afterSession: number): TopIntegralRow {
  const explain: Explanation[] = [];
  let sum = Rational.ZERO;
  let boards = 0;
  let played = 0;
  let original = 0;
  for (const e of [...p.entries].sort((a, b) => a.session - b.session)) {
    if (e.session > afterSession) continue;
    if (e.kind === 'absent') {
      explain.push({
        rule: 'DSB-12',
        session: e.session,
        effect: 'absent: no score for this session',
      });
      continue;
    }
    played++;
    let score = e.percentage;
    if (e.substitute) {
      score = topIntegralSubstituteScore(params, e.percentage);
      const { substituteMin: lo, substituteMax: hi } = params.topIntegral;
      explain.push({
        rule: 'DSB-10.2(5)',
        session: e.session,
        effect:
          score === e.percentage
            ? `played with a substitute: ${pct(score).toFixed(2)} is within ${pct(lo).toFixed(2)} .. ${pct(hi).toFixed(2)}`
            : `played with a substitute: ${pct(e.percentage).toFixed(2)} clamped to ${pct(score).toFixed(2)}`,
        amount: pct(score),
      });
    } else {
      original++;
    }
    sum = sum.add(Rational.of(score * e.boards));
    boards += e.boards;
  }
  if (boards === 0) {
    return {
      pairId: p.pairId,
      rank: null,
      percentage: null,
      exact: null,
      played,
      original,
      explain,
    };
  }
  const avg = sum.div(Rational.of(boards));
  explain.push({
    rule: 'DSB-12.2',
    effect: `running total: weighted average of ${played} session(s) over ${boards} boards`,
    amount: pctOf(avg),
  });
  return {
    pairId: p.pairId,
    rank: null,
    percentage: pctOf(avg),
    exact: avg.toString(),
    played,
    original,
    explain,
  };
}

/**
 * DSB-12/14 the top-integral standing after `afterSession` (default: the last): one field,
 * the weighted average of each pair's session percentages (a substitute's session clamped by
 * DSB-10.2(5)); the final list holds only pairs with `finalListMinOriginalSessions` sessions in
 * their original composition (DSB-14).
 */
export function topIntegralStandings(
  params: DsbParams,
  input: TopIntegralInput,
  options: { afterSession?: number } = {},
): TopIntegralStanding {
  validate(params, input);
  const afterSession = requireInt(
    options.afterSession ?? input.sessions,
    'afterSession',
    'DSB-12.1',
    1,
    input.sessions,
    'a session number',
  );
  const final = afterSession === input.sessions;
  const rows = input.ballot.map((id) =>
    rowOf(
      params,
      input.pairs.find((p) => p.pairId === id)!,
      afterSession,
    ),
  );
  const min = params.topIntegral.finalListMinOriginalSessions;
  const notListed: TopIntegralRow[] = [];
  const listed = rows.filter((r) => {
    if (!final || r.original >= min) return true;
    r.explain.push({
      rule: 'DSB-14',
      effect: `${r.original} session(s) in the original composition, fewer than ${min}: not in the final list`,
      amount: r.original,
    });
    notListed.push(r);
    return false;
  });
  const key = (r: TopIntegralRow) =>
    r.percentage === null ? null : Math.round(r.percentage * 100);
  return { afterSession, final, rows: rankBy(listed, key), notListed };
}

/**
 * DSB-12.2 the seeding of `session`: session 1 in the recorded ballot order; later sessions by
 * the running total after the previous session, best first. Reading: equal totals, and pairs
 * without a score yet, keep the ballot order (a stable, recorded tie-break).
 */
export function topIntegralSeeding(
  params: DsbParams,
  input: TopIntegralInput,
  session: number,
): Array<{ pairId: string; seed: number; explain: Explanation[] }> {
  validate(params, input);
  requireInt(session, 'session', 'DSB-12.1', 1, input.sessions, 'a session number');
  if (session === 1) {
    return input.ballot.map((pairId, i) => ({
      pairId,
      seed: i + 1,
      explain: [{ rule: 'DSB-12.2', session: 1, effect: `drawn ${i + 1} in the recorded ballot` }],
    }));
  }
  const rows = input.ballot.map((id) =>
    rowOf(
      params,
      input.pairs.find((p) => p.pairId === id)!,
      session - 1,
    ),
  );
  const key = (r: TopIntegralRow) =>
    r.percentage === null ? null : Math.round(r.percentage * 100);
  // rankBy sorts stably, so equal totals keep the ballot order.
  return rankBy(rows, key).map((r, i) => ({
    pairId: r.pairId,
    seed: i + 1,
    explain: [
      {
        rule: 'DSB-12.2',
        session,
        effect:
          r.percentage === null
            ? `no score after session ${session - 1}: seeded after the others, in ballot order`
            : `running total ${r.percentage.toFixed(2)} after session ${session - 1}`,
        amount: r.percentage ?? undefined,
      },
    ],
  }));
}
