import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { v7 } from 'uuid';
import { catalogue } from '../../src/contexts/catalogue';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { ledgerApp } from './support';

type Change = { subject: string; field: string; from: unknown; to: unknown; rules: string[] };

/** Over HTTP: GET /competitions/:id/diff and POST /competitions/:id/what-if. */
describe('HTTP: diff and what-if', () => {
  let store: MemoryEventStore;
  let app: NestExpressApplication;
  let server: ReturnType<NestExpressApplication['getHttpServer']>;
  let afterFour: number;

  beforeAll(async () => {
    store = new MemoryEventStore({ upcast: catalogue.upcast });
    await loadExamplesIfEmpty(store);
    for await (const e of store.readAll()) {
      const d = e.data as { competitionId?: string; session?: number };
      if (
        e.type === 'SessionResultRecorded' &&
        d.competitionId === 'dsb-2014-c1' &&
        d.session === 5
      ) {
        afterFour = e.position - 1;
        break;
      }
    }
    app = await ledgerApp(store);
    server = app.getHttpServer();
  });
  afterAll(async () => {
    await app.close();
    await store.close();
  });

  it('DSB-7.2/DSB-8: GET …/diff?from=<position> gives every changed number with its rules', async () => {
    const res = await request(server)
      .get(`/competitions/dsb-2014-c1/diff?from=${afterFour}&to=now`)
      .expect(200);
    expect(res.body).toMatchObject({ table: 'standings', subject: 'dsb-2014-c1' });
    expect(res.body.from).toMatchObject({ position: afterFour });
    const rank = res.body.changes.find((c: Change) => c.subject === 'dsb-p2' && c.field === 'rank');
    expect(rank).toMatchObject({ from: 4, to: 2, group: 'A' });
    expect(rank.rules).toContain('DSB-7.2');
  });

  it('DSB-7.3: from=published:1 to=published reads the positions the StandingsPublished facts name', async () => {
    const publish = (atPosition: number) =>
      request(server)
        .post('/streams/publications-dsb/events')
        .send({
          expectedRevision: 'any',
          events: [
            {
              id: v7(),
              type: 'StandingsPublished',
              occurredAt: '2014-11-20T09:00:00+01:00',
              data: {
                clubId: 'dsb',
                table: 'standings',
                competitionId: 'dsb-2014-c1',
                atPosition,
                publishedBy: 'wedstrijdleider',
              },
              metadata: { clubId: 'dsb', actor: 'wedstrijdleider' },
            },
          ],
        })
        .expect(201);
    await publish(afterFour);
    await publish(await store.headPosition());
    const res = await request(server)
      .get('/competitions/dsb-2014-c1/diff?from=published:1&to=published')
      .expect(200);
    expect(res.body.from).toMatchObject({
      at: 'published #1',
      position: afterFour,
      published: { atPosition: afterFour, publishedBy: 'wedstrijdleider' },
    });
    expect(res.body.to.at).toBe('published (latest)');
    expect(
      res.body.changes.find((c: Change) => c.subject === 'dsb-p2' && c.field === 'rank'),
    ).toMatchObject({ from: 4, to: 2 });
    const third = await request(server)
      .get('/competitions/dsb-2014-c1/diff?from=published:3')
      .expect(400);
    expect(third.body.issues[0]).toMatchObject({
      field: 'from',
      message: expect.stringMatching(/published 2 time\(s\), not 3/),
    });
  });

  it('from == to: no change; championship and C points too', async () => {
    const head = await store.headPosition();
    const same = await request(server)
      .get(`/competitions/club-pairs-2026/diff?from=${head}&to=${head}`)
      .expect(200);
    expect(same.body.changes).toEqual([]);
    const cp = await request(server)
      .get(`/competitions/club-pairs-2026/diff?table=c-points&from=${head}`)
      .expect(200);
    expect(cp.body.changes).toEqual([]);
    const champ = await request(server)
      .get(`/clubs/dsb/championship/diff?season=2014-2015&from=${head}`)
      .expect(200);
    expect(champ.body).toMatchObject({ table: 'championship', changes: [] });
  });

  it('refuses a bad or missing from/to, an unknown parameter, a table it has not (400, each named)', async () => {
    const bad = await request(server)
      .get('/competitions/dsb-2014-c1/diff?from=yesterday')
      .expect(400);
    expect(bad.body.issues).toEqual([
      { field: 'from', message: expect.stringMatching(/^from must be a ledger position/) },
    ]);
    const to = await request(server).get('/competitions/dsb-2014-c1/diff?from=1&to=-3').expect(400);
    expect(to.body.issues.map((i: { field: string }) => i.field)).toEqual(['to']);
    const missing = await request(server).get('/competitions/dsb-2014-c1/diff').expect(400);
    expect(missing.body.issues.map((i: { field: string }) => i.field)).toEqual(['from']);
    const other = await request(server)
      .get('/competitions/dsb-2014-c1/diff?from=1&table=groups&atPosition=3')
      .expect(400);
    expect(other.body.issues.map((i: { field: string }) => i.field).sort()).toEqual([
      'atPosition',
      'table',
    ]);
    const published = await request(server)
      .get('/competitions/club-pairs-2026/diff?from=published')
      .expect(400);
    expect(published.body.issues[0]).toMatchObject({ field: 'from' });
    // A `to` before the competition was created: 404 naming the moment, not the bare "no competition".
    const early = await request(server)
      .get('/competitions/club-pairs-2026/diff?from=2&to=1')
      .expect(404);
    expect(early.body.message).toBe(
      'no competition club-pairs-2026 in the ledger at position 1, the diff\'s "to"',
    );
  });

  it('NZ-1 what-if: POST …/what-if with the best 7 counted changes placings; nothing stored', async () => {
    const head = await store.headPosition();
    const res = await request(server)
      .post('/competitions/club-pairs-2026/what-if')
      .send({ 'tenSession.counted': 7 })
      .expect(200);
    expect(res.body.override).toEqual({ 'tenSession.counted': 7 });
    const places = res.body.diff.changes.filter((c: Change) => c.field === 'place');
    expect(places.length).toBeGreaterThan(0);
    for (const c of places) expect(c.rules).toContain('NZ-1');
    expect(res.body.whatIf.rows[0].counted).toHaveLength(7);
    expect(await store.headPosition()).toBe(head);
    // The real standings are as they were.
    const real = await request(server).get('/competitions/club-pairs-2026/standings').expect(200);
    expect(real.body.rows[0].counted).toHaveLength(9);
  });

  it('DSB-8 what-if on the championship (DSB-11) of a season', async () => {
    const res = await request(server)
      .post('/clubs/dsb/championship/what-if?season=2014-2015')
      .send({ 'promotion.promote': 1 })
      .expect(200);
    expect(res.body.table).toBe('championship');
  });

  it('refuses a bad override (400, the parameter named), and a body that is not JSON (415)', async () => {
    const unknown = await request(server)
      .post('/competitions/club-pairs-2026/what-if')
      .send({ 'tenSession.countd': 7 })
      .expect(400);
    expect(unknown.body).toMatchObject({
      error: 'InvalidRequest',
      issues: [{ field: 'tenSession.countd', message: 'tenSession.countd: no such parameter' }],
    });
    const type = await request(server)
      .post('/competitions/club-pairs-2026/what-if')
      .send({ 'tenSession.counted': '7' })
      .expect(400);
    expect(type.body.issues[0]).toMatchObject({ field: 'tenSession.counted' });
    // NZ-8: a value the C-point table's own check refuses, named as the parameter.
    const fraction = await request(server)
      .post('/competitions/club-pairs-2026/what-if?table=c-points')
      .send({ 'cPoints.awardedFraction': '3/2' })
      .expect(400);
    expect(fraction.body.issues[0]).toMatchObject({ field: 'cPoints.awardedFraction' });
    const array = await request(server)
      .post('/competitions/club-pairs-2026/what-if')
      .send([1])
      .expect(400);
    expect(array.body.issues[0]).toMatchObject({ field: 'rulebookOverride' });
    await request(server)
      .post('/competitions/club-pairs-2026/what-if')
      .set('Content-Type', 'text/plain')
      .send('counted=7')
      .expect(415);
    // Keys named like built-in properties: 400 naming them, never a 500.
    for (const body of [
      '{"__proto__": {"x": 1}}',
      '{"constructor": 7}',
      '{"tenSession.toString": 7}',
    ]) {
      const builtIn = await request(server)
        .post('/competitions/club-pairs-2026/what-if')
        .set('Content-Type', 'application/json')
        .send(body)
        .expect(400);
      expect(builtIn.body.error).toBe('InvalidRequest');
    }
    const position = await request(server)
      .post('/competitions/club-pairs-2026/what-if?atPosition=x')
      .send({})
      .expect(400);
    expect(position.body.issues[0]).toMatchObject({ field: 'atPosition' });
  });
});
