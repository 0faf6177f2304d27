// The worker that joins a split rebuild's shares (src/ledger/split-plan.ts `joinSplit`): it hears
// from each share's worker what the join needs of it, and, once the rebuild says every share is
// done, joins what they saved through its own connection: the read models first, said at once so
// that the service puts them back, then the ledger directory meanwhile. Off the service's thread,
// which goes on answering (`/health` among others). An entry point, as the CLI is: it loads the
// contexts and rulesets the ledger ships, for their read models.
import 'reflect-metadata';
import '../../contexts/built-in';
import '../../rulesets';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { projections } from '../../contexts/projections';
import type { JoinMessage, JoinWork, ShareDone } from '../../ledger/share-work';
import { joinDirectories, joinSplit } from '../../ledger/split-plan';

const work = workerData as JoinWork;
const say = (m: JoinMessage) => parentPort!.postMessage(m);

const parts: Array<ShareDone | undefined> = work.ports.map(() => undefined);
let heard = 0;
let asked = false;

work.ports.forEach((port, i) => {
  port.once('message', (part: ShareDone) => {
    parts[i] = part;
    heard += 1;
    port.close();
    joinWhenReady();
  });
});

parentPort!.on('message', (m: JoinMessage) => {
  if ('join' in m) {
    asked = true;
    joinWhenReady();
  }
});

/** Joins once the rebuild has asked and every share has told its part (in either order). */
function joinWhenReady(): void {
  if (!asked || heard < parts.length) return;
  try {
    const db = new Database(work.url.slice('sqlite:'.length), { timeout: 60_000 });
    try {
      const done = parts as ShareDone[];
      say({ whole: joinSplit(db, projections, work.join, work.head, done) });
      joinDirectories(db, done);
      say({ directory: true });
    } finally {
      db.close();
    }
  } catch (err) {
    say({ error: err instanceof Error ? err.message : String(err) });
  }
  parentPort!.close();
}
