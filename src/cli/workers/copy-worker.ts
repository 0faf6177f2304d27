// The worker of `audit` that writes an export's SQLite copy while the audit's check reads the
// file on the main thread (src/audit/export-copy.ts). An entry point, as the CLI is: it loads the
// contexts and rulesets the ledger ships.
import 'reflect-metadata';
import '../../contexts/built-in';
import '../../rulesets';
import { parentPort, workerData } from 'node:worker_threads';
import { catalogue } from '../../contexts/catalogue';
import { copyExport, type CopyMessage } from '../../audit/export-copy';
import { SqliteEventStore } from '../../store/sqlite/sqlite-event-store';

const { path, file } = workerData as { path: string; file: string };
const tell = (m: CopyMessage) => parentPort!.postMessage(m);

async function main(): Promise<void> {
  const store = new SqliteEventStore(file, { upcast: catalogue.upcast, synchronous: 'NORMAL' });
  try {
    const written = await copyExport(path, store, (done) => tell({ done }));
    await store.close();
    tell({ finished: written });
  } catch (err) {
    await store.close().catch(() => undefined);
    throw err;
  }
}

// No process.exit: the worker ends once its messages are sent and the file is closed.
main().catch((err: unknown) => tell({ error: (err as Error).message }));
