import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { asViewer } from '../pages/support';
import { ledgerApp } from './support';
import { GatedLedger } from '../support/gated-ledger';
import { eveningStory } from '../support/rubber';

const JSON_ = 'application/json';

// One service over a short cut-in evening (test/support/rubber.ts) for every route below.
let app: NestExpressApplication;
beforeAll(async () => {
  const ledger = new GatedLedger();
  await ledger.append(...eveningStory());
  app = await ledgerApp(ledger.store);
});
afterAll(() => app.close());

const get = (url: string, status = 200) =>
  request(app.getHttpServer()).get(url).set('Accept', JSON_).expect(status);

describe('GET /clubs/:clubId/rubber, rubber/:sessionId', () => {
  it('the club’s evenings; PIN-R23 the evening now: bob in for eve, none waiting for the next Table Up, eve retired (PIN-R25)', async () => {
    expect((await get('/clubs/pinner/rubber')).body).toEqual({
      clubId: 'pinner',
      sessions: [
        { sessionId: 'eve1', day: '2019-03-05', kind: 'cut-in', dutyMember: 'duty', facts: 12 },
      ],
    });
    const v = (await get('/clubs/pinner/rubber/eve1')).body;
    expect(v.tables[0].seats.map((s: { unit: string }) => s.unit)).toEqual([
      'ann',
      'cat',
      'dan',
      'bob',
    ]);
    expect(v.tables[0].nextTableUp).toMatchObject({ leave: [], rule: 'PIN-R23' });
    expect(v.retired).toEqual([
      expect.objectContaining({ unit: 'eve', mayRejoinFrom: '2019-03-05T20:15:00.000Z' }),
    ]);
  });

  it('at a time of the evening, and as of a ledger position', async () => {
    const then = (await get('/clubs/pinner/rubber/eve1?at=2019-03-05T19:40:00%2B00:00')).body;
    expect(then.tables[0]).toMatchObject({ status: 'table-up', rubbers: 1 });
    expect(then.waiting).toEqual([{ unit: 'bob', players: ['bob'], qualified: true }]);
    const early = (await get('/clubs/pinner/rubber/eve1?atPosition=8')).body;
    expect(early.tables).toEqual([]);
    expect(early.waiting).toHaveLength(5);
  });

  it('bad input: 400 naming the parameter, 404 for an evening the club does not have', async () => {
    expect((await get('/clubs/pinner/rubber/eve1?at=19:40', 400)).body.issues).toEqual([
      expect.objectContaining({ field: 'at' }),
    ]);
    expect((await get('/clubs/pinner/rubber/eve1?asOf=2019-03-05', 400)).body.issues).toEqual([
      expect.objectContaining({ field: 'asOf' }),
    ]);
    expect((await get('/clubs/pinner/rubber/eve1?when=now', 400)).body.issues[0].field).toBe(
      'when',
    );
    expect((await get('/clubs/pinner/rubber/eve9', 404)).body).toMatchObject({
      error: 'UnknownRubberSession',
      field: 'sessionId',
    });
    expect((await get('/clubs/karori/rubber/eve1', 404)).body.error).toBe('UnknownRubberSession');
  });
});

describe('GET /clubs/:clubId/rubber/:sessionId/diff', () => {
  it('from the arrivals (position 8) to now: table 1 made up, the waiting emptied, eve retired', async () => {
    const d = (await get('/clubs/pinner/rubber/eve1/diff?from=8')).body;
    expect(d).toMatchObject({ sessionId: 'eve1', from: { at: 'position 8' }, to: { at: 'now' } });
    expect(d.changes).toEqual(
      expect.arrayContaining([
        { subject: 'table 1', field: 'seats', from: [], to: ['ann 1', 'cat 1', 'dan 1', 'bob 0'] },
        {
          subject: 'waiting',
          field: 'units',
          from: ['ann', 'bob', 'cat', 'dan', 'eve'],
          to: [],
        },
        { subject: 'retired', field: 'units', from: [], to: ['eve'] },
      ]),
    );
  });

  it('bad input: a club date, an unknown parameter: 400 naming it', async () => {
    expect((await get('/clubs/pinner/rubber/eve1/diff?from=2019-03-05', 400)).body.issues).toEqual([
      expect.objectContaining({ field: 'from' }),
    ]);
    expect(
      (await get('/clubs/pinner/rubber/eve1/diff?from=1&since=2', 400)).body.issues[0].field,
    ).toBe('since');
  });
});

describe('POST /clubs/:clubId/rubber/:sessionId/what-if', () => {
  const post = (body: unknown, status = 200) =>
    request(app.getHttpServer())
      .post('/clubs/pinner/rubber/eve1/what-if')
      .set('Content-Type', JSON_)
      .send(body as object)
      .expect(status);

  it('PIN-R24 a club reading 2½ tables as four players: the same evening read with no seven-hand rule; nothing stored', async () => {
    const real = (await get('/clubs/pinner/rubber/eve1')).body;
    expect(real.tables[0].endsAtHand).toBe(7);
    const w = (await post({ 'rubber.sevenHandRule.playersAtMost': 3 })).body;
    expect(w.override).toEqual({ 'rubber.sevenHandRule.playersAtMost': 3 });
    expect(w.whatIf.tables[0].endsAtHand).toBeUndefined();
    expect((await get('/clubs/pinner/rubber/eve1')).body.tables[0].endsAtHand).toBe(7);
  });

  it('bad input: a path that is no parameter, a value of the wrong kind: 400 naming the path', async () => {
    expect((await post({ 'rubber.sevenHandRule.hand': 1 }, 400)).body.issues[0]).toMatchObject({
      field: 'rubber.sevenHandRule.hand',
    });
    expect((await post([1, 2], 400)).body.issues[0].field).toBe('rulebookOverride');
  });
});

// Last: issuing keys ends the open mode the routes above are read in.
describe('the rubber routes are private to the club’s keys', () => {
  it('401 without a key, 403 for another club’s, 200 for its director (the duty member)', async () => {
    const anon = asViewer(app, { mode: 'anonymous' });
    const other = asViewer(app, {
      mode: 'key',
      role: 'director',
      scope: { kind: 'club', id: 'karori' },
    });
    const own = asViewer(app, {
      mode: 'key',
      role: 'director',
      scope: { kind: 'club', id: 'pinner' },
    });
    for (const url of [
      '/clubs/pinner/rubber',
      '/clubs/pinner/rubber/eve1',
      '/clubs/pinner/rubber/eve1/diff?from=1',
    ]) {
      expect([url, (await request(anon).get(url).set('Accept', JSON_)).status]).toEqual([url, 401]);
      expect([url, (await request(other).get(url).set('Accept', JSON_)).status]).toEqual([
        url,
        403,
      ]);
      expect([url, (await request(own).get(url).set('Accept', JSON_)).status]).toEqual([url, 200]);
    }
  });
});
