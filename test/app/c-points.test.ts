import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { v7 } from 'uuid';
import { catalogue } from '../../src/contexts/catalogue';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { ledgerApp } from './support';

type Award = { player: string; place: number; points: string };
type Session = { session: number; awards: Award[]; rulebook: { effectiveFrom: string } };

/** NZ-8 C points over HTTP, on the example seasons (Club Pairs 2026, Tuesdays 3 Feb – 7 Apr). */
describe('HTTP: GET /competitions/:id/c-points', () => {
  let store: MemoryEventStore;
  let app: NestExpressApplication;
  let server: ReturnType<NestExpressApplication['getHttpServer']>;
  let beforeAmendment: number;

  beforeAll(async () => {
    store = new MemoryEventStore({ upcast: catalogue.upcast });
    await loadExamplesIfEmpty(store);
    beforeAmendment = await store.headPosition();
    app = await ledgerApp(store);
    server = app.getHttpServer();
  });
  afterAll(async () => {
    await app.close();
    await store.close();
  });

  const winners = (s: Session) => s.awards.filter((a) => a.place === 1).map((a) => a.points);

  it('NZ-8 C points: every scored session, the top pair 40 C and places down to the top third, each award explained', async () => {
    const res = await request(server).get('/competitions/club-pairs-2026/c-points').expect(200);
    expect(res.body).toMatchObject({ competitionId: 'club-pairs-2026', sessions: 10 });
    expect(res.body.awards).toHaveLength(10);
    const s1: Session & { fields: unknown[]; fieldsFrom: string } = res.body.awards[0];
    expect(s1.fieldsFrom).toBe('one-field');
    expect(s1.fields).toEqual([
      { field: 'ALL', size: 10, places: 3, points: ['40', '80/3', '40/3'] },
    ]);
    expect(winners(s1)).toEqual(['40', '40']);
    expect(res.body.totals[0].points).not.toBe('0');
    const one = await request(server)
      .get('/competitions/club-pairs-2026/c-points?session=2')
      .expect(200);
    expect(one.body.awards.map((s: Session) => s.session)).toEqual([2]);
  });

  it('NZ-8 an amendment of the award table (RulebookAmended, effective 1 March) changes the sessions from then on; asOf before it gives the old answer', async () => {
    await store.appendToStream('club-karori', [
      {
        id: v7(),
        type: 'RulebookAmended',
        occurredAt: '2026-02-20T10:00:00+13:00',
        data: { clubId: 'karori', changes: { 'cPoints.top': 60 }, effectiveFrom: '2026-03-01' },
        metadata: { clubId: 'karori', actor: 'committee' },
      },
    ]);
    const now = await request(server).get('/competitions/club-pairs-2026/c-points').expect(200);
    const sessions: Session[] = now.body.awards;
    expect(winners(sessions[3]!)).toEqual(['40', '40']); // 24 February
    expect(winners(sessions[4]!)).toEqual(['60', '60']); // 3 March
    expect(sessions[4]!.rulebook.effectiveFrom).toBe('2026-03-01');
    const then = await request(server)
      .get(`/competitions/club-pairs-2026/c-points?atPosition=${beforeAmendment}&session=5`)
      .expect(200);
    expect(winners(then.body.awards[0])).toEqual(['40', '40']);
  });

  it('bad input: 404 for an unknown competition, 409 for a DSB competition (as standings), 400 naming a bad session or asOf', async () => {
    const unknown = await request(server).get('/competitions/nope/c-points').expect(404);
    expect(unknown.body.error).toBe('UnknownCompetition');
    const dsb = await request(server).get('/competitions/dsb-2014-c1/c-points').expect(409);
    expect(dsb.body.error).toBe('NoApplicableRulebook');
    for (const bad of ['0', 'two', '1.5']) {
      const res = await request(server)
        .get(`/competitions/club-pairs-2026/c-points?session=${bad}`)
        .expect(400);
      expect(res.body.issues[0]).toMatchObject({
        field: 'session',
        message: 'session must be a session number >= 1',
      });
    }
    const beyond = await request(server)
      .get('/competitions/club-pairs-2026/c-points?session=11')
      .expect(400);
    expect(beyond.body).toMatchObject({
      error: 'InvalidRequest',
      issues: [{ field: 'session' }],
    });
    expect(beyond.body.message).toBe(
      'session must be a session number of competition club-pairs-2026 (1–10), got 11',
    );
    const asOf = await request(server)
      .get('/competitions/club-pairs-2026/c-points?asOf=yesterday')
      .expect(400);
    expect(asOf.body.issues[0].field).toBe('asOf');
  });
});
