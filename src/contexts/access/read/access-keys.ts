import { foldKeyFact, type AccessState, type KeyRecord } from '../domain/access-decider';
import { ACCESS_STREAM } from '../facts/access';
import type { EventStore } from '../../../store/event-store';
import { StreamNotFoundError } from '../../../store/errors';
import { fingerprintOf, parseToken, verifyToken } from './token';

/** How many verified tokens a process remembers (by sha256) before it forgets the oldest. */
const REMEMBERED = 10_000;

/**
 * Wrong secrets for one key within a window, after which a token of that key is refused
 * without running scrypt until the window has passed: someone who knows a key id cannot make
 * the server spend a scrypt (about 0.1 s of CPU) on every guess.
 */
export const MISMATCH_LIMIT = { failures: 5, windowMs: 60_000 };

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
  /** Each key's recent wrong secrets (their instants, ms), for MISMATCH_LIMIT. */
  private readonly failures = new Map<string, number[]>();
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

  /** The key a token is, or why it is refused (call `catchUp` first). */
  async authenticate(token: string): Promise<Authentication> {
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
      const recent = (this.failures.get(keyId) ?? []).filter(
        (t) => t > this.now() - MISMATCH_LIMIT.windowMs,
      );
      if (recent.length >= MISMATCH_LIMIT.failures) {
        const retry = Math.ceil((recent[0]! + MISMATCH_LIMIT.windowMs - this.now()) / 1000);
        return { refused: { reason: 'throttled', keyId, retryAfterSeconds: Math.max(1, retry) } };
      }
      // A burst of requests with a token not seen yet runs scrypt once, not once each.
      let check = this.pending.get(print);
      if (!check) {
        check = verifyToken(token, hash).finally(() => this.pending.delete(print));
        this.pending.set(print, check);
      }
      if (!(await check)) {
        this.failures.set(keyId, [...recent, this.now()]);
        return { refused: { reason: 'mismatch', keyId } };
      }
      this.failures.delete(keyId);
      this.verified.set(print, keyId);
      if (this.verified.size > REMEMBERED) this.verified.delete(this.verified.keys().next().value!);
    }
    return { key: { ...key } };
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
      return `too many wrong secrets for key ${r.keyId}: its tokens are refused unchecked for ${r.retryAfterSeconds} s`;
  }
}
