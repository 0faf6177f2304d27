import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dirs: string[] = [];

/** A fresh directory for one test's files, removed when the test file ends. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-'));
  dirs.push(dir);
  return dir;
}

export const tempDbPath = () => join(tempDir(), 'ledger.db');

afterAll(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
