import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { examplesApp, squash } from '../pages/support';

/**
 * The examples' scored evening (examples/karori--tuesday-pairs-2026-03-03.pbn: synthetic, a
 * three-table Mitchell with its deals), imported by the examples loader so that a newcomer
 * sees a whole session page after `npm start`.
 */
const STREAM = 'session-karori-Tuesday-Evening-Pairs-1';
let app: NestExpressApplication;
beforeAll(async () => {
  ({ app } = await examplesApp());
});
afterAll(() => app.close());

const get = (url: string) => request(app.getHttpServer()).get(url).expect(200);

describe('the example Tuesday evening at Karori', () => {
  it('the club page lists it; its page ranks both fields by name, prints nine hand records and travellers', async () => {
    expect((await get('/clubs/karori')).text).toContain(`href="/clubs/karori/sessions/${STREAM}"`);
    const text = squash((await get(`/clubs/karori/sessions/${STREAM}`)).text);
    expect(text).toMatch(
      /Ranking EW place pair matchpoints % boards 1 Ivy Notreal & Jack Notreal \(5\) 29\.00 80\.56 9/,
    );
    expect(text).toMatch(/Ranking NS .* 1 Ema Madeup & Finn Madeup \(3\) 22\.00 61\.11 9/);
    expect(text.match(/Dealer [NESW]/g)).toHaveLength(9);
  });

  it('every number of its page is its result’s: the JSON places and percentages', async () => {
    const result = (await get(`/sessions/${STREAM}/result`)).body as {
      pairs: Array<{ pair: string; place: number; percentage: number; field: string }>;
    };
    expect(result.pairs.map((p) => [p.field, p.place, p.pair, p.percentage])).toEqual([
      ['EW', 1, '5', 80.56],
      ['EW', 2, '6', 52.78],
      ['EW', 3, '4', 16.67],
      ['NS', 1, '3', 61.11],
      ['NS', 2, '1', 50],
      ['NS', 3, '2', 38.89],
    ]);
  });
});

describe('a competition’s session scored from its travellers links its page', () => {
  it('DSB-7.2 the standings of dsb-2014-c2: session 3’s column in group A links the scored session; its page ranks the six pairs, numbers only (no names recorded)', async () => {
    const standings = (await get('/clubs/dsb/competitions/dsb-2014-c2')).text;
    const group = /data-group="A"[\s\S]*?<\/thead>/.exec(standings)![0];
    expect(group).toContain('href="/clubs/dsb/sessions/session-dsb-2014-c2-3-A"');
    const text = squash((await get('/clubs/dsb/sessions/session-dsb-2014-c2-3-A')).text);
    expect(text.match(/\(no names recorded\)/g)).toHaveLength(6);
    expect(text).toMatch(/Board 20 NS EW/);
  });
});
