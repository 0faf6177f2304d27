import { Worker } from 'node:worker_threads';
import { workerScript } from '../ledger/worker-script';
import { GENESIS_HASH } from '../store/seal';
import type { SqliteEventStore } from '../store/sqlite/sqlite-event-store';
import { streamExportRecords } from './export-chain';
import { ImportBatches } from './import-batches';
import { PROGRESS_EVERY } from './replay';

/** Facts written to the SQLite copy in one transaction: memory holds a batch, not the file. */
const IMPORT_BATCH = 10_000;

/**
 * An export's facts written to a SQLite store as an import writes them: in the file's order,
 * each stream's run one batch, each fact's recordedAt kept (not through the deciders: the audit
 * is of what the tables make of the facts as recorded). From position 1, each stream's
 * revisions as the file gives them; an export from a later position appends at any revision.
 * Gives how many facts it wrote; throws the store's refusal of one (a repeated id …).
 */
export async function copyExport(
  path: string,
  store: SqliteEventStore,
  onProgress: (done: number) => void = () => {},
): Promise<number> {
  const { records, previousHash } = await streamExportRecords(path);
  const fromStart = previousHash === GENESIS_HASH;
  const copy = new ImportBatches(store, IMPORT_BATCH, (r) =>
    !fromStart ? 'any' : r.revision === 0 ? 'no_stream' : r.revision - 1,
  );
  let done = 0;
  for await (const r of records) {
    await copy.add(r);
    if (++done % PROGRESS_EVERY === 0) onProgress(done);
  }
  await copy.flush();
  onProgress(done);
  return done;
}

/** What a copy worker tells: its progress, its end, or why it stopped. */
export type CopyMessage = { done: number } | { finished: number } | { error: string };

/** A copy made on a worker thread: its end, and how to stop it. */
export interface CopyOnWorker {
  /** Resolves with the facts written once the worker has closed the file. */
  finished: Promise<number>;
  /** Stops the worker (the check found the file cannot be replayed): the copy is thrown away. */
  stop(): Promise<void>;
}

/**
 * `copyExport` on a worker thread of its own, into the SQLite file `file`: the audit's check
 * reads the export on this thread meanwhile, so the two passes take the two cores (the copy's
 * inserts, about a third of the audit, no longer wait for the check).
 */
export function copyExportOnWorker(
  path: string,
  file: string,
  onProgress: (done: number) => void,
): CopyOnWorker {
  const { file: script, execArgv } = workerScript('copy-worker');
  const worker = new Worker(script, { workerData: { path, file }, execArgv });
  const finished = new Promise<number>((resolve, reject) => {
    worker.on('message', (m: CopyMessage) => {
      if ('done' in m) onProgress(m.done);
      else if ('finished' in m) resolve(m.finished);
      else reject(new Error(`the SQLite copy: ${m.error}`));
    });
    worker.on('error', reject);
    worker.on('exit', (code) =>
      reject(new Error(`the SQLite copy's worker stopped (exit code ${code})`)),
    );
  });
  // Awaited by the audit only once its check has passed.
  finished.catch(() => undefined);
  return {
    finished,
    stop: async () => {
      await worker.terminate();
    },
  };
}

/**
 * The audit's SQLite copy and its phase's progress. On a worker thread it starts with the audit,
 * and its facts are counted silently until the check is done; here, it is written once the
 * group files are. The phase counts each fact twice, once written to the copy and once to its
 * group's file.
 */
export class AuditCopy {
  private copied = 0;
  private grouped = 0;
  private total: number | undefined;
  private readonly worker: CopyOnWorker | undefined;

  constructor(
    private readonly path: string,
    /** The SQLite file the copy is written to. */
    readonly file: string,
    onWorker: boolean,
    private readonly onProgress: (done: number, total: number) => void,
  ) {
    this.worker = onWorker
      ? copyExportOnWorker(path, file, (done) => this.copiedTo(done))
      : undefined;
  }

  /** The check is done: the copy phase begins, of this many facts. */
  begin(facts: number): void {
    this.total = 2 * facts;
    this.tell();
  }

  /** Facts written to their group files so far. */
  groupedTo(done: number): void {
    this.grouped = done;
    this.tell();
  }

  /** The copy written (by the worker, or here now) and its file closed. */
  async finish(open: (file: string) => SqliteEventStore): Promise<void> {
    if (this.worker) {
      await this.worker.finished;
      return;
    }
    const store = open(this.file);
    try {
      await copyExport(this.path, store, (done) => this.copiedTo(done));
    } finally {
      await store.close();
    }
  }

  /** Stops the worker, whether it has finished or not (the audit is over either way). */
  stop(): Promise<void> {
    return this.worker?.stop() ?? Promise.resolve();
  }

  private copiedTo(done: number): void {
    this.copied = done;
    this.tell();
  }

  private tell(): void {
    if (this.total !== undefined) this.onProgress(this.copied + this.grouped, this.total);
  }
}
