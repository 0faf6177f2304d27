import { Client, type ClientConfig } from 'pg';
import type { Subject } from 'rxjs';
import { APPENDED_CHANNEL } from './schema';

/**
 * Another instance's appends, heard: one connection LISTENs on the channel every append
 * notifies on commit, and wakes the store's live subscriptions. Opened with the first
 * subscription; a lost connection is reopened after `retryMs`, and the subscriptions' polling
 * covers the time it is down (nothing is read from a notification but that there is news).
 */
export class AppendNotifications {
  private client?: Client;
  private closed = false;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly config: ClientConfig,
    private readonly wake: Subject<void>,
    private readonly retryMs = 1000,
  ) {}

  /** Starts listening, once; resolves when the LISTEN is in place (or has failed, to retry). */
  async listen(): Promise<void> {
    if (this.client || this.closed) return;
    const client = new Client(this.config);
    this.client = client;
    client.on('notification', () => this.wake.next());
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${APPENDED_CHANNEL}`);
      // What was appended while no one listened is read by the next drain.
      this.wake.next();
    } catch {
      this.lost(client);
    }
  }

  private lost(client: Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.removeAllListeners('notification');
    void client.end().catch(() => undefined);
    if (this.closed) return;
    this.timer = setTimeout(() => void this.listen(), this.retryMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
