import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue } from '../../src/contexts/catalogue';
import type { RecordedEvent } from '../../src/kernel/envelope';
import { clubRoster, type ClubRoster } from '../../src/contexts/club/projection/club-roster';
import { competitions, cPointsOf, standingsOf } from '../../src/contexts/pairs/projection';
import { fold } from '../../src/kernel/projection';
import { validateAppend } from '../../src/ledger/validate-append';
import { InvalidEventError } from '../../src/store/errors';
import { collect } from '../support/events';
import { GatedLedger } from '../support/gated-ledger';
import { clubRegistered, proposed } from '../support/nz-club';

/**
 * The player's club is in the roster facts' data (PlayerRegistered v3, PlayerStatusChanged v2):
 * older versions named it only in the envelope's metadata.clubId and are read upcast.
 */
const stored = (
  type: string,
  schemaVersion: number,
  data: Record<string, unknown>,
  metadata: Record<string, unknown> = { clubId: 'karori' },
): RecordedEvent => ({
  id: '0190a5c2-0000-7000-8000-000000000001',
  type,
  schemaVersion,
  streamId: 'club-karori-players',
  revision: 0,
  position: 1,
  occurredAt: '2026-01-06T09:00:00+13:00',
  recordedAt: '2026-01-06T09:00:00+13:00',
  data,
  metadata,
});

describe('roster facts name their club in their data', () => {
  it('NZ-5 NZ-10 upcast: a PlayerRegistered v2 gets data.clubId from metadata.clubId, a v1 both its status and its club', () => {
    const v2 = stored('PlayerRegistered', 2, { playerId: 'ann', name: 'Ann', status: 'visitor' });
    expect(catalogue.upcast(v2)).toMatchObject({
      schemaVersion: 3,
      data: { clubId: 'karori', playerId: 'ann', name: 'Ann', status: 'visitor' },
      metadata: { clubId: 'karori' },
    });
    const v1 = stored('PlayerRegistered', 1, { playerId: 'bob', name: 'Bob', member: true });
    expect(catalogue.upcast(v1).data).toEqual({
      clubId: 'karori',
      playerId: 'bob',
      name: 'Bob',
      status: 'member',
    });
    // The stored event is not rewritten.
    expect(v2.data).toEqual({ playerId: 'ann', name: 'Ann', status: 'visitor' });
  });

  it('NZ-7 upcast: a PlayerStatusChanged v1 gets data.clubId from metadata.clubId', () => {
    const v1 = stored('PlayerStatusChanged', 1, { playerId: 'ann', status: 'member' });
    expect(catalogue.upcast(v1)).toMatchObject({
      schemaVersion: 2,
      data: { clubId: 'karori', playerId: 'ann', status: 'member' },
    });
  });

  it('edge: an older fact with no club in its metadata stays without one; the projections read it as no club’s', () => {
    const none = stored(
      'PlayerRegistered',
      2,
      { playerId: 'ann', name: 'Ann', status: 'member' },
      {},
    );
    expect(catalogue.upcast(none).data).toEqual({ playerId: 'ann', name: 'Ann', status: 'member' });
    const roster = clubRoster.apply(clubRoster.initial(), catalogue.upcast(none), undefined);
    expect(roster).toEqual({ clubs: {} });
    const state = competitions.apply(competitions.initial(), catalogue.upcast(none), undefined);
    expect(state.players).toEqual({});
  });

  it('the readers read data.clubId: a v3 fact is read by the club its data names, whatever its metadata', () => {
    const v3 = stored(
      'PlayerRegistered',
      3,
      { clubId: 'karori', playerId: 'ann', name: 'Ann', status: 'nominee' },
      { clubId: 'somewhere-else' },
    );
    const roster = clubRoster.apply(clubRoster.initial(), v3, undefined) as ClubRoster;
    expect(Object.keys(roster.clubs)).toEqual(['karori']);
    const state = competitions.apply(competitions.initial(), v3, undefined);
    expect(state.players.karori?.ann?.status).toBe('nominee');
  });

  it('bad input: a fact of today’s version without clubId is refused naming data.clubId, and an older one without a club in its metadata too', () => {
    const refused = (e: Record<string, unknown>) => {
      try {
        validateAppend(catalogue, 'club-karori-players', 'any', [e as never]);
      } catch (err) {
        if (err instanceof InvalidEventError) return err.issues.map((i) => i.field);
        throw err;
      }
      return [];
    };
    const base = {
      id: '0190a5c2-0000-7000-8000-000000000002',
      occurredAt: '2026-01-06T09:00:00+13:00',
    };
    expect(
      refused({
        ...base,
        type: 'PlayerRegistered',
        data: { playerId: 'ann', name: 'Ann', status: 'member' },
        metadata: { clubId: 'karori' },
      }),
    ).toEqual(['events[0].data.clubId']);
    expect(
      refused({
        ...base,
        type: 'PlayerStatusChanged',
        schemaVersion: 2,
        data: { playerId: 'ann', status: 'member' },
      }),
    ).toEqual(['events[0].data.clubId']);
    expect(
      refused({
        ...base,
        type: 'PlayerRegistered',
        schemaVersion: 2,
        data: { playerId: 'ann', name: 'Ann', status: 'member' },
      }),
    ).toEqual(['events[0].data.clubId']);
    expect(
      refused({
        ...base,
        type: 'PlayerRegistered',
        data: { clubId: 'not a club', playerId: 'ann', name: 'Ann', status: 'member' },
      }),
    ).toEqual(['events[0].data.clubId']);
    // An older version with the club in its metadata is valid once upcast.
    expect(
      refused({
        ...base,
        type: 'PlayerRegistered',
        schemaVersion: 2,
        data: { playerId: 'ann', name: 'Ann', status: 'member' },
        metadata: { clubId: 'karori' },
      }),
    ).toEqual([]);
  });

  it('LEDGER a roster fact whose data.clubId is not its roster stream’s club is refused at data.clubId, nothing written; an older one as read (upcast)', async () => {
    const ledger = new GatedLedger();
    await ledger.append(clubRegistered());
    const ann = proposed('club-wellington-players', 'PlayerRegistered', {
      clubId: 'karori',
      playerId: 'ann',
      name: 'Ann',
      status: 'member',
    });
    const refused = await ledger.refuses([ann], 'LEDGER', 'events[0].data.clubId');
    expect(refused.reason).toBe(
      'events[0]: PlayerRegistered of club karori belongs in stream club-karori-players, not club-wellington-players',
    );
    const old = {
      ...proposed('club-karori-players', 'PlayerStatusChanged', {
        playerId: 'ann',
        status: 'visitor',
      }),
      schemaVersion: 1,
      metadata: { clubId: 'wellington' },
    };
    await ledger.refuses([old], 'LEDGER', 'events[0].data.clubId', /of club wellington/);
    // In its own club's roster stream both are taken, and read with the club in their data.
    await ledger.append({ ...ann, streamId: 'club-karori-players' });
    await ledger.append({ ...old, metadata: { clubId: 'karori' } });
    const read = await collect(ledger.store.readStream('club-karori-players'));
    expect(read.map((e) => [e.schemaVersion, (e.data as { clubId: string }).clubId])).toEqual([
      [3, 'karori'],
      [2, 'karori'],
    ]);
  });

  it('LEDGER a roster fact on a stream that is no roster stream is refused, naming streamId; one already in the ledger is read by its club', async () => {
    const ledger = new GatedLedger();
    const ann = proposed('club-karori', 'PlayerRegistered', {
      clubId: 'karori',
      playerId: 'ann',
      name: 'Ann',
      status: 'member',
    });
    const refused = await ledger.refuses([ann], 'LEDGER', 'streamId');
    expect(refused.reason).toBe(
      'events[0]: PlayerRegistered of club karori belongs in stream club-karori-players, not club-karori',
    );
    await ledger.refuses([{ ...ann, streamId: 'notes-karori' }], 'LEDGER', 'streamId');
    // Written before appends placed roster facts: still karori's roster, as both rosters read it.
    await ledger.writeUnchecked({ ...ann, schemaVersion: 3 });
    const read = await collect(ledger.store.readAll());
    expect(fold(clubRoster, read).clubs.karori!.players.ann).toMatchObject({ status: 'member' });
    expect(fold(competitions, read).players.karori!.ann).toMatchObject({ status: 'member' });
  });

  it('every standing unchanged: the NZ example read with its roster at v2 (club in metadata) or v3 (club in data) publishes the same standings and C points', () => {
    const lines = readFileSync(join(__dirname, '../../examples/nz-club-pairs-2026.ndjson'), 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as RecordedEvent);
    const read = (rewrite: boolean) => {
      let state = competitions.initial();
      const revs: Record<string, number> = {};
      lines.forEach((e, i) => {
        const roster = e.type === 'PlayerRegistered';
        const raw: RecordedEvent = {
          ...e,
          schemaVersion: roster && rewrite ? 3 : (e.schemaVersion ?? 1),
          revision: (revs[e.streamId] = (revs[e.streamId] ?? -1) + 1),
          position: i + 1,
          recordedAt: e.occurredAt,
          data: roster && rewrite ? { clubId: 'karori', ...(e.data as object) } : e.data,
          metadata: roster && rewrite ? {} : e.metadata,
        };
        state = competitions.apply(state, catalogue.upcast(raw), undefined);
      });
      return state;
    };
    expect(lines.filter((e) => e.type === 'PlayerRegistered').map((e) => e.schemaVersion)).toEqual(
      Array(28).fill(2),
    );
    const [v2, v3] = [read(false), read(true)];
    expect(Object.keys(v2.players.karori ?? {})).toHaveLength(28);
    expect(v3.players.karori).toEqual(v2.players.karori);
    const ids = Object.keys(v2.competitions);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      expect(JSON.stringify(standingsOf(v3, id))).toBe(JSON.stringify(standingsOf(v2, id)));
      expect(JSON.stringify(cPointsOf(v3, id))).toBe(JSON.stringify(cPointsOf(v2, id)));
    }
  });
});
