import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { catalogue } from '../../src/contexts/catalogue';
import { clubRoster, type ClubRoster } from '../../src/contexts/club/projection/club-roster';
import { ledgerStats } from '../../src/contexts/ledger-stats';
import { EventFileError, readEventFile } from '../../src/audit/event-file';
import { replayEvents, replayFromStore } from '../../src/audit/replay';
import { exportLog } from '../../src/cli/commands/export';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { fact } from '../support/events';
import { tempDir } from '../support/temp';

/** A store whose clock the test moves: recordedAt is what "as published on" reads. */
function storeAt(times: string[]) {
  let i = 0;
  return new MemoryEventStore({
    clock: () => new Date(times[Math.min(i++, times.length - 1)]),
    upcast: catalogue.upcast,
  });
}

const club = fact('ClubRegistered', {
  clubId: 'wellington',
  name: 'A Wellington club',
  timeZone: 'Pacific/Auckland',
});
const player = (id: string, status: string) =>
  fact(
    'PlayerRegistered',
    { playerId: id, name: `Player ${id}`, status },
    { metadata: { clubId: 'wellington' } },
  );

async function season() {
  const store = storeAt(['2026-02-01T09:00:00Z', '2026-02-08T09:00:00Z', '2026-02-15T09:00:00Z']);
  const strip = (e: ReturnType<typeof fact>) => ({
    ...e,
    data: { ...(e.data as object), n: undefined },
  });
  await store.appendToStream('club-wellington', [strip(club)]);
  await store.appendToStream('club-wellington-players', [strip(player('p1', 'member'))]);
  await store.appendToStream('club-wellington-players', [strip(player('p2', 'visitor'))]);
  return store;
}

describe('replay', () => {
  it('rebuilds from zero to a position', async () => {
    const store = await season();
    const { state, position } = await replayFromStore(store, clubRoster, { toPosition: 2 });
    expect(position).toBe(2);
    expect(Object.keys(state.clubs.wellington.players)).toEqual(['p1']);
  });

  it('rebuilds "as published on" an instant, from recordedAt', async () => {
    const store = await season();
    const asOf = await replayFromStore(store, clubRoster, { asOf: '2026-02-10T00:00:00Z' });
    expect(Object.keys(asOf.state.clubs.wellington.players)).toEqual(['p1']);
    const now = await replayFromStore(store, clubRoster);
    expect(Object.keys(now.state.clubs.wellington.players)).toEqual(['p1', 'p2']);
  });

  it('replays an exported file with no store and reaches the same state as the store', async () => {
    const store = await season();
    const out = new PassThrough();
    const chunks: string[] = [];
    out.on('data', (c: Buffer) => chunks.push(c.toString()));
    await exportLog(store, out, {});
    const file = join(tempDir(), 'season.ndjson');
    writeFileSync(file, chunks.join(''));
    const events = await readEventFile(file, catalogue);
    const fromFile = replayEvents(events, clubRoster);
    const fromStore = await replayFromStore(store, clubRoster);
    expect(fromFile).toEqual(fromStore);
    expect(replayEvents(events, ledgerStats).state.events).toBe(3);
  });

  it('reads a version-1 PlayerRegistered from a file in today’s shape', async () => {
    const file = join(tempDir(), 'v1.ndjson');
    const line = {
      id: '0190a5c2-0000-7000-8000-000000000001',
      type: 'PlayerRegistered',
      schemaVersion: 1,
      streamId: 'club-wellington-players',
      revision: 0,
      position: 1,
      occurredAt: '2019-03-04T19:30:00+13:00',
      recordedAt: '2019-03-04T08:00:00Z',
      data: { playerId: 'p7', name: 'Old Record', member: false },
      metadata: { clubId: 'wellington' },
    };
    writeFileSync(file, JSON.stringify(line) + '\n');
    const state = replayEvents(await readEventFile(file, catalogue), clubRoster)
      .state as ClubRoster;
    expect(state.clubs.wellington.players.p7.status).toBe('non-member');
  });

  it('refuses a file with a bad line, naming the line', async () => {
    const file = join(tempDir(), 'bad.ndjson');
    writeFileSync(file, '{"id":"x"}\nnot json\n');
    const err = await readEventFile(file, catalogue).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EventFileError);
    expect((err as EventFileError).issues.map((i) => i.line)).toEqual([1, 1, 1, 1, 1, 1, 1, 2]);
  });

  it('refuses an instant that is not one', async () => {
    const store = await season();
    await expect(replayFromStore(store, clubRoster, { asOf: 'yesterday' })).rejects.toThrow(/asOf/);
  });
});
