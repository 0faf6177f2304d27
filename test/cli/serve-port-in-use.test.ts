/**
 * `serve` on a port in use failed only after loading the examples into the
 * store. The port is checked first: a one-line error, exit 1, the store as it was.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { join } from 'node:path';
import { cli, head } from '../support/cli';
import { tempDir } from '../support/temp';

let busy: Server;
let port: number;
beforeAll(async () => {
  busy = createServer();
  await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r));
  port = (busy.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => busy.close(() => r())));

describe('serve on a port in use', () => {
  it('fails with one line and exit 1 before the store is opened: no file is created', async () => {
    const path = join(tempDir(), 'ledger.db');
    const r = await cli('serve', '--store', `sqlite:${path}`, '--port', String(port));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `bridge-ledger: cannot serve on 127.0.0.1:${port}: the port is in use (EADDRINUSE); stop what listens there, or give --port\n`,
    );
    expect(existsSync(path)).toBe(false);
  });

  it('leaves an empty store empty: the examples are not loaded', async () => {
    const store = `sqlite:${join(tempDir(), 'ledger.db')}`;
    expect(await head(store)).toBe(0);
    const r = await cli('serve', '--store', store, '--port', String(port));
    expect(r.code).toBe(1);
    expect(await head(store)).toBe(0);
  });
});

describe('where the store is', () => {
  it('a command that writes names the store by its absolute path, and says when it created it', async () => {
    const dir = tempDir();
    const file = join(dir, 'empty.ndjson');
    writeFileSync(file, '\n');
    const path = join(dir, 'sub', 'ledger.db');
    const first = await cli('append', file, '--store', `sqlite:${path}`);
    expect(first.stderr).toMatch(new RegExp(`^store: sqlite:${path} \\(created\\)$`, 'm'));
    const again = await cli('append', file, '--store', `sqlite:${path}`);
    expect(again.stderr).toMatch(new RegExp(`^store: sqlite:${path}$`, 'm'));
  });

  it('a command that only reads creates nothing', async () => {
    const path = join(tempDir(), 'ledger.db');
    const r = await cli('export', '--store', `sqlite:${path}`);
    expect(r.code).not.toBe(0);
    expect(existsSync(path)).toBe(false);
  });
});
