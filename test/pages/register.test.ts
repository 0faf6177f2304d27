import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { pinnerYear } from '../projections/membership-pinner-year';
import { ledgerApp } from '../app/support';
import { asViewer, squash as textOf } from './support';

/** The register, applications, visitors and person pages, on a small Pinner year. */
describe('the membership pages (private to the club’s keys)', () => {
  let app: NestExpressApplication;
  beforeAll(async () => {
    const ledger = await pinnerYear();
    app = await ledgerApp(ledger.store);
  });
  afterAll(() => app.close());

  const page = async (url: string, status = 200) => {
    const res = await request(app.getHttpServer()).get(url).expect(status);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'; /);
    return res.text;
  };

  it('the club page links the register, the pending applications and the visitors', async () => {
    const club = await page('/clubs/pinner');
    expect(club).toContain('href="/clubs/pinner/register"');
    expect(club).toContain('href="/clubs/pinner/register/applications"');
    expect(club).toContain('href="/clubs/pinner/register/visitors"');
  });

  it('PIN-R8: the register page as of a day: fay Restricted, then Full a year after election; hal waived; tim no vote', async () => {
    const before = textOf(await page('/clubs/pinner/register?asOf=2019-03-07'));
    expect(before).toMatch(/register as of 2019-03-07/);
    expect(before).toMatch(/fay Candidate fay member restricted 2018-03-08 yes due/);
    expect(before).toMatch(/hal Hal Honorary member honorary 2018-04-01 yes waived/);
    expect(before).toMatch(/tim Tim Temporary member temporary 2018-04-01 no due/);
    expect(before).toMatch(/ian Candidate ian rejected PIN-R9/);
    const after = textOf(await page('/clubs/pinner/register?asOf=2019-03-08'));
    expect(after).toMatch(/fay Candidate fay member full 2019-03-08/);
    // The numbers are the JSON's.
    const json = await request(app.getHttpServer())
      .get('/clubs/pinner/members?asOf=2019-03-08')
      .set('Accept', 'application/json')
      .expect(200);
    expect(json.body.entries.find((e: { person: string }) => e.person === 'fay').classFrom).toBe(
      '2019-03-08',
    );
  });

  it('PIN-C7/C8: the pending applications page: the restarted display deadline, the objection', async () => {
    const text = textOf(await page('/clubs/pinner/register/applications?asOf=2018-03-05'));
    expect(text).toMatch(/a-gus Candidate gus 2018-03-01 full 2018-03-01 2018-03-11/);
    expect(text).toContain('PIN-C7');
    expect(text).toContain('Slow play at the Thursday duplicate.');
  });

  it('PIN-R10: the visitors page: vic’s 7th session may be refused; the year chooser', async () => {
    const html = await page('/clubs/pinner/register/visitors?year=2018');
    const text = textOf(html);
    expect(text).toMatch(/visitors of the calendar year 2018 \(PIN-R10: 6 a year\)/);
    expect(text).toMatch(/vic Vic Visitor 7 may-be-refused/);
    expect(text).toMatch(/2018-12-31 pairs-2018-12-31: may-be-refused \(session played\)/);
    // PIN-R12: what each visit cost; pinner-2018 sets no amounts, and an under-16 pays nothing.
    expect(text).toMatch(/\(session played\); table money: the visitor rate \(amount not set\)/);
    expect(text).toMatch(/eve .*\(session played\); table money: no table money/);
    expect(html.replace(/\s+/g, ' ')).toContain('name="year" value="2018"');
    expect(textOf(await page('/clubs/pinner/register/visitors?year=2019'))).toMatch(
      /vic Vic Visitor 1 ok/,
    );
  });

  it('PIN-R8: one event’s entries page: each session played in it, member or visitor, its table money and verdict', async () => {
    const text = textOf(
      await page('/clubs/pinner/register/events/pairs-2018-05-01?asOf=2018-12-31'),
    );
    expect(text).toMatch(
      /The sessions played in pairs-2018-05-01 up to 2018-12-31: 2, 0 flagged by a rule/,
    );
    expect(text).toMatch(
      /2018-05-01 vic Vic Visitor visitor the visitor rate \(amount not set\) ok/,
    );
    expect(text).toMatch(/2018-05-01 eve .* visitor no table money ok/);
    await page('/clubs/pinner/register/events/nothing-here', 404);
  });

  it("one person's page: every fact and the derived class change", async () => {
    const text = textOf(await page('/clubs/pinner/register/people/fay?asOf=2019-12-31'));
    expect(text).toMatch(/2018-03-08 fact MemberElected/);
    expect(text).toMatch(/2019-03-08 class full/);
  });

  it('bad input: a 400 page naming asOf or year; a 404 page for an unknown club or person', async () => {
    expect(textOf(await page('/clubs/pinner/register?asOf=2018-02-30', 400))).toContain('asOf');
    expect(textOf(await page('/clubs/pinner/register/visitors?year=0', 400))).toContain('year');
    expect(textOf(await page('/clubs/nowhere/register', 404))).toContain('club nowhere');
    expect(textOf(await page('/clubs/pinner/register/people/nobody', 404))).toContain('nobody');
  });

  it('403 page for an anonymous viewer or another club’s key; the club’s auditor and an admin read them', async () => {
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
    for (const url of [
      '/clubs/pinner/register',
      '/clubs/pinner/register/applications',
      '/clubs/pinner/register/visitors',
      '/clubs/pinner/register/people/fay',
    ]) {
      const refused = await request(anon).get(url).expect(403);
      expect(refused.text).toContain('href="/login"');
      await request(other).get(url).expect(403);
      await request(auditor).get(url).expect(200);
      await request(admin).get(url).expect(200);
    }
  });
});
