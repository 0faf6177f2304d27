// A worker of `verify` on all cores: verifies the pieces of the log it is sent, each read from
// the store by its own read-only connection (src/audit/verify-parallel.ts). An entry point, as
// the CLI is: it loads the contexts and rulesets the ledger ships.
import 'reflect-metadata';
import '../../contexts/built-in';
import '../../rulesets';
import { parentPort, workerData } from 'node:worker_threads';
import { catalogue } from '../../contexts/catalogue';
import type { EventStore } from '../../store/event-store';
import { openStore } from '../../store/open-store';
import { hashBefore, readRaw } from '../../audit/raw-records';
import { verifyLog } from '../../audit/verify';
import type { Piece, PieceReport } from '../../audit/verify-parallel';

const { url, maxProblems } = workerData as { url: string; maxProblems: number };
let opened: Promise<EventStore> | undefined;

parentPort!.on('message', (piece: Piece | null) => {
  if (piece === null) {
    void (opened ?? Promise.resolve(undefined))
      .then((s) => s?.close())
      .catch(() => undefined)
      .finally(() => process.exit(0));
    return;
  }
  opened ??= openStore(url, { readOnly: true });
  opened
    .then(async (store) => {
      const report = await verifyLog(
        readRaw(store, { fromPosition: piece.from, toPosition: piece.to }),
        catalogue,
        {
          densePositions: true,
          sealed: store.sealed ?? false,
          previousHash: await hashBefore(store, piece.from),
          partial: true,
          afterPosition: piece.from - 1,
          idsChecked: true,
          maxProblems,
        },
      );
      const answer: PieceReport = { piece, report };
      parentPort!.postMessage(answer);
    })
    .catch((err: unknown) =>
      parentPort!.postMessage({ piece, error: (err as Error).message } satisfies PieceReport),
    );
});
