import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { ledgerApp } from '../app/support';
import { asViewer, squash as textOf } from './support';
import { agmStory, pinnerClub } from '../support/meetings';

/** The general-meetings pages, on the 2019 AGM of test/support/meetings.ts. */
describe('the general-meetings pages (private to the club’s keys)', () => {
  let app: NestExpressApplication;
  beforeAll(async () => {
    const ledger = await pinnerClub();
    await ledger.append(...agmStory());
    app = await ledgerApp(ledger.store);
  });
  afterAll(() => app.close());

  const page = async (url: string, status = 200) => {
    const res = await request(app.getHttpServer()).get(url).expect(status);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    return res.text;
  };

  it('the club page links them; PIN-C27 PIN-C28 the meetings page: the AGM, the next due, the officers on the day asked', async () => {
    const club = textOf(await page('/clubs/pinner'));
    expect(await page('/clubs/pinner')).toContain('href="/clubs/pinner/general-meetings"');
    // PIN-C27 on the club's page: the AGM of 2019-03-20 makes the next due by 2020-04-20,
    // long past on any day these tests run.
    expect(club).toMatch(/the next AGM is due by 2020-04-20 \(PIN-C27\)/);
    expect(club).toMatch(/PIN-C27: no AGM held since 2019-03-20; the next was due by 2020-04-20/);
    const text = textOf(await page('/clubs/pinner/general-meetings?asOf=2019-03-20'));
    expect(text).toMatch(/the next is due by 2020-04-20 \(PIN-C27\)/);
    expect(text).toMatch(/agm19 AGM 2019-03-20 19:30 the club room/);
    expect(text).toMatch(
      /treasurer m10 2019-03-20 PIN-C28: m10 11, m11 8: elected by the most votes/,
    );
    const before = textOf(await page('/clubs/pinner/general-meetings?asOf=2019-03-19'));
    expect(before).toMatch(/treasurer m03 2018-01-01/);
  });

  it('PIN-C22 PIN-C25 the minutes: the quorum’s arithmetic, each motion’s result and the rule that decided it', async () => {
    const text = textOf(await page('/clubs/pinner/general-meetings/agm19'));
    expect(text).toMatch(
      /PIN-C22: a quorum of 20 members or 20 % of the 31 on the register on 2019-03-20 \(7\)/,
    );
    expect(text).toMatch(
      /mo1 constitution §22: A quorum of fifteen Members\. m05 \/ m06 16–8 \(0 abstaining\) carried PIN-C25/,
    );
    expect(text).toMatch(/mo2 .* not carried PIN-C25/);
    expect(text).toMatch(/secretary: m12 — PIN-C28: elected unopposed/);
  });

  it('bad input: 400 for a bad date, 404 for an unknown meeting; 403 for another club’s key', async () => {
    await page('/clubs/pinner/general-meetings?asOf=2019-02-30', 400);
    await page('/clubs/pinner/general-meetings/agm99', 404);
    const other = asViewer(app, {
      mode: 'key',
      role: 'secretary',
      scope: { kind: 'club', id: 'karori' },
    });
    expect((await request(other).get('/clubs/pinner/general-meetings')).status).toBe(403);
  });
});
