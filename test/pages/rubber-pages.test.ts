import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { ledgerApp } from '../app/support';
import { asViewer, squash as textOf } from './support';
import { GatedLedger } from '../support/gated-ledger';
import { eveningStory } from '../support/rubber';

/** The duty member's rubber pages, on the short evening of test/support/rubber.ts. */
describe('the rubber-bridge pages (private to the club’s keys)', () => {
  let app: NestExpressApplication;
  beforeAll(async () => {
    const ledger = new GatedLedger();
    await ledger.append(...eveningStory());
    app = await ledgerApp(ledger.store);
  });
  afterAll(() => app.close());

  const page = async (url: string, status = 200) => {
    const res = await request(app.getHttpServer()).get(url).expect(status);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    return res.text;
  };

  it('the evenings, and the evening now: tables with tenures, the next Table Up and its rule; it reloads itself', async () => {
    expect(await page('/clubs/pinner')).toContain('href="/clubs/pinner/rubber-bridge"');
    expect(await page('/clubs/pinner/rubber-bridge')).toContain(
      'href="/clubs/pinner/rubber-bridge/eve1"',
    );
    const html = await page('/clubs/pinner/rubber-bridge/eve1');
    expect(html).toContain('<meta http-equiv="refresh" content="20" />');
    const text = textOf(html);
    expect(text).toMatch(/A cut-in session; duty member duty; 4 present; read by pinner-2018/);
    expect(text).toMatch(/ann ann 1 19:10 cat cat 1 19:10 dan dan 1 19:10 bob bob 0 19:41/);
    expect(text).toMatch(/Next Table Up: no one leaves — none waiting.* \(PIN-R23\)/);
    expect(text).toMatch(/eve, retired at 19:45: may rejoin from 20:15 \(PIN-R25\)/);
    expect(text).toMatch(
      /19:41 Table Up at table 1: eve leave \(cut: ann AS, cat KH, dan 10D, eve 4C\)/,
    );
  });

  it('at a time of the evening: no reload, the cut the next Table Up needs', async () => {
    const html = await page('/clubs/pinner/rubber-bridge/eve1?at=2019-03-05T19:40:00%2B00:00');
    expect(html).not.toContain('http-equiv="refresh"');
    expect(textOf(html)).toMatch(/Next Table Up: ann, cat, dan, eve cut for 1 place\(s\)/);
    expect(textOf(html)).toMatch(/bob — lost the last cut: sits at the next table made up/);
  });

  it('bad input: a time without a zone is a 400 page; an evening not recorded a 404 page', async () => {
    expect(await page('/clubs/pinner/rubber-bridge/eve1?at=19:40', 400)).toMatch(/at/);
    expect(await page('/clubs/pinner/rubber-bridge/eve9', 404)).toMatch(/no rubber session eve9/);
  });

  it('private: 403 without a key and for another club’s key', async () => {
    const anon = asViewer(app, { mode: 'anonymous' });
    const other = asViewer(app, {
      mode: 'key',
      role: 'director',
      scope: { kind: 'club', id: 'karori' },
    });
    expect((await request(anon).get('/clubs/pinner/rubber-bridge/eve1')).status).toBe(403);
    expect((await request(other).get('/clubs/pinner/rubber-bridge/eve1')).status).toBe(403);
  });
});
