import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { COLUMNS } from '../../src/store/sqlite/rows';

/**
 * What a second core gives on this machine, now: a kind of work timed on one thread alone, then
 * on two threads at once. These machines are shared: a rebuild's one-worker against two-worker
 * figures are read beside what the second core gave while they were measured.
 *
 * - compute: a loop over integers, in the CPU's caches (what a whole second core gives);
 * - memory: a 256 MiB buffer copied 8 times (the memory bus);
 * - scan: a ledger's events read whole, the columns a rebuild worker reads, `data` and
 *   `metadata` parsed (two threads: two shares, each reading the whole table);
 * - fold: a ledger's first facts read a page at a time and folded into every read model and the
 *   directory (or those of `only`) as a rebuild worker reads and folds them, nothing saved (two
 *   threads: two workers, each folding the same facts into read models of its own).
 */
export type Kind = 'compute' | 'memory' | 'scan' | 'fold';

interface Probe {
  kind: Kind;
  /** The compute loop's turns. */
  turns: number;
  /** The ledger a scan reads, and how many of its facts (-1: every one). */
  ledger?: string;
  rows: number;
  /** The read models a fold folds, by name, and `directory`: every one when undefined. */
  only?: string[];
}

/** The probe's work; the milliseconds of its timed part. */
async function work(probe: Probe): Promise<number> {
  if (probe.kind === 'fold') return fold(probe);
  const t = performance.now();
  scanOrLoop(probe);
  return performance.now() - t;
}

function scanOrLoop({ kind, turns, ledger, rows }: Probe): void {
  if (kind === 'compute') {
    let x = 0;
    for (let i = 0; i < turns; i++) x = (x * 31 + i) | 0;
    if (x === 0.5) throw new Error('unreachable: keeps the loop');
  } else if (kind === 'memory') {
    const from = Buffer.alloc(256 * 2 ** 20, 1);
    const to = Buffer.alloc(256 * 2 ** 20);
    for (let i = 0; i < 8; i++) from.copy(to);
  } else {
    if (ledger === undefined) throw new Error('a scan needs a ledger');
    const db = new Database(ledger, { readonly: true });
    const read = db
      .prepare(`SELECT ${COLUMNS}, imported_at FROM events ORDER BY position LIMIT ?`)
      .raw()
      .iterate(rows);
    for (const row of read as Iterable<unknown[]>) {
      JSON.parse(row[8] as string);
      JSON.parse(row[9] as string);
    }
    db.close();
  }
}

/** The rebuild's fold of the ledger's first `rows` facts (every one for -1). */
async function fold({ ledger, rows, only }: Probe): Promise<number> {
  if (ledger === undefined) throw new Error('a fold needs a ledger');
  // Loaded here only: the other kinds' threads boot without the contexts.
  const { foldPass } = await import('./fold-pass');
  return foldPass(ledger, { ...(only ? { only } : {}), ...(rows < 0 ? {} : { facts: rows }) });
}

if (!isMainThread && (workerData as { probe?: Probe } | null)?.probe) {
  // A failure is the worker's uncaught error: its 'error' event in the main thread.
  void work((workerData as { probe: Probe }).probe).then((ms) => parentPort!.postMessage(ms));
}

/** `threads` threads doing `probe` at once: each one's milliseconds. */
function together(probe: Probe, threads: number): Promise<number[]> {
  return Promise.all(
    Array.from(
      { length: threads },
      () =>
        new Promise<number>((resolve, reject) => {
          const w = new Worker(__filename, { workerData: { probe } });
          w.once('message', resolve);
          w.once('error', reject);
        }),
    ),
  );
}

/**
 * One thread's time alone (the mean of one before and one after), two threads' times at once, and
 * the gain: 2.00 for a whole second core.
 */
export interface Gain {
  alone: number;
  two: number[];
  /** The work two threads did in the time one alone takes for its own. */
  gain: number;
}

export async function secondCore(
  kind: Kind,
  options: { turns?: number; ledger?: string; rows?: number; only?: string[] } = {},
): Promise<Gain> {
  const probe: Probe = {
    kind,
    turns: options.turns ?? 400_000_000,
    ...(options.ledger !== undefined ? { ledger: options.ledger } : {}),
    rows: options.rows ?? -1,
    ...(options.only ? { only: options.only } : {}),
  };
  // One thread alone before the two and after them: the machine's other load moves meanwhile.
  const [before] = await together(probe, 1);
  const two = await together(probe, 2);
  const [after] = await together(probe, 1);
  const alone = (before! + after!) / 2;
  return { alone, two, gain: two.reduce((sum, ms) => sum + alone / ms, 0) };
}
