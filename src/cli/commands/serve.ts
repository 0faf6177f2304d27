import { Logger } from '@nestjs/common';
import { Logger as NestPinoLogger, PinoLogger } from 'nestjs-pino';
import { DEFAULT_LOG_LEVELS } from '../../app/http-app';
import { ledgerLogParams } from '../../app/logging';
import { startHttpServer, type RunningHttpServer } from '../../app/http-server';
import { catalogue } from '../../contexts/catalogue';
import { projections } from '../../contexts/projections';
import { ProjectionRunner } from '../../ledger/projection-runner';
import type { RunnerOptions } from '../../ledger/runner-options';
import {
  MemoryProjectionStateStore,
  SqliteProjectionStateStore,
  type ProjectionStateStore,
} from '../../ledger/projection-state-store';
import { openStore } from '../../store/open-store';
import type { EventStore } from '../../store/event-store';
import type { CompetitionsState } from '../../contexts/pairs/projection';
import { directoryOf } from '../../ledger/ledger-directory';
import { readModelOf } from '../../ledger/live-club-index';
import { loadExamplesIfEmpty } from '../../ledger/load-examples';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { rebuildOnWorkers } from '../../ledger/parallel-rebuild';
import {
  attachReadModelFile,
  attachedReadModelFile,
  checkReadModelsFor,
  detachReadModelFile,
  readModelFileOf,
} from '../../ledger/read-model-file';
import { announceStore } from '../store-location';
import {
  inOpenMode,
  isLoopback,
  OpenModeNotLoopbackError,
} from '../../contexts/access/read/open-mode';

/** The port cannot be listened on: said in one line (exit 1), before the store is touched. */
export class PortUnavailableError extends Error {
  readonly code = 'PORT_UNAVAILABLE';
  constructor(host: string, port: number, code: string | undefined) {
    const why =
      code === 'EADDRINUSE'
        ? 'the port is in use (EADDRINUSE); stop what listens there, or give --port'
        : code === 'EACCES'
          ? 'no permission to listen there (EACCES); give a --port above 1023'
          : `${code ?? 'it cannot be listened on'}`;
    super(`cannot serve on ${host}:${port}: ${why}`);
  }
}

/**
 * Listens on the port and lets it go at once, so that a port in use is found before the store
 * is opened or the examples loaded. (Another program could take the port in between: Nest's
 * listen then fails as ever, after the examples.)
 */
export async function checkPort(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (e: NodeJS.ErrnoException) =>
      reject(new PortUnavailableError(host, port, e.code)),
    );
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

export interface RunningService {
  server: RunningHttpServer;
  runner: ProjectionRunner;
  states: ProjectionStateStore;
  /** Stops the server, then the runner (which saves); the store stays open. */
  close(): Promise<void>;
}

/**
 * The HTTP API over a store, with the projections kept live. The port opens first and the
 * runner catches up after, by pages: meanwhile /health says "catching up (position n of m)",
 * appends are decided from the streams as ever, and the tables "now" answer 503 (docs/http.md).
 */
export async function startService(options: {
  store: EventStore;
  port: number;
  host: string;
  logger?: false;
  runner?: RunnerOptions;
  onCaughtUp?: () => void;
  /** Worker threads of a rebuild at start (a SQLite ledger written to); all cores by default. */
  rebuildWorkers?: number;
  /** A SQLite file of its own where a ledger kept elsewhere has its read models saved. */
  readModels?: string;
}): Promise<RunningService> {
  const { store } = options;
  const log = new Logger('bridge-ledger');
  if (options.readModels !== undefined) await readModelsFile(store, options.readModels, log);
  // Saved where the read models' file is (a SQLite ledger's own, or --read-models); else kept
  // in memory, rebuilt at every start.
  const file = readModelFileOf(store);
  const states = file ? new SqliteProjectionStateStore(file.db) : new MemoryProjectionStateStore();
  if (states instanceof SqliteProjectionStateStore && states.movedPartitions > 0)
    log.log(`${states.movedPartitions} saved partitions moved to the rowid table, once`);
  if (states instanceof SqliteProjectionStateStore && states.indexedPartitions > 0)
    log.log(`${states.indexedPartitions} saved partitions indexed by their order, once`);
  // Read models far behind (a first start, a new version) are rebuilt on every core, and the
  // directory in the same passes, each worker reading the ledger through its own connection
  // and saving where the service does; the port answers meanwhile, /health saying how far.
  const rebuildElsewhere =
    file && !file.readOnly
      ? rebuildOnWorkers({
          url: store.url,
          ...(file.holdsLedger ? {} : { readModels: file.db.name }),
          workers: options.rebuildWorkers ?? availableParallelism(),
          projections,
          directory: true,
        })
      : undefined;
  const runner = new ProjectionRunner(store, states, projections, {
    onError: (e) => log.error(`projection runner: ${(e as Error).message}`),
    // A long ledger's competitions stay in their save until a fact or a reader names them: the
    // start puts back the clubs' rulebooks and rosters, not every season's competitions.
    leaveCold: true,
    ...(rebuildElsewhere ? { rebuildElsewhere } : {}),
    ...options.runner,
  });
  // The rebuild's workers boot and fold while the HTTP application is built.
  void runner.rebuildFirst();
  let server: RunningHttpServer;
  try {
    server = await startHttpServer({
      store,
      port: options.port,
      host: options.host,
      ...(options.logger === false ? { logger: false } : {}),
      // The caller handles the signals: the store closes after the server, not before.
      shutdownSignals: [],
      readModelStatus: () => runner.status(),
      readModel: readModelOf(runner, store),
      liveCompetitions: (keys) =>
        runner.status().caughtUp
          ? runner.bringBack<CompetitionsState>('competitions', keys)?.state
          : undefined,
    });
  } catch (err) {
    // No service: its rebuild stopped, its workers let go.
    runner.stop();
    await rebuildElsewhere?.settled().catch(() => undefined);
    throw err;
  }
  runner.start();
  runner.caughtUp().then(
    () => {
      options.onCaughtUp?.();
      // The index of which streams are whose, read once in the background, so that the first
      // as-of answer reads only its club's streams (src/contexts/pairs/read/competition-slice.ts):
      // once a split rebuild has saved it, else it would read the ledger from the first fact.
      void (async () => {
        await rebuildElsewhere
          ?.settled()
          .catch((e: unknown) =>
            log.warn(`ledger directory not saved by the rebuild: ${(e as Error).message}`),
          );
        await directoryOf(store).catchUp();
      })().catch((e: unknown) => log.warn(`ledger directory: ${(e as Error).message}`));
    },
    () => undefined, // reported by onError
  );
  return {
    server,
    runner,
    states,
    close: async () => {
      await server.close();
      runner.stop();
      // A directory being saved by the rebuild is let finish: stopped, it would be read again
      // from the first fact at the next start.
      await rebuildElsewhere?.settled().catch(() => undefined);
      await detachReadModelFile(store);
    },
  };
}

/** Attaches `path` as the read models' file of a ledger kept elsewhere, saying what it found. */
async function readModelsFile(store: EventStore, path: string, log: Logger): Promise<void> {
  if (attachedReadModelFile(store)) return;
  const { dropped } = await attachReadModelFile(store, path);
  if (dropped) log.warn(`read models in ${path} dropped, to be rebuilt: ${dropped}`);
  else log.log(`read models saved in ${path}`);
}

/** Opens the store, keeps the projections live, serves HTTP until SIGINT or SIGTERM. */
export async function serve(options: {
  store: string;
  port: number;
  host: string;
  examples: boolean;
  readOnly?: boolean;
  rebuildWorkers?: number;
  readModels?: string;
}) {
  // Every line of the service is JSON through pino, from the first (the store
  // opened, the examples loaded) to the requests' (with their correlation ids).
  const logParams = ledgerLogParams(DEFAULT_LOG_LEVELS);
  Logger.overrideLogger(new NestPinoLogger(new PinoLogger(logParams), logParams));
  const log = new Logger('bridge-ledger');
  const readOnly = options.readOnly ?? false;
  if (options.readModels !== undefined) checkReadModelsFor(options.store);
  await checkPort(options.host, options.port);
  const open = () => openStore(options.store, { upcast: catalogue.upcast, readOnly });
  // Read-only opens nothing new; a store served for writing is named, "created" when new.
  const store = readOnly ? await open() : await announceStore(options.store, open);
  // Before anything reads the ledger's directory, which is saved where the read models are.
  if (options.readModels !== undefined) {
    try {
      await readModelsFile(store, options.readModels, log);
    } catch (e) {
      await store.close();
      throw e;
    }
  }
  // Without keys the server is open to whoever reaches it, so on loopback only.
  const openMode = await inOpenMode(store);
  if (openMode && !isLoopback(options.host)) {
    await store.close();
    throw new OpenModeNotLoopbackError(options.host);
  }
  if (readOnly) {
    log.log(
      `serving ${store.url} read-only: the tables and reads are served, appends answer 405 ReadOnlyLedger`,
    );
  } else if (options.examples) {
    const loaded = await loadExamplesIfEmpty(store);
    if (loaded) {
      log.log(
        `the store was empty: loaded ${loaded.events} example facts (${loaded.files.join(', ')}); start with --no-examples to keep an empty store`,
      );
    }
  }
  const started = Date.now();
  const service = await startService({
    store,
    port: options.port,
    host: options.host,
    ...(options.rebuildWorkers !== undefined ? { rebuildWorkers: options.rebuildWorkers } : {}),
    ...(options.readModels !== undefined ? { readModels: options.readModels } : {}),
    onCaughtUp: () =>
      log.log(`projections caught up in ${((Date.now() - started) / 1000).toFixed(1)} s`),
  });
  log.log(
    `serving ${store.url} at ${service.server.url} (head position ${await store.headPosition()}; catching up)`,
  );
  // Where a person opens the tables in a browser.
  log.log(`pages: ${service.server.url}/`);
  if (openMode) {
    const at = service.server.url.replace(/^http:\/\//, '');
    log.log(
      `no API keys: open mode, anyone who can reach ${at} may append (bridge-ledger keys add --role admin ends it)`,
    );
  }
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  log.log('stopping');
  await service.close();
  await store.close();
}
