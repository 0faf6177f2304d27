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
      beforeRegistration: true,
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

  /** A key, an AccessKeys on a clock the test moves, and a spy on scrypt. */
  async function throttleSetup() {
    const { MemoryEventStore } = await import('../../src/store/memory/memory-event-store');
    const { AccessKeys, MISMATCH_LIMIT } =
      await import('../../src/contexts/access/read/access-keys');
    const { issueKey } = await import('../../src/contexts/access/read/keys');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const crypto = require('node:crypto') as typeof import('node:crypto');
    const store = new MemoryEventStore();
    const issued = await issueKey(store, { role: 'admin', issuedBy: 'test' });
    const clock = { now: 1_000_000 };
    const keys = new AccessKeys(store, () => clock.now);
    await keys.catchUp();
    const wrong = (n: number) => `${issued.token.slice(0, 20)}${String(n).padStart(43, 'x')}`;
    return {
      store,
      keys,
      clock,
      wrong,
      spy: jest.spyOn(crypto, 'scrypt'),
      MISMATCH_LIMIT,
      ...issued,
    };
  }

  it('after 5 wrong secrets from one address, that address’s tokens of the key are checked at most once every 5 s, refused unchecked in between', async () => {
    const { keys, clock, wrong, spy, MISMATCH_LIMIT, key, token } = await throttleSetup();
    try {
      for (let i = 0; i < MISMATCH_LIMIT.failures; i++) {
        expect(await keys.authenticate(wrong(i), '203.0.113.9')).toEqual({
          refused: { reason: 'mismatch', keyId: key.keyId },
        });
        clock.now += 1000;
      }
      expect(spy).toHaveBeenCalledTimes(MISMATCH_LIMIT.failures);
      // The slow lane: one more guess is checked, the next within 5 s is refused unchecked.
      expect(await keys.authenticate(wrong(98), '203.0.113.9')).toMatchObject({
        refused: { reason: 'mismatch' },
      });
      expect(await keys.authenticate(wrong(99), '203.0.113.9')).toEqual({
        refused: { reason: 'throttled', keyId: key.keyId, retryAfterSeconds: 5 },
      });
      expect(await keys.authenticate(token, '203.0.113.9')).toMatchObject({
        refused: { reason: 'throttled' },
      });
      expect(spy).toHaveBeenCalledTimes(MISMATCH_LIMIT.failures + 1);
      // 5 s later the right token from that address is checked, and works: never locked out.
      clock.now += MISMATCH_LIMIT.slowMs;
      expect('key' in (await keys.authenticate(token, '203.0.113.9'))).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  it('an attacker who knows a key id cannot lock its holder out: wrong secrets from one address leave another address unthrottled', async () => {
    const { keys, wrong, spy, MISMATCH_LIMIT, token } = await throttleSetup();
    try {
      for (let i = 0; i < MISMATCH_LIMIT.failures * 3; i++)
        await keys.authenticate(wrong(i), '198.51.100.7');
      expect(await keys.authenticate(wrong(0), '198.51.100.7')).toMatchObject({
        refused: { reason: 'throttled' },
      });
      // The holder, from their own address, right after: checked, and in.
      expect('key' in (await keys.authenticate(token, '192.0.2.44'))).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  it('cycling through key ids gains nothing: 20 wrong secrets from one address, over five keys, slow that address for each of them', async () => {
    const { store, keys, spy, MISMATCH_LIMIT } = await throttleSetup();
    const { issueKey } = await import('../../src/contexts/access/read/keys');
    try {
      const issued = [];
      for (let k = 0; k < 5; k++)
        issued.push(await issueKey(store, { role: 'admin', issuedBy: 't' }));
      await keys.catchUp();
      const wrongOf = (token: string, n: number) =>
        `${token.slice(0, 20)}${String(n).padStart(43, 'w')}`;
      // Four wrong secrets a key: under the limit of five for each, twenty for the address.
      for (const { token } of issued)
        for (let i = 0; i < MISMATCH_LIMIT.failures - 1; i++)
          expect(await keys.authenticate(wrongOf(token, i), '203.0.113.50')).toMatchObject({
            refused: { reason: 'mismatch' },
          });
      const first = issued[0]!.token;
      // The slow lane for that address: one check, then refused unchecked for 5 s …
      await keys.authenticate(wrongOf(first, 90), '203.0.113.50');
      expect(await keys.authenticate(wrongOf(first, 91), '203.0.113.50')).toMatchObject({
        refused: { reason: 'throttled' },
      });
      // … while the key's own holder elsewhere is not slowed at all.
      expect('key' in (await keys.authenticate(first, '192.0.2.44'))).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });
});
