import {
  fingerprintOf,
  hashToken,
  newKeyId,
  newSecret,
  parseToken,
  tokenOf,
  verifyToken,
} from '../../src/contexts/access/read/token';
import { KEY_HASH_PATTERN, KEY_ID_PATTERN } from '../../src/contexts/access/facts/access';

describe('tokens and their scrypt hashes', () => {
  const token = tokenOf(newKeyId(), newSecret());

  it('a token is bl_<16 hex>_<43 base64url>; its key id is read back', () => {
    expect(token).toMatch(/^bl_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(parseToken(token)?.keyId).toMatch(KEY_ID_PATTERN);
    expect(parseToken(token)?.keyId).toBe(token.slice(3, 19));
  });

  it('the hash is scrypt$N$r$p$salt$hash, salted afresh, and verifies its token only', async () => {
    const a = await hashToken(token);
    const b = await hashToken(token);
    expect(a).toMatch(KEY_HASH_PATTERN);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain(token.slice(20));
    expect(await verifyToken(token, a)).toBe(true);
    expect(await verifyToken(token.slice(0, -1) + (token.endsWith('x') ? 'y' : 'x'), a)).toBe(
      false,
    );
  });

  it('bad input: a malformed token has no key id; a hash with parameters out of bounds never verifies', async () => {
    for (const t of [
      '',
      'bl_',
      'bl_0123_abc',
      `Bearer ${token}`,
      token + 'x',
      token.toUpperCase(),
    ]) {
      expect(parseToken(t)).toBeUndefined();
    }
    const good = await hashToken(token);
    const [, , , , salt, hash] = good.split('$');
    for (const params of ['1048576$8$1', '16385$8$1', '16384$64$1', '16384$8$99', 'x$8$1']) {
      expect(await verifyToken(token, `scrypt$${params}$${salt}$${hash}`)).toBe(false);
    }
    expect(await verifyToken(token, 'argon2$whatever')).toBe(false);
  });

  it('the process remembers a verified token by its sha256, never the token', () => {
    expect(fingerprintOf(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(fingerprintOf(token)).not.toContain(token.slice(20));
  });
});

describe('a key is checked by scrypt once per process', () => {
  it('a burst of requests with a new token, then more: one scrypt; a revoked key fails though verified', async () => {
    const { MemoryEventStore } = await import('../../src/store/memory/memory-event-store');
    const { AccessKeys } = await import('../../src/contexts/access/read/access-keys');
    const { issueKey, revokeKey } = await import('../../src/contexts/access/read/keys');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const crypto = require('node:crypto') as typeof import('node:crypto');
    const store = new MemoryEventStore();
    const { key, token } = await issueKey(store, {
      role: 'auditor',
      scope: { kind: 'club', id: 'k' },
      issuedBy: 'test',
    });
    const keys = new AccessKeys(store);
    await keys.catchUp();
    const spy = jest.spyOn(crypto, 'scrypt');
    try {
      const burst = await Promise.all([1, 2, 3, 4, 5].map(() => keys.authenticate(token)));
      expect(burst.every((a) => 'key' in a)).toBe(true);
      expect('key' in (await keys.authenticate(token))).toBe(true);
      expect(spy).toHaveBeenCalledTimes(1);
      await revokeKey(store, key.keyId, { revokedBy: 'test' });
      await keys.catchUp();
      expect(await keys.authenticate(token)).toEqual({
        refused: { reason: 'revoked', keyId: key.keyId, revokedAt: expect.any(String) },
      });
    } finally {
      spy.mockRestore();
    }
  });

  it('after 5 wrong secrets for a key within a minute its tokens are refused unchecked (no scrypt) until the minute has passed; the right token then works', async () => {
    const { MemoryEventStore } = await import('../../src/store/memory/memory-event-store');
    const { AccessKeys, MISMATCH_LIMIT } =
      await import('../../src/contexts/access/read/access-keys');
    const { issueKey } = await import('../../src/contexts/access/read/keys');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const crypto = require('node:crypto') as typeof import('node:crypto');
    const store = new MemoryEventStore();
    const { key, token } = await issueKey(store, { role: 'admin', issuedBy: 'test' });
    let now = 1_000_000;
    const keys = new AccessKeys(store, () => now);
    await keys.catchUp();
    const wrong = (n: number) => `${token.slice(0, 20)}${String(n).padStart(43, 'x')}`;
    const spy = jest.spyOn(crypto, 'scrypt');
    try {
      for (let i = 0; i < MISMATCH_LIMIT.failures; i++) {
        expect(await keys.authenticate(wrong(i))).toEqual({
          refused: { reason: 'mismatch', keyId: key.keyId },
        });
        now += 1000;
      }
      expect(spy).toHaveBeenCalledTimes(MISMATCH_LIMIT.failures);
      // The sixth guess, and even the right token, are refused without a scrypt.
      expect(await keys.authenticate(wrong(99))).toEqual({
        refused: { reason: 'throttled', keyId: key.keyId, retryAfterSeconds: 55 },
      });
      expect(await keys.authenticate(token)).toMatchObject({ refused: { reason: 'throttled' } });
      expect(spy).toHaveBeenCalledTimes(MISMATCH_LIMIT.failures);
      // A minute after the first wrong secret, one slot is free again: the right token works.
      now = 1_000_000 + MISMATCH_LIMIT.windowMs + 1;
      expect('key' in (await keys.authenticate(token))).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });
});
