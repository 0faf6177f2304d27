import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { eventStoreContract } from './contract';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

export function tempDbPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-'));
  dirs.push(dir);
  return join(dir, 'ledger.db');
}

eventStoreContract('sqlite', {
  densePositions: true,
  open: (options) => Promise.resolve(new SqliteEventStore(tempDbPath(), options)),
});
