import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { v7 } from 'uuid';
import { hundredths } from '../../src/app/pages/format';
import type { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { asViewer, cellsOf, examplesApp, rowOf, squash, textOf } from './support';

type Server = ReturnType<NestExpressApplication['getHttpServer']>;

/** The pages over HTTP, on the two example seasons. */
describe('pages (HTML, CSV) on the example seasons', () => {
  let store: MemoryEventStore;
  let app: NestExpressApplication;
  let server: Server;
  const NZ = '/clubs/karori/competitions/club-pairs-2026';
  const DSB = '/clubs/dsb/competitions/dsb-2014-c2';

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
    // No script may run on a page, whatever it shows (every value is escaped besides).
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'; /);
    return res.text;
  };
  const json = async (url: string) => (await request(server).get(url).expect(200)).body;

  it('/ lists the clubs and the leagues, each linking to its page ("No league yet" without one)', async () => {
    const html = await page('/');
    expect(html).toContain('<a href="/clubs/karori">Karori Bridge Club (example)</a>');
    expect(html).toContain('<a href="/clubs/dsb">DSB Groenlo (example)</a>');
    // The example seasons may hold a league (the LCBA's): each one listed, or none said.
    const leagues: string[] = [];
    for await (const e of store.readAll())
      if (e.type === 'LeagueRegistered') leagues.push(e.streamId.slice('league-'.length));
    for (const id of leagues) expect(html).toContain(`<a href="/leagues/${id}">`);
    if (!leagues.length) expect(textOf(html)).toContain('No league yet');
  });

  it('a club page lists its competitions by season (final or interim), C points, the championship and the private views', async () => {
    const karori = await page('/clubs/karori');
    expect(karori).toContain(`<a href="${NZ}">Club Pairs 2026 (Tuesday)</a>`);
    expect(karori).toContain(`<a href="${NZ}/c-points">C points</a>`);
    expect(textOf(karori)).toMatch(/Season 2026[\s\S]*final/);
    expect(karori).toContain('href="/clubs/karori/roster"');
    expect(karori).toContain('href="/clubs/karori/correction-log"');
    const dsb = await page('/clubs/dsb');
    expect(dsb).toContain('href="/clubs/dsb/championship/2014-2015"');
    expect(dsb).toContain(`href="${DSB}"`);
    expect(dsb).not.toContain('/c-points');
  });

  it('the organising club’s page links the leagues it runs; another club’s page has none', async () => {
    const lcba = await page('/clubs/lcba');
    expect(textOf(lcba)).toContain('Leagues the club organises');
    expect(lcba).toContain('<a href="/leagues/lcba-2009-10">');
    expect(textOf(await page('/clubs/karori'))).not.toContain('Leagues the club organises');
  });

  it('NZ-1: the NZ standings show the JSON numbers (place, total, each session), each linking to its explain view', async () => {
    const html = await page(NZ);
    const body = await json('/competitions/club-pairs-2026/standings');
    expect(body.rows.length).toBeGreaterThan(3);
    expect(textOf(html)).toContain('final');
    for (const r of body.rows) {
      const row = rowOf(html, r.competitor);
      const cells = cellsOf(row);
      expect(cells[0]).toBe(r.place === null ? '—' : String(r.place));
      expect(cells[2]).toBe(hundredths(r.total));
      for (const s of r.sessions)
        if (s.score !== undefined) expect(cells).toContain(hundredths(s.score));
      expect(row).toContain(`href="${NZ}/explain/${r.competitor}#total"`);
    }
    // The row of p2 after the accepted correction (NZ-13): 508.08, first.
    expect(textOf(rowOf(html, 'nz-p2'))).toContain('508.08');
  });

  it('NZ-10/PIN-R13: the NZ standings have a prize column: what the JSON row says the pair may win, with its rule id', async () => {
    const html = await page(NZ);
    const body = await json('/competitions/club-pairs-2026/standings');
    expect(html).toContain('<th scope="col">prize</th>');
    for (const r of body.rows) {
      const cells = cellsOf(rowOf(html, r.competitor));
      expect(cells[cells.length - 1]).toBe(`${r.prize.mayWin} ${r.prize.rule}`);
    }
    const csv = (await request(server).get(`${NZ}/standings.csv`).expect(200)).text;
    const first = body.rows[0];
    expect(csv).toContain(`,${first.qualifies},${first.prize.mayWin},${first.prize.rule}\r\n`);
  });

  it('NZ-13: ?atPosition=571 shows the standings before the correction, the chooser keeping it', async () => {
    const html = await page(`${NZ}?atPosition=571&asOf=&afterSession=`);
    expect(textOf(rowOf(html, 'nz-p2'))).toContain('500.58');
    expect(html).toContain('name="atPosition" value="571"');
    expect(html).toContain(`href="${NZ}/explain/nz-p2?atPosition=571#total"`);
    const body = await json('/competitions/club-pairs-2026/standings?atPosition=571');
    expect(textOf(rowOf(html, 'nz-p1'))).toContain(hundredths(body.rows[0].total));
  });

  it('NZ-1: ?afterSession=4 is the interim standing after session 4, as the JSON gives it', async () => {
    const html = await page(`${NZ}?afterSession=4`);
    const body = await json('/competitions/club-pairs-2026/standings?afterSession=4');
    expect(textOf(html)).toContain('interim, after session 4 of 10');
    for (const r of body.rows)
      expect(textOf(rowOf(html, r.competitor))).toContain(hundredths(r.total));
  });

  it('DSB-7.2: the DSB standings show each group with the JSON percentages and ranks, and the next groups (DSB-8)', async () => {
    const html = await page(DSB);
    const body = await json('/competitions/dsb-2014-c2/standings');
    for (const g of body.groups) {
      expect(html).toContain(`data-group="${g.group}"`);
      for (const r of g.rows) {
        const cells = cellsOf(rowOf(html, r.pairId));
        // The pair by its players' names (the roster's), its id small beside them; the
        // percentage to two decimals, as every number of the column.
        expect(cells[0]).toBe(String(r.rank));
        expect(cells[1]).toMatch(new RegExp(`^\\S.* & .*\\S ${r.pairId}$`));
        expect(cells[2]).toBe(r.percentage.toFixed(2));
      }
    }
    expect(textOf(html)).toContain("Next competition's groups (DSB-8)");
  });

  it('the chart is an SVG with a title, one line a pair, and its numbers (the interim JSON totals) as a table', async () => {
    const html = await page(NZ);
    expect(html).toMatch(/<svg [^>]*role="img"/);
    expect(html).toContain('<title id="chart-total-title">');
    const after3 = await json('/competitions/club-pairs-2026/standings?afterSession=3');
    const table = /<details class="chart-data">([\s\S]*?)<\/details>/.exec(html)![1]!;
    // The chart names each line by the pair's players, as the table's row does.
    const name = /title="pair nz-p1">([^<]+)</.exec(html)![1]!.replaceAll('&amp;', '&');
    expect(name).toMatch(/ & /);
    const p1 = [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)]
      .map((m) => cellsOf(m[1]!))
      .find((cells) => cells[0] === name)!;
    const row = after3.rows.find((r: { competitor: string }) => r.competitor === 'nz-p1');
    expect(p1[3]).toBe(hundredths(row.total));
    const dsb = await page(DSB);
    expect(dsb).toContain('id="chart-group-A"');
  });

  it('the explain view of a row shows its rule IDs, counted and dropped sessions, and the facts the correction names (NZ-13)', async () => {
    const html = await page(`${NZ}/explain/nz-p2`);
    const text = textOf(html);
    // The pair by its players' names, as the standings name it.
    const name = /title="pair nz-p2">([^<]+)</.exec(await page(NZ))![1]!;
    expect(html).toContain(`<title>${name} (nz-p2) in`);
    expect(text).toContain('508.08');
    expect(text).toContain('NZ-13');
    expect(text).toContain('NZ-1');
    expect(text).toContain('fact 35fe479d-923c-58ba-b5f3-4445652d4991');
    expect(cellsOf(/<tr id="session-6">([\s\S]*?)<\/tr>/.exec(html)![1]!).at(-1)).toBe('dropped');
    const dsb = textOf(await page('/clubs/dsb/competitions/dsb-2014-c2/explain/dsb-p2'));
    expect(dsb).toContain('DSB-20.3');
    expect(dsb).toContain('DSB-8');
  });

  it('the diff page lists every change of diffAt with its rules and facts', async () => {
    const html = await page(`${NZ}/diff?from=571`);
    const body = await json('/competitions/club-pairs-2026/diff?from=571');
    expect(textOf(html)).toContain(`${body.changes.length} change(s)`);
    const table = /<table class="diff">([\s\S]*?)<\/table>/.exec(html)![1]!;
    expect(table.match(/<th scope="row">/g)).toHaveLength(body.changes.length);
    expect(squash(html)).toMatch(/ & [^<]+ nz-p1 - place 1 2 NZ-13 NZ-1 \(via nz-p2\)/);
    expect(textOf(html)).toContain('correction karori-2026-c2');
    const bad = await page(`${NZ}/diff?from=soon`, 400);
    expect(textOf(bad)).toContain('from must be a ledger position');
    expect(textOf(await page(`${NZ}/diff`, 400))).toContain('from is required');
  });

  it('?published=N reads the N-th StandingsPublished; the page links the diff against each earlier version', async () => {
    const publish = (atPosition: number) =>
      request(server)
        .post('/streams/publications-karori/events')
        .send({
          expectedRevision: 'any',
          events: [
            {
              id: v7(),
              type: 'StandingsPublished',
              occurredAt: '2026-04-11T09:00:00+12:00',
              data: {
                clubId: 'karori',
                table: 'standings',
                competitionId: 'club-pairs-2026',
                atPosition,
                publishedBy: 'director',
              },
              metadata: { clubId: 'karori', actor: 'director' },
            },
          ],
        })
        .expect(201);
    const head = await store.headPosition();
    await publish(571);
    await publish(head);
    const first = await page(`${NZ}?published=1`);
    expect(textOf(rowOf(first, 'nz-p2'))).toContain('500.58');
    expect(textOf(first)).toContain('as published (version 1');
    const second = await page(`${NZ}?published=2`);
    expect(textOf(rowOf(second, 'nz-p2'))).toContain('508.08');
    expect(second).toContain(`href="${NZ}/diff?from=published:1&amp;to=published%3A2"`);
    const now = await page(NZ);
    expect(now).toContain('diff against published version 1');
    expect(now).toContain('diff against published version 2');
    const diff = await page(`${NZ}/diff?from=published:1&to=published:2`);
    expect(textOf(diff)).toContain('4 change(s)');
    expect(textOf(await page(`${NZ}?published=3`, 400))).toContain('published must be the number');
    expect(textOf(await page(`${NZ}?published=1&atPosition=3`, 400))).toContain(
      'published names its own moment',
    );
  });

  it('the standings as CSV — text/csv, a header row, the JSON numbers exactly (both routes)', async () => {
    const body = await json('/competitions/club-pairs-2026/standings');
    for (const url of [`${NZ}/standings.csv`, `${NZ}?format=csv`]) {
      const res = await request(server).get(url).expect(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      const lines = res.text.split('\r\n').filter(Boolean);
      expect(lines[0]).toBe(
        'place,competitor,names,total,session 1,session 2,session 3,session 4,session 5,session 6,session 7,session 8,session 9,session 10,counted,dropped,qualifies,prize,prize rule',
      );
      expect(lines).toHaveLength(body.rows.length + 1);
      body.rows.forEach((r: { place: number; competitor: string; total: number }, i: number) => {
        const cells = lines[i + 1]!.split(',');
        expect([cells[0], cells[1], cells[3]]).toEqual([
          String(r.place ?? ''),
          r.competitor,
          String(r.total),
        ]);
        expect(cells[2]).toMatch(/ & /);
      });
    }
    const dsb = await request(server).get(`${DSB}/standings.csv?atPosition=400`).expect(200);
    const dsbJson = await json('/competitions/dsb-2014-c2/standings?atPosition=400');
    const first = dsbJson.groups[0].rows[0];
    expect(dsb.text).toContain(`\r\n${dsbJson.groups[0].group},${first.rank},${first.pairId},`);
    expect(dsb.text).toMatch(
      new RegExp(`,${first.pairId},[^,]+ & [^,]+,${first.percentage},${first.exact},`),
    );
    await request(server).get(`${NZ}?format=xml`).expect(400);
  });

  it('NZ-8: the C points page shows each player total of the JSON, each player by the name the roster registers', async () => {
    const html = await page(`${NZ}/c-points`);
    const body = await json('/competitions/club-pairs-2026/c-points');
    for (const t of body.totals) {
      const row = new RegExp(`<tr data-player="${t.player}">([\\s\\S]*?)</tr>`).exec(html)![1]!;
      expect(textOf(row)).toContain(t.points);
      // "Aroha Example nz-aroha": the roster's name, the id beside it.
      expect(cellsOf(row)[0]).toMatch(new RegExp(`^[A-Z]\\S* \\S.* ${t.player}$`));
    }
    expect(await page('/clubs/dsb/competitions/dsb-2014-c1/c-points', 409)).toContain('NZ');
  });

  it('DSB-11: the championship page shows the season table of the JSON', async () => {
    const html = await page('/clubs/dsb/championship/2014-2015');
    const body = await json('/clubs/dsb/championship?season=2014-2015');
    for (const r of body.table) {
      const cells = cellsOf(rowOf(html, r.pairId));
      expect([cells[0], cells[2]]).toEqual([String(r.rank), String(r.points)]);
      // The pair by its players' names, its id beside them.
      expect(cells[1]).toMatch(new RegExp(`^.+ & .+ ${r.pairId}$`));
    }
    expect(textOf(await page('/clubs/dsb/championship/1999-2000', 404))).toContain(
      'season 1999-2000 of club dsb was not found',
    );
  });

  it('the members and the correction log pages (open mode) show the roster and every entry', async () => {
    const members = textOf(await page('/clubs/karori/roster'));
    expect(members).toContain('nz-aroha');
    const log = textOf(await page('/clubs/karori/correction-log'));
    expect(log).toContain('karori-2026-c1');
    expect(log).toContain('rejected');
    expect(log).toContain('accepted');
    expect(textOf(await page('/clubs/karori/correction-log?atPosition=571'))).toContain('pending');
  });

  it('an unknown club, competition, pair or a competition of another club is a 404 page naming it', async () => {
    expect(textOf(await page('/clubs/nowhere', 404))).toContain('club nowhere was not found');
    expect(textOf(await page('/clubs/karori/competitions/none', 404))).toContain(
      'competition none of club karori was not found',
    );
    expect(textOf(await page('/clubs/karori/competitions/dsb-2014-c1', 404))).toContain(
      'competition dsb-2014-c1 of club karori',
    );
    expect(textOf(await page(`${NZ}/explain/nz-p99`, 404))).toContain(
      'pair nz-p99 in the standings of club-pairs-2026',
    );
    expect(textOf(await page('/clubs/nowhere/roster', 404))).toContain('club nowhere');
  });

  it('a bad moment is a 400 page naming the parameter, as the JSON refuses it', async () => {
    expect(textOf(await page(`${NZ}?asOf=2026-03-01`, 400))).toContain(
      'asOf must be an ISO 8601 instant',
    );
    expect(textOf(await page(`${NZ}?afterSession=11`, 400))).toContain('afterSession');
    expect(textOf(await page(`${NZ}?asOf=2026-03-01T00:00:00Z&atPosition=3`, 400))).toContain(
      'cannot be given together',
    );
    expect(textOf(await page(`${NZ}?colour=red`, 400))).toContain(
      'property colour should not exist',
    );
  });

  it('the JSON routes are unchanged beside the pages', async () => {
    const res = await request(server).get('/clubs/karori/corrections').expect(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const missing = await request(server).get('/competitions/none/standings').expect(404);
    expect(missing.body.error).toBe('UnknownCompetition');
  });
});

/** The private views by the viewer the access guard attaches (src/app/http/access/viewer.ts). */
describe('pages: private views and escaping', () => {
  let store: MemoryEventStore;
  let app: NestExpressApplication;

  beforeAll(async () => {
    ({ store, app } = await examplesApp());
  });
  afterAll(async () => {
    await app.close();
    await store.close();
  });

  it('an anonymous viewer gets a 403 page linking to /login for the members and the correction log; published tables stay public', async () => {
    const anon = asViewer(app, { mode: 'anonymous' });
    for (const url of ['/clubs/karori/roster', '/clubs/karori/correction-log']) {
      const res = await request(anon).get(url).expect(403);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.text).toContain('href="/login"');
      expect(textOf(res.text)).toContain('private');
    }
    await request(anon).get('/clubs/karori/competitions/club-pairs-2026').expect(200);
    await request(anon).get('/clubs/karori/competitions/club-pairs-2026/standings.csv').expect(200);
    const club = await request(anon).get('/clubs/karori').expect(200);
    expect(club.text).not.toContain('href="/clubs/karori/roster"');
    expect(club.text).toContain('href="/login"');
  });

  it('a key of club A cannot read club B private views; its own club and an admin can', async () => {
    const dsbKey = asViewer(app, {
      mode: 'key',
      role: 'secretary',
      scope: { kind: 'club', id: 'dsb' },
    });
    await request(dsbKey).get('/clubs/karori/roster').expect(403);
    await request(dsbKey).get('/clubs/karori/correction-log').expect(403);
    await request(dsbKey).get('/clubs/dsb/roster').expect(200);
    const karoriAuditor = asViewer(app, {
      mode: 'key',
      role: 'auditor',
      scope: { kind: 'club', id: 'karori' },
    });
    await request(karoriAuditor).get('/clubs/karori/correction-log').expect(200);
    const admin = asViewer(app, { mode: 'key', role: 'admin' });
    await request(admin).get('/clubs/karori/roster').expect(200);
    const refused = await request(dsbKey).get('/clubs/karori/roster');
    expect(refused.status).toBe(403);
  });

  it('a club named <script> shows as text on every page that names it', async () => {
    const evil = '<script>alert("pwned")</script>';
    // Keys were issued above: an admin registers the club, and reads its private pages.
    const admin = asViewer(app, { mode: 'key', role: 'admin' });
    await request(admin)
      .post('/streams/club-evil/events')
      .send({
        expectedRevision: 'no_stream',
        events: [
          {
            id: v7(),
            type: 'ClubRegistered',
            occurredAt: '2026-03-02T19:30:00+13:00',
            data: { clubId: 'evil', name: evil, timeZone: 'Pacific/Auckland' },
            metadata: { clubId: 'evil', actor: 'secretary' },
          },
        ],
      })
      .expect(201);
    for (const url of ['/', '/clubs/evil', '/clubs/evil/roster', '/clubs/evil/competitions/x']) {
      const res = await request(admin).get(url);
      expect(res.text).not.toContain('<script>');
      if (url !== '/clubs/evil/competitions/x') {
        expect(res.text).toContain('&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;');
      }
    }
    const missing = await request(admin)
      .get(`/clubs/${encodeURIComponent(evil)}`)
      .expect(404);
    expect(missing.text).not.toContain('<script>');
    expect(missing.text).toContain('club &lt;script&gt;');
  });
});
