import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../support/cli';
import { clubRegistered, competition, ROSTER, rulebookAdopted, TUESDAYS } from '../support/nz-club';
import { asked, memberRecorded } from '../support/nz-membership';
import { tempDir } from '../support/temp';

/**
 * `bridge-ledger standings` shows each NZ row's prize eligibility (NZ-10, PIN-R13) as
 * a column with its rule, in the table and the CSV; the JSON carries the row's `prize`. The
 * ledger is appended by `bridge-ledger append`, through the gate, membership facts included.
 */
async function ledger(overrides: Record<string, unknown> = {}) {
  const dates = TUESDAYS.slice(0, 3);
  const tue = competition('tue', 'three-four-session-pairs', 'tuesday', dates, {
    TV: ['tia', 'vic'],
    TT: ['tom', 'tim'],
  });
  const lines = [
    clubRegistered(),
    rulebookAdopted('nz-club', overrides),
    ...ROSTER,
    memberRecorded('tia'),
    asked('tia', 'vic', dates[0]!),
    ...tue.setup,
    ...[1, 2, 3].flatMap((s) => [tue.result(s, 'TV'), tue.result(s, 'TT')]),
  ];
  const dir = tempDir();
  const file = join(dir, 'season.ndjson');
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  const store = `sqlite:${join(dir, 'ledger.db')}`;
  const r = await cli('append', file, '--store', store);
  expect(r.stderr).not.toMatch(/refused|error/i);
  expect(r.code).toBe(0);
  return store;
}

describe('bridge-ledger standings: the prize column', () => {
  it('NZ-10 the table has a prize column: "none (NZ-10)" for the visitor’s pair, "all (NZ-10)" for the members’ pair', async () => {
    const store = await ledger();
    const table = (await cli('standings', 'tue', '--store', store)).stdout;
    expect(table).toMatch(
      /^place\s+pair\s+names\s+total\s+counted\s+dropped\s+qualifies\s+prize$/m,
    );
    expect(table).toMatch(/^\d\s+TV\s.*\syes\s+none \(NZ-10\)$/m);
    expect(table).toMatch(/^\d\s+TT\s.*\syes\s+all \(NZ-10\)$/m);
  });

  it('PIN-R13 the CSV and JSON: the visitor’s pair at a special event wins normal prize money only; the JSON row explains it, and NZ-8d names the Secretary’s request', async () => {
    const store = await ledger({ 'prizes.rule': 'PIN-R13', 'prizes.specialEvents': ['tue'] });
    const csv = (await cli('standings', 'tue', '--store', store, '--format', 'csv')).stdout
      .trim()
      .split('\n');
    expect(csv[0]).toBe('place,pair,names,total,counted,dropped,qualifies,prize');
    expect(csv.find((l) => l.includes(',TV,'))).toMatch(/,normal-only \(PIN-R13\)$/);
    const json = JSON.parse(
      (await cli('standings', 'tue', '--store', store, '--format', 'json')).stdout,
    );
    const tv = json.rows.find((r: { competitor: string }) => r.competitor === 'TV');
    expect(tv.prize).toMatchObject({ rule: 'PIN-R13', mayWin: 'normal-only', special: true });
    const rules = tv.explain.map((e: { rule: string }) => e.rule);
    expect(rules).toContain('NZ-8d');
    expect(tv.explain[tv.explain.length - 1].effect).toMatch(/^prizes: normal prize money only/);
  });
});
