import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { asViewer } from '../pages/support';
import { ledgerApp } from './support';
import { agmStory, pinnerClub } from '../support/meetings';

const JSON_ = 'application/json';

// One service over Pinner's 2019 AGM for every route below (read-only: what-ifs store nothing).
let app: NestExpressApplication;
beforeAll(async () => {
  const ledger = await pinnerClub();
  await ledger.append(...agmStory());
  app = await ledgerApp(ledger.store);
});
afterAll(() => app.close());

/** The general-meeting routes over HTTP, on Pinner's 2019 AGM (test/support/meetings.ts). */
describe('GET /clubs/:clubId/meetings, meetings/:meetingId, officers, constitution', () => {
  const get = (url: string, status = 200) =>
    request(app.getHttpServer()).get(url).set('Accept', JSON_).expect(status);

  it('PIN-C27 the meetings and the next AGM due; PIN-C22 PIN-C25 PIN-C28 the minutes with each result and its rule', async () => {
    const list = (await get('/clubs/pinner/meetings?asOf=2019-04-01')).body;
    expect(list.meetings).toEqual([
      expect.objectContaining({ meetingId: 'agm19', kind: 'agm', flags: [] }),
    ]);
    expect(list.calendar).toMatchObject({
      lastAgm: '2019-03-20',
      nextAgmBy: { by: '2020-04-20', rule: 'PIN-C27' },
    });
    const minutes = (await get('/clubs/pinner/meetings/agm19')).body;
    expect(minutes.quorum).toMatchObject({ quorum: 7, present: 25, quorate: true });
    expect(
      minutes.motions.map((m: { id: string; result: string; rule: string }) => [
        m.id,
        m.result,
        m.rule,
      ]),
    ).toEqual([
      ['mo1', 'carried', 'PIN-C25'],
      ['mo2', 'not carried', 'PIN-C25'],
    ]);
    expect(
      minutes.elections.map((e: { post: string; elected: string[] }) => [e.post, e.elected]),
    ).toEqual([
      ['treasurer', ['m10']],
      ['secretary', ['m12']],
    ]);
  });

  it('PIN-C28 the officers the day before and the day of the AGM; PIN-C19 the constitution as amended', async () => {
    const holder = (body: { posts: Array<{ post: string; holders: string[] }> }, post: string) =>
      body.posts.find((p) => p.post === post)!.holders;
    expect(holder((await get('/clubs/pinner/officers?asOf=2019-03-19')).body, 'treasurer')).toEqual(
      ['m03'],
    );
    expect(holder((await get('/clubs/pinner/officers?asOf=2019-03-20')).body, 'treasurer')).toEqual(
      ['m10'],
    );
    const constitution = (await get('/clubs/pinner/constitution?asOf=2019-12-31')).body;
    expect(constitution.sections).toEqual([
      expect.objectContaining({ section: '22', since: '2019-03-20' }),
    ]);
  });

  it('bad input: 400 naming the field, 404 for a club or meeting the ledger does not have', async () => {
    expect((await get('/clubs/pinner/officers?asOf=2019-02-30', 400)).body.issues).toEqual([
      expect.objectContaining({ field: 'asOf' }),
    ]);
    expect((await get('/clubs/pinner/meetings?when=now', 400)).body.issues[0].field).toBe('when');
    expect((await get('/clubs/nowhere/meetings', 404)).body).toMatchObject({
      error: 'UnknownMeeting',
      field: 'clubId',
    });
    expect((await get('/clubs/pinner/meetings/agm99', 404)).body.field).toBe('meetingId');
  });
});

describe('POST /clubs/:clubId/meetings/:meetingId/what-if', () => {
  it('PIN-C25 three fifths instead of two thirds: section 27 would have carried; 400 naming a path that is no parameter; 415 without JSON', async () => {
    const post = (body: unknown, status = 200) =>
      request(app.getHttpServer())
        .post('/clubs/pinner/meetings/agm19/what-if')
        .set('Accept', JSON_)
        .send(body as object)
        .expect(status);
    const w = (
      await post({
        'meetings.specialMajority.numerator': 3,
        'meetings.specialMajority.denominator': 5,
      })
    ).body;
    expect(w.changes).toEqual([expect.objectContaining({ subject: 'mo2', to: 'carried' })]);
    expect((await post({ 'meetings.nothing': 1 }, 400)).body.issues[0].field).toBe(
      'meetings.nothing',
    );
    await request(app.getHttpServer())
      .post('/clubs/pinner/meetings/agm19/what-if')
      .set('Content-Type', 'text/plain')
      .send('x')
      .expect(415);
  });
});

describe('GET /clubs/:clubId/meetings/:meetingId/diff', () => {
  it('from before the AGM’s votes to now: the quorum, the results and the elections appear; 400 naming a bad moment or an unknown parameter', async () => {
    const get = (url: string, status = 200) =>
      request(app.getHttpServer()).get(url).set('Accept', JSON_).expect(status);
    const d = (await get('/clubs/pinner/meetings/agm19/diff?from=2019-03-19')).body;
    expect(
      d.changes.map((c: { subject: string; field: string }) => `${c.subject} ${c.field}`),
    ).toEqual(expect.arrayContaining(['mo1 result', 'mo2 result', 'election treasurer elected']));
    expect(
      (await get('/clubs/pinner/meetings/agm19/diff?from=yesterday', 400)).body.issues[0].field,
    ).toBe('from');
    expect(
      (await get('/clubs/pinner/meetings/agm19/diff?from=1&x=2', 400)).body.issues[0].field,
    ).toBe('x');
  });
});

// Last: issuing keys ends the open mode the routes above are read in.
describe('the meetings routes are private to the club’s keys', () => {
  it('private to the club’s keys: 401 without a key, 403 for another club’s, 200 for its auditor', async () => {
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
    for (const url of [
      '/clubs/pinner/meetings',
      '/clubs/pinner/meetings/agm19',
      '/clubs/pinner/officers',
      '/clubs/pinner/constitution',
    ]) {
      expect([url, (await request(anon).get(url).set('Accept', JSON_)).status]).toEqual([url, 401]);
      expect([url, (await request(other).get(url).set('Accept', JSON_)).status]).toEqual([
        url,
        403,
      ]);
      expect([url, (await request(auditor).get(url).set('Accept', JSON_)).status]).toEqual([
        url,
        200,
      ]);
    }
  });
});
