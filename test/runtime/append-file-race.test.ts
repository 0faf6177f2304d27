/**
 * A writer that races `bridge-ledger append` between its check and its write.
 * SQLite (one transaction across streams): the write fails whole, naming the line. EventStoreDB
 * (no multi-stream transaction): the lines written and not written are named, and the same
 * file appended again completes it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { v7 } from 'uuid';
import { catalogue } from '../../src/contexts/catalogue';
import {
  AppendFileError,
  appendBatches,
  checkAppend,
  PartialAppendError,
  planAppend,
  writeChecked,
} from '../../src/ledger/append-file';
import type { EventStore } from '../../src/store/event-store';
import { EsdbEventStore } from '../../src/store/esdb/esdb-event-store';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import {
  startEsdbProtocolFake,
  type EsdbProtocolFake,
} from '../support/esdb-fake/esdb-protocol-fake';
import { collect } from '../support/events';
import { tempDbPath, tempDir } from '../support/temp';

let seq = 0;
/** A club of its own per test (the ESDB fake is shared by the file's tests). */
function clubFile() {
  const club = `race${Date.now()}x${++seq}`;
  const line = (streamId: string, type: string, data: Record<string, unknown>) =>
    JSON.stringify({
      streamId,
      id: v7(),
      type,
      occurredAt: '2026-02-02T19:30:00+13:00',
      data: { clubId: club, ...data },
      metadata: { clubId: club, actor: 'secretary' },
    });
  const player = () =>
    line(`club-${club}-players`, 'PlayerRegistered', {
      playerId: `p-${v7().slice(-8)}`,
      name: 'A Player',
      status: 'member',
    });
  const lines = [
    line(`club-${club}`, 'ClubRegistered', { name: 'Club', timeZone: 'Pacific/Auckland' }),
    player(),
    player(),
    line(`club-${club}`, 'RulebookAdopted', {
      preset: 'nz-club',
      overrides: {},
      effectiveFrom: '2026-01-01',
    }),
    player(),
  ];
  const file = join(tempDir(), 'race.ndjson');
  writeFileSync(file, lines.join('\n') + '\n');
  return { file, club, player: JSON.parse(player()) as { type: string; data: object } };
}

/** Another writer's fact on the club's roster stream, between the check and the write. */
async function race(store: EventStore, club: string, fact: { type: string; data: object }) {
  await store.appendToStream(`club-${club}-players`, [
    { ...fact, id: v7(), occurredAt: '2026-02-02T19:30:00+13:00', metadata: { clubId: club } },
  ]);
}

describe('a writer racing bridge-ledger append between its check and its write', () => {
  it('SQLite: the one transaction fails whole, naming the line; nothing of the file is written', async () => {
    const store = new SqliteEventStore(tempDbPath());
    const { file, club, player } = clubFile();
    const checked = await checkAppend(store, await planAppend(file, catalogue));
    await race(store, club, player);
    const err = await writeChecked(store, checked).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppendFileError);
    expect((err as AppendFileError).issues).toEqual([
      expect.objectContaining({ line: 2, message: expect.stringMatching(/another writer/) }),
    ]);
    expect((err as AppendFileError).message).toMatch(/nothing was appended/);
    expect(await store.headPosition()).toBe(1);
    // Checked again against the store as it is now, the file goes in.
    await appendBatches(store, await planAppend(file, catalogue));
    expect(await store.headPosition()).toBe(6);
    await store.close();
  });

  describe('EventStoreDB (the protocol fake)', () => {
    let fake: EsdbProtocolFake;
    beforeAll(async () => {
      fake = await startEsdbProtocolFake();
    });
    afterAll(async () => {
      await fake.close();
    });

    it('names the lines written and not written; the same file appended again completes it', async () => {
      const store = new EsdbEventStore(fake.url, { upcast: catalogue.upcast });
      try {
        const { file, club, player } = clubFile();
        const checked = await checkAppend(store, await planAppend(file, catalogue));
        expect(checked.batches.map((b) => b.lines)).toEqual([[1], [2, 3], [4], [5]]);
        await race(store, club, player);
        const err = await writeChecked(store, checked).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(PartialAppendError);
        const partial = err as PartialAppendError;
        expect(partial.written).toEqual([1]);
        expect(partial.notWritten).toEqual([2, 3, 4, 5]);
        expect(partial.message).toMatch(/1 event\(s\) written \(line 1\), 4 not \(lines 2-5\)/);
        expect(partial.issues[0]).toMatchObject({ line: 2 });
        const again = await appendBatches(store, await planAppend(file, catalogue));
        expect(again).toMatchObject({ events: 4, stored: 1 });
        const roster = await collect(store.readStream(`club-${club}-players`));
        expect(roster).toHaveLength(4);
      } finally {
        await store.close();
      }
    });
  });
});
