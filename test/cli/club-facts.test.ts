import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, head } from '../support/cli';
import {
  clubRegistered,
  competition,
  MONDAYS,
  ROSTER,
  rulebookAdopted,
  rulebookAmended,
} from '../support/nz-club';
import { tempDir } from '../support/temp';

/** Through `bridge-ledger append`: each refusal names its line and rule. */
describe('bridge-ledger append: the club’s facts behind a competition’s', () => {
  const file = (lines: unknown[]) => {
    const dir = tempDir();
    const path = join(dir, 'season.ndjson');
    writeFileSync(path, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    return { path, store: `sqlite:${join(dir, 'ledger.db')}` };
  };
  const cp = competition('cp', 'club-pairs', 'monday', MONDAYS.slice(0, 10), {
    AB: ['mia', 'max'],
    XT: ['tia', 'xena'],
  });

  it('LEDGER a file whose competition’s club and a pair’s player were never registered is refused naming both lines; nothing is written', async () => {
    const lines = [rulebookAdopted(), ...ROSTER, ...cp.setup];
    const f = file(lines);
    const r = await cli('append', f.path, '--store', f.store);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(`line ${ROSTER.length + 2}: data\\.clubId: LEDGER: club karori is not registered`),
    );
    expect(await head(f.store)).toBe(0);

    const registered = file([clubRegistered(), ...lines]);
    const again = await cli('append', registered.path, '--store', registered.store);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      new RegExp(
        `line ${lines.length + 1}: data\\.players\\[1\\]: LEDGER: xena is not on club karori's roster`,
      ),
    );
    expect(await head(registered.store)).toBe(0);
  });

  it('NZ-1 a file amending the rulebook under a competition it would strand is refused at the amendment’s line', async () => {
    const lines = [
      clubRegistered(),
      rulebookAdopted(),
      ...ROSTER,
      ...cp.setup.slice(0, 2),
      rulebookAmended({ 'tenSession.sessions': 8 }, '2026-01-01'),
    ];
    const f = file(lines);
    const r = await cli('append', f.path, '--store', f.store);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(
        `line ${lines.length}: data\\.changes\\["tenSession\\.sessions"\\]: NZ-1: competition cp`,
      ),
    );
    expect(await head(f.store)).toBe(0);
  });
});
