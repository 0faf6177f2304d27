import '../src/contexts/built-in';
import '../src/rulesets';
import { cpus } from 'node:os';
import { config, fmtRate, log, median, settle, since, envInt } from './lib/harness';
import {
  contenders,
  FLOORS,
  naiveMatchpoints,
  sessionLines,
  type ScoringContender,
} from './scoring/contenders';
import { syntheticSeason } from './scoring/season';
import { matchpointScores } from '../src/scoring';

/**
 * Matchpointing a season of 1,000,000 board results against the work's floor — sorting
 * the same scores per board — measured in the same process, interleaved chunk by chunk in an
 * order that rotates, median of `runs` rounds. Prints per-round figures, then Markdown tables
 * for bench/RESULTS.md. Not a test.
 */

const TARGET = 3;
const results = envInt('BENCH_RESULTS', 1_000_000);
/** Sessions per interleaved chunk. */
const chunkSessions = envInt('BENCH_CHUNK_SESSIONS', 40);
/** Passes over the season per round for the per-board contenders (the session path does one). */
const passes = envInt('BENCH_PASSES', 3);
const only = (
  process.env.BENCH_SCORING ?? 'sort-array,sort-int32,sort-float64,matchpointScores,session'
)
  .split(',')
  .map((s) => s.trim()) as ScoringContender[];

type Round = Partial<Record<ScoringContender, number>>; // seconds for one pass over the season

function main(): void {
  const season = syntheticSeason(results);
  const lines = sessionLines(season);
  const work = contenders(season, lines);
  const sizes = season.boards.map((b) => b.length);
  log(`# scoring benchmark — ${new Date().toISOString()}`);
  log(
    `node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), gc between rounds: ${'gc' in globalThis ? 'yes' : 'no'}`,
  );
  log(
    `${season.results.toLocaleString('en-GB')} results, ${season.boards.length.toLocaleString('en-GB')} boards of ${Math.min(...sizes)}–${Math.max(...sizes)} results in ${season.sessions.length} sessions; ${season.distinctPerBoard.toFixed(1)} distinct scores a board on average; ${passes} passes a round (session path: 1), chunks of ${chunkSessions} sessions, ${config.runs} rounds`,
  );

  // Sanity (untimed): the module agrees with the definition on the first 2,000 boards.
  for (const b of season.boards.slice(0, 2000)) {
    const got = matchpointScores(b);
    const want = naiveMatchpoints(b);
    if (got.some((x, i) => x !== want[i])) throw new Error(`matchpoints differ on ${b.join(',')}`);
  }

  // Warm-up (untimed): every contender over a few chunks, so the rounds time optimised code.
  for (const c of only) {
    if (c === 'session') work.session(0, Math.min(20, season.sessions.length));
    else work[c](0, Math.min(2000, season.boards.length));
  }

  const rounds: Round[] = [];
  let sink = 0;
  for (let round = 0; round < config.runs; round++) {
    settle();
    const t: Round = {};
    for (const c of only) t[c] = 0;
    let turn = round;
    for (let pass = 0; pass < passes; pass++) {
      for (let s = 0; s < season.sessions.length; s += chunkSessions) {
        const sEnd = Math.min(season.sessions.length, s + chunkSessions);
        const first = season.sessions[s].firstBoard;
        const last = season.sessions[sEnd - 1];
        const end = last.firstBoard + last.boards;
        const order = only.map((_, i) => only[(i + turn) % only.length]);
        turn++;
        for (const c of order) {
          if (c === 'session' && pass > 0) continue;
          const start = process.hrtime.bigint();
          sink += c === 'session' ? work.session(s, sEnd) : work[c](first, end);
          t[c]! += since(start);
        }
      }
    }
    for (const c of only) if (c !== 'session') t[c]! /= passes;
    rounds.push(t);
    log(
      `round ${round + 1}: ` +
        only
          .map((c) => `${c} ${fmtRate(season.results / t[c]!)} (${t[c]!.toFixed(3)} s)`)
          .join(', '),
    );
  }
  log(`(sink ${sink})`);

  const floors = FLOORS.filter((f) => only.includes(f));
  if (floors.length === 0) return;
  // The floor of each round: the fastest of the sorts measured in that round.
  const floorOf = (r: Round) => Math.min(...floors.map((f) => r[f]!));
  const fastest = floors.reduce((a, b) =>
    median(rounds.map((r) => r[a]!)) <= median(rounds.map((r) => r[b]!)) ? a : b,
  );
  log('');
  log(`floor = the fastest sort in each round (median: ${fastest})`);
  log('');
  log(
    '| contender | floor: sort per board (median) | measured (median) | time / floor time (median of rounds) | per round | target | verdict |',
  );
  log('|---|---|---|---|---|---|---|');
  const rate = (s: number) => `${fmtRate(season.results / s)} results`;
  for (const c of only) {
    const ratios = rounds.map((r) => r[c]! / floorOf(r));
    const m = median(ratios);
    const isFloor = floors.includes(c);
    log(
      `| ${c} | ${rate(median(rounds.map(floorOf)))} | ${rate(median(rounds.map((r) => r[c]!)))} | **${m.toFixed(2)}×** | ${ratios.map((x) => `${x.toFixed(2)}×`).join(', ')} | ${isFloor ? '—' : `≤ ${TARGET}×`} | ${isFloor ? '(floor)' : m <= TARGET ? 'meets' : 'MISSES'} |`,
    );
  }
}

main();
