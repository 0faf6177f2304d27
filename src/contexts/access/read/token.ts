import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * A key's token is `bl_<keyId>_<secret>` (16 hex digits; 32 random bytes in
 * base64url), shown to its holder once. The ledger stores only the scrypt hash of the token,
 * `scrypt$N$r$p$<salt>$<hash>`, its parameters in the string so that keys issued under one cost
 * still verify under another.
 */
const TOKEN = /^bl_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

/** The cost of today's hashes: ~50 ms a verification on this machine, once per key per process. */
const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

export const newKeyId = () => randomBytes(8).toString('hex');
export const newSecret = () => randomBytes(32).toString('base64url');
export const tokenOf = (keyId: string, secret: string) => `bl_${keyId}_${secret}`;

/** The key id a token names, when it has the token's shape. */
export function parseToken(token: string): { keyId: string } | undefined {
  const m = TOKEN.exec(token);
  return m ? { keyId: m[1]! } : undefined;
}

const scryptAsync = (secret: string, salt: Buffer, length: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(secret, salt, length, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

/** Memory scrypt needs for N and r, with room (node refuses above `maxmem`). */
const memoryFor = (n: number, r: number) => 128 * n * r * 2;

/** The stored form of a token: a fresh salt, today's parameters, the hash. */
export async function hashToken(token: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(token, salt, KEY_LENGTH, {
    N,
    r: R,
    p: P,
    maxmem: memoryFor(N, R),
  });
  return ['scrypt', N, R, P, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/**
 * Whether a token is the one a stored hash was made of. A hash whose parameters are out of
 * bounds (a cost that would stall the server) never verifies.
 */
export async function verifyToken(token: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const powerOfTwo = Number.isInteger(n) && n >= 2 && (n & (n - 1)) === 0;
  if (!powerOfTwo || n > 1 << 17 || !(r >= 1 && r <= 16) || !(p >= 1 && p <= 4)) return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (expected.length < 16) return false;
  const actual = await scryptAsync(token, salt, expected.length, {
    N: n,
    r,
    p,
    maxmem: memoryFor(n, r),
  });
  return timingSafeEqual(actual, expected);
}

/** What the process remembers of a token it verified: its sha256, never the token. */
export const fingerprintOf = (token: string) => createHash('sha256').update(token).digest('hex');
