import { join } from 'node:path';
import { v7 } from 'uuid';
import { catalogue } from '../../src/contexts/catalogue';
import type { EventToAppend } from '../../src/kernel/envelope';
import { readRaw } from '../../src/audit/raw-records';
import { verifyLog } from '../../src/audit/verify';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { cli } from '../support/cli';
import { tempDir } from '../support/temp';

/**
 * LEDGER: a competition fact belongs in `competition-<competitionId>`, a rulebook fact in
 * `club-<clubId>`. The gate refuses one elsewhere (since 187dae8) and the projections do not
 * read one; a ledger written before may hold some, which `verify` reports. The store here is
 * written straight through the SQLite adapter, bypassing the gate, as such a ledger was.
 */
const fact = (type: string, data: Record<string, unknown>, schemaVersion?: number) =>
  ({
    id: v7(),
    type,
    occurredAt: '2014-09-01T12:00:00+02:00',
    data,
    metadata: { clubId: 'groenlo' },
    ...(schemaVersion ? { schemaVersion } : {}),
  }) as EventToAppend;

const adopted = (clubId: string) =>
  fact('RulebookAdopted', {
    clubId,
    preset: 'dsb-groenlo-2014',
    overrides: {},
    effectiveFrom: '2014-08-01',
  });
const created = (competitionId: string) =>
  fact('CompetitionCreated', {
    competitionId,
    clubId: 'groenlo',
    name: 'Parencompetitie',
    season: '2014-2015',
    kind: 'pairs-series',
    format: 'dsb-pairs',
    groups: ['A', 'B'],
    sessions: [{ session: 1, date: '2014-09-08', startTime: '19:45' }],
  });
const entered = (competitionId: string, pairId: string) =>
  fact('PairEntered', { competitionId, pairId, players: ['ann', 'bob'], group: 'A' });

/** A SQLite ledger written through the adapter: `streams` appended in order, one batch each. */
async function ledger(streams: Array<[string, EventToAppend[]]>) {
  const path = join(tempDir(), 'ledger.db');
  const store = new SqliteEventStore(path, { upcast: catalogue.upcast });
  for (const [streamId, events] of streams) await store.appendToStream(streamId, events);
  await store.close();
  return { path, url: `sqlite:${path}` };
}

describe('LEDGER verify reports competition and rulebook facts outside their stream', () => {
  it('LEDGER verify fails a ledger holding a competition or rulebook fact outside its stream, naming each fact, its stream and the one it belongs in', async () => {
    const { url } = await ledger([
      ['club-groenlo', [adopted('groenlo')]],
      ['competition-dsb-2014', [created('dsb-2014'), entered('dsb-2014', 'a1')]],
      // Written before the gate checked streams: a notes stream, another competition's
      // stream, another club's stream, the club's roster stream.
      ['notes-groenlo', [entered('dsb-2014', 'a2')]],
      ['competition-dsb-2015', [entered('dsb-2014', 'a3')]],
      ['club-eibergen', [adopted('groenlo')]],
      ['club-groenlo-players', [adopted('groenlo')]],
    ]);
    const r = await cli('verify', '--store', url, '--json');
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { ok: boolean; events: number; problems: unknown[] };
    expect(report).toMatchObject({ ok: false, events: 7 });
    expect(report.problems).toEqual([
      {
        position: 4,
        check: 'stream',
        type: 'PairEntered',
        streamId: 'notes-groenlo',
        belongsIn: 'competition-dsb-2014',
        message:
          'PairEntered of competition dsb-2014 is in stream notes-groenlo; it belongs in competition-dsb-2014 (LEDGER): the projections do not read it',
      },
      expect.objectContaining({
        position: 5,
        check: 'stream',
        type: 'PairEntered',
        streamId: 'competition-dsb-2015',
        belongsIn: 'competition-dsb-2014',
      }),
      expect.objectContaining({
        position: 6,
        check: 'stream',
        type: 'RulebookAdopted',
        streamId: 'club-eibergen',
        belongsIn: 'club-groenlo',
      }),
      expect.objectContaining({
        position: 7,
        check: 'stream',
        type: 'RulebookAdopted',
        streamId: 'club-groenlo-players',
        belongsIn: 'club-groenlo',
      }),
    ]);

    const text = await cli('verify', '--store', url);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(
      'position 6: stream: RulebookAdopted of club groenlo is in stream club-eibergen; it belongs in club-groenlo (LEDGER): the projections do not read it\n',
    );
    expect(text.stdout).toMatch(/^4 fact\(s\) outside their stream: written before appends/m);
    expect(text.stdout).toMatch(/^FAILED: 7 events in 6 streams, last position 7$/m);
  });

  it('LEDGER verify passes a ledger whose competition and rulebook facts are all in their streams', async () => {
    const { url } = await ledger([
      ['club-groenlo', [adopted('groenlo')]],
      ['competition-dsb-2014', [created('dsb-2014'), entered('dsb-2014', 'a1')]],
      ['competition-dsb-2015', [created('dsb-2015')]],
      ['club-eibergen', [adopted('eibergen')]],
      // Facts the check does not place may be anywhere.
      [
        'club-groenlo-players',
        [
          fact(
            'PlayerRegistered',
            { clubId: 'groenlo', playerId: 'ann', name: 'Ann', status: 'member' },
            3,
          ),
        ],
      ],
    ]);
    const r = await cli('verify', '--store', url);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^seal: the chain holds; head hash [0-9a-f]{64} at position 6 .*\nOK: 6 events in 5 streams, last position 6\n$/,
    );
  });

  it('LEDGER verify places a fact stored in an older schema version too (read upcast, as the projections read it)', async () => {
    const dispensation = (competitionId: string) =>
      fact(
        'DispensationGranted',
        { competitionId, pairId: 'a1', rule: 'DSB-9.4.2', playerId: 'ann', reason: 'illness' },
        1,
      );
    const { path } = await ledger([
      ['competition-dsb-2014', [created('dsb-2014'), entered('dsb-2014', 'a1')]],
      ['competition-dsb-2014', [dispensation('dsb-2014')]],
      ['notes-groenlo', [dispensation('dsb-2014')]],
    ]);
    const store = new SqliteEventStore(path);
    try {
      const report = await verifyLog(readRaw(store), catalogue, { densePositions: true });
      expect(report.problems).toEqual([
        expect.objectContaining({
          position: 4,
          check: 'stream',
          belongsIn: 'competition-dsb-2014',
        }),
      ]);
    } finally {
      await store.close();
    }
  });
});
