import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, head } from '../support/cli';
import { clubRegistered, competition, MONDAYS, ROSTER, rulebookAdopted } from '../support/nz-club';
import { tempDir } from '../support/temp';

describe('bridge-ledger append and the club-wide limits', () => {
  it('NZ-10 append refuses a file whose last line is a visitor’s 4th visit, naming line and rule, and writes nothing', async () => {
    const mon = competition('mon', 'three-four-session-pairs', 'monday', MONDAYS.slice(0, 4), {
      MV: ['max', 'vic'],
    });
    const lines = [
      clubRegistered(),
      rulebookAdopted(),
      ...ROSTER,
      ...mon.setup,
      ...[1, 2, 3, 4].map((s) => mon.result(s, 'MV')),
    ];
    const dir = tempDir();
    const file = join(dir, 'season.ndjson');
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const store = `sqlite:${join(dir, 'ledger.db')}`;
    const r = await cli('append', file, '--store', store);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `line ${lines.length}: data.players[1]: NZ-10: vic: 2026-03-23: the visitor's 4th play this year (at most 3): not permitted`,
    );
    expect(await head(store)).toBe(0);
  });
});
