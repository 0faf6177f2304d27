/**
 * `bridge-ledger append` checks the whole file against the store before it
 * writes, and writes all of it or none; every problem names its line.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { v7 } from 'uuid';
import { cli, head } from '../support/cli';
import { tempDir } from '../support/temp';

const player = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    streamId: 'club-wellington-players',
    id: v7(),
    type: 'PlayerRegistered',
    occurredAt: '2026-02-02T19:30:00+13:00',
    data: {
      clubId: 'wellington',
      playerId: `p-${v7().slice(-8)}`,
      name: 'A Player',
      status: 'member',
    },
    metadata: { clubId: 'wellington', actor: 'secretary' },
    ...over,
  });

const club = (over: Record<string, unknown> = {}) =>
  player({
    streamId: 'club-wellington',
    type: 'ClubRegistered',
    data: { clubId: 'wellington', name: 'Club', timeZone: 'Pacific/Auckland' },
    ...over,
  });

const rulebook = (over: Record<string, unknown> = {}) =>
  player({
    streamId: 'club-wellington',
    type: 'RulebookAdopted',
    data: { clubId: 'wellington', preset: 'nz-club', overrides: {}, effectiveFrom: '2026-01-01' },
    ...over,
  });

function write(dir: string, name: string, lines: string[]): string {
  const file = join(dir, name);
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

/** A store holding the club (club-wellington at revision 0) and one player. */
async function seeded() {
  const dir = tempDir();
  const store = `sqlite:${join(dir, 'ledger.db')}`;
  const stored = player();
  const seed = write(dir, 'seed.ndjson', [club({ revision: 0 }), stored]);
  expect((await cli('append', seed, '--store', store)).code).toBe(0);
  expect(await head(store)).toBe(2);
  return { dir, store, stored: JSON.parse(stored) as { id: string } };
}

const fivePlayers = () => Array.from({ length: 5 }, () => player());

describe('bridge-ledger append: the whole file is checked first, then all or nothing', () => {
  it('a sixth line with a stale revision: exit 1, line 6 named, nothing written', async () => {
    const { dir, store } = await seeded();
    // club-wellington is at revision 0: the next is 1, the line says 0.
    const file = write(dir, 'stale.ndjson', [...fivePlayers(), rulebook({ revision: 0 })]);
    const r = await cli('append', file, '--store', store);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/line 6: revision: .*club-wellington/);
    expect(r.stderr).toMatch(/nothing was appended/);
    expect(await head(store)).toBe(2);
  });

  it('a stale revision is a conflict before a rule: a second ClubRegistered at revision 0 names the revision only', async () => {
    const { dir, store } = await seeded();
    const file = write(dir, 'again.ndjson', [club({ revision: 0 })]);
    const r = await cli('append', file, '--store', store);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /line 1: revision: must be 1: the store holds club-wellington at revision 0/,
    );
    // The rules would refuse it too (the club is registered already): not asked of a conflict.
    expect(r.stderr).not.toMatch(/LEDGER|registered already/);
    expect(await head(store)).toBe(2);
  });

  it.each([
    ['recordedAt', '2026-02-30T10:00:00Z'],
    ['recordedAt', '0000-03-02T10:00:00Z'],
    ['occurredAt', '2026-02-30T19:30:00+13:00'],
  ])(
    'a line whose %s is %s (a day the calendar lacks) is refused, naming the line and field; nothing written',
    async (field, value) => {
      const { dir, store } = await seeded();
      const file = write(dir, 'bad-instant.ndjson', [player(), player({ [field]: value })]);
      const r = await cli('append', file, '--store', store);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        new RegExp(`line 2: ${field}: must be an ISO 8601 instant with a zone`),
      );
      expect(await head(store)).toBe(2);
    },
  );

  it('a sixth line whose id is stored in another stream: exit 1, line 6 named, nothing written', async () => {
    const { dir, store, stored } = await seeded();
    const file = write(dir, 'reused.ndjson', [...fivePlayers(), rulebook({ id: stored.id })]);
    const r = await cli('append', file, '--store', store);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/line 6: id: .*already stored .*stream club-wellington-players/);
    expect(await head(store)).toBe(2);
  });

  it('an id repeated in the file in another stream or with other content: both lines named, nothing written', async () => {
    const { dir, store } = await seeded();
    const lines = fivePlayers();
    const id = (JSON.parse(lines[1]) as { id: string }).id;
    const other = (JSON.parse(lines[3]) as { id: string }).id;
    const file = write(dir, 'repeated.ndjson', [
      ...lines,
      rulebook({ id }),
      player({
        id: other,
        data: { clubId: 'wellington', playerId: 'px', name: 'B', status: 'member' },
      }),
    ]);
    const r = await cli('append', file, '--store', store);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/line 6: id: repeats the id of line 2/);
    expect(r.stderr).toMatch(/line 7: id: repeats the id of line 4/);
    expect(await head(store)).toBe(2);
  });

  it('revisions are computed through the file: a stale revision after the file’s own lines is named', async () => {
    const { dir, store } = await seeded();
    const file = write(dir, 'through.ndjson', [
      rulebook(),
      ...fivePlayers(),
      // club-wellington will be at 1 after line 1: the next is 2.
      rulebook({
        revision: 1,
        data: {
          clubId: 'wellington',
          preset: 'nz-club',
          overrides: {},
          effectiveFrom: '2026-06-01',
        },
      }),
    ]);
    const r = await cli('append', file, '--store', store);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/line 7: revision: must be 2/);
    expect(await head(store)).toBe(2);
  });

  it('a file appended again: nothing new, said so; a file partly stored: only the new lines', async () => {
    const dir = tempDir();
    const store = `sqlite:${join(dir, 'ledger.db')}`;
    const lines = [club(), ...fivePlayers()];
    const file = write(dir, 'f.ndjson', lines);
    const first = await cli('append', file, '--store', store);
    expect(first.stderr).toMatch(/appended 6 new events; 0 already stored/);
    const again = await cli('append', file, '--store', store);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/appended 0 new events; 6 already stored/);
    expect(await head(store)).toBe(6);
    const more = write(dir, 'more.ndjson', [...lines, player(), player()]);
    const partly = await cli('append', more, '--store', store);
    expect(partly.code).toBe(0);
    expect(partly.stderr).toMatch(/appended 2 new events; 6 already stored/);
    expect(await head(store)).toBe(8);
  });

  it('an exported file appended again into its own store is a no-op that says so', async () => {
    const { dir, store } = await seeded();
    const exported = (await cli('export', '--store', store)).stdout;
    const file = write(dir, 'export.ndjson', exported.trim().split('\n'));
    const r = await cli('append', file, '--store', store);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/appended 0 new events; 2 already stored/);
    expect(await head(store)).toBe(2);
  });
});
