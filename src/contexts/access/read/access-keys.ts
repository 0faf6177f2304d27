import { foldKeyFact, type AccessState, type KeyRecord } from '../domain/access-decider';
import { ACCESS_STREAM } from '../facts/access';
import type { EventStore } from '../../../store/event-store';
import { StreamNotFoundError } from '../../../store/errors';
import { fingerprintOf, parseToken, verifyToken } from './token';

/** How many verified tokens a process remembers (by sha256) before it forgets the oldest. */
const REMEMBERED = 10_000;

/**
 * Wrong secrets sent from one client address within a window: for one key (`failures`), or for
 * any keys (`addressFailures`, so that cycling through key ids gains nothing). Past either, that
 * address's tokens of that key are checked at most once every `slowMs` and refused unchecked in
 * between: someone who knows a key id cannot make the server spend a scrypt (about 0.1 s of CPU)
 * on every guess. Key ids are not secret (every fact names the key that appended it), so the
 * key id alone is never the throttle: another address is never slowed, and a correct secret is
 * always checked again within `slowMs`, never locked out.
 */
export const MISMATCH_LIMIT = {
  failures: 5,
  addressFailures: 20,
  windowMs: 60_000,
  slowMs: 5_000,
};

/** Client addresses remembered for the throttle before those with no recent failure are dropped. */
const TRACKED = 10_000;

/** Why a token was refused, for the 401's message. */
export type KeyRefusal =
  | { reason: 'malformed' }
  | { reason: 'unknown'; keyId: string }
  | { reason: 'revoked'; keyId: string; revokedAt: string }
  | { reason: 'mismatch'; keyId: string }
  | { reason: 'throttled'; keyId: string; retryAfterSeconds: number };

export type Authentication = { key: KeyRecord } | { refused: KeyRefusal };

/**
 * The ledger's keys as its `access-keys` stream holds them, kept in memory and caught
 * up from its last revision on every request (one indexed read that usually returns nothing),
 * so that a key revoked by another process on the same SQLite file fails at once. scrypt runs
 * once per key per process: a token verified is remembered by its sha256 (the revocation is
 * read from the index each time, never from that memory).
 */
export class AccessKeys {
  private readonly state: AccessState = { keys: new Map() };
  private readonly hashes = new Map<string, string>();
  private readonly verified = new Map<string, string>();
  private readonly pending = new Map<string, Promise<boolean>>();
  /** Recent wrong secrets (their instants, ms) by client address and key, for MISMATCH_LIMIT. */
  private readonly failures = new Map<string, number[]>();
  /** Recent wrong secrets by client address, whatever the key. */
  private readonly addressFailures = new Map<string, number[]>();
  /** When a throttled address and key were last checked (the slow lane). */
  private readonly slowChecks = new Map<string, number>();
  private revision = -1;
  private running?: Promise<unknown>;

  constructor(
    private readonly store: EventStore,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Reads the key facts appended since the last read, one read at a time: a caller waits for
   * the read before it and then reads again, so a revocation committed before it asked is
   * always seen (joining a read already under way could miss it).
   */
  catchUp(): Promise<void> {
    const run = (this.running ?? Promise.resolve()).then(() => this.read());
    this.running = run.catch(() => undefined);
    return run;
  }

  private async read(): Promise<void> {
    try {
      for await (const e of this.store.readStream(ACCESS_STREAM, {
        fromRevision: this.revision + 1,
      })) {
        foldKeyFact(this.state, e);
        if (e.type === 'ApiKeyIssued') {
          const d = e.data as { keyId: string; hash: string };
          if (!this.hashes.has(d.keyId)) this.hashes.set(d.keyId, d.hash);
        }
        this.revision = e.revision;
      }
    } catch (err) {
      if (!(err instanceof StreamNotFoundError)) throw err;
    }
  }

  /** Open mode: no key was ever issued (as of the last catch-up). */
  get open(): boolean {
    return this.state.keys.size === 0;
  }

  /** Every key, issued and revoked, in the order issued (no hash). */
  list(): KeyRecord[] {
    return [...this.state.keys.values()].map((k) => ({ ...k }));
  }

  get(keyId: string): KeyRecord | undefined {
    const k = this.state.keys.get(keyId);
    return k && { ...k };
  }

  /**
   * The key a token is, or why it is refused (call `catchUp` first). `client`: the address the
   * request came from, which the throttle of wrong secrets is kept by (MISMATCH_LIMIT).
   */
  async authenticate(token: string, client = 'unknown'): Promise<Authentication> {
    const parsed = parseToken(token);
    if (!parsed) return { refused: { reason: 'malformed' } };
    const { keyId } = parsed;
    const key = this.state.keys.get(keyId);
    const hash = this.hashes.get(keyId);
    if (!key || !hash) return { refused: { reason: 'unknown', keyId } };
    if (key.revokedAt !== undefined) {
      return { refused: { reason: 'revoked', keyId, revokedAt: key.revokedAt } };
    }
    const print = fingerprintOf(token);
    if (this.verified.get(print) !== keyId) {
      const pair = `${client}|${keyId}`;
      const slow = this.slowedUntil(client, pair);
      if (slow !== undefined) {
        const retry = Math.ceil((slow - this.now()) / 1000);
        return { refused: { reason: 'throttled', keyId, retryAfterSeconds: Math.max(1, retry) } };
      }
      // A burst of requests with a token not seen yet runs scrypt once, not once each.
      let check = this.pending.get(print);
      if (!check) {
        check = verifyToken(token, hash).finally(() => this.pending.delete(print));
        this.pending.set(print, check);
      }
      if (!(await check)) {
        this.fail(client, pair);
        return { refused: { reason: 'mismatch', keyId } };
      }
      this.failures.delete(pair);
      this.slowChecks.delete(pair);
      this.verified.set(print, keyId);
      if (this.verified.size > REMEMBERED) this.verified.delete(this.verified.keys().next().value!);
    }
    return { key: { ...key } };
  }

  /**
   * When the next check of this address's tokens of this key may run, if it must wait: past the
   * limits an address and key are checked once every `slowMs` (the check now taking the slot).
   */
  private slowedUntil(client: string, pair: string): number | undefined {
    const since = this.now() - MISMATCH_LIMIT.windowMs;
    const recent = (list: Map<string, number[]>, k: string) =>
      (list.get(k) ?? []).filter((t) => t > since).length;
    const limited =
      recent(this.failures, pair) >= MISMATCH_LIMIT.failures ||
      recent(this.addressFailures, client) >= MISMATCH_LIMIT.addressFailures;
    if (!limited) return undefined;
    const last = this.slowChecks.get(pair);
    if (last !== undefined && this.now() < last + MISMATCH_LIMIT.slowMs) {
      return last + MISMATCH_LIMIT.slowMs;
    }
    this.slowChecks.set(pair, this.now());
    return undefined;
  }

  private fail(client: string, pair: string): void {
    const since = this.now() - MISMATCH_LIMIT.windowMs;
    for (const [list, k] of [
      [this.failures, pair],
      [this.addressFailures, client],
    ] as const) {
      list.set(k, [...(list.get(k) ?? []).filter((t) => t > since), this.now()]);
      // Many addresses: those with no failure in the window are forgotten.
      if (list.size > TRACKED) {
        for (const [x, times] of list) if (!times.some((t) => t > since)) list.delete(x);
      }
    }
    if (this.slowChecks.size > TRACKED) {
      for (const [x, at] of this.slowChecks) if (at <= since) this.slowChecks.delete(x);
    }
  }
}

/** A refusal in words, for the 401's message (never the token). */
export function refusalMessage(r: KeyRefusal): string {
  switch (r.reason) {
    case 'malformed':
      return 'the key is not a bridge-ledger key (bl_<keyId>_<secret>)';
    case 'unknown':
      return `no key ${r.keyId} was issued in this ledger`;
    case 'revoked':
      return `key ${r.keyId} was revoked (${r.revokedAt})`;
    case 'mismatch':
      return `the key does not match key ${r.keyId}'s hash (mistyped or tampered)`;
    case 'throttled':
      return `too many wrong secrets for key ${r.keyId} from this address: its tokens are checked at most once every ${MISMATCH_LIMIT.slowMs / 1000} s from here, try again in ${r.retryAfterSeconds} s`;
  }
}
