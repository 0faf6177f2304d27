import { workerScript } from '../ledger/worker-script';
import { Worker } from 'node:worker_threads';
import type { EventCatalogue } from '../kernel/catalogue';
import type { EventStore } from '../store/event-store';
import { hasDensePositions } from '../store/open-store';
import { readRaw } from './raw-records';
import { verifyLog, type VerifyProblem, type VerifyReport } from './verify';

/** A piece of the log one worker verifies: positions `from` to `to`. */
export interface Piece {
  index: number;
  from: number;
  to: number;
}

export type PieceReport = { piece: Piece } & ({ report: VerifyReport } | { error: string });

/** The facts a worker verifies at a time: the unit of the memory a piece holds. */
export const PIECE = 50_000;

export interface VerifyProgress {
  done: number;
  total: number;
}

/**
 * `verify` of a store, on `workers` cores: the log cut into pieces of positions, each verified
 * by a worker thread reading it from the store through its own read-only connection (SQLite in
 * WAL mode and PostgreSQL take concurrent readers), then joined here in order. Each piece's
 * chain starts from the hash stored before it, so a break is found wherever it is; its positions
 * must follow the piece before; each stream's first revision in a piece must follow its last in
 * the pieces before. Ids stored twice are asked of the database (its index of ids), so no
 * process holds every id: memory follows the piece, not the ledger. One worker, a store of
 * sparse positions (EventStoreDB) or one no other process can open (memory:) is verified by
 * one pass in this thread.
 */
export async function verifyStore(
  store: EventStore,
  catalogue: EventCatalogue,
  options: {
    /** The store's URL as given (with its password): each worker opens it. */
    url: string;
    workers: number;
    maxProblems?: number;
    /** Facts a piece (PIECE). */
    piece?: number;
    onProgress?: (p: VerifyProgress) => void;
  },
): Promise<VerifyReport> {
  const max = options.maxProblems ?? 100;
  const size = options.piece ?? PIECE;
  const head = await store.headPosition();
  const dense = hasDensePositions(store);
  // Without the database's own query of repeated ids, the one pass keeps the set of them.
  if (!store.repeatedIds || !dense) {
    return verifyLog(readRaw(store), catalogue, {
      densePositions: dense,
      sealed: store.sealed ?? false,
      maxProblems: max,
    });
  }
  const repeatedIds = store.repeatedIds.bind(store);
  const parallel = options.workers > 1 && !options.url.startsWith('memory:') && head > size;
  if (!parallel) {
    const repeated = repeatedIds(max + 1);
    // Asked at once, awaited after the pass: a failure is the pass's, never an unheard one.
    repeated.catch(() => undefined);
    const whole = await verifyLog(readRaw(store), catalogue, {
      densePositions: true,
      sealed: store.sealed ?? false,
      maxProblems: max,
      partial: true,
      idsChecked: true,
    });
    options.onProgress?.({ done: whole.events, total: head });
    return joined([whole], await repeated, store.sealed ?? false, max);
  }
  const pieces: Piece[] = [];
  for (let from = 1, index = 0; from <= head; from += size, index++)
    pieces.push({ index, from, to: Math.min(head, from + size - 1) });
  const reports = runPieces(
    pieces,
    options.url,
    Math.min(options.workers, pieces.length),
    max,
    (done) => options.onProgress?.({ done, total: head }),
  );
  // Asked once the workers are started: SQLite answers it on this thread, which the workers'
  // own start (loading the contexts) would otherwise wait behind.
  const repeated = new Promise<Awaited<ReturnType<typeof repeatedIds>>>((resolve, reject) =>
    setImmediate(() => repeatedIds(max + 1).then(resolve, reject)),
  );
  repeated.catch(() => undefined);
  return joined(await reports, await repeated, store.sealed ?? false, max);
}

/** The pieces' reports joined in order: what one pass over the whole log would have found. */
function joined(
  reports: VerifyReport[],
  repeated: Array<{ id: string; positions: number[] }>,
  kept: boolean,
  max: number,
): VerifyReport {
  const found: VerifyProblem[] = [];
  let more = 0;
  const lastRevision = new Map<string, number>();
  let events = 0;
  let breaks = 0;
  let firstBreak: VerifyReport['seal']['firstBreak'];
  for (const r of reports) {
    found.push(...r.problems);
    more += r.moreProblems;
    events += r.events;
    breaks += r.seal.breaks;
    firstBreak ??= r.seal.firstBreak;
    for (const [stream, first, last, position] of r.revisions ?? []) {
      const before = lastRevision.get(stream) ?? -1;
      if (first !== before + 1)
        found.push({
          position,
          check: 'revision',
          message: `stream ${stream}: expected revision ${before + 1}, found ${first}`,
        });
      lastRevision.set(stream, last);
    }
  }
  for (const { id, positions } of repeated)
    for (const position of positions.slice(1))
      found.push({ position, check: 'id', message: `id ${id} repeated` });
  found.sort((a, b) => a.position - b.position);
  const last = reports[reports.length - 1]!;
  return {
    ok: found.length + more === 0,
    events,
    streams: lastRevision.size,
    lastPosition: last.lastPosition,
    problems: found.slice(0, max),
    moreProblems: more + Math.max(0, found.length - max),
    seal: { kept, head: last.seal.head, ...(firstBreak ? { firstBreak } : {}), breaks },
  };
}

/** Hands the pieces to the workers, the next to whichever is free; reports in piece order. */
function runPieces(
  pieces: Piece[],
  url: string,
  workers: number,
  maxProblems: number,
  onDone: (facts: number) => void,
): Promise<VerifyReport[]> {
  const reports: VerifyReport[] = new Array<VerifyReport>(pieces.length);
  const { file, execArgv } = workerScript('verify-worker');
  let next = 0;
  let done = 0;
  let facts = 0;
  return new Promise((resolve, reject) => {
    const pool: Worker[] = [];
    let finished = false;
    const finish = (err?: Error) => {
      if (finished) return;
      finished = true;
      for (const w of pool) w.postMessage(null);
      if (err) reject(err);
      else resolve(reports);
    };
    const give = (w: Worker) => {
      if (next < pieces.length) w.postMessage(pieces[next++]);
    };
    for (let i = 0; i < workers; i++) {
      const w = new Worker(file, { workerData: { url, maxProblems }, execArgv });
      pool.push(w);
      w.on('message', (m: PieceReport) => {
        if ('error' in m)
          return finish(new Error(`verify: positions ${m.piece.from}–${m.piece.to}: ${m.error}`));
        reports[m.piece.index] = m.report;
        facts += m.report.events;
        onDone(facts);
        if (++done === pieces.length) finish();
        else give(w);
      });
      w.on('error', (err) => finish(err));
      give(w);
    }
  });
}
