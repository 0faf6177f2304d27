/**
 * What the example generators share (examples/generate.ts, lcba-league.ts, pinner.ts): a line
 * of an example file, a seeded generator and the day arithmetic, so every file is the same on
 * every run.
 */
import { writeFileSync } from 'node:fs';

/** One line of an example .ndjson file, as `bridge-ledger append` reads it. */
export interface ExampleLine {
  streamId: string;
  id: string;
  type: string;
  /** Only for a fact kept at an older version (read upcast). */
  schemaVersion?: number;
  occurredAt: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

/** A small seeded generator (mulberry32): the same file every run. */
export function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A club date `days` later (or earlier), `YYYY-MM-DD`. */
export const addDays = (date: string, days: number): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The lines as an .ndjson file, one JSON object a line. */
export function writeLines(file: string, lines: readonly ExampleLine[]): void {
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
}
