import { Logger } from '@nestjs/common';
import { startHttpServer } from '../../app/http-server';
import { catalogue } from '../../events';
import { projections } from '../../projections';
import { ProjectionRunner } from '../../runtime/projection-runner';
import {
  MemoryProjectionStateStore,
  SqliteProjectionStateStore,
} from '../../runtime/projection-state-store';
import { openStore } from '../../store/open-store';
import type { CompetitionsState } from '../../projections/competitions';
import { loadExamplesIfEmpty } from '../../runtime/load-examples';
import { SqliteEventStore } from '../../store/sqlite/sqlite-event-store';

/** Opens the store, keeps the projections live, serves HTTP until SIGINT or SIGTERM. */
export async function serve(options: {
  store: string;
  port: number;
  host: string;
  examples: boolean;
}) {
  const log = new Logger('bridge-ledger');
  const store = await openStore(options.store, { upcast: catalogue.upcast });
  if (options.examples) {
    const loaded = await loadExamplesIfEmpty(store);
    if (loaded) {
      log.log(
        `the store was empty: loaded ${loaded.events} example facts (${loaded.files.join(', ')}); start with --no-examples to keep an empty store`,
      );
    }
  }
  const states =
    store instanceof SqliteEventStore
      ? new SqliteProjectionStateStore(store.db)
      : new MemoryProjectionStateStore();
  const runner = new ProjectionRunner(store, states, projections, {
    onError: (e) => log.error(`projection runner stopped: ${(e as Error).message}`),
  });
  runner.start();
  let live = false;
  void runner.caughtUp().then(() => {
    live = true;
  });
  const server = await startHttpServer({
    store,
    port: options.port,
    host: options.host,
    // This function handles the signals: the store closes after the server, not before.
    shutdownSignals: [],
    // Standings "now" from the live projection once it has caught up; before that, a replay.
    liveCompetitions: () =>
      live ? runner.state<CompetitionsState>('competitions')?.state : undefined,
  });
  log.log(`serving ${store.url} at ${server.url} (head position ${await store.headPosition()})`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  log.log('stopping');
  await server.close();
  runner.stop();
  await store.close();
}
