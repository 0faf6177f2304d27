import { join } from 'node:path';
import { v7 } from 'uuid';
import { catalogue } from '../../src/contexts/catalogue';
import type { EventToAppend, RecordedEvent } from '../../src/kernel/envelope';
import { championshipOf, cPointsOf, standingsOf } from '../../src/contexts/pairs/projection';
import { planAppend, type PlannedBatch } from '../../src/ledger/append-file';
import { competitionsSlice } from '../../src/contexts/pairs/read/competition-slice';
import { directoryOf } from '../../src/ledger/ledger-directory';
import { examplesDir } from '../../src/ledger/load-examples';
import {
  clubState,
  competitionsState,
  competitionState,
  publishedChampionship,
  publishedCPoints,
  publishedStandings,
  standingsFrom,
  type AsOf,
} from '../../src/audit/published';
import { outcome } from '../support/outcome';
import type { EventStore } from '../../src/store/event-store';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { GappedStore, SpyStore } from './spy-stores';

/**
 * An "as of" answer folds only its club's streams (`competitionsSlice`), and must be
 * the full replay's answer byte for byte: the same JSON, or the same refusal.
 */

const NZ = 'club-pairs-2026';
const DSB = ['dsb-2014-c1', 'dsb-2014-c2'];

async function batchesOf(file: string): Promise<PlannedBatch[]> {
  return planAppend(join(examplesDir()!, file), catalogue);
}

/**
 * Both example seasons, their appends interleaved (one NZ batch, one DSB batch …) so that each
 * club's facts are spread over the ledger, recorded one minute apart (each append an instant).
 */
async function interleavedExamples(clock = ticking()): Promise<MemoryEventStore> {
  const store = new MemoryEventStore({ upcast: catalogue.upcast, clock });
  const dsb = await batchesOf('dsb-groenlo-2014-2015.ndjson');
  const nz = await batchesOf('nz-club-pairs-2026.ndjson');
  for (let i = 0; i < Math.max(dsb.length, nz.length); i++) {
    for (const b of [nz[i], dsb[i]]) if (b) await store.appendToStream(b.streamId, b.events);
  }
  return store;
}

function ticking(start = '2026-06-01T00:00:00Z', stepMs = 60_000): () => Date {
  let t = Date.parse(start);
  return () => new Date((t += stepMs));
}

async function allEvents(store: EventStore): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  for await (const e of store.readAll()) out.push(e);
  return out;
}

/** Positions to look from: before the first fact, through the ledger, and past its head. */
async function positions(store: EventStore, every: number): Promise<number[]> {
  const head = await store.headPosition();
  const out = [0, 1, 2];
  for (let p = 5; p < head; p += every) out.push(p);
  out.push(head - 1, head, head + 3);
  return out;
}

/** Every answer the slices give, against the full replay's, as of `at`. */
async function expectSameAnswers(store: EventStore, at: AsOf): Promise<void> {
  const full = await competitionsState(store, at);
  for (const id of [NZ, ...DSB]) {
    const state = await competitionState(store, id, at);
    expect(await outcome(() => standingsFrom(state, id))).toBe(
      await outcome(() => standingsFrom(full, id)),
    );
    expect(await outcome(() => publishedStandings(store, id, { ...at, afterSession: 3 }))).toBe(
      await outcome(() => standingsFrom(full, id, 3)),
    );
  }
  expect(await outcome(() => publishedCPoints(store, NZ, at))).toBe(
    await outcome(() => cPointsOf(full, NZ)),
  );
  expect(await outcome(() => publishedChampionship(store, 'dsb', '2014-2015', at))).toBe(
    await outcome(() => championshipOf(full, 'dsb', '2014-2015')),
  );
}

describe('as-of answers from the competition’s streams equal the full replay’s', () => {
  let store: MemoryEventStore;
  beforeAll(async () => {
    store = await interleavedExamples();
  });

  it('NZ and DSB standings (final, interim), NZ-8 C points and the DSB-11 championship, at positions through both seasons', async () => {
    for (const atPosition of await positions(store, 23)) {
      await expectSameAnswers(store, { atPosition });
    }
    // Not vacuous: at the head every answer is a table, not a refusal.
    const head = await store.headPosition();
    const nz = await publishedStandings(store, NZ, { atPosition: head });
    expect(nz).toMatchObject({ kind: 'nz', final: true, position: head });
    const dsb = await publishedStandings(store, 'dsb-2014-c2', { atPosition: head });
    expect(dsb).toMatchObject({ kind: 'dsb', final: true });
    expect(dsb.kind === 'dsb' && dsb.nextGroups?.length).toBeGreaterThan(0);
  });

  it('as of instants (recordedAt): each append’s, and between two', async () => {
    const events = await allEvents(store);
    const instants = events.filter((_, i) => i % 37 === 0).map((e) => e.recordedAt);
    instants.push('2000-01-01T00:00:00Z', '2100-01-01T00:00:00Z');
    instants.push(new Date(Date.parse(events[200].recordedAt) + 30_000).toISOString());
    for (const asOf of instants) await expectSameAnswers(store, { asOf });
    // Both bounds at once: the earlier decides.
    await expectSameAnswers(store, { asOf: events[300].recordedAt, atPosition: 250 });
    await expectSameAnswers(store, { asOf: events[250].recordedAt, atPosition: 300 });
  });

  it('what-if answers (DSB-8 promote/relegate, NZ-1 counted) on a slice equal those on the full state', async () => {
    for (const atPosition of [200, 350, await store.headPosition()]) {
      const full = await competitionsState(store, { atPosition });
      const dsbWhatIf = { 'promotion.promote': 1, 'promotion.relegate': 1 };
      const dsb = await competitionState(store, 'dsb-2014-c1', { atPosition });
      expect(await outcome(() => standingsOf(dsb, 'dsb-2014-c1', { whatIf: dsbWhatIf }))).toBe(
        await outcome(() => standingsOf(full, 'dsb-2014-c1', { whatIf: dsbWhatIf })),
      );
      const nzWhatIf = { 'tenSession.counted': 7 };
      const nz = await competitionState(store, NZ, { atPosition });
      expect(await outcome(() => standingsOf(nz, NZ, { whatIf: nzWhatIf }))).toBe(
        await outcome(() => standingsOf(full, NZ, { whatIf: nzWhatIf })),
      );
      expect(await outcome(() => cPointsOf(nz, NZ, { whatIf: { 'cPoints.top': 60 } }))).toBe(
        await outcome(() => cPointsOf(full, NZ, { whatIf: { 'cPoints.top': 60 } })),
      );
    }
  });

  it('the examples loaded file after file (not interleaved) give the same answers too', async () => {
    const plain = new MemoryEventStore({ upcast: catalogue.upcast, clock: ticking() });
    for (const f of ['dsb-groenlo-2014-2015.ndjson', 'nz-club-pairs-2026.ndjson'])
      for (const b of await batchesOf(f)) await plain.appendToStream(b.streamId, b.events);
    for (const atPosition of await positions(plain, 41)) {
      await expectSameAnswers(plain, { atPosition });
    }
  });

  it('an unknown competition is refused as by the full replay (UnknownCompetition), an id no stream can have too', async () => {
    for (const id of ['nope', 'no such/one', '']) {
      const slice = await outcome(() => publishedStandings(store, id));
      expect(slice).toBe(`UnknownCompetitionError: no competition ${id} in the ledger`);
      expect(slice).toBe(
        await outcome(async () => standingsFrom(await competitionsState(store), id)),
      );
    }
    // A competition created after the position asked for is unknown then.
    expect(await outcome(() => publishedStandings(store, NZ, { atPosition: 1 }))).toMatch(
      /^UnknownCompetitionError/,
    );
  });

  it('a bad asOf is the replay’s RangeError naming asOf, before anything is read', async () => {
    const spy = new SpyStore(store);
    await expect(publishedStandings(spy, NZ, { asOf: 'yesterday' })).rejects.toThrow(
      new RangeError('asOf: not an instant: yesterday'),
    );
    await expect(clubState(spy, 'dsb', { asOf: 'yesterday' })).rejects.toThrow(RangeError);
    expect(spy.read).toEqual({ all: 0, stream: 0 });
  });
});

describe('facts a slice must find, or must ignore, as the projection does (LEDGER)', () => {
  const fact = (
    type: string,
    data: Record<string, unknown>,
    clubId: string,
    occurredAt = '2026-03-01T10:00:00+13:00',
  ): EventToAppend => ({
    id: v7(),
    type,
    schemaVersion: 1,
    occurredAt,
    data,
    metadata: { clubId, actor: 'test' },
  });

  /** The examples, plus facts written before the gate checked streams, and a clock set back. */
  async function untidyLedger(): Promise<MemoryEventStore> {
    let back = false;
    const tick = ticking();
    // After the 150th append the clock is set back two hours, once: instants are not in order.
    let appends = 0;
    const clock = () => {
      const t = tick();
      if (++appends === 150) back = true;
      return back ? new Date(t.getTime() - 2 * 3_600_000) : t;
    };
    const store = await interleavedExamples(clock);
    // A roster fact of karori on a stream of no documented kind: the club's all the same (NZ-10).
    await store.appendToStream('misc-imports', [
      fact('PlayerStatusChanged', { playerId: 'nz-aroha', status: 'visitor' }, 'karori'),
    ]);
    // A competition fact on another competition's stream, and on no competition's: not read.
    const stray = {
      competitionId: NZ,
      session: 1,
      pairId: 'nz-p1',
      players: ['nz-aroha', 'nz-ben'],
      percentage: 99,
      boardsPlayed: 24,
      source: 'imported',
    };
    await store.appendToStream('competition-dsb-2014-c1', [
      fact('SessionResultRecorded', stray, 'karori'),
    ]);
    await store.appendToStream('misc-imports', [fact('SessionResultRecorded', stray, 'karori')]);
    // A rulebook fact of dsb outside club-dsb: not read either.
    await store.appendToStream('club-karori', [
      fact(
        'RulebookAmended',
        { clubId: 'dsb', effectiveFrom: '2014-09-01', overrides: { 'promotion.promote': 1 } },
        'dsb',
      ),
    ]);
    return store;
  }

  it('a roster fact on an undocumented stream counts, misplaced competition and rulebook facts do not, and instants out of order are read as the replay reads them', async () => {
    const store = await untidyLedger();
    const head = await store.headPosition();
    for (const atPosition of [...(await positions(store, 29)), head - 2, head - 3]) {
      await expectSameAnswers(store, { atPosition });
    }
    const events = await allEvents(store);
    for (const i of [100, 148, 149, 150, 151, 200, events.length - 1]) {
      await expectSameAnswers(store, { asOf: events[i].recordedAt });
    }
    // The stray roster fact is read: the directory lists its stream for karori.
    const slice = await competitionsSlice(store, { competitionId: NZ });
    expect(slice.streams).toContain('misc-imports');
    expect(slice.state.players.karori['nz-aroha'].status).toBe('visitor');
  });

  it('positions with gaps (EventStoreDB’s commit positions): as of a position between two events', async () => {
    const store = new GappedStore(await interleavedExamples(), 10);
    for (const atPosition of [
      0,
      9,
      10,
      11,
      155,
      1999,
      2001,
      3333,
      (await store.headPosition()) + 7,
    ]) {
      await expectSameAnswers(store, { atPosition });
    }
    const view = await publishedStandings(store, 'dsb-2014-c1', { atPosition: 3335 });
    expect(view.position).toBe(3330);
  });

  it('facts appended after an answer are read by the next one (the directory catches up)', async () => {
    const store = await interleavedExamples();
    const before = await publishedStandings(store, NZ);
    await store.appendToStream('club-karori-players', [
      fact('PlayerStatusChanged', { playerId: 'nz-aroha', status: 'visitor' }, 'karori'),
    ]);
    const after = await publishedStandings(store, NZ);
    expect(after.position).toBe(before.position + 1);
    expect(JSON.stringify(after)).toBe(
      JSON.stringify(standingsFrom(await competitionsState(store), NZ)),
    );
  });
});

describe('a slice reads its club’s streams, not $all', () => {
  it('with many other clubs in the ledger, an answer reads only its club’s events once the directory is built', async () => {
    const base = await interleavedExamples();
    // Twenty other clubs' competitions, each a copy of the DSB season under other ids.
    const dsb = await batchesOf('dsb-groenlo-2014-2015.ndjson');
    for (let c = 1; c <= 20; c++) {
      for (const b of dsb) {
        const json = JSON.stringify(b.events)
          .replace(/dsb(?!-groenlo|-pairs|-top)/g, `o${c}`)
          .replace(/"id":"[^"]+"/g, () => `"id":"${v7()}"`);
        await base.appendToStream(
          b.streamId.replace(/dsb(?!-groenlo|-pairs|-top)/g, `o${c}`),
          JSON.parse(json),
        );
      }
    }
    const spy = new SpyStore(base);
    const head = await base.headPosition();
    await directoryOf(spy).catchUp();
    expect(spy.read.all).toBe(head); // the directory's one pass
    spy.reset();

    const view = await publishedStandings(spy, NZ, { atPosition: head - 5 });
    const nzStreams = [
      'club-karori',
      'club-karori-players',
      `competition-${NZ}`,
      'corrections-karori',
    ];
    const nzEvents = (await allEvents(base)).filter((e) => nzStreams.includes(e.streamId)).length;
    expect(spy.read).toEqual({ all: 0, stream: nzEvents });
    expect([...spy.streams].sort()).toEqual([...nzStreams].sort());
    expect(nzEvents).toBeLessThan(head / 20);
    expect(view.position).toBe(head - 5);

    spy.reset();
    await publishedChampionship(spy, 'o7', '2014-2015');
    expect([...spy.streams].every((s) => s.includes('o7'))).toBe(true);
    expect(spy.read.all).toBe(0);
    expect(spy.read.stream).toBeLessThan(head / 20);
    // And the other clubs' answers are still the full replay's.
    const full = await competitionsState(base);
    expect(JSON.stringify(await publishedStandings(spy, 'o7-2014-c2'))).toBe(
      JSON.stringify(standingsFrom(full, 'o7-2014-c2')),
    );
  });

  it('a board-scored session’s stream is read with the competition that links it (SessionScoredFromBoards)', async () => {
    // The directory lists a linked session stream under the competition's club.
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    const created = {
      competitionId: 'x1',
      clubId: 'k',
      name: 'X',
      season: '2026',
      kind: 'pairs-series',
      format: 'club-pairs',
      sessions: [{ session: 1, date: '2026-03-02', startTime: '19:30' }],
    };
    await store.appendToStream('competition-x1', [
      {
        id: v7(),
        type: 'CompetitionCreated',
        schemaVersion: 1,
        occurredAt: '2026-03-01T10:00:00+13:00',
        data: created,
        metadata: { clubId: 'k' },
      },
      {
        id: v7(),
        type: 'SessionScoredFromBoards',
        schemaVersion: 1,
        occurredAt: '2026-03-02T23:00:00+13:00',
        data: {
          competitionId: 'x1',
          session: 1,
          sessionStreamId: 'session-k-2026-03-02',
          pairs: [],
        },
        metadata: { clubId: 'k' },
      },
    ]);
    const slice = await competitionsSlice(store, { competitionId: 'x1' });
    expect(slice.streams).toEqual(
      expect.arrayContaining(['competition-x1', 'club-k', 'session-k-2026-03-02']),
    );
  });
});

describe('one club’s answers read nothing of another club', () => {
  it('another club’s unusable rulebook fact and board-scored session leave karori’s NZ standings and C points as they were', async () => {
    const base = await interleavedExamples();
    const expected = standingsFrom(await competitionsState(base), NZ);
    const expectedCPoints = cPointsOf(await competitionsState(base), NZ);
    const meta = { clubId: 'y', actor: 'test' };
    const at = '2026-03-01T10:00:00+13:00';
    await base.appendToStream('club-y', [
      {
        id: v7(),
        type: 'RulebookAdopted',
        schemaVersion: 1,
        occurredAt: at,
        data: { clubId: 'y', preset: 'no-such-preset', overrides: {}, effectiveFrom: '2026-01-01' },
        metadata: meta,
      },
    ]);
    await base.appendToStream('competition-y1', [
      {
        id: v7(),
        type: 'CompetitionCreated',
        schemaVersion: 1,
        occurredAt: at,
        data: {
          competitionId: 'y1',
          clubId: 'y',
          name: 'Y',
          season: '2026',
          kind: 'pairs-series',
          format: 'club-pairs',
          sessions: [{ session: 1, date: '2026-03-02', startTime: '19:30' }],
        },
        metadata: meta,
      },
      {
        id: v7(),
        type: 'SessionScoredFromBoards',
        schemaVersion: 1,
        occurredAt: at,
        data: {
          competitionId: 'y1',
          session: 1,
          sessionStreamId: 'session-y-1',
          pairs: [{ pairNumber: '1', pairId: 'y-p1' }],
        },
        metadata: meta,
      },
    ]);
    const head = await base.headPosition();
    expect(await publishedStandings(base, NZ)).toEqual({ ...expected, position: head });
    expect(await publishedCPoints(base, NZ)).toEqual({ ...expectedCPoints, position: head });
    // And the full replay (the live answer "now") reads nothing of the other club either.
    const full = await competitionsState(base);
    expect(standingsFrom(full, NZ)).toEqual({ ...expected, position: head });
    expect(cPointsOf(full, NZ)).toEqual({ ...expectedCPoints, position: head });
  });
});
