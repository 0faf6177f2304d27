import type { EligibilityVerdicts, FixtureId, MatchInput, MatchScore } from '../model';
import type { SeasonMemo } from '../season';
import type { LeagueRecord } from './state';

/**
 * What the leagues read model keeps between two tables of one league, beside its
 * state (never saved: a loaded or replayed model starts without it and fills it on its first
 * table). Every table is still recomputed from the whole season (LCBA-8.1's averages move), but
 * from matches already scored and verdicts already reached:
 *
 * - each played match's score, by fixture, while its recorded result is the same object (an
 *   accepted correction puts a new one in its place: that match alone is scored again) and its
 *   day's parameters its score reads (the rulebook's `match` group) read the same;
 * - the eligibility verdicts, by `asOf`, while what they read (`EligibilityInput`: teams,
 *   fixtures' days, line-ups, payments, warnings, nominations …) reads the same — a correction
 *   of a result's boards leaves it as it was.
 *
 * The bench (bench/run-league.ts) measures the difference: a late correction on a held model
 * against a full replay.
 */
interface LeagueMemo {
  scores: Map<FixtureId, { input: MatchInput; params: string; score: MatchScore }>;
  verdicts: Map<string, { key: string; verdicts: EligibilityVerdicts }>;
}

/** The verdicts kept for this many `asOf` days a league (the latest asked). */
const VERDICT_DAYS = 8;

const memos = new WeakMap<LeagueRecord, LeagueMemo>();

/** A parameter object's text, once per object (the rulebook's are rebuilt per table). */
const texts = new WeakMap<object, string>();
function textOf(o: object): string {
  let t = texts.get(o);
  if (t === undefined) texts.set(o, (t = JSON.stringify(o)));
  return t;
}

export function seasonMemoOf(league: LeagueRecord): SeasonMemo {
  let memo = memos.get(league);
  if (!memo) memos.set(league, (memo = { scores: new Map(), verdicts: new Map() }));
  const { scores, verdicts } = memo;
  return {
    score(match, matchParams, compute) {
      const key = textOf(matchParams);
      const kept = scores.get(match.fixture);
      if (kept && kept.input === match.input && kept.params === key) return kept.score;
      const score = compute();
      scores.set(match.fixture, { input: match.input, params: key, score });
      return score;
    },
    verdicts(input, params, compute) {
      const day = input.asOf ?? '';
      const key = `${JSON.stringify(input)}\n${textOf(params)}`;
      const kept = verdicts.get(day);
      if (kept && kept.key === key) return kept.verdicts;
      const reached = compute();
      verdicts.delete(day);
      verdicts.set(day, { key, verdicts: reached });
      if (verdicts.size > VERDICT_DAYS) verdicts.delete(verdicts.keys().next().value!);
      return reached;
    },
  };
}
