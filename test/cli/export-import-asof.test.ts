/**
 * An export appended into a new store keeps each fact's recordedAt (marked
 * imported), so "as published on" answers the same after a migration.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue } from '../../src/contexts/catalogue';
import { planAppend } from '../../src/ledger/append-file';
import { examplesDir } from '../../src/ledger/load-examples';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { v7 } from 'uuid';
import { cli, head } from '../support/cli';
import { collect } from '../support/events';
import { tempDir } from '../support/temp';

it('export → append into a new store: the as-of standings at several instants are byte-identical', async () => {
  const dir = tempDir();
  const original = join(dir, 'original.db');
  // The season recorded over months: each fact an hour after the one before.
  let at = Date.parse('2026-01-05T09:00:00Z');
  const clock = () => new Date((at += 3_600_000));
  const store = new SqliteEventStore(original, { clock, upcast: catalogue.upcast });
  const batches = await planAppend(join(examplesDir()!, 'nz-club-pairs-2026.ndjson'), catalogue);
  for (const b of batches) for (const e of b.events) await store.appendToStream(b.streamId, [e]);
  const recorded = [...new Set((await collect(store.readAll())).map((e) => e.recordedAt))];
  await store.close();
  expect(recorded.length).toBeGreaterThan(10);

  const exported = await cli('export', '--store', `sqlite:${original}`);
  const file = join(dir, 'export.ndjson');
  writeFileSync(file, exported.stdout);
  const copy = `sqlite:${join(dir, 'copy.db')}`;
  const appended = await cli('append', file, '--store', copy);
  expect(appended.code).toBe(0);

  const instants = [3, 40, 80, 120, recorded.length - 1].map((i) =>
    new Date(Date.parse(recorded[i]) + 1_800_000).toISOString(),
  );
  for (const asOf of instants) {
    const args = ['standings', 'club-pairs-2026', '--format', 'json', '--as-of', asOf];
    const before = await cli(...args, '--store', `sqlite:${original}`);
    const after = await cli(...args, '--store', copy);
    // Before the competition was created: the same refusal; after: the same standings.
    expect(after).toEqual(before);
  }
  // And the answers differ between those instants: the test would see a lost recordedAt.
  const first = await cli(
    'standings',
    'club-pairs-2026',
    '--format',
    'json',
    '--as-of',
    instants[1],
    '--store',
    copy,
  );
  const last = await cli(
    'standings',
    'club-pairs-2026',
    '--format',
    'json',
    '--as-of',
    instants[4],
    '--store',
    copy,
  );
  expect(first.stdout).not.toBe(last.stdout);
});

it('an import keeps the ledger’s time order: a recordedAt before the store’s last fact, or in the future, is refused by line', async () => {
  const dir = tempDir();
  const line = (recordedAt: string, n: number) =>
    JSON.stringify({
      streamId: 'club-wellington-players',
      id: v7(),
      type: 'PlayerRegistered',
      occurredAt: '2026-02-02T19:30:00+13:00',
      recordedAt,
      data: { clubId: 'wellington', playerId: `p${n}`, name: 'A Player', status: 'member' },
      metadata: { clubId: 'wellington' },
    });
  const club = JSON.stringify({
    streamId: 'club-wellington',
    id: v7(),
    type: 'ClubRegistered',
    occurredAt: '2026-02-02T19:30:00+13:00',
    data: { clubId: 'wellington', name: 'Club', timeZone: 'Pacific/Auckland' },
  });
  const store = `sqlite:${join(dir, 'ledger.db')}`;
  const first = join(dir, 'club.ndjson');
  writeFileSync(first, club + '\n');
  expect((await cli('append', first, '--store', store)).code).toBe(0);
  const file = join(dir, 'old.ndjson');
  writeFileSync(
    file,
    [line('2025-01-01T00:00:00.000Z', 1), line('2999-01-01T00:00:00.000Z', 2)].join('\n') + '\n',
  );
  const r = await cli('append', file, '--store', store);
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(
    /line 1: recordedAt: 2025-01-01T00:00:00.000Z is before .*the store's last fact \(position 1\)/,
  );
  expect(r.stderr).toMatch(/line 2: recordedAt: 2999-01-01T00:00:00.000Z is in the future/);
  expect(await head(store)).toBe(1);
});
