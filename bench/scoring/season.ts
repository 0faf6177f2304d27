/**
 * A synthetic season of matchpoint sessions for the scoring benchmark: seeded, deterministic.
 * Each session is a Mitchell (two-winner) movement of t tables (10–40): every board is played
 * once at each table, so each board has t results, and NS pair i meets EW pair (i + board) mod t.
 * NS scores come from a seeded set of real contract scores: each board draws 4–8 candidate
 * results (the field's contracts and outcomes on that deal) with weights, so ties are common.
 */

/** Real duplicate scores from NS's point of view: NS making, NS going down, EW making. */
const CONTRACT_SCORES = [
  70, 80, 90, 110, 120, 130, 140, 150, 170, 180, 200, 210, 230, 300, 400, 420, 430, 450, 460, 480,
  490, 500, 510, 600, 620, 630, 650, 660, 680, 690, 720, 790, 800, 920, 980, 990, 1010, 1100, 1210,
  1430, 1440, 1460, 1510, 2210, -50, -100, -150, -200, -250, -300, -400, -500, -800, -1100, -70,
  -80, -90, -110, -120, -130, -140, -150, -170, -180, -200, -420, -430, -450, -460, -620, -630,
  -650, -660, -680, -980, -990, -1430, -1460, 100, 300, 500, 800,
];

/** mulberry32: a small seeded generator, the same season every run. */
export function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SyntheticSession {
  tables: number;
  /** Index of the session's first board in the season's board list. */
  firstBoard: number;
  boards: number;
}

export interface SyntheticSeason {
  /** Every board's NS scores, one plain array a board (what a caller hands matchpointScores). */
  boards: number[][];
  sessions: SyntheticSession[];
  results: number;
  distinctPerBoard: number;
}

/** Sessions of 10–40 tables and 18–28 boards until `results` results are reached. */
export function syntheticSeason(results: number, seed = 2024): SyntheticSeason {
  const rand = rng(seed);
  const boards: number[][] = [];
  const sessions: SyntheticSession[] = [];
  let total = 0;
  let distinct = 0;
  while (total < results) {
    const tables = 10 + Math.floor(rand() * 31);
    const count = 18 + Math.floor(rand() * 11);
    sessions.push({ tables, firstBoard: boards.length, boards: count });
    for (let b = 0; b < count; b++) {
      const k = 4 + Math.floor(rand() * 5);
      const candidates: number[] = [];
      const weights: number[] = [];
      for (let c = 0; c < k; c++) {
        candidates.push(CONTRACT_SCORES[Math.floor(rand() * CONTRACT_SCORES.length)]);
        weights.push(c === 0 ? 4 : rand() * 2 + 0.2);
      }
      const sum = weights.reduce((x, y) => x + y, 0);
      const scores: number[] = [];
      for (let r = 0; r < tables; r++) {
        let u = rand() * sum;
        let c = 0;
        while (c < k - 1 && u >= weights[c]) u -= weights[c++];
        scores.push(candidates[c]);
      }
      distinct += new Set(scores).size;
      boards.push(scores);
      total += tables;
    }
  }
  return { boards, sessions, results: total, distinctPerBoard: distinct / boards.length };
}
