// DSB-16a–c: the butler competition's standing, pure. A pair's session is its IMP total as
// its butler session scored it (STD-BUTLER, the artificial scores of DSB-16d included): the
// standing adds them up, with the rulebook's scores for an absence.
import { competitionRanks } from '../../../scoring/ranking';
import type { DsbParams } from '../preset';
import { DsbInputError } from '../standings/errors';

/** One pair's session of the butler competition: played (its IMPs), or absent. */
export type ButlerSessionEntry =
  | { session: number; kind: 'played'; imps: number; withSubstitute?: boolean }
  | { session: number; kind: 'absent'; notified: boolean };

export interface ButlerPairInput {
  pairId: string;
  entries: ButlerSessionEntry[];
}

export interface ButlerSessionScore {
  session: number;
  imps: number;
  because: { rule: string; text: string };
}

export interface ButlerRow {
  pairId: string;
  place: number;
  total: number;
  sessions: ButlerSessionScore[];
}

/** What the standing reads of the `butler` group, checked (DSB-16a, 16c). */
export function checkButlerParams(params: DsbParams): void {
  const b = params.butler;
  for (const [field, v, min] of [
    ['butler.sessions', b.sessions, 1],
    ['butler.roundsPerSession', b.roundsPerSession, 1],
    ['butler.boardsPerRound', b.boardsPerRound, 1],
  ] as const) {
    if (!Number.isSafeInteger(v) || v < min) {
      throw new DsbInputError(field, 'DSB-16a', `must be a whole number ≥ ${min}, got ${v}`);
    }
  }
  for (const field of ['absentWithoutNoticeImps', 'absentWithNoticeImps'] as const) {
    if (!Number.isSafeInteger(b[field])) {
      throw new DsbInputError(
        `butler.${field}`,
        'DSB-16c',
        `must be a whole number of IMPs, got ${b[field]}`,
      );
    }
  }
}

function scoreOf(e: ButlerSessionEntry, params: DsbParams): ButlerSessionScore {
  if (e.kind === 'played') {
    return {
      session: e.session,
      imps: e.imps,
      because: e.withSubstitute
        ? { rule: 'DSB-16c', text: `played with a substitute: ${e.imps} IMPs count in full` }
        : { rule: 'DSB-16b', text: `${e.imps} IMPs won and lost against the datum` },
    };
  }
  const imps = e.notified
    ? params.butler.absentWithNoticeImps
    : params.butler.absentWithoutNoticeImps;
  return {
    session: e.session,
    imps,
    because: e.notified
      ? { rule: 'DSB-16c', text: `absent, notified in time: ${imps} IMPs` }
      : { rule: 'DSB-16c', text: `absent without notice: ${imps} IMPs for the session` },
  };
}

/**
 * DSB-16b: each pair's total is the sum of its sessions' IMPs; ranked by total, pairs level
 * sharing a place ("1224": the rulebook sets no tie-break for the butler competition).
 */
export function butlerStandings(pairs: readonly ButlerPairInput[], params: DsbParams): ButlerRow[] {
  checkButlerParams(params);
  const seen = new Set<string>();
  const rows = pairs.map((p, i) => {
    if (typeof p.pairId !== 'string' || p.pairId === '' || seen.has(p.pairId)) {
      throw new DsbInputError(
        `pairs[${i}].pairId`,
        'DSB-16a',
        `must be a pair listed once, got ${String(p.pairId)}`,
      );
    }
    seen.add(p.pairId);
    const sessions = new Set<number>();
    const scores = p.entries.map((e, j) => {
      const field = `pairs[${i}].entries[${j}]`;
      if (!Number.isInteger(e.session) || e.session < 1 || e.session > params.butler.sessions) {
        throw new DsbInputError(
          `${field}.session`,
          'DSB-16a',
          `must be a session 1–${params.butler.sessions}, got ${e.session}`,
        );
      }
      if (sessions.has(e.session)) {
        throw new DsbInputError(
          `${field}.session`,
          'DSB-16a',
          `session ${e.session} is given twice`,
        );
      }
      sessions.add(e.session);
      if (e.kind === 'played' && !Number.isFinite(e.imps)) {
        throw new DsbInputError(
          `${field}.imps`,
          'DSB-16b',
          `must be a number of IMPs, got ${e.imps}`,
        );
      }
      return scoreOf(e, params);
    });
    scores.sort((a, b) => a.session - b.session);
    // IMPs to 2 decimals (a butler total may hold tenths from DSB-16d): summed in hundredths.
    const total = scores.reduce((sum, s) => sum + Math.round(s.imps * 100), 0) / 100;
    return { pairId: p.pairId, total, sessions: scores };
  });
  const places = competitionRanks(rows.map((r) => r.total));
  return rows
    .map((r, i) => ({ ...r, place: places[i]! }))
    .sort((a, b) => a.place - b.place || (a.pairId < b.pairId ? -1 : 1));
}
