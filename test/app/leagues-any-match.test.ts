import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { GatedLedger } from '../support/gated-ledger';
import { leagueSeason, PAGES_LEAGUE } from '../pages/league-season';
import { ledgerApp } from './support';

/**
 * Names `GET /matches/:id`: a fixture id is unique within its league only, so the route
 * answers the one league that has it, 404 when none does, 409 naming them when several do.
 */
describe('GET /matches/:fixtureId, a match named without its league', () => {
  let ledger: GatedLedger;
  let app: NestExpressApplication;
  beforeAll(async () => {
    ledger = new GatedLedger();
    await ledger.append(...leagueSeason());
    app = await ledgerApp(ledger.store);
  });
  afterAll(() => app.close());
  const get = (path: string) => request(app.getHttpServer()).get(path);

  it('LCBA-6.7: a fixture one league has is that league’s match, the same as under its league', async () => {
    const any = await get('/matches/f6').expect(200);
    const under = await get(`/leagues/${PAGES_LEAGUE.league}/matches/f6`).expect(200);
    expect(any.body).toEqual(under.body);
    const asOf = await get('/matches/f6?asOf=2009-09-01').expect(200);
    expect(asOf.body).toEqual(
      (await get(`/leagues/${PAGES_LEAGUE.league}/matches/f6?asOf=2009-09-01`)).body,
    );
  });

  it('bad input: no league has the fixture: 404 naming fixtureId; a bad asOf: 400', async () => {
    const none = await get('/matches/nowhere').expect(404);
    expect(none.body).toMatchObject({ error: 'UnknownLeague', field: 'fixtureId' });
    const bad = await get('/matches/f6?asOf=yesterday').expect(400);
    expect(JSON.stringify(bad.body)).toContain('asOf');
  });

  it('edge: two leagues with the same fixture id: 409 naming both leagues, and the league’s own route still answers', async () => {
    await ledger.append(
      ...leagueSeason({ club: 'pages-two', league: 'pages-2010', name: 'A second league' }),
    );
    const both = await get('/matches/f6').expect(409);
    expect(both.body).toMatchObject({
      error: 'AmbiguousFixture',
      field: 'fixtureId',
      leagues: expect.arrayContaining([PAGES_LEAGUE.league, 'pages-2010']),
    });
    await get('/leagues/pages-2010/matches/f6').expect(200);
  });
});
