import { main } from '../../src/cli/main';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';

/** Runs the CLI in-process and captures what it prints. */
export async function cli(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const o = jest
    .spyOn(process.stdout, 'write')
    .mockImplementation((c) => (out.push(String(c)), true));
  const e = jest
    .spyOn(process.stderr, 'write')
    .mockImplementation((c) => (err.push(String(c)), true));
  process.exitCode = undefined;
  try {
    const code = await main(['node', 'bridge-ledger', ...args]);
    return { code, stdout: out.join(''), stderr: err.join('') };
  } finally {
    o.mockRestore();
    e.mockRestore();
    process.exitCode = undefined;
  }
}

/** The head position of a `sqlite:` store, opened and closed again. */
export async function head(store: string): Promise<number> {
  const s = new SqliteEventStore(store.slice('sqlite:'.length));
  try {
    return await s.headPosition();
  } finally {
    await s.close();
  }
}
