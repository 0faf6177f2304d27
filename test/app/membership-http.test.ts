import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { pinnerYear } from '../projections/membership-pinner-year';
import { asViewer } from '../pages/support';
import { ledgerApp } from './support';

const JSON_ = 'application/json';

/** The membership routes over HTTP, on a small Pinner year (test/projections). */
describe('GET /clubs/:clubId/members, members/:personId, applications, visitors', () => {
  let app: NestExpressApplication;
  beforeAll(async () => {
    const ledger = await pinnerYear();
    app = await ledgerApp(ledger.store);
  });
  afterAll(() => app.close());

  const get = (url: string, status = 200) =>
    request(app.getHttpServer()).get(url).set('Accept', JSON_).expect(status);

  it('PIN-R8: the register as of a day: fay Restricted on 2019-03-07, Full from 2019-03-08; hal waived; tim no vote', async () => {
    const before = (await get('/clubs/pinner/members?asOf=2019-03-07')).body;
    expect(before).toMatchObject({ clubId: 'pinner', asOf: '2019-03-07', pending: 1 });
    expect(before.rulebook).toEqual({ preset: 'pinner-2018', effectiveFrom: '2018-01-01' });
    const fay = (b: { entries: { person: string }[] }) => b.entries.find((e) => e.person === 'fay');
    expect(fay(before)).toMatchObject({ class: 'restricted', classFrom: '2018-03-08' });
    const after = (await get('/clubs/pinner/members?asOf=2019-03-08')).body;
    expect(fay(after)).toMatchObject({ class: 'full', classFrom: '2019-03-08' });
    const by = (p: string) => after.entries.find((e: { person: string }) => e.person === p);
    expect(by('hal')).toMatchObject({ class: 'honorary', subscription: 'waived' });
    expect(by('tim')).toMatchObject({ class: 'temporary', votes: false });
    expect(by('ian')).toMatchObject({ standing: 'rejected', barredForEver: true });
  });

  it("one person's history: GET /clubs/pinner/members/fay", async () => {
    const body = (await get('/clubs/pinner/members/fay?asOf=2019-12-31')).body;
    expect(body).toMatchObject({
      personId: 'fay',
      name: 'Candidate fay',
      entry: { class: 'full' },
    });
    expect(body.history.filter((l: { kind: string }) => l.kind === 'class')).toEqual([
      expect.objectContaining({ on: '2018-03-08', type: 'restricted' }),
      expect.objectContaining({ on: '2019-03-08', type: 'full' }),
    ]);
  });

  it('PIN-R8: one event’s entries, GET /clubs/pinner/events/:eventId/entries; an event no session names is 404', async () => {
    const body = (await get('/clubs/pinner/events/pairs-2018-05-01/entries?asOf=2018-12-31')).body;
    expect(body).toMatchObject({ clubId: 'pinner', eventId: 'pairs-2018-05-01' });
    const vic = body.entries.find((e: { person: string }) => e.person === 'vic');
    expect(vic).toMatchObject({ member: false, flagged: false, tableMoney: { pays: 'visitor' } });
    // eve, under 16, plays the same evening under ann's supervision: no table money (PIN-R12).
    const eve = body.entries.find((e: { person: string }) => e.person === 'eve');
    expect(eve).toMatchObject({ supervisedBy: 'ann', tableMoney: { pays: 'none' } });
    const missing = (await get('/clubs/pinner/events/nothing-here/entries', 404)).body;
    expect(missing.message).toMatch(/no session played in an event nothing-here/);
  });

  it('PIN-C7/C8: the pending applications with the restarted display deadline and the objection', async () => {
    const body = (await get('/clubs/pinner/applications?asOf=2018-03-05')).body;
    const gus = body.applications.find((a: { person: string }) => a.person === 'gus');
    expect(gus).toMatchObject({ considerFrom: '2018-03-11', seconder: 'dan', signedBy: 'cat' });
    expect(gus.objections).toHaveLength(1);
  });

  it('PIN-R10: the visitors of 2018: vic’s 7th session may be refused; the sessions with their source', async () => {
    const body = (await get('/clubs/pinner/visitors?year=2018')).body;
    expect(body).toMatchObject({ year: '2018', kind: 'calendar', rule: 'PIN-R10', limit: 6 });
    const vic = body.rows.find((r: { person: string }) => r.person === 'vic');
    expect(vic.visits.map((v: { verdict: string }) => v.verdict).slice(5)).toEqual([
      'ok',
      'may-be-refused',
    ]);
    expect(vic.visits[0].source).toEqual({ kind: 'SessionPlayedAtClub' });
    expect((await get('/clubs/pinner/visitors?year=2019')).body.rows[0]).toMatchObject({
      person: 'vic',
      sessions: 1,
    });
  });

  it('bad input: 400 naming the field (a bad date, year 0, an unknown parameter), 404 for an unknown club or person', async () => {
    const issues = async (url: string) => (await get(url, 400)).body.issues;
    expect(await issues('/clubs/pinner/members?asOf=2018-02-30')).toEqual([
      expect.objectContaining({ field: 'asOf' }),
    ]);
    expect(await issues('/clubs/pinner/applications?asOf=yesterday')).toEqual([
      expect.objectContaining({ field: 'asOf' }),
    ]);
    expect(await issues('/clubs/pinner/visitors?year=0')).toEqual([
      expect.objectContaining({ field: 'year' }),
    ]);
    expect(await issues('/clubs/pinner/visitors?year=twenty')).toEqual([
      expect.objectContaining({ field: 'year' }),
    ]);
    expect(await issues('/clubs/pinner/visitors?asOf=2018-01-01')).toEqual([
      expect.objectContaining({ field: 'asOf' }),
    ]);
    expect((await get('/clubs/nowhere/members', 404)).body).toMatchObject({
      error: 'NotFound',
      field: 'clubId',
    });
    expect((await get('/clubs/nowhere/visitors', 404)).body.field).toBe('clubId');
    expect((await get('/clubs/pinner/members/nobody', 404)).body.field).toBe('personId');
  });
});

describe('the membership routes are private to the club’s keys', () => {
  let app: NestExpressApplication;
  beforeAll(async () => {
    const ledger = await pinnerYear();
    app = await ledgerApp(ledger.store);
  });
  afterAll(() => app.close());

  const ROUTES = [
    '/clubs/pinner/members',
    '/clubs/pinner/members/fay',
    '/clubs/pinner/applications',
    '/clubs/pinner/visitors?year=2018',
  ];

  it('401 without a key, 403 for another club’s key, 200 for the club’s auditor and an admin', async () => {
    const anon = asViewer(app, { mode: 'anonymous' });
    const other = asViewer(app, {
      mode: 'key',
      role: 'secretary',
      scope: { kind: 'club', id: 'karori' },
    });
    const auditor = asViewer(app, {
      mode: 'key',
      role: 'auditor',
      scope: { kind: 'club', id: 'pinner' },
    });
    const admin = asViewer(app, { mode: 'key', role: 'admin' });
    for (const url of ROUTES) {
      const refused = await request(anon).get(url).set('Accept', JSON_);
      expect([url, refused.status, refused.body.error]).toEqual([url, 401, 'Unauthorized']);
      const forbidden = await request(other).get(url).set('Accept', JSON_);
      expect([url, forbidden.status, forbidden.body.error]).toEqual([url, 403, 'Forbidden']);
      expect([url, (await request(auditor).get(url).set('Accept', JSON_)).status]).toEqual([
        url,
        200,
      ]);
      expect([url, (await request(admin).get(url).set('Accept', JSON_)).status]).toEqual([
        url,
        200,
      ]);
    }
  });
});
