import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../support/cli';
import { tempDir } from '../support/temp';
import { pinnerYearFacts } from '../projections/membership-pinner-year';

/** The small Pinner year of test/projections appended through `bridge-ledger append` (the gate). */
async function pinnerStore(): Promise<string> {
  const dir = tempDir();
  const path = join(dir, 'pinner.ndjson');
  writeFileSync(
    path,
    pinnerYearFacts()
      .map((l) => JSON.stringify(l))
      .join('\n') + '\n',
  );
  const store = `sqlite:${join(dir, 'ledger.db')}`;
  const appended = await cli('append', path, '--store', store);
  expect(appended.code).toBe(0);
  return store;
}

describe('bridge-ledger members, member, applications, visitors', () => {
  let store: string;
  beforeAll(async () => {
    store = await pinnerStore();
  });

  it('PIN-R8: members --as-of: fay Restricted until 2019-03-07, Full from 2019-03-08 (table, json, csv)', async () => {
    const before = await cli('members', 'pinner', '--as-of', '2019-03-07', '--store', store);
    expect(before.code).toBe(0);
    expect(before.stdout).toMatch(/pinner: the register as of 2019-03-07 \(rulebook pinner-2018/);
    expect(before.stdout).toMatch(/fay\s+Candidate fay\s+member\s+restricted\s+2018-03-08/);
    expect(before.stdout).toMatch(
      /hal\s+Hal Honorary\s+member\s+honorary\s+2018-04-01\s+yes\s+waived/,
    );
    expect(before.stdout).toMatch(
      /tim\s+Tim Temporary\s+member\s+temporary\s+2018-04-01\s+no\s+due/,
    );
    const json = await cli(
      'members',
      'pinner',
      '--as-of',
      '2019-03-08',
      '--format',
      'json',
      '--store',
      store,
    );
    const fay = JSON.parse(json.stdout).entries.find((e: { person: string }) => e.person === 'fay');
    expect(fay).toMatchObject({ class: 'full', classFrom: '2019-03-08' });
    const csv = await cli(
      'members',
      'pinner',
      '--as-of',
      '2019-03-08',
      '--format',
      'csv',
      '--store',
      store,
    );
    expect(csv.stdout.split('\n')[0]).toBe(
      'person,name,standing,class,from,votes,subscription,elected,barred,classes',
    );
    expect(csv.stdout).toContain('ian,Candidate ian,rejected,,,no,none,,PIN-R9,');
  });

  it("member: one person's history with the derived class change", async () => {
    const r = await cli('member', 'pinner', 'fay', '--as-of', '2019-12-31', '--store', store);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/fay \(Candidate fay\) on 2019-12-31: member, full from 2019-03-08/);
    expect(r.stdout).toMatch(/2019-03-08\s+class\s+full/);
  });

  it('PIN-C7: applications --as-of: the display deadline restarted by the replaced seconder, the objection', async () => {
    const r = await cli('applications', 'pinner', '--as-of', '2018-03-05', '--store', store);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /a-gus\s+gus\s+Candidate gus\s+2018-03-01\s+full\s+2018-03-01\s+2018-03-11\s+ann\s+dan\s+cat\s+cat on 2018-03-05/,
    );
  });

  it('PIN-R10: visitors --year 2018: vic’s 7th session may be refused; eve exempt (PIN-R12)', async () => {
    const r = await cli('visitors', 'pinner', '--year', '2018', '--store', store);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/visitors of the calendar year 2018 \(PIN-R10: 6 a year\)/);
    // Each row names the rule that decided it: the limit for vic, the under-16 exemption for eve.
    expect(r.stdout).toMatch(/vic\s+Vic Visitor\s+7\s+may-be-refused\s+PIN-R10\s/);
    expect(r.stdout).toMatch(/eve\s+Eve Junior\s+7\s+ok\s+PIN-R12\s/);
    const y2019 = await cli(
      'visitors',
      'pinner',
      '--year',
      '2019',
      '--format',
      'json',
      '--store',
      store,
    );
    expect(JSON.parse(y2019.stdout).rows).toEqual([
      expect.objectContaining({ person: 'vic', sessions: 1 }),
    ]);
  });

  it('entries <club> <event>: the sessions played in one event, as member or visitor, with their table money; an event no session names exits 1', async () => {
    const r = await cli('entries', 'pinner', 'pairs-2018-05-01', '--store', store);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/pinner: entries of pairs-2018-05-01 up to /);
    expect(r.stdout).toMatch(
      /2018-05-01\s+vic\s+Vic Visitor\s+visitor\s+the visitor rate \(amount not set\)\s+ok/,
    );
    const json = await cli(
      'entries',
      'pinner',
      'pairs-2018-05-01',
      '--format',
      'json',
      '--store',
      store,
    );
    expect(JSON.parse(json.stdout).entries.length).toBeGreaterThan(0);
    const none = await cli('entries', 'pinner', 'no-such-event', '--store', store);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/no session played in an event no-such-event/);
  });

  it('bad input: exit 2 naming --as-of or --year; an unknown club or person exits 1', async () => {
    const date = await cli('members', 'pinner', '--as-of', '2018-02-30', '--store', store);
    expect(date.code).toBe(2);
    expect(date.stderr).toMatch(/--as-of must be a club date/);
    const year = await cli('visitors', 'pinner', '--year', '0', '--store', store);
    expect(year.code).toBe(2);
    expect(year.stderr).toMatch(/--year must be a year 1–9999/);
    const club = await cli('members', 'nowhere', '--store', store);
    expect(club.code).toBe(1);
    expect(club.stderr).toMatch(/no club nowhere/);
    const person = await cli('member', 'pinner', 'nobody', '--store', store);
    expect(person.code).toBe(1);
    expect(person.stderr).toMatch(/no person nobody/);
  });
});
