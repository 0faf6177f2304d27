import { nzClub, type NzClubParams } from '../../../src/rulesets/nz-club/preset';
import { applyChanges, type Json } from '../../../src/rulebooks/rulebook';
import {
  hundredths,
  type NzSessionScore,
  type NzStanding,
} from '../../../src/rulesets/nz-club/standings';

export const params: NzClubParams = nzClub.params;

export const amended = (changes: Record<string, Json>): NzClubParams =>
  applyChanges(nzClub.params, changes);

/** A session score: `s(3, '61.25')`, `s(4, '55', { substitute: true })`; 25 boards by default. */
export const s = (
  session: number,
  percent: string,
  more: Partial<NzSessionScore> = {},
): NzSessionScore => ({ session, percentage: hundredths(percent), boardsPlayed: 25, ...more });

export const sub = (session: number, percent: string, more: Partial<NzSessionScore> = {}) =>
  s(session, percent, { substitute: true, ...more });

/** Scores for consecutive sessions from 1: `series('50', '55', …)`. */
export const series = (...percents: string[]): NzSessionScore[] =>
  percents.map((p, i) => s(i + 1, p));

export const row = (rows: NzStanding[], competitor: string): NzStanding => {
  const r = rows.find((x) => x.competitor === competitor);
  if (!r) throw new Error(`no row for ${competitor}`);
  return r;
};

/** The explanation lines of one session, as "RULE effect". */
export const explainOf = (r: NzStanding, session?: number): string[] =>
  r.explain.filter((e) => e.session === session).map((e) => `${e.rule} ${e.effect}`);
