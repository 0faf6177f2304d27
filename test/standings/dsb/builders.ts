import { dsbGroenlo2014 } from '../../../src/rulesets/dsb-groenlo-2014/preset';
import type {
  AbsentEntry,
  CompetitionInput,
  GroupInput,
  PairInput,
  PlayedEntry,
  SessionEntry,
} from '../../../src/rulesets/dsb-groenlo-2014/standings';

/** The preset's parameters, as adopted with no overrides. */
export const P = dsbGroenlo2014.params;

/** A session played in the original composition: percentage in hundredths, 24 boards. */
export const played = (
  session: number,
  percentage: number,
  more: Partial<PlayedEntry> = {},
): PlayedEntry => ({ session, kind: 'played', percentage, boards: 24, ...more });

/** Absent with a notice the WL accepted (DSB-9.2/9.3). */
export const notified = (session: number, at?: string): AbsentEntry => ({
  session,
  kind: 'absent',
  notice: { validReason: true, ...(at ? { at } : {}) },
});

/** Absent without notice (DSB-9.5). */
export const noShow = (session: number): AbsentEntry => ({ session, kind: 'absent' });

export const pair = (
  pairId: string,
  entries: SessionEntry[],
  more: Partial<PairInput> = {},
): PairInput => ({ pairId, members: [`${pairId}-n`, `${pairId}-s`], entries, ...more });

/** A pair that played all six sessions at the same percentage. */
export const steady = (pairId: string, percentage: number, more: Partial<PairInput> = {}) =>
  pair(
    pairId,
    [1, 2, 3, 4, 5, 6].map((s) => played(s, percentage)),
    more,
  );

/** A group of `n` steady pairs `${group}1..n`, 60.00, 59.00, 58.00 … */
export const steadyGroup = (group: string, n: number, top = 6000): GroupInput => ({
  group,
  pairs: Array.from({ length: n }, (_, i) => steady(`${group}${i + 1}`, top - i * 100)),
});

export const competition = (...groups: GroupInput[]): CompetitionInput => ({ id: 'c1', groups });

/** Replaces pair `pairId` in `g`. */
export const withPair = (g: GroupInput, p: PairInput): GroupInput => ({
  ...g,
  pairs: g.pairs.map((x) => (x.pairId === p.pairId ? p : x)),
});
