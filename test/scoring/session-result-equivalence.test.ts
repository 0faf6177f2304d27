import {
  type ArtificialAward,
  type Movement,
  type ScoringSettings,
  type SessionResult,
  type TravellerLine,
  scoreImpSession,
  scoreMatchpointSession,
} from '../../src/scoring';
import {
  scoreImpSession as referenceImpSession,
  scoreMatchpointSession as referenceMatchpointSession,
} from './support/session-result-reference';

// The session path's integer fast path against the implementation it replaced, kept
// verbatim in ./support as the reference: on random sessions — missing results, artificial
// scores, every matchpoint setting, boards out of order, bad input — both give exactly the same
// result, fraction for fraction and in the same order, or the same error.

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SCORES = [-1430, -620, -420, -200, -100, -50, 0, 50, 90, 110, 140, 420, 450, 620, 1430];
const AWARDS: ArtificialAward[] = ['A+', 'A', 'A-', 60, 50, 40, 47.5, 0, 100];

function randomSession(seed: number): {
  lines: TravellerLine[];
  movement: Movement;
  settings: Partial<ScoringSettings>;
} {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const tables = 1 + Math.floor(r() * 9);
  const boardCount = 1 + Math.floor(r() * 8);
  const movement: Movement = r() < 0.7 ? 'two-winner' : 'one-winner';
  const missing = r() < 0.5 ? 0.15 : 0;
  const artificial = r() < 0.5 ? 0.1 : 0;
  const candidates = Array.from({ length: 2 + Math.floor(r() * 5) }, () => pick(SCORES));
  const lines: TravellerLine[] = [];
  for (let b = 1; b <= boardCount; b++) {
    for (let t = 0; t < tables; t++) {
      if (r() < missing) continue;
      const nsPair = movement === 'two-winner' ? `N${t + 1}` : `${2 * t + 1}`;
      const ewPair =
        movement === 'two-winner' ? `E${((t + b) % tables) + 1}` : `${2 * ((t + b) % tables) + 2}`;
      if (movement === 'one-winner' && b % 2 === 0) {
        // a Howell's pairs change direction: swap the sides on even boards
        lines.push(line(b * 3, ewPair, nsPair));
      } else lines.push(line(b * 3, nsPair, ewPair));
    }
  }
  function line(board: number, nsPair: string, ewPair: string): TravellerLine {
    if (r() < artificial)
      return { board, nsPair, ewPair, artificial: { ns: pick(AWARDS), ew: pick(AWARDS) } };
    return { board, nsPair, ewPair, score: pick(candidates) };
  }
  const order = r(); // boards out of order: reversed, or shuffled
  if (order < 0.3) lines.reverse();
  else if (order < 0.55) lines.sort(() => r() - 0.5);
  const maxOnBoard = tables;
  const settings: { -readonly [K in keyof ScoringSettings]?: ScoringSettings[K] } = {};
  if (r() < 0.3) settings.factoring = 'none';
  if (r() < 0.3) settings.neubergExpected = maxOnBoard + Math.floor(r() * 3);
  if (r() < 0.4) settings.matchpointsPerResultBeaten = 1;
  if (r() < 0.3) settings.averagePlusMinus = 'fixed';
  if (r() < 0.3) settings.placeDecimals = Math.floor(r() * 4);
  if (r() < 0.2) settings.averagePlusPercent = 65;
  return { lines, movement, settings };
}

/** Everything a result says, fractions as exact strings, in order. */
function plain(r: SessionResult): unknown {
  return {
    fullTop: r.fullTop,
    maxBoardsPlayed: r.maxBoardsPlayed,
    boards: r.boards.map((b) => ({ ...b, score: b.score.toString() })),
    pairs: r.pairs.map((p) => ({
      ...p,
      total: p.total.toString(),
      percentage: p.percentage.toString(),
      totalScore: p.totalScore.toString(),
    })),
  };
}

function outcome(f: () => SessionResult): unknown {
  try {
    return { ok: plain(f()) };
  } catch (e) {
    const err = e as Error & { field?: string };
    return { error: err.constructor.name, message: err.message, field: err.field };
  }
}

describe('Session result: the integer fast path gives exactly what the reference gives', () => {
  it('STD-MP / STD-NEUBERG on 600 random sessions (missing results, artificial scores, settings)', () => {
    let scored = 0;
    for (let seed = 1; seed <= 600; seed++) {
      const { lines, movement, settings } = randomSession(seed);
      const got = outcome(() => scoreMatchpointSession(lines, { movement, settings }));
      const want = outcome(() => referenceMatchpointSession(lines, { movement, settings }));
      expect({ seed, got }).toEqual({ seed, got: want });
      if ('ok' in (want as object)) scored++;
    }
    expect(scored).toBeGreaterThan(400); // most sessions score; the rest compare their errors
  });

  it('STD-MP bad input: the same first error, whichever line is bad and whatever comes later', () => {
    const base = randomSession(7).lines;
    const bad: TravellerLine[][] = [
      // a pair twice on a board, found later in the input than another line's bad field
      [...base, { ...base[0]!, ewPair: 'X9' }, { board: 0, nsPair: 'A', ewPair: 'B', score: 0 }],
      [
        { board: 1, nsPair: 'A', ewPair: 'B', score: 0 },
        { board: 1, nsPair: 'C', ewPair: 'A', score: 0 },
      ],
      // the NS pair of one earlier line and the EW pair of another: the earlier line is named
      [
        { board: 1, nsPair: 'A', ewPair: 'B', score: 0 },
        { board: 1, nsPair: 'C', ewPair: 'D', score: 0 },
        { board: 1, nsPair: 'D', ewPair: 'A', score: 0 },
      ],
      [{ board: 2, nsPair: 'A', ewPair: '', score: 0 }],
      [{ board: 2, nsPair: 'A', ewPair: 'A', score: 0 }],
      [{ board: 2, nsPair: 'A', ewPair: 'B', score: 1.5 }],
      [{ board: 2, nsPair: 'A', ewPair: 'B', score: 1, artificial: { ns: 'A', ew: 'A' } }],
      [{ board: 2, nsPair: 'A', ewPair: 'B', artificial: { ns: 120, ew: 'A' } }],
      [{ board: 2, nsPair: 'A', ewPair: 'B', artificial: { ns: 'A', ew: 'B' as 'A' } }],
      [null as unknown as TravellerLine],
      // a hole is skipped, as forEach skips it
      // eslint-disable-next-line no-sparse-arrays
      [, { board: 1, nsPair: 'A', ewPair: 'B', score: 0 }] as TravellerLine[],
    ];
    for (const lines of bad) {
      for (const movement of ['two-winner', 'one-winner'] as const) {
        expect(outcome(() => scoreMatchpointSession(lines, { movement }))).toEqual(
          outcome(() => referenceMatchpointSession(lines, { movement })),
        );
        for (const method of ['butler', 'cross-imp'] as const) {
          expect(outcome(() => scoreImpSession(lines, { movement, method }))).toEqual(
            outcome(() => referenceImpSession(lines, { movement, method })),
          );
        }
      }
    }
  });

  it('STD-BUTLER / STD-CROSSIMP share the line check and grouping: same results', () => {
    for (let seed = 1; seed <= 150; seed++) {
      const { lines, movement } = randomSession(seed);
      for (const method of ['butler', 'cross-imp'] as const) {
        expect({
          seed,
          got: outcome(() => scoreImpSession(lines, { movement, method })),
        }).toEqual({ seed, got: outcome(() => referenceImpSession(lines, { movement, method })) });
      }
    }
  });
});

describe('Session result: line kinds agree with the kinds they generalise', () => {
  it('Law 12C1(c) a weighted score of one score (or of one score twice) is that real result, on 300 random sessions', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const { lines, movement, settings } = randomSession(seed);
      let k = 0;
      const weighted = lines.map((l) => {
        if (l.score === undefined || k++ % 3 !== 0) return l;
        const { score, ...rest } = l;
        const parts =
          k % 2 === 0
            ? [{ weight: 1, score }]
            : [
                { weight: 0.4, score },
                { weight: 0.6, score },
              ];
        return { ...rest, weighted: parts };
      });
      expect({
        seed,
        got: outcome(() => scoreMatchpointSession(weighted, { movement, settings })),
      }).toEqual({
        seed,
        got: outcome(() => scoreMatchpointSession(lines, { movement, settings })),
      });
    }
  });

  it('STD-NEUBERG an awarded line of 60 and 40 out of 100 is the artificial 60/40, on 300 random sessions', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const { lines, movement, settings } = randomSession(seed);
      const asArtificial = lines.map((l, i) =>
        l.score !== undefined && i % 4 === 1
          ? { board: l.board, nsPair: l.nsPair, ewPair: l.ewPair, artificial: { ns: 60, ew: 40 } }
          : l,
      );
      const asAwarded = lines.map((l, i) =>
        l.score !== undefined && i % 4 === 1
          ? {
              board: l.board,
              nsPair: l.nsPair,
              ewPair: l.ewPair,
              awarded: { ns: 60, ew: 40, top: 100 },
            }
          : l,
      );
      expect({
        seed,
        got: outcome(() => scoreMatchpointSession(asAwarded, { movement, settings })),
      }).toEqual({
        seed,
        got: outcome(() => scoreMatchpointSession(asArtificial, { movement, settings })),
      });
    }
  });
});

describe('Session result: weighted lines in IMP sessions', () => {
  it('Law 12C1(c) STD-CROSSIMP a weighted score of one score is that real result, on 150 random sessions', () => {
    for (let seed = 1; seed <= 150; seed++) {
      const { lines, movement } = randomSession(seed);
      let k = 0;
      const weighted = lines.map((l) => {
        if (l.score === undefined || k++ % 3 !== 0) return l;
        const { score, ...rest } = l;
        return {
          ...rest,
          weighted: [
            { weight: 0.25, score },
            { weight: 0.75, score },
          ],
        };
      });
      const options = { movement, method: 'cross-imp' as const };
      expect({ seed, got: outcome(() => scoreImpSession(weighted, options)) }).toEqual({
        seed,
        got: outcome(() => scoreImpSession(lines, options)),
      });
    }
  });
});
