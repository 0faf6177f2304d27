import { Logger } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import type { EventStore } from '../store/event-store';
import { createLedgerHttpApp, type LedgerHttpAppOptions } from './http-app';

export interface StartHttpServerOptions extends LedgerHttpAppOptions {
  store: EventStore;
  /** 0 picks a free port; the returned url has the real one. */
  port: number;
  /** 127.0.0.1 by default: listening on every interface is a choice, not a default. */
  host?: string;
  /**
   * Signals on which Nest closes the app (shutdown hooks), then re-raises the signal.
   * SIGINT and SIGTERM by default; [] when the caller handles signals itself and calls close().
   */
  shutdownSignals?: string[];
}

export interface RunningHttpServer {
  /** e.g. http://127.0.0.1:3000 */
  url: string;
  /** Stops listening, lets open requests finish, runs the shutdown hooks. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * Serves the ledger over HTTP until close() or SIGINT/SIGTERM (Nest's shutdown hooks). The
 * store stays open unless closeStoreOnShutdown is set: whoever opened it closes it.
 * Listen errors (EADDRINUSE) reject, after the app is closed.
 */
export async function startHttpServer(options: StartHttpServerOptions): Promise<RunningHttpServer> {
  const {
    store,
    port,
    host = '127.0.0.1',
    shutdownSignals = ['SIGINT', 'SIGTERM'],
    ...appOptions
  } = options;
  const app = await createLedgerHttpApp(store, appOptions);
  // An empty list would mean every signal to Nest, so none is asked for by not calling it.
  if (shutdownSignals.length > 0) app.enableShutdownHooks(shutdownSignals);
  try {
    await app.listen(port, host);
  } catch (err) {
    await app.close();
    throw err;
  }
  const address = app.getHttpServer().address() as AddressInfo;
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  new Logger('LedgerHttp').log(`listening on ${url}, store ${store.url}`);
  let closing: Promise<void> | undefined;
  return { url, close: () => (closing ??= app.close()) };
}
