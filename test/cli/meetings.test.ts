import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../support/cli';
import { tempDir } from '../support/temp';
import { agmStory, pinnerClubFacts } from '../support/meetings';

/** Pinner's 2019 AGM appended through `bridge-ledger append` (the gate), read by the CLI. */
async function meetingsStore(): Promise<string> {
  const dir = tempDir();
  const path = join(dir, 'meetings.ndjson');
  writeFileSync(
    path,
    [...pinnerClubFacts(), ...agmStory()].map((l) => JSON.stringify(l)).join('\n') + '\n',
  );
  const store = `sqlite:${join(dir, 'ledger.db')}`;
  const appended = await cli('append', path, '--store', store);
  expect(appended).toMatchObject({ code: 0 });
  return store;
}

describe('bridge-ledger meetings, meeting, officers, constitution', () => {
  let store: string;
  beforeAll(async () => {
    store = await meetingsStore();
  });

  it('PIN-C27 meetings <club>: the AGM and the next one due (table, json)', async () => {
    const out = await cli('meetings', 'pinner', '--as-of', '2019-04-01', '--store', store);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('last AGM 2019-03-20, the next by 2020-04-20 (PIN-C27)');
    const json = JSON.parse(
      (await cli('meetings', 'pinner', '--format', 'json', '--store', store)).stdout,
    );
    expect(json.meetings[0]).toMatchObject({ meetingId: 'agm19', kind: 'agm' });
  });

  it('PIN-C25 PIN-C28 meeting <meetingId>: each motion with its result and rule, the elections; found without --club', async () => {
    const out = await cli('meeting', 'agm19', '--store', store);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/PIN-C22: a quorum of 20 members or 20 % of the 31/);
    expect(out.stdout).toMatch(/mo1 .*carried .*PIN-C25/);
    expect(out.stdout).toMatch(/mo2 .*not carried .*PIN-C25/);
    expect(out.stdout).toMatch(/treasurer .*m10/);
    const json = JSON.parse(
      (await cli('meeting', 'agm19', '--club', 'pinner', '--format', 'json', '--store', store))
        .stdout,
    );
    expect(json.elections).toHaveLength(2);
  });

  it('PIN-C28 officers <club> --as-of: m03 treasurer the day before, m10 from the AGM; constitution <club>', async () => {
    const before = await cli(
      'officers',
      'pinner',
      '--as-of',
      '2019-03-19',
      '--format',
      'csv',
      '--store',
      store,
    );
    expect(before.stdout).toMatch(/treasurer,m03/);
    const after = await cli('officers', 'pinner', '--as-of', '2019-03-20', '--store', store);
    expect(after.stdout).toMatch(/treasurer +m10 +2019-03-20 +PIN-C28/);
    const c = await cli('constitution', 'pinner', '--as-of', '2019-12-31', '--store', store);
    expect(c.stdout).toMatch(/22 +A quorum of fifteen Members\. +2019-03-20/);
  });

  it('bad input: a bad date exits 2 naming --as-of; an unknown meeting or club exits 1', async () => {
    const date = await cli('officers', 'pinner', '--as-of', '2019-02-30', '--store', store);
    expect(date.code).toBe(2);
    expect(date.stderr).toMatch(/--as-of must be a club date/);
    const meeting = await cli('meeting', 'agm99', '--store', store);
    expect(meeting.code).toBe(1);
    expect(meeting.stderr).toMatch(/no meeting agm99/);
    expect((await cli('meetings', 'nowhere', '--store', store)).code).toBe(1);
  });
});

describe('bridge-ledger meeting --rulebook-override (what-if)', () => {
  it('PIN-C22 a quorum of 30: the AGM decides nothing, said as a what-if, nothing stored', async () => {
    const store = await meetingsStore();
    const file = join(tempDir(), 'override.json');
    writeFileSync(
      file,
      JSON.stringify({ 'meetings.quorum.members': 30, 'meetings.quorum.percent': 100 }),
    );
    const out = await cli('meeting', 'agm19', '--rulebook-override', file, '--store', store);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(
      /^What-if \{"meetings.quorum.members":30,"meetings.quorum.percent":100\} \(nothing stored\)/,
    );
    expect(out.stdout).toMatch(/mo1 .*no quorum .*PIN-C22/);
    expect(out.stdout).toMatch(/quorum +quorate +true +false/);
  });
});

describe('bridge-ledger meeting --diff-from', () => {
  it('from the day before the AGM: the results and elections appear, one line a change; a bad moment exits 2 naming the option', async () => {
    const store = await meetingsStore();
    const out = await cli('meeting', 'agm19', '--diff-from', '2019-03-19', '--store', store);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^agm19 from as of 2019-03-19 to now/);
    expect(out.stdout).toMatch(/mo1 +result +carried +16 for, 8 against/);
    expect(out.stdout).toMatch(/election treasurer +elected +\[\] +\["m10"\]/);
    const bad = await cli('meeting', 'agm19', '--diff-from', 'yesterday', '--store', store);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--diff-from must be/);
  });
});
