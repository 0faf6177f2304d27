import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, head } from '../support/cli';
import {
  accepted,
  appealAgainstR1,
  appealDecided,
  correctionOf,
  karoriAutumn,
  karoriUnderLcbaAppeals,
  karoriUnderPinnerAppeals,
  appealAgainst,
  rulingR1,
  withPercentage,
} from '../support/corrections';
import { tempDir } from '../support/temp';

/**
 * Through the command line: corrections appended as facts (`bridge-ledger append`, the
 * same gate), and `bridge-ledger corrections <club>` printing the log with its states and
 * deadlines (NZ-13).
 */
describe('bridge-ledger corrections <club>', () => {
  const file = (lines: unknown[], dir = tempDir()) => {
    const path = join(dir, `facts-${Math.random().toString(36).slice(2)}.ndjson`);
    writeFileSync(path, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    return { path, store: `sqlite:${join(dir, 'ledger.db')}` };
  };

  it('NZ-13: a correction in time accepted, a late one shown "rejected: late (NZ-13)" with its deadline; --format json gives the entries', async () => {
    const { facts, result1p1, result1p2 } = karoriAutumn();
    const dir = tempDir();
    const season = file(
      [
        ...facts,
        correctionOf(result1p1, withPercentage(result1p1, 57.5), '2026-04-02T10:00:00+13:00', 'c1'),
        accepted('c1', '2026-04-02T11:00:00+13:00'),
        correctionOf(result1p2, withPercentage(result1p2, 44), '2026-04-08T10:00:00+12:00', 'c2'),
      ],
      dir,
    );
    const appended = await cli('append', season.path, '--store', season.store);
    expect(appended.stderr).toMatch(/appended \d+ new events/);
    expect(appended.code).toBe(0);
    const printed = await cli('corrections', 'karori', '--store', season.store);
    expect(printed.code).toBe(0);
    expect(printed.stdout).toMatch(/deadlines in Pacific\/Auckland/);
    expect(printed.stdout).toMatch(
      /c1\s+accepted\s+2026-04-02T10:00:00\+13:00\s+before 2026-04-06T19:30:00\+12:00\s+NZ-13/,
    );
    expect(printed.stdout).toMatch(/c2\s+rejected: late \(NZ-13\)/);
    const json = await cli('corrections', 'karori', '--store', season.store, '--format', 'json');
    const view = JSON.parse(json.stdout) as { entries: Array<{ id: string; state: string }> };
    expect(view.entries.map((e) => [e.id, e.state])).toEqual([
      ['c1', 'accepted'],
      ['c2', 'rejected-late'],
    ]);
  });

  it('NZ-13: accepting the late correction without lateAcceptedBecause is refused at its line, nothing written; a club with no facts is not found', async () => {
    const { facts, result1p2 } = karoriAutumn();
    const dir = tempDir();
    const season = file(
      [
        ...facts,
        correctionOf(result1p2, withPercentage(result1p2, 44), '2026-04-08T10:00:00+12:00', 'c2'),
      ],
      dir,
    );
    const appended = await cli('append', season.path, '--store', season.store);
    expect(appended.stderr).toMatch(/appended \d+ new events/);
    expect(appended.code).toBe(0);
    const before = await head(season.store);
    const accept = file([accepted('c2', '2026-04-08T11:00:00+12:00')], dir);
    const refused = await cli('append', accept.path, '--store', season.store);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /data\.lateAcceptedBecause: NZ-13: correction c2 was notified at 2026-04-08T10:00:00\+12:00, after its deadline/,
    );
    expect(await head(season.store)).toBe(before);
    const none = await cli('corrections', 'nowhere', '--store', season.store);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/no club nowhere in the ledger/);
  });
  it('LCBA-10.2: an appeal received at midnight ending the 7th day is recorded and printed "refused: out of time (LCBA-10.2)" with its deadline; its decision is refused at its line, nothing written', async () => {
    const dir = tempDir();
    const season = file(
      [
        ...karoriUnderLcbaAppeals(),
        rulingR1(),
        appealAgainstR1('a1', '2026-04-06T23:59:59+12:00'),
        appealAgainstR1('a2', '2026-04-07T00:00:00+12:00'),
      ],
      dir,
    );
    const appended = await cli('append', season.path, '--store', season.store);
    expect(appended.stderr).toMatch(/appended \d+ new events/);
    expect(appended.code).toBe(0);
    const printed = await cli('corrections', 'karori', '--store', season.store);
    expect(printed.code).toBe(0);
    expect(printed.stdout).toMatch(
      /a1\s+lodged, awaiting decision\s+2026-04-06T23:59:59\+12:00\s+before 2026-04-07T00:00:00\+12:00\s+LCBA-10.2/,
    );
    expect(printed.stdout).toMatch(
      /a2\s+refused: out of time \(LCBA-10.2\)\s+2026-04-07T00:00:00\+12:00\s+before 2026-04-07T00:00:00\+12:00\s+LCBA-10.2/,
    );
    const before = await head(season.store);
    const decide = file([appealDecided('a2', '2026-04-08T20:00:00+12:00')], dir);
    const refused = await cli('append', decide.path, '--store', season.store);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /data\.heardLateBecause: LCBA-10.2: appeal a2 was received at 2026-04-07T00:00:00\+12:00, after its deadline 2026-04-07T00:00:00\+12:00/,
    );
    expect(await head(season.store)).toBe(before);
    const json = await cli('corrections', 'karori', '--store', season.store, '--format', 'json');
    const view = JSON.parse(json.stdout) as { entries: Array<{ id: string; state: string }> };
    expect(view.entries.map((e) => [e.id, e.state])).toEqual([
      ['a1', 'lodged'],
      ['a2', 'refused-out-of-time'],
    ]);
  });

  it('PIN-R28: an appeal a minute after the 30 minutes is printed "refused: out of time (PIN-R28)" with its deadline; one on a session with no score yet shows its deadline not placed yet', async () => {
    const dir = tempDir();
    const season = file(
      [
        ...karoriUnderPinnerAppeals(),
        rulingR1(),
        {
          ...rulingR1(),
          data: { ...(rulingR1().data as Record<string, unknown>), rulingId: 'r2', session: 2 },
          occurredAt: '2026-04-06T21:00:00+12:00',
        },
        appealAgainst('r1', 'a1', '2026-03-30T23:01:00+13:00'),
        appealAgainst('r2', 'a2', '2026-04-06T23:00:00+12:00'),
      ],
      dir,
    );
    const appended = await cli('append', season.path, '--store', season.store);
    expect(appended.code).toBe(0);
    const printed = await cli('corrections', 'karori', '--store', season.store);
    expect(printed.code).toBe(0);
    expect(printed.stdout).toMatch(
      /a1\s+refused: out of time \(PIN-R28\)\s+2026-03-30T23:01:00\+13:00\s+until 2026-03-30T23:00:00\+13:00\s+PIN-R28/,
    );
    expect(printed.stdout).toMatch(
      /a2\s+lodged, awaiting decision\s+2026-04-06T23:00:00\+12:00\s+not placed yet\s+PIN-R28/,
    );
  });
});
