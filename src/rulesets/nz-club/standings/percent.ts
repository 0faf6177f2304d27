import type { NzClubParams } from '../preset';
import { NzInputError } from './types';

/**
 * A rulebook percentage (at most 2 decimals, e.g. 1, 2.5) as integer hundredths of a percent.
 * A parameter with more decimals is refused rather than silently rounded.
 */
export function percentToHundredths(percent: number, rule: string, field: string): number {
  const h = Math.round(percent * 100);
  if (!Number.isFinite(percent) || Math.abs(percent * 100 - h) > 1e-6) {
    throw new NzInputError(
      rule,
      field,
      `must be a percentage with at most 2 decimals, got ${percent}`,
    );
  }
  return h;
}

/**
 * NZ-4: the penalty (hundredths) of the `n`-th counted substitute score (1-based, by date):
 * the n-th entry of `substitutePenaltiesPercent`, or `substitutePenaltyAfterListPercent` past
 * the end of the list.
 */
export function substitutePenalty(n: number, params: NzClubParams): number {
  const list = params.substitutePenaltiesPercent;
  return n <= list.length
    ? percentToHundredths(list[n - 1]!, 'NZ-4', `substitutePenaltiesPercent[${n - 1}]`)
    : percentToHundredths(
        params.substitutePenaltyAfterListPercent,
        'NZ-4',
        'substitutePenaltyAfterListPercent',
      );
}

/**
 * NZ-5: one full board for the session, 100 × boards / boards played percent, in hundredths:
 * 10000 × boards / boardsPlayed rounded as `oneBoardPenalty.rounding` says — 'half-up' (the
 * default: 25 boards → 400, 24 boards → 416.67 → 417, 26 → 384.6 → 385), 'up' or 'down'.
 * Exact integer arithmetic; the only rounding in the NZ standings.
 */
export function oneBoardPenalty(boardsPlayed: number, params: NzClubParams): number {
  if (!Number.isInteger(boardsPlayed) || boardsPlayed < 1) {
    throw new NzInputError(
      'NZ-5',
      'boardsPlayed',
      `must be a positive integer, got ${boardsPlayed}`,
    );
  }
  checkPenaltyParams(params);
  const { boards, rounding } = params.oneBoardPenalty;
  const num = 10000 * boards;
  if (rounding === 'half-up') return Math.floor((2 * num + boardsPlayed) / (2 * boardsPlayed));
  return rounding === 'up' ? Math.ceil(num / boardsPlayed) : Math.floor(num / boardsPlayed);
}

/** NZ-5: the penalty's boards (a whole number ≥ 0) and its rounding, as `oneBoardPenalty` reads them. */
export function checkPenaltyParams(params: NzClubParams): void {
  const { boards, rounding } = params.oneBoardPenalty;
  if (!Number.isSafeInteger(boards) || boards < 0) {
    throw new NzInputError(
      'NZ-5',
      'oneBoardPenalty.boards',
      `must be a whole number ≥ 0, got ${boards}`,
    );
  }
  if (rounding !== 'half-up' && rounding !== 'up' && rounding !== 'down') {
    throw new NzInputError(
      'NZ-5',
      'oneBoardPenalty.rounding',
      `must be 'half-up', 'up' or 'down', got '${rounding}'`,
    );
  }
}

/** For display only: hundredths as a percentage with 2 decimals (6125 → "61.25", -150 → "-1.50").
 * Exact: no rounding is involved. */
export function formatHundredths(h: number): string {
  const sign = h < 0 ? '-' : '';
  const a = Math.abs(h);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

/** Parses "61.25" (or 61.25) into 6125 hundredths, exactly; for fixtures and importers. */
export function hundredths(percent: number | string): number {
  const s = typeof percent === 'number' ? percent.toFixed(10) : percent.trim();
  const m = /^(-?)(\d+)(?:\.(\d{1,2})0*)?$/.exec(s);
  if (!m)
    throw new NzInputError('NZ', 'percentage', `must have at most 2 decimals, got ${percent}`);
  const v = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -v : v;
}
