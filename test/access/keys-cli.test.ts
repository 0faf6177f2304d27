import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import request from 'supertest';
import { v7 as uuidv7 } from 'uuid';
import { createLedgerHttpApp } from '../../src/app/http-app';
import { catalogue } from '../../src/contexts/catalogue';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { cli } from '../support/cli';
import { tempDbPath } from '../support/temp';

const root = join(__dirname, '../..');

/** The CLI in another process (the built one: `npm test` builds first). */
function cliProcess(...args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [join(root, 'dist/src/cli/main.js'), ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += String(c)));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stderr }));
  });
}

const registration = (clubId: string) => ({
  expectedRevision: 'any',
  events: [
    {
      id: uuidv7(),
      type: 'ClubRegistered',
      occurredAt: '2026-02-02T19:30:00+13:00',
      data: { clubId, name: `Club ${clubId}`, timeZone: 'Pacific/Auckland' },
      metadata: { actor: 'me' },
    },
  ],
});

describe('bridge-ledger keys', () => {
  it('keys add prints the token once (stdout) and says it will not be shown again; list shows ids, roles, scopes and dates, never a hash', async () => {
    const store = `sqlite:${tempDbPath()}`;
    const added = await cli(
      'keys',
      'add',
      '--club',
      'wellington',
      '--role',
      'secretary',
      '--label',
      'Ann',
      // wellington is to be registered by its secretary.
      '--before-registration',
      '--store',
      store,
    );
    expect(added.code).toBe(0);
    const token = added.stdout.trim();
    expect(token).toMatch(/^bl_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(added.stderr).toMatch(/shown this once and will not be shown again/);
    const keyId = token.slice(3, 19);
    const admin = await cli('keys', 'add', '--role', 'admin', '--store', store);
    expect(admin.code).toBe(0);
    const listed = await cli('keys', 'list', '--store', store);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`${keyId} +secretary +club:wellington +Ann`));
    expect(listed.stdout).toMatch(/admin +\(all\)/);
    expect(listed.stdout).not.toMatch(/scrypt/);
    expect(listed.stdout).not.toContain(token.slice(20));
    const mine = await cli(
      'keys',
      'list',
      '--club',
      'wellington',
      '--format',
      'json',
      '--store',
      store,
    );
    const keys = JSON.parse(mine.stdout).keys;
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({
      keyId,
      role: 'secretary',
      scope: { kind: 'club', id: 'wellington' },
      label: 'Ann',
    });
    expect(keys[0].issuedBy).toMatch(/^cli:/);
    expect(JSON.stringify(keys)).not.toMatch(/hash|scrypt/);
  });

  it('keys add --if-none issues the first key only: a second start issues none (docker compose)', async () => {
    const store = `sqlite:${tempDbPath()}`;
    const first = await cli('keys', 'add', '--role', 'admin', '--if-none', '--store', store);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^bl_[0-9a-f]{16}_/);
    const second = await cli('keys', 'add', '--role', 'admin', '--if-none', '--store', store);
    expect([second.code, second.stdout, second.stderr]).toEqual([
      0,
      '',
      expect.stringContaining('the ledger has keys already: none issued (--if-none)'),
    ]);
    const listed = await cli('keys', 'list', '--format', 'json', '--store', store);
    expect((JSON.parse(listed.stdout) as { keys: unknown[] }).keys).toHaveLength(1);
  });

  it('bad input: a club role without --club, an admin with one, both --club and --league, an unknown role, a bad id: exit 2, nothing written', async () => {
    const path = tempDbPath();
    const store = `sqlite:${path}`;
    for (const args of [
      ['--role', 'director'],
      ['--role', 'admin', '--club', 'x'],
      ['--role', 'auditor', '--club', 'x', '--league', 'y'],
      ['--role', 'owner', '--club', 'x'],
      ['--role', 'auditor', '--club', 'not an id'],
      ['--club', 'x'],
    ]) {
      const r = await cli('keys', 'add', ...args, '--store', store);
      expect([args, r.code]).toEqual([args, 2]);
    }
    // Refused before the store is opened: not even the file is created.
    expect(existsSync(path)).toBe(false);
  });

  it('a key for a club or league the ledger has not registered is refused naming those registered (lcba for the league lcba-2009-10); --before-registration issues it on purpose', async () => {
    const path = tempDbPath();
    const store = `sqlite:${path}`;
    const s = new SqliteEventStore(path, { upcast: catalogue.upcast });
    await loadExamplesIfEmpty(s);
    const head = await s.headPosition();
    await s.close();
    const league = await cli(
      'keys',
      'add',
      '--role',
      'secretary',
      '--league',
      'lcba',
      '--store',
      store,
    );
    expect(league.code).toBe(1);
    expect(league.stderr).toMatch(
      /ACCESS: no league lcba is registered in this ledger \(leagues: lcba-2009-10\); a key for a league still to be registered is issued with beforeRegistration \(the CLI's --before-registration\)/,
    );
    const club = await cli(
      'keys',
      'add',
      '--role',
      'auditor',
      '--club',
      'wellingtn',
      '--store',
      store,
    );
    expect(club.code).toBe(1);
    expect(club.stderr).toMatch(/no club wellingtn is registered in this ledger \(clubs: .*karori/);
    expect(
      await (async () => {
        const again = new SqliteEventStore(path, { upcast: catalogue.upcast });
        try {
          return await again.headPosition();
        } finally {
          await again.close();
        }
      })(),
    ).toBe(head);
    const registered = await cli(
      'keys',
      'add',
      '--role',
      'secretary',
      '--league',
      'lcba-2009-10',
      '--store',
      store,
    );
    expect(registered.code).toBe(0);
    const onPurpose = await cli(
      'keys',
      'add',
      '--role',
      'secretary',
      '--club',
      'wellington',
      '--before-registration',
      '--store',
      store,
    );
    expect(onPurpose.code).toBe(0);
  });

  it('keys revoke: refused for an unknown key or one revoked already (exit 1, naming the key)', async () => {
    const store = `sqlite:${tempDbPath()}`;
    const token = (
      await cli(
        'keys',
        'add',
        '--role',
        'auditor',
        '--club',
        'k',
        '--before-registration',
        '--store',
        store,
      )
    ).stdout.trim();
    const keyId = token.slice(3, 19);
    const first = await cli('keys', 'revoke', keyId, '--reason', 'left the club', '--store', store);
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(new RegExp(`revoked key ${keyId}`));
    const again = await cli('keys', 'revoke', keyId, '--store', store);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/ACCESS: key [0-9a-f]{16} was revoked already/);
    const unknown = await cli('keys', 'revoke', '0123456789abcdef', '--store', store);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no key 0123456789abcdef was ever issued/);
    const listed = await cli('keys', 'list', '--format', 'json', '--store', store);
    expect(JSON.parse(listed.stdout).keys[0]).toMatchObject({ keyId, reason: 'left the club' });
  });

  it('a key’s hash is all that is stored: neither the token nor its secret is in the stored events or the SQLite files', async () => {
    const path = tempDbPath();
    const store = `sqlite:${path}`;
    const tokens = [];
    for (const role of ['secretary', 'director', 'auditor']) {
      tokens.push(
        (
          await cli(
            'keys',
            'add',
            '--role',
            role,
            '--club',
            'c1',
            '--before-registration',
            '--store',
            store,
          )
        ).stdout.trim(),
      );
    }
    tokens.push((await cli('keys', 'add', '--role', 'admin', '--store', store)).stdout.trim());
    // A request with each key, so that whatever the server remembers is exercised too.
    const s = new SqliteEventStore(path, { upcast: catalogue.upcast });
    const app = await createLedgerHttpApp(s, { logger: false });
    try {
      for (const t of tokens) {
        const r = await request(app.getHttpServer())
          .get('/streams/access-keys')
          .set({ Authorization: `Bearer ${t}` });
        expect([200, 403]).toContain(r.status);
      }
      const events = [];
      for await (const e of s.readAll()) events.push(e);
      const stored = JSON.stringify(events);
      expect(stored).toMatch(/scrypt\$16384\$8\$1\$/);
      for (const t of tokens) {
        const secret = t.slice(20);
        expect(stored).not.toContain(secret);
        expect(stored).not.toContain(Buffer.from(secret, 'base64url').toString('hex'));
      }
    } finally {
      await app.close();
      await s.close();
    }
    const dir = dirname(path);
    const bytes = Buffer.concat(readdirSync(dir).map((f) => readFileSync(join(dir, f))));
    for (const t of tokens) {
      const secret = t.slice(20);
      expect(bytes.includes(Buffer.from(secret))).toBe(false);
      expect(bytes.includes(Buffer.from(secret, 'base64url'))).toBe(false);
    }
  });

  it('a revoked key fails at once: revoked by the CLI in another process on the same SQLite file while the server runs', async () => {
    const path = tempDbPath();
    const store = `sqlite:${path}`;
    const token = (
      await cli(
        'keys',
        'add',
        '--role',
        'secretary',
        '--club',
        'c1',
        // c1 is registered below, by its secretary's key.
        '--before-registration',
        '--store',
        store,
      )
    ).stdout.trim();
    const s = new SqliteEventStore(path, { upcast: catalogue.upcast });
    const app = await createLedgerHttpApp(s, { logger: false });
    try {
      const post = () =>
        request(app.getHttpServer())
          .post('/streams/club-c1/events')
          .set({ Authorization: `Bearer ${token}` })
          .send(registration('c1'));
      expect((await post()).status).toBe(201);
      const revoked = await cliProcess('keys', 'revoke', token.slice(3, 19), '--store', store);
      expect([revoked.code, revoked.stderr]).toEqual([0, expect.stringMatching(/revoked key/)]);
      const head = await s.headPosition();
      const after = await post();
      expect(after.status).toBe(401);
      expect(after.body).toMatchObject({ error: 'Unauthorized', reason: 'revoked' });
      expect(await s.headPosition()).toBe(head);
    } finally {
      await app.close();
      await s.close();
    }
  }, 30_000);
});

/** `serve` in another process until it says it serves (or exits); its output, then stopped. */
function serveUntilListening(...args: string[]): Promise<{ out: string; code: number | null }> {
  const child = spawn(
    process.execPath,
    [join(root, 'dist/src/cli/main.js'), 'serve', '--port', '0', '--no-examples', ...args],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGTERM'), 20_000);
    const read = (c: Buffer) => {
      out += String(c);
      // What it logs right after it serves is read too.
      if (/serving .* at http/.test(out)) setTimeout(() => child.kill('SIGTERM'), 500);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ out, code });
    });
  });
}

describe('serve says when it is in open mode', () => {
  it('without keys, on loopback: logged once at start', async () => {
    const { out } = await serveUntilListening('--store', `sqlite:${tempDbPath()}`);
    expect(
      out.match(/no API keys: open mode, anyone who can reach 127\.0\.0\.1:\d+ may append/g),
    ).toHaveLength(1);
  }, 30_000);

  it('with a key issued, on 0.0.0.0: served, and no open mode', async () => {
    const store = `sqlite:${tempDbPath()}`;
    expect((await cli('keys', 'add', '--role', 'admin', '--store', store)).code).toBe(0);
    const { out } = await serveUntilListening('--store', store, '--host', '0.0.0.0');
    expect(out).toMatch(/serving .* at http:\/\/0\.0\.0\.0:\d+/);
    expect(out).not.toMatch(/open mode/);
  }, 30_000);
});
