import { chmodSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { catalogue } from '../../src/contexts/catalogue';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { openStore } from '../../src/store/open-store';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { startService } from '../../src/cli/commands/serve';
import { cli } from '../support/cli';
import { tempDir } from '../support/temp';

/**
 * Runs `work` as a user who may not write the files: the file mode is what an auditor's copy
 * has, and root ignores it, so as root the effective uid is `nobody`'s meanwhile.
 */
async function withoutWriteAccess<T>(work: () => Promise<T>): Promise<T> {
  const root = process.geteuid?.() === 0;
  if (root) process.seteuid!(65534);
  try {
    return await work();
  } finally {
    if (root) process.seteuid!(0);
  }
}

/** The example seasons in a ledger file, served once (so the saved read model is there). */
async function exampleLedger(options: { served: boolean }) {
  const dir = tempDir();
  const path = join(dir, 'ledger.db');
  const store = new SqliteEventStore(path, { upcast: catalogue.upcast });
  await loadExamplesIfEmpty(store);
  if (options.served) {
    const service = await startService({ store, port: 0, host: '127.0.0.1', logger: false });
    await service.runner.caughtUp();
    await service.close();
  }
  await store.close();
  return { dir, path, url: `sqlite:${path}` };
}

/** chmod 444 on the file (and what SQLite left beside it), 555 on the directory. */
function makeReadOnly(dir: string) {
  for (const f of readdirSync(dir)) chmodSync(join(dir, f), 0o444);
  chmodSync(dir, 0o555);
}

const snapshot = (dir: string) =>
  readdirSync(dir)
    .sort()
    .map((f) => `${f}:${statSync(join(dir, f)).mtimeMs}:${readFileSync(join(dir, f)).length}`);

describe('a read-only ledger file', () => {
  it.each([
    ['never served', false],
    ['with a saved read model', true],
  ])(
    'export, verify, standings and replay read a read-only file in a read-only directory (%s)',
    async (_what, served) => {
      const { dir, url } = await exampleLedger({ served });
      makeReadOnly(dir);
      const before = snapshot(dir);
      try {
        const results = await withoutWriteAccess(async () => ({
          exported: await cli('export', '--store', url),
          verified: await cli('verify', '--store', url),
          standings: await cli('standings', 'club-pairs-2026', '--store', url),
          replayed: await cli('replay', '--projection', 'ledger-stats', '--store', url),
        }));
        for (const r of Object.values(results)) {
          expect(r.stderr).not.toMatch(/readonly database/);
          expect(r.code).toBe(0);
        }
        expect(results.exported.stdout.trim().split('\n').length).toBeGreaterThan(400);
        expect(results.verified.stdout).toMatch(/^OK: /m);
        expect(results.standings.stdout).toMatch(/Club Pairs 2026/);
        expect(JSON.parse(results.replayed.stdout)).toMatchObject({ projection: 'ledger-stats' });
        expect(snapshot(dir)).toEqual(before);
      } finally {
        chmodSync(dir, 0o755);
      }
    },
  );

  it('openStore(url, { readOnly: true }) opens the file read-only and refuses appends with ReadOnlyLedger', async () => {
    const { dir, url } = await exampleLedger({ served: false });
    const before = snapshot(dir);
    const store = await openStore(url, { readOnly: true });
    expect((store as SqliteEventStore).db.readonly).toBe(true);
    expect(store.status?.()).toMatchObject({ writable: false, readOnly: true });
    const err = await store
      .appendToStream('club-x', [
        {
          id: '0190f0f0-0000-7000-8000-000000000001',
          type: 'ClubRegistered',
          occurredAt: '2026-03-02T19:30:00+13:00',
          data: {},
        },
      ])
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'READ_ONLY_LEDGER' });
    await store.close();
    // SQLite may leave its -wal and -shm beside the file (a writable directory); the file is as it was.
    expect(snapshot(dir).filter((s) => s.startsWith('ledger.db:'))).toEqual(before);
  });

  it('a read-only command on a file that does not exist says so and creates nothing', async () => {
    const dir = tempDir();
    const r = await cli('verify', '--store', `sqlite:${join(dir, 'nothing.db')}`);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no ledger at .*nothing\.db/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('serve --read-only serves the tables from a read-only file and answers appends 405 ReadOnlyLedger', async () => {
    const { dir, url } = await exampleLedger({ served: true });
    makeReadOnly(dir);
    try {
      await withoutWriteAccess(async () => {
        const store = await openStore(url, { upcast: catalogue.upcast, readOnly: true });
        const service = await startService({ store, port: 0, host: '127.0.0.1', logger: false });
        try {
          await service.runner.caughtUp();
          const http = request(service.server.url);
          const standings = await http.get('/competitions/club-pairs-2026/standings').expect(200);
          expect(standings.body.rows.length).toBeGreaterThan(0);
          const health = await http.get('/health').expect(200);
          expect(health.body).toMatchObject({ status: 'ok', readOnly: true, writable: false });
          const refused = await http
            .post('/streams/club-1/events')
            .send({ expectedRevision: 'any', events: [] })
            .expect(405);
          expect(refused.headers.allow).toBe('GET, HEAD');
          expect(refused.body).toMatchObject({ error: 'ReadOnlyLedger' });
        } finally {
          await service.close();
          await store.close();
        }
      });
    } finally {
      chmodSync(dir, 0o755);
    }
  });

  it('serve on a file this user cannot write, in a folder it can: /health says degraded, writable false, from the start; an append is 503', async () => {
    const { dir, path, url } = await exampleLedger({ served: true });
    chmodSync(path, 0o444);
    chmodSync(dir, 0o777);
    try {
      await withoutWriteAccess(async () => {
        // Opened for writing, as serve opens it: SQLite falls back to read-only without a word.
        const store = await openStore(url, { upcast: catalogue.upcast });
        const service = await startService({ store, port: 0, host: '127.0.0.1', logger: false });
        try {
          const http = request(service.server.url);
          const health = await http.get('/health').expect(200);
          expect(health.body).toMatchObject({
            status: 'degraded',
            readOnly: false,
            writable: false,
            lastError: { code: 'STORE_NOT_WRITABLE' },
          });
          expect(health.body.message).toMatch(/the store takes no appends \(STORE_NOT_WRITABLE\)/);
          const refused = await http.post('/streams/club-newclub/events').send({
            expectedRevision: 'no_stream',
            events: [
              {
                id: '01931b66-0000-7000-8000-000000000001',
                type: 'ClubRegistered',
                occurredAt: '2026-12-01T12:00:00Z',
                data: { clubId: 'newclub', name: 'New Club', timeZone: 'UTC' },
              },
            ],
          });
          expect([refused.status, refused.body.error]).toEqual([503, 'StoreNotWritable']);
        } finally {
          await service.close();
          await store.close();
        }
      });
    } finally {
      chmodSync(dir, 0o755);
      chmodSync(path, 0o644);
    }
  });
});
