import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { v7 } from 'uuid';
import { catalogue } from '../../src/contexts/catalogue';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { replayFromStore } from '../../src/audit/replay';
import { competitions } from '../../src/contexts/pairs/projection';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { ledgerApp } from './support';

/** The published tables over HTTP, on the example seasons. */
describe('HTTP: standings and championship', () => {
  let store: MemoryEventStore;
  let app: NestExpressApplication;
  let server: ReturnType<NestExpressApplication['getHttpServer']>;

  beforeAll(async () => {
    store = new MemoryEventStore({ upcast: catalogue.upcast });
    await loadExamplesIfEmpty(store);
    app = await ledgerApp(store);
    server = app.getHttpServer();
  });
  afterAll(async () => {
    await app.close();
    await store.close();
  });

  it('GET /competitions/:id/standings gives the NZ standings, each row explained', async () => {
    const res = await request(server).get('/competitions/club-pairs-2026/standings').expect(200);
    expect(res.body).toMatchObject({
      kind: 'nz',
      final: true,
      afterSession: 10,
      rulebook: { preset: 'nz-club' },
    });
    const p8 = res.body.rows.find((r: { competitor: string }) => r.competitor === 'nz-p8');
    expect(p8).toMatchObject({ place: null, qualifies: false });
    expect(p8.explain.map((e: { rule: string }) => e.rule)).toContain('NZ-3');
  });

  it('an interim standing after a session, and as of a ledger position', async () => {
    const after3 = await request(server)
      .get('/competitions/dsb-2014-c1/standings?afterSession=3')
      .expect(200);
    expect(after3.body).toMatchObject({ kind: 'dsb', afterSession: 3, final: false });
    const early = await request(server)
      .get('/competitions/dsb-2014-c1/standings?atPosition=150')
      .expect(200);
    expect(early.body.afterSession).toBeLessThan(6);
    expect(early.body.position).toBe(150);
  });

  it('a final DSB standing carries every pair’s group for the next competition (DSB-8)', async () => {
    const res = await request(server).get('/competitions/dsb-2014-c1/standings').expect(200);
    expect(res.body.nextGroups).toHaveLength(18);
    expect(res.body.nextGroups.filter((m: { move: string }) => m.move === 'up')).toHaveLength(6);
  });

  it('GET /clubs/:id/championship?season= ranks the season (DSB-11)', async () => {
    const res = await request(server).get('/clubs/dsb/championship?season=2014-2015').expect(200);
    expect(res.body.competitions).toEqual(['dsb-2014-c1', 'dsb-2014-c2']);
    expect(res.body.table[0]).toMatchObject({ rank: 1, eligible: true });
  });

  it('answers 404 for an unknown competition and 400 naming a bad query parameter', async () => {
    const unknown = await request(server).get('/competitions/nope/standings').expect(404);
    expect(unknown.body.error).toBe('UnknownCompetition');
    const bad = await request(server)
      .get('/competitions/club-pairs-2026/standings?asOf=yesterday')
      .expect(400);
    expect(bad.body.issues[0].field).toBe('asOf');
    const noSeason = await request(server).get('/clubs/dsb/championship').expect(400);
    expect(noSeason.body.issues[0].field).toBe('season');
  });

  it('refuses a fact the rules forbid with 422, its rule and the field, writing nothing', async () => {
    const head = await store.headPosition();
    const res = await request(server)
      .post('/streams/competition-dsb-2014-c1/events')
      .send({
        expectedRevision: 'any',
        events: [
          {
            id: v7(),
            type: 'PartnershipPlayersNamed',
            occurredAt: '2014-09-08T12:30:00+02:00',
            data: {
              competitionId: 'dsb-2014-c1',
              session: 1,
              pairId: 'dsb-p5',
              players: ['dsb-ineke', 'dsb-maarten'],
            },
          },
        ],
      })
      .expect(422);
    expect(res.body).toMatchObject({
      error: 'RuleViolation',
      rule: 'DSB-3',
      field: 'events[0].occurredAt',
    });
    expect(await store.headPosition()).toBe(head);
  });
  it('answers "now" from the live projection when the server has one, the same as a replay', async () => {
    const { state } = await replayFromStore(store, competitions);
    // The partitions each call asked to have in memory (a service may have left them saved).
    const asked: string[][] = [];
    const liveApp = await ledgerApp(store, {
      liveCompetitions: (keys) => {
        asked.push([...keys]);
        return state;
      },
    });
    try {
      const live = await request(liveApp.getHttpServer())
        .get('/competitions/dsb-2014-c1/standings')
        .expect(200);
      const replayed = await request(server).get('/competitions/dsb-2014-c1/standings').expect(200);
      expect(live.body).toEqual(replayed.body);
      const champ = await request(liveApp.getHttpServer())
        .get('/clubs/dsb/championship?season=2014-2015')
        .expect(200);
      expect(champ.body.competitions).toEqual(['dsb-2014-c1', 'dsb-2014-c2']);
      // Each answer asked for its club's partitions (after its position, asking for none).
      const withKeys = () => asked.filter((keys) => keys.length > 0);
      expect(withKeys()).toHaveLength(2);
      expect(withKeys()[0]).toEqual(expect.arrayContaining(['competition:dsb-2014-c1']));
      expect(withKeys()[1]).toEqual(
        expect.arrayContaining(['competition:dsb-2014-c1', 'competition:dsb-2014-c2']),
      );
      // "As of" is the replay's answer; it takes from the live state only the partitions no
      // fact after position 150 changed (test/runtime/asof-live-partitions.test.ts).
      const asOf = await request(liveApp.getHttpServer())
        .get('/competitions/dsb-2014-c1/standings?atPosition=150')
        .expect(200);
      const replayedAsOf = await request(server)
        .get('/competitions/dsb-2014-c1/standings?atPosition=150')
        .expect(200);
      expect(asOf.body).toEqual(replayedAsOf.body);
      expect(asOf.body.position).toBe(150);
      expect(withKeys().length).toBeGreaterThan(2);
    } finally {
      await liveApp.close();
    }
  });
});
