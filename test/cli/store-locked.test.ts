import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { v7 } from 'uuid';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { cli, head } from '../support/cli';
import { tempDir } from '../support/temp';

/**
 * Another process holding the file's write lock (BEGIN IMMEDIATE) for `ms`, as a server's append
 * or a backup would; `releasedAt` is when it committed, by its own clock (the same machine's).
 */
function lockFor(
  path: string,
  ms: number,
): Promise<{ released: Promise<void>; releasedAt: Promise<number> }> {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(process.argv[1]);
    db.exec('BEGIN IMMEDIATE');
    process.stdout.write('locked\\n');
    setTimeout(() => {
      db.exec('COMMIT');
      process.stdout.write('released ' + Date.now() + '\\n');
      db.close();
    }, Number(process.argv[2]));`;
  const child = spawn(process.execPath, ['-e', script, path, String(ms)], {
    cwd: join(__dirname, '../..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const released = new Promise<void>((resolve, reject) => {
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`locker ${code}`))));
  });
  const releasedAt = released.then(() => Number(/released (\d+)/.exec(out)?.[1]));
  return new Promise((resolve, reject) => {
    child.stdout.once('data', () => resolve({ released, releasedAt }));
    child.once('error', reject);
  });
}

const line = () =>
  JSON.stringify({
    streamId: 'club-wellington',
    id: v7(),
    type: 'ClubRegistered',
    occurredAt: '2026-02-02T19:30:00+13:00',
    data: { clubId: 'wellington', name: 'Club', timeZone: 'Pacific/Auckland' },
    metadata: { clubId: 'wellington', actor: 'secretary' },
  });

describe('bridge-ledger append beside a process holding the write lock', () => {
  it('waits for the lock, retrying, and appends once it is released', async () => {
    const dir = tempDir();
    const path = join(dir, 'ledger.db');
    await new SqliteEventStore(path).close();
    const file = join(dir, 'events.ndjson');
    writeFileSync(file, line() + '\n');
    const { releasedAt } = await lockFor(path, 700);
    const r = await cli('append', file, '--store', `sqlite:${path}`);
    const finished = Date.now();
    expect(r.stderr).not.toMatch(/locked|busy/i);
    expect(r.code).toBe(0);
    // It waited for the other process's commit (timed by that process, so a slow start of this
    // one on a loaded machine cannot make the wait look short).
    expect(finished).toBeGreaterThanOrEqual(await releasedAt);
    expect(await head(`sqlite:${path}`)).toBe(1);
  });

  it('says the store is locked, and writes nothing, when the lock outlasts the wait', async () => {
    const dir = tempDir();
    const path = join(dir, 'ledger.db');
    await new SqliteEventStore(path).close();
    const file = join(dir, 'events.ndjson');
    writeFileSync(file, line() + '\n');
    const previous = process.env.LEDGER_BUSY_TIMEOUT_MS;
    const { released } = await lockFor(path, 2500);
    process.env.LEDGER_BUSY_TIMEOUT_MS = '500';
    try {
      const r = await cli('append', file, '--store', `sqlite:${path}`);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/locked by another process .*nothing was written/);
    } finally {
      if (previous === undefined) delete process.env.LEDGER_BUSY_TIMEOUT_MS;
      else process.env.LEDGER_BUSY_TIMEOUT_MS = previous;
    }
    await released;
    expect(await head(`sqlite:${path}`)).toBe(0);
  });
});
