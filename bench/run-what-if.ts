import '../src/contexts/built-in';
import '../src/rulesets';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { catalogue } from '../src/contexts/catalogue';
import { competitions, type StandingsView } from '../src/contexts/pairs/projection';
import { diffTables } from '../src/contexts/pairs/projection/diff';
import { standingsFrom } from '../src/audit/published';
import { competitionsSlice } from '../src/contexts/pairs/read/competition-slice';
import { directoryOf } from '../src/ledger/ledger-directory';
import { replayFromStore } from '../src/audit/replay';
import { diffAt, whatIfAt, type TableOf } from '../src/audit/what-if';
import { SqliteEventStore } from '../src/store/sqlite/sqlite-event-store';
import { envInt, freshDir, log, median, removeDir, settle, since } from './lib/harness';
import { clubIdOf, history, type HistoryShape } from './standings/history';

/**
 * A what-if and a diff of one competition in the 20-season history read only the
 * facts of that competition's year and its club's rulebook and roster (the `window` of
 * `competitionsSlice`), so they cost what they cost on a 1-season history: measured side by
 * side in one run (bound: 20 seasons within 2× of 1), with a full-history replay beside them.
 *
 * For each of BENCH_SEASONS (default 1,20): the synthetic district history of the standings
 * benchmark (bench/standings/history.ts: 32 DSB clubs, 4 competitions of 6 sessions a season,
 * 24 pairs) loaded into a SQLite file; the ledger directory caught up once (as the service does
 * at start: the index of which streams hold a club's facts, read from $all once a process);
 * then BENCH_RUNS rounds (default 21), each running every query on every history in turn (the
 * order alternating round by round, so that neither history always runs first), medians:
 *
 * - what-if: `whatIfAt` of the last competition of club01 (standings under
 *   `promotion.promote: 1, promotion.relegate: 1`, with the diff against the real standings);
 * - diff: `diffAt` of the same competition from the position after its third session to now;
 * - the window slice alone: streams and events read (the what-if reads this slice once, the
 *   diff twice), beside the club's whole history (the scope of `standings --as-of`);
 * - a full-history replay (every fact of $all folded) and the same what-if computed on it.
 *
 * Not a test: prints the figures and PASS/MISS against the 2× bound. `npm run bench:what-if`.
 */

const SEASONS = (process.env.BENCH_SEASONS ?? '1,20').split(',').map((s) => {
  const n = Number(s.trim());
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error('BENCH_SEASONS: e.g. 1,20');
  return n;
});
const RUNS = envInt('BENCH_RUNS', 21);
const FIRST_YEAR = 2006;
const OVERRIDE = { 'promotion.promote': 1, 'promotion.relegate': 1 };

interface Figures {
  seasons: number;
  facts: number;
  loadSeconds: number;
  directoryMs: number;
  whatIfMs: number;
  sliceMs: number;
  whatIfRuns: number[];
  whatIfChanges: number;
  diffMs: number;
  diffRuns: number[];
  diffChanges: number;
  windowStreams: number;
  windowEvents: number;
  clubStreams: number;
  clubEvents: number;
  replayMs: number;
  replayWhatIfMs: number;
  sameAsReplay: boolean;
}

async function timed<T>(f: () => Promise<T>): Promise<{ ms: number; value: T }> {
  settle();
  const t = performance.now();
  const value = await f();
  return { ms: performance.now() - t, value };
}

/** One history, loaded and ready: its store open, its directory caught up. */
interface Subject {
  seasons: number;
  store: SqliteEventStore;
  t: TableOf;
  competitionId: string;
  afterThird: number;
  facts: number;
  loadSeconds: number;
  directoryMs: number;
}

async function prepare(seasons: number, dir: string): Promise<Subject> {
  const shape: HistoryShape = {
    seasons,
    clubs: 32,
    competitions: 4,
    pairs: 24,
    firstYear: FIRST_YEAR,
  };
  const path = join(dir, `history-${seasons}.db`);
  const lastYear = FIRST_YEAR + seasons - 1;
  const competitionId = `${clubIdOf(0)}-${lastYear}-c4`;
  const writer = new SqliteEventStore(path, { synchronous: 'NORMAL' });
  const start = process.hrtime.bigint();
  let facts = 0;
  let afterThird = 0;
  for (const b of history(shape)) {
    const r = await writer.appendToStream(b.streamId, b.events, { expectedRevision: 'any' });
    facts += b.events.length;
    const third = b.events.some(
      (e) =>
        e.type === 'SessionResultRecorded' &&
        (e.data as { competitionId: string }).competitionId === competitionId &&
        (e.data as { session: number }).session === 3,
    );
    if (third) afterThird = r.position;
  }
  const loadSeconds = since(start);
  writer.db.pragma('wal_checkpoint(TRUNCATE)');
  await writer.close();
  log(
    `${seasons} season(s): ${facts.toLocaleString('en-GB')} facts loaded in ${loadSeconds.toFixed(1)} s`,
  );
  const store = new SqliteEventStore(path, { upcast: catalogue.upcast, readOnly: true });
  const directory = await timed(() => directoryOf(store).catchUp());
  log(`  ledger directory caught up (once a process): ${directory.ms.toFixed(0)} ms`);
  return {
    seasons,
    store,
    t: { table: 'standings', competitionId },
    competitionId,
    afterThird,
    facts,
    loadSeconds,
    directoryMs: directory.ms,
  };
}

/** The timed queries of one subject; the rounds alternate the subjects, run after run. */
const QUERIES = {
  slice: (s: Subject) =>
    competitionsSlice(s.store, { competitionId: s.competitionId, window: true }),
  whatIf: (s: Subject) => whatIfAt(s.store, s.t, { kind: 'now' }, OVERRIDE),
  diff: (s: Subject) =>
    diffAt(s.store, s.t, { kind: 'position', atPosition: s.afterThird }, { kind: 'now' }),
};

async function measureAll(subjects: Subject[]): Promise<Figures[]> {
  const runs = subjects.map(() => ({
    slice: [] as number[],
    whatIf: [] as number[],
    diff: [] as number[],
  }));
  for (let i = 0; i < RUNS; i++) {
    for (const q of ['slice', 'whatIf', 'diff'] as const) {
      // Alternate which history goes first, so neither always runs on a warmer machine.
      const order = i % 2 ? [...subjects.keys()].reverse() : [...subjects.keys()];
      for (const k of order) {
        const query: (s: Subject) => Promise<unknown> = QUERIES[q];
        runs[k]![q].push((await timed(() => query(subjects[k]!))).ms);
      }
    }
  }
  const out: Figures[] = [];
  for (const [k, s] of subjects.entries()) {
    const r = runs[k]!;
    const window = await QUERIES.slice(s);
    const club = await competitionsSlice(s.store, { competitionId: s.competitionId });
    const whatIf = await QUERIES.whatIf(s);
    const diff = await QUERIES.diff(s);
    log(`${s.seasons} season(s):`);
    log(
      `  reads: window ${window.streams.length} streams / ${window.eventsRead.toLocaleString('en-GB')} events; the club's whole history ${club.streams.length} / ${club.eventsRead.toLocaleString('en-GB')}`,
    );
    log(`  window slice read + fold (ms): ${r.slice.map((x) => x.toFixed(1)).join(' ')}`);
    log(
      `  what-if (ms): ${r.whatIf.map((x) => x.toFixed(1)).join(' ')}; ${whatIf.diff.changes.length} changes`,
    );
    log(
      `  diff (ms): ${r.diff.map((x) => x.toFixed(1)).join(' ')}; ${diff.changes.length} changes`,
    );

    const replay = await timed(() => replayFromStore(s.store, competitions));
    const onReplay = await timed(async () =>
      standingsFrom(replay.value.state, s.competitionId, undefined, OVERRIDE),
    );
    // The window's answer is the full replay's: no number differs (the heading's rulebook
    // aside: a what-if names the rulebook it amends).
    const differ = diffTables(
      { table: 'standings', view: onReplay.value },
      { table: 'standings', view: whatIf.whatIf as StandingsView },
    ).changes.filter((c) => c.subject !== 'heading');
    const sameAsReplay = differ.length === 0;
    log(
      `  full-history replay: ${replay.ms.toFixed(0)} ms, then the what-if on it ${onReplay.ms.toFixed(1)} ms; same answer as the window: ${sameAsReplay}`,
    );
    out.push({
      seasons: s.seasons,
      facts: s.facts,
      loadSeconds: s.loadSeconds,
      directoryMs: s.directoryMs,
      whatIfMs: median(r.whatIf),
      sliceMs: median(r.slice),
      whatIfRuns: r.whatIf,
      whatIfChanges: whatIf.diff.changes.length,
      diffMs: median(r.diff),
      diffRuns: r.diff,
      diffChanges: diff.changes.length,
      windowStreams: window.streams.length,
      windowEvents: window.eventsRead,
      clubStreams: club.streams.length,
      clubEvents: club.eventsRead,
      replayMs: replay.ms,
      replayWhatIfMs: replay.ms + onReplay.ms,
      sameAsReplay,
    });
  }
  return out;
}

async function main() {
  log(
    `what-if / diff bench: seasons ${SEASONS.join(', ')}, ${RUNS} runs each; ${cpus().length} CPUs, load ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  const dir = freshDir('what-if');
  const subjects: Subject[] = [];
  let figures: Figures[];
  try {
    for (const s of SEASONS) subjects.push(await prepare(s, dir));
    figures = await measureAll(subjects);
  } finally {
    for (const s of subjects) await s.store.close();
    removeDir(dir);
  }
  const a = figures[0]!;
  const b = figures[figures.length - 1]!;
  const ms = (x: number) => `${x < 10 ? x.toFixed(1) : x.toFixed(0)} ms`;
  const n = (x: number) => x.toLocaleString('en-GB');
  const rows: Array<[string, (f: Figures) => number, (x: number) => string, number | undefined]> = [
    ['what-if (standings + diff vs real), median', (f) => f.whatIfMs, ms, 2],
    ['diff (after session 3 → now), median', (f) => f.diffMs, ms, 2],
    ['the window slice alone (read + fold), median', (f) => f.sliceMs, ms, undefined],
    ['events read by the window slice', (f) => f.windowEvents, n, 2],
    ['streams read by the window slice', (f) => f.windowStreams, n, undefined],
    ["events of the club's whole history", (f) => f.clubEvents, n, undefined],
    ['full-history replay', (f) => f.replayMs, ms, undefined],
    ['full replay + the what-if on it', (f) => f.replayWhatIfMs, ms, undefined],
    ['ledger directory catch-up (once a process)', (f) => f.directoryMs, ms, undefined],
    ['facts in the ledger', (f) => f.facts, n, undefined],
  ];
  log('');
  log(
    `| measure | ${a.seasons} season(s) | ${b.seasons} seasons | ${b.seasons}/${a.seasons} | bound |`,
  );
  log('| --- | ---: | ---: | ---: | --- |');
  for (const [label, value, fmt, bound] of rows) {
    const x = value(a);
    const y = value(b);
    const ratio = y / x;
    const verdict = bound === undefined ? '—' : `≤ ${bound}× ${ratio <= bound ? 'PASS' : 'MISS'}`;
    log(`| ${label} | ${fmt(x)} | ${fmt(y)} | ${ratio.toFixed(2)}× | ${verdict} |`);
  }
  log('');
  log(
    `what-if on the window = what-if on the full replay: ${figures.map((f) => `${f.seasons}: ${f.sameAsReplay}`).join(', ')}`,
  );
  log(
    `what-if / full replay + what-if at ${b.seasons} seasons: ${((b.whatIfMs / b.replayWhatIfMs) * 100).toFixed(2)} %`,
  );
}

main().catch((e) => {
  process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
  process.exitCode = 1;
});
