import type { NestExpressApplication } from '@nestjs/platform-express';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { v7 } from 'uuid';
import { planUsebioImport } from '../../src/cli/commands/import-usebio';
import { catalogue } from '../../src/contexts/catalogue';
import { appendSessions } from '../../src/import/append-session';
import { ledgerApp } from '../app/support';
import { GatedLedger } from '../support/gated-ledger';
import { squash } from './support';
import { tempDir } from '../support/temp';

/**
 * A scored session's pages, as a club's results site shows them: a USEBIO Mitchell with a
 * sit-out (test/fixtures, fictional names; one made awkward: `Cal & <Co> O'Fiction`) imported,
 * then its evening (ranking by name, each board's traveller with each line's matchpoints) and a
 * pair's scorecard, every number the JSON's.
 */
function sample(): string {
  const xml = readFileSync(join(__dirname, '../fixtures/usebio/mp-mitchell-sitout.xml'), 'utf8');
  const file = join(tempDir(), 'awkward.xml');
  writeFileSync(file, xml.replaceAll('Cal Fiction', 'Cal &amp; &lt;Co&gt; O&apos;Fiction'));
  return file;
}

let app: NestExpressApplication;
let stream: string;
let result: {
  pairs: Array<{ pair: string; place: number; percentage: number; total: number; field: string }>;
};
beforeAll(async () => {
  const ledger = new GatedLedger();
  await ledger.append({
    streamId: 'club-lindfield',
    id: v7(),
    type: 'ClubRegistered',
    occurredAt: '2020-01-01T12:00:00+11:00',
    data: { clubId: 'lindfield', name: 'NSBC Lindfield', timeZone: 'Australia/Sydney' },
    metadata: {},
  });
  const plan = await planUsebioImport(sample(), catalogue, { club: 'lindfield' });
  await appendSessions(ledger.store, plan.facts);
  stream = plan.facts[0]!.streamId;
  app = await ledgerApp(ledger.store);
  result = (await request(app.getHttpServer()).get(`/sessions/${stream}/result`).expect(200)).body;
});
afterAll(() => app.close());

const page = async (url: string, status = 200) => {
  const res = await request(app.getHttpServer()).get(url).expect(status);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  return res.text;
};

describe('a scored session’s page: ranking, travellers, scorecards', () => {
  it('the club page links the session; STD-MP the ranking names each pair by its players, with the JSON’s place and percentage to two decimals', async () => {
    expect(await page('/clubs/lindfield')).toContain(`href="/clubs/lindfield/sessions/${stream}"`);
    const text = squash(await page(`/clubs/lindfield/sessions/${stream}`));
    const top = result.pairs.find((p) => p.place === 1)!;
    expect(text).toContain(`${top.percentage.toFixed(2)}`);
    expect(text).toMatch(/Eve Fiction & Fay Fiction \(2NS\)/);
    const html = await page(`/clubs/lindfield/sessions/${stream}`);
    expect(html).toContain('Cal &amp; &lt;Co&gt; O&#39;Fiction');
    expect(html).not.toContain('<Co>');
    expect(text).toMatch(/Board 1 NS EW contract by lead tricks score NS MP NS MP EW/);
  });

  it('a scorecard: board by board, its matchpoints summing to the pair’s total', async () => {
    const pair = result.pairs[0]!;
    const html = await page(`/clubs/lindfield/sessions/${stream}/pairs/${pair.pair}`);
    const rows = [
      ...html.matchAll(
        /<tr id="board-\d+">\s*<td class="num"><a href="[^"]*#board-\d+">(\d+)<\/a>/g,
      ),
    ];
    expect(rows.length).toBeGreaterThan(0);
    const running = [...html.matchAll(/<td class="num">(-?\d+\.\d\d)<\/td>\s*<\/tr>/g)].map((m) =>
      Number(m[1]),
    );
    expect(running.at(-1)).toBeCloseTo(pair.total, 1);
  });

  it('the session as USEBIO from its page: an XML download the import reads back, the names escaped', async () => {
    const html = await page(`/clubs/lindfield/sessions/${stream}`);
    expect(html).toContain(`href="/clubs/lindfield/sessions/${stream}/usebio.xml"`);
    const res = await request(app.getHttpServer())
      .get(`/clubs/lindfield/sessions/${stream}/usebio.xml`)
      .expect(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(res.text).toContain('Cal &amp; &lt;Co&gt; O');
  });

  it('bad input: a session of another club, a pair the session has not, a stream not scored: 404 pages', async () => {
    await request(app.getHttpServer())
      .post('/streams/club-other/events')
      .set('Content-Type', 'application/json')
      .send({
        events: [
          {
            id: v7(),
            type: 'ClubRegistered',
            occurredAt: '2020-01-01T12:00:00+11:00',
            data: { clubId: 'other', name: 'Other', timeZone: 'Australia/Sydney' },
          },
        ],
      });
    expect(await page(`/clubs/other/sessions/${stream}`, 404)).toMatch(/not found|no /i);
    expect(await page(`/clubs/lindfield/sessions/${stream}/pairs/99`, 404)).toMatch(/pair 99/);
    expect(await page('/clubs/lindfield/sessions/session-nowhere', 404)).toMatch(/session-nowhere/);
    for (const file of ['results.doc', 'constructor']) {
      expect(await page(`/clubs/lindfield/sessions/${stream}/${file}`, 404)).toContain(file);
    }
  });
});
