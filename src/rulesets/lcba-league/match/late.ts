import type { LcbaParams } from '../preset';

/**
 * LCBA-7.2: the boards removed from a table incomplete for `minutes` after play started: the
 * first `lateBoards` due to be played there once `lateMinutes` have passed, and `lateBoards`
 * more after each further `lateMinutes` (15 minutes: 2 boards, 29: 2, 30: 4). `order` is the
 * boards in the order they are due to be played (the stanzas in turn).
 */
export function lateRemovals(
  params: LcbaParams['match'],
  order: readonly number[],
  minutes: number,
): number[] {
  const periods = Math.floor(minutes / params.lateMinutes);
  return order.slice(0, periods * params.lateBoards);
}
