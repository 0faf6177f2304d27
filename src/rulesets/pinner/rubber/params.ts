import type { Rulebook } from '../../../rulebooks/rulebook';

/**
 * Pinner BC's rotation at rubber bridge (rules R21 to R25, seed 003) as RULES.md reads it: each
 * number a parameter of the preset's `rubber` group, so that an amendment changes it from a date.
 */
export type PinnerRubberParams = {
  /**
   * PIN-R24: at a session of `playersAtMost` players or fewer (two and a half tables: ten),
   * Table Up at the completion of hand `hand` whatever the state of the rubber.
   */
  sevenHandRule: { playersAtMost: number; hand: number };
  /** PIN-R25: a player who will not follow the rotation retires for this many minutes at least. */
  retireMinutes: number;
};

export const PINNER_RUBBER: PinnerRubberParams = {
  sevenHandRule: { playersAtMost: 10, hand: 7 },
  retireMinutes: 30,
};

/** The `rubber` group of a rulebook (pinner-2018's when it has none). */
export const rubberParamsOf = (rulebook: Rulebook | undefined): PinnerRubberParams =>
  ((rulebook?.params as Record<string, unknown> | undefined)?.rubber as
    PinnerRubberParams | undefined) ?? PINNER_RUBBER;

/**
 * The whole `rubber` group checked as the rules read it (a preset's `validate`): undefined when
 * it can be used, else the path and why.
 */
export function rubberProblem(
  p: PinnerRubberParams,
): { path: string; message: string } | undefined {
  for (const [path, v, least] of [
    ['rubber.sevenHandRule.playersAtMost', p.sevenHandRule.playersAtMost, 0],
    ['rubber.sevenHandRule.hand', p.sevenHandRule.hand, 2],
    ['rubber.retireMinutes', p.retireMinutes, 0],
  ] as const) {
    if (!Number.isInteger(v) || v < least)
      return { path, message: `must be a whole number >= ${least}, not ${v}` };
  }
  return undefined;
}
