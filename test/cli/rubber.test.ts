import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../support/cli';
import { tempDir } from '../support/temp';
import { eveningStory } from '../support/rubber';

/** A short cut-in evening appended through `bridge-ledger append` (the gate), read by the CLI. */
async function rubberStore(): Promise<{ store: string; dir: string }> {
  const dir = tempDir();
  const path = join(dir, 'rubber.ndjson');
  writeFileSync(
    path,
    eveningStory()
      .map((l) => JSON.stringify(l))
      .join('\n') + '\n',
  );
  const store = `sqlite:${join(dir, 'ledger.db')}`;
  expect(await cli('append', path, '--store', store)).toMatchObject({ code: 0 });
  return { store, dir };
}

describe('bridge-ledger rubber <sessionId>', () => {
  let store: string;
  let dir: string;
  beforeAll(async () => {
    ({ store, dir } = await rubberStore());
  });

  it('PIN-R23 PIN-R25 the evening now: each table with tenures, the next Table Up and its rule, who retired (table, json)', async () => {
    const out = await cli('rubber', 'eve1', '--store', store);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(
      /pinner rubber bridge eve1: 2019-03-05, cut-in session, duty member duty; 4 present/,
    );
    expect(out.stdout).toMatch(
      /table 1: playing rubber 2, 0 hand\(s\), ends at hand 7 \(PIN-R24\)/,
    );
    expect(out.stdout).toMatch(/next Table Up: no one leaves: none waiting/);
    expect(out.stdout).toMatch(
      /retired: eve at 19:45, may rejoin from 2019-03-05T20:15:00.000Z \(PIN-R25\)/,
    );
    const json = JSON.parse(
      (await cli('rubber', 'eve1', '--format', 'json', '--store', store)).stdout,
    );
    expect(json).toMatchObject({ sessionId: 'eve1', present: 4, rules: 'pinner-2018' });
  });

  it('--at a time of the evening: at 19:40 table 1 is at Table Up and the four cut for bob’s place', async () => {
    const out = await cli('rubber', 'eve1', '--at', '2019-03-05T19:40:00+00:00', '--store', store);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/table 1: Table Up after rubber 1/);
    expect(out.stdout).toMatch(
      /next Table Up: ann, cat, dan, eve have equal tenure \(1\) for 1 place\(s\): they cut, the lower to move \(PIN-R23\)/,
    );
    expect(out.stdout).toMatch(/waiting: bob \(lost the last cut\)/);
  });

  it('--rulebook-override: the seven-hand rule read for four players or fewer; nothing stored', async () => {
    const file = join(dir, 'override.json');
    writeFileSync(file, JSON.stringify({ 'rubber.sevenHandRule.playersAtMost': 3 }));
    const out = await cli('rubber', 'eve1', '--rulebook-override', file, '--store', store);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(
      /^What-if \{"rubber.sevenHandRule.playersAtMost":3\} \(nothing stored\)/,
    );
    expect(out.stdout).toMatch(/table 1: playing rubber 2, 0 hand\(s\)\n/);
  });

  it('--diff-from a ledger position: what the tables show that changed since, one line a change', async () => {
    const out = await cli('rubber', 'eve1', '--diff-from', '8', '--store', store);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^eve1 from position 8 to now/);
    expect(out.stdout).toMatch(/table 1 +seats +\[\] +\["ann 1","cat 1","dan 1","bob 0"\]/);
    const bad = await cli('rubber', 'eve1', '--diff-from', 'yesterday', '--store', store);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--diff-from must be a ledger position/);
  });

  it('bad input: a time without a zone (exit 2), an evening the ledger does not have, another club’s (exit 1)', async () => {
    const bad = await cli('rubber', 'eve1', '--at', '19:40', '--store', store);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--at must be an ISO 8601 instant with a zone/);
    const none = await cli('rubber', 'eve9', '--store', store);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/no rubber session eve9/);
    const other = await cli('rubber', 'eve1', '--club', 'karori', '--store', store);
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(/no rubber session eve1 of club karori/);
  });
});
