import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { examplesApp, squash } from './support';

type Server = ReturnType<NestExpressApplication['getHttpServer']>;

/** The teams events' pages over HTTP, on the example seasons (the teams example among them). */
describe('teams pages (HTML, CSV) on the example seasons', () => {
  let store: MemoryEventStore;
  let app: NestExpressApplication;
  let server: Server;
  const GP = '/clubs/ngaio/teams/ngaio-gladys-palmer-2026';
  const SWISS = '/clubs/lochem/teams/lochem-viertallen-zomer-2015';

  beforeAll(async () => {
    ({ store, app } = await examplesApp());
    server = app.getHttpServer();
  });
  afterAll(async () => {
    await app.close();
    await store.close();
  });

  const page = async (url: string, status = 200) => {
    const res = await request(server).get(url).expect(status);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'; /);
    return res.text;
  };

  it('a club page links its teams events; the list links each event', async () => {
    expect(await page('/clubs/ngaio')).toContain('href="/clubs/ngaio/teams"');
    const list = await page('/clubs/ngaio/teams');
    expect(list).toContain(`<a href="${GP}">Gladys Palmer Teams 2026</a>`);
    expect(list).not.toContain('lochem-viertallen');
  });

  it('NZ-12: the standing page shows every team with its VP as the JSON gives them, and every match explained', async () => {
    const html = await page(GP);
    const json = (await request(server).get('/teams/ngaio-gladys-palmer-2026').expect(200)).body;
    const text = squash(html);
    for (const r of json.groups[0].rows)
      expect(text).toContain(`${r.place} ${json.teams[r.teamId].name} ${r.vp}`);
    expect(squash(html)).toMatch(/NZ-11: 15 \+ \d+ \(the defaulting team's handicap\) − 3/);
    const csv = await request(server).get(`${GP}/standing.csv`).expect(200);
    expect(csv.text.split('\r\n')[0]).toBe(
      'place,team,name,vp,impsFor,impsAgainst,played,byes,tieBreak',
    );
  });

  it('a match page shows the line-ups and NZ-15’s reasons; a team’s card its matches', async () => {
    const match = squash(await page('/clubs/ngaio/teams/ngaio-ed-hillary-2026/matches/r1-t1'));
    expect(match).toMatch(/substitute tuesday-tama with .*a Tuesday player/);
    expect(match).toMatch(/NZ-15/);
    const last = squash(await page('/clubs/ngaio/teams/ngaio-ed-hillary-2026/matches/r3-t1'));
    expect(last).toMatch(/Board by board/);
    expect(last).toMatch(/Read from fact [0-9a-f-]{36}/);
    const card = squash(await page('/clubs/ngaio/teams/ngaio-ed-hillary-2026/teams/kea'));
    expect(card).toMatch(/Players kea-1, kea-2, kea-3, kea-4; captain kea-1/);
  });

  it('DSB-15: a Swiss round’s proposal page beside the pairing recorded', async () => {
    const html = squash(await page(`${SWISS}/swiss/3`));
    expect(html).toMatch(/The ledger's proposal \(DSB-15\)/);
    expect(html).toMatch(/the pairing that counts/);
  });

  it('another club’s event, an unknown event and a bad moment are refused as pages', async () => {
    await page('/clubs/ngaio/teams/lochem-viertallen-2014', 404);
    await page('/clubs/ngaio/teams/nowhere', 404);
    expect(squash(await page(`${GP}?asOf=yesterday`, 400))).toMatch(/asOf/);
  });

  it('DSB-16b the butler competition’s standings page, CSV and a pair explained', async () => {
    const base = '/clubs/lochem/competitions/lochem-butler-2014';
    const text = squash(await page(base));
    expect(text).toMatch(
      /Butler competition \(final\): place, total IMPs against the datum \(DSB-16b\)/,
    );
    // Its players are not on the roster: the pair's id, said so.
    expect(text).toMatch(/8 lp8 \(no names recorded\) -40/);
    const csv = await request(server).get(`${base}/standings.csv`).expect(200);
    expect(csv.text.split('\r\n')[0]).toBe('place,pairId,names,imps,session 1');
    expect(csv.text).toContain('\r\n8,lp8,,-40,');
    expect(squash(await page(`${base}/explain/lp8`))).toMatch(
      /DSB-16c: absent without notice: -40 IMPs/,
    );
  });
});
