import request from 'supertest';
import { v7 as uuidv7 } from 'uuid';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { issueKey } from '../../src/contexts/access/read/keys';
import { collect } from '../support/events';
import { seasonLedger } from '../projections/leagues-season';
import { ledgerApp } from './support';

/** The small season of leagues-season.ts, served over HTTP (open mode: no key issued). */
describe('GET /leagues/:leagueId/table and /leagues/:leagueId/matches/:fixtureId', () => {
  let app: NestExpressApplication;
  let unplayedAt: number;
  beforeAll(async () => {
    const ledger = await seasonLedger();
    const all = await collect(ledger.store.readAll());
    unplayedAt = all.find((e) => e.type === 'MatchUnplayed')!.position;
    app = await ledgerApp(ledger.store);
  });
  afterAll(() => app.close());
  const get = (path: string) => request(app.getHttpServer()).get(path);

  it('LCBA-8.1: the division table, and as of a date the default on the season so far', async () => {
    const res = await get('/leagues/lcba-2009/table');
    expect(res.status).toBe(200);
    // East 52 VP +57, north 42 +39, south 19 −96 (leagues.test.ts works them out).
    expect(
      res.body.divisions[0].rows.map((r: { team: string; vp: number; netImps: number }) => [
        r.team,
        r.vp,
        r.netImps,
      ]),
    ).toEqual([
      ['east', 52, 57],
      ['north', 42, 39],
      ['south', 19, -96],
    ]);
    // As of 30 September f3's default is 10 VP, 0 IMPs (east's average 10 is the best).
    const sept = await get('/leagues/lcba-2009/table?division=1&asOf=2009-09-30');
    expect(sept.status).toBe(200);
    const f3 = sept.body.divisions[0].fixtures.find((f: { fixture: string }) => f.fixture === 'f3');
    expect([f3.home.vp, f3.home.imps, f3.away.vp]).toEqual([10, 0, 0]);
  });

  it('as of a ledger position before the default was recorded, f3 has no score', async () => {
    const res = await get(`/leagues/lcba-2009/table?atPosition=${unplayedAt - 1}`);
    expect(res.status).toBe(200);
    expect(res.body.divisions[0].fixtures.map((f: { fixture: string }) => f.fixture)).toEqual([
      'f1',
      'f2',
    ]);
    // As recorded by an instant before anything was: no league yet.
    const before = await get('/leagues/lcba-2009/table?asOf=2000-01-01T00:00:00Z');
    expect(before.status).toBe(404);
  });

  it('LCBA-6.7: a match board by board', async () => {
    const res = await get('/leagues/lcba-2009/matches/f6');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('played');
    // Board 1: +200 aggregate, 5 IMPs; board 2: −200, −5; net 0, 10-10.
    expect(res.body.score.boards[0]).toMatchObject({ board: 1, homeAggregate: 200, homeImps: 5 });
    expect(res.body.score.boards[1]).toMatchObject({ board: 2, homeAggregate: -200, homeImps: -5 });
    expect(res.body.score.vp).toEqual({ home: 10, away: 10 });
  });

  it('an unknown league, division or fixture is a 404 naming it; division 0, a bad asOf a 400', async () => {
    const league = await get('/leagues/nope/table');
    expect([league.status, league.body.error, league.body.field]).toEqual([
      404,
      'UnknownLeague',
      'leagueId',
    ]);
    expect(league.body.message).toMatch(/no league nope/);
    const division = await get('/leagues/lcba-2009/table?division=4');
    expect([division.status, division.body.field]).toEqual([404, 'division']);
    const fixture = await get('/leagues/lcba-2009/matches/f9');
    expect([fixture.status, fixture.body.field]).toEqual([404, 'fixtureId']);
    const zero = await get('/leagues/lcba-2009/table?division=0');
    expect(zero.status).toBe(400);
    expect(zero.body.issues).toEqual([
      {
        field: 'division',
        message: expect.stringMatching(/division must be a division number >= 1/),
      },
    ]);
    const asOf = await get('/leagues/lcba-2009/table?asOf=yesterday');
    expect([asOf.status, asOf.body.issues[0].field]).toEqual([400, 'asOf']);
    const both = await get('/leagues/lcba-2009/table?asOf=2009-10-01T00:00:00Z&atPosition=3');
    expect(both.status).toBe(400);
    const extra = await get('/leagues/lcba-2009/matches/f6?division=1');
    expect([extra.status, extra.body.issues[0].field]).toEqual([400, 'division']);
  });

  it('with keys issued, the league routes stay public reads; an admin key is not needed', async () => {
    const ledger = await seasonLedger();
    await issueKey(ledger.store, { role: 'admin', issuedBy: 'cli:test' });
    const closed = await ledgerApp(ledger.store);
    try {
      const table = await request(closed.getHttpServer()).get('/leagues/lcba-2009/table');
      expect(table.status).toBe(200);
      const match = await request(closed.getHttpServer()).get('/leagues/lcba-2009/matches/f1');
      expect(match.status).toBe(200);
      // Another route of the same app is closed to a request without a key.
      expect((await request(closed.getHttpServer()).get('/events')).status).toBe(401);
    } finally {
      await closed.close();
    }
  });

  it('a secretary key of the league appends its facts, one of another league is refused (403)', async () => {
    const ledger = await seasonLedger();
    await issueKey(ledger.store, { role: 'admin', issuedBy: 'cli:test' });
    const own = await issueKey(ledger.store, {
      role: 'secretary',
      scope: { kind: 'league', id: 'lcba-2009' },
      beforeRegistration: true,
      issuedBy: 'cli:test',
    });
    const other = await issueKey(ledger.store, {
      role: 'secretary',
      scope: { kind: 'league', id: 'other' },
      beforeRegistration: true,
      issuedBy: 'cli:test',
    });
    const closed = await ledgerApp(ledger.store);
    const post = (token: string, fixtureId: string) =>
      request(closed.getHttpServer())
        .post('/streams/league-lcba-2009/events')
        .set('Authorization', `Bearer ${token}`)
        .send({
          expectedRevision: 'any',
          events: [
            {
              id: uuidv7(),
              type: 'FixtureScheduled',
              occurredAt: '2009-09-01T12:00:00+01:00',
              data: {
                leagueId: 'lcba-2009',
                fixtureId,
                round: 1,
                home: 'north',
                away: 'east',
                scheduled: '2009-11-04',
              },
            },
          ],
        });
    try {
      expect((await post(other.token, 'x1')).status).toBe(403);
      // North–east meet in round 1 already (f3): the league's secretary is heard, and refused
      // by the rule, not by the key.
      const refused = await post(own.token, 'x1');
      expect([refused.status, refused.body.rule]).toEqual([422, 'LCBA-2.2']);
    } finally {
      await closed.close();
    }
  });
});
