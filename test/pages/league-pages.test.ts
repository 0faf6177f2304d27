import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { v7 } from 'uuid';
import { catalogue } from '../../src/contexts/catalogue';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { ledgerApp } from '../app/support';
import { appendOverHttp, leagueSeason, PAGES_LEAGUE } from './league-season';
import { asViewer, cellsOf, squash, textOf } from './support';

type Server = ReturnType<NestExpressApplication['getHttpServer']>;

interface Row {
  rank: number;
  team: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  vp: number;
  netImps: number;
  penalties: number;
  tieBreak?: { step: string };
  move?: string;
}
interface TableBody {
  teams: Record<string, { name: string }>;
  divisions: Array<{
    division: number;
    rows: Row[];
    fixtures: Array<{ fixture: string; home: { vp: number }; away: { vp: number } }>;
  }>;
}

const L = `/leagues/${PAGES_LEAGUE.league}`;
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Whether the page has a link to `href` reading `text` (prettier may break the closing tag). */
const hasLink = (html: string, href: string, text: string) =>
  new RegExp(`<a href="${escape(href)}"[^>]*>\\s*${escape(text)}\\s*</a\\s*>`).test(html);

/** The <tr> of a team in a page's league table (the first one). */
function teamRow(html: string, team: string): string {
  const m = new RegExp(`<tr data-team="${team}">([\\s\\S]*?)</tr>`).exec(html);
  if (!m) throw new Error(`no row of ${team}`);
  return m[1]!;
}

/** The leagues on the pages, a small season appended through the gate (HTTP). */
describe('league pages (HTML, CSV)', () => {
  let store: MemoryEventStore;
  let app: NestExpressApplication;
  let server: Server;

  beforeAll(async () => {
    store = new MemoryEventStore({ upcast: catalogue.upcast });
    app = await ledgerApp(store);
    server = app.getHttpServer();
    await appendOverHttp(
      (streamId, body) => request(server).post(`/streams/${streamId}/events`).send(body),
      leagueSeason(),
    );
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
  const json = async <T = TableBody>(url: string): Promise<T> =>
    (await request(server).get(url).expect(200)).body as T;

  it('/ lists the league with a link to its page', async () => {
    const html = await page('/');
    expect(html).toContain(`<a href="${L}">${PAGES_LEAGUE.name}</a>`);
    expect(textOf(html)).not.toContain('No league yet');
  });

  it('LCBA-3.1: the table page shows every division with the JSON numbers, each linking to its explanation', async () => {
    const html = await page(L);
    const body = await json(`${L}/table`);
    expect(body.divisions.map((d) => d.division)).toEqual([1, 2, 3, 4, 5]);
    for (const d of body.divisions.filter((x) => x.rows.length)) {
      expect(html).toContain(`<table class="league-table" data-division="${d.division}">`);
      for (const r of d.rows) {
        const row = teamRow(html, r.team);
        const cells = cellsOf(row);
        expect(cells.slice(0, 9)).toEqual([
          String(r.rank),
          body.teams[r.team]!.name,
          String(r.played),
          String(r.won),
          String(r.drawn),
          String(r.lost),
          String(r.vp),
          signed(r.netImps),
          String(r.penalties),
        ]);
        expect(row).toContain(`href="${L}/explain/${r.team}#vp"`);
        expect(row).toContain(`href="${L}/explain/${r.team}#imps"`);
      }
    }
    expect(squash(html)).toContain('No team placed in division 2');
    // Worked out in test/projections/leagues.test.ts and leagues-rr3.test.ts.
    expect(cellsOf(teamRow(html, 'east')).slice(6, 8)).toEqual(['52', '+57']);
    expect(cellsOf(teamRow(html, 'oxford-b')).slice(6, 8)).toEqual(['75', '+72']);
    // Each fixture's score links to its match page; the virtual RR3 matches are listed.
    expect(hasLink(html, `${L}/fixtures/f3`, '13–0')).toBe(true);
    expect(html).toContain(`href="${L}/fixtures/virtual%3Acam-b%3Abath-a"`);
    expect(html).toContain(`<a href="${L}/table.csv" download>CSV</a>`);
  });

  it('LCBA-8.1: as of a club date (the chooser keeping it) and one division, the default on the season so far', async () => {
    const html = await page(`${L}?asOf=2009-09-30&atPosition=&division=1`);
    const body = await json(`${L}/table?asOf=2009-09-30&division=1`);
    expect(html).not.toContain('data-division="5"');
    expect(html).toContain('name="asOf" value="2009-09-30"');
    expect(html).toContain('<option value="1"  selected>1</option>');
    for (const r of body.divisions[0]!.rows) {
      expect(cellsOf(teamRow(html, r.team))[6]).toBe(String(r.vp));
    }
    // f3 as of 30 September: east's average 10 is the best: 10-0.
    expect(hasLink(html, `${L}/fixtures/f3?asOf=2009-09-30`, '10–0')).toBe(true);
    expect(html).toContain(`href="${L}/explain/east?asOf=2009-09-30#vp"`);
    // f4 was not yet played.
    expect(squash(/<tr data-fixture="f4">([\s\S]*?)<\/tr>/.exec(html)![1]!)).toContain(
      'not played',
    );
    // As recorded by an instant (every fact recorded by then): the JSON's, the chooser keeping it.
    const later = await page(`${L}?asOf=2099-01-01T00:00:00Z`);
    expect(cellsOf(teamRow(later, 'east'))[6]).toBe('52');
    expect(later).toContain('name="asOf" value="2099-01-01T00:00:00Z"');
    expect(squash(later)).toContain('as recorded by 2099-01-01T00:00:00Z');
    // As of a ledger position: the JSON's numbers at that position.
    const at = await json(`${L}/table?atPosition=40`);
    const early = await page(`${L}?atPosition=40`);
    for (const r of at.divisions.flatMap((d) => d.rows)) {
      expect(cellsOf(teamRow(early, r.team))[6]).toBe(String(r.vp));
    }
  });

  it('a chart per division: each team VP total by match day, the table as of each day (the JSON as of that day)', async () => {
    const html = await page(`${L}?division=1`);
    const chart = /<figure class="chart" id="chart-division-1">([\s\S]*?)<\/figure>/.exec(
      html,
    )![1]!;
    expect(chart).toContain('role="img"');
    expect(chart).toContain('Division 1: each team&#39;s VP total by match day');
    // Match days: the six fixtures' dates (f3's default dated its day).
    const days = [
      '2009-09-16',
      '2009-09-23',
      '2009-09-30',
      '2009-10-14',
      '2009-10-21',
      '2009-10-28',
    ];
    for (const d of days) expect(chart).toContain(d);
    const east = /<th scope="row">eastclub A<\/th>([\s\S]*?)<\/tr>/.exec(chart)![1]!;
    const values = [...east.matchAll(/<td class="num">([^<]*)<\/td>/g)].map((x) => x[1]);
    const expected: string[] = [];
    for (const d of days) {
      const t = await json(`${L}/table?division=1&asOf=${d}`);
      expected.push(String(t.divisions[0]!.rows.find((r) => r.team === 'east')!.vp));
    }
    expect(values).toEqual(expected);
    expect(values[values.length - 1]).toBe('52');
    // As of a day: the days after it are not charted.
    const sept = await page(`${L}?division=1&asOf=2009-09-23`);
    expect(sept).not.toContain('2009-09-30</th>');
  });

  it('the tables as CSV, exactly the JSON numbers (table.csv and ?format=csv)', async () => {
    const res = await request(server).get(`${L}/table.csv`).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${PAGES_LEAGUE.league}-table.csv"`,
    );
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe(
      'division,rank,team,name,played,won,drawn,lost,vp,netImps,penalties,tieBreak,move',
    );
    const body = await json(`${L}/table`);
    const expected = body.divisions.flatMap((d) =>
      d.rows.map((r) =>
        [
          d.division,
          r.rank,
          r.team,
          body.teams[r.team]!.name,
          r.played,
          r.won,
          r.drawn,
          r.lost,
          r.vp,
          r.netImps,
          r.penalties,
          r.tieBreak?.step ?? '',
          r.move ?? '',
        ].join(','),
      ),
    );
    expect(lines.slice(1, -1)).toEqual(expected);
    const five = await request(server).get(`${L}?format=csv&division=5`).expect(200);
    expect(five.text.split('\r\n').slice(1, -1)).toEqual(expected.filter((l) => l[0] === '5'));
  });

  it('LCBA-8.1: a row explained: the fixtures and their scores (linking to the matches), the rules, the tie-break', async () => {
    const html = await page(`${L}/explain/east`);
    const text = squash(html);
    expect(text).toContain('rank 1');
    expect(html).toContain('<strong id="vp" data-value="52">52 VP</strong>');
    const f3 = squash(/<tr data-fixture="f3">([\s\S]*?)<\/tr>/.exec(html)![1]!);
    expect(f3).toContain('13');
    expect(f3).toContain('LCBA-8.1(a)');
    expect(f3).toContain("east's average over its 3 completed matches: 13 VP");
    expect(hasLink(html, `${L}/fixtures/f3`, '13')).toBe(true);
    expect(text).toContain('LCBA-3.1');
    expect(text).toContain('no tie-break needed');
    const bath = squash(await page(`${L}/explain/bath-a`));
    expect(bath).toContain('virtual:cam-b:bath-a');
    expect(bath).toContain('LCBA-A5');
  });

  it('LCBA-6.7: a match board by board: each table score, the aggregate, the IMPs, the VPs', async () => {
    const html = await page(`${L}/fixtures/f6`);
    const body = await json<{
      score: { homeNetImps: number; vp: { home: number; away: number }; boards: unknown[] };
    }>(`${L}/matches/f6`);
    const b1 = cellsOf(/<tr data-board="1">([\s\S]*?)<\/tr>/.exec(html)![1]!);
    // Tables 1–4: 620 (home NS), 420 (home EW), 420, 420; aggregate +200, 5 IMPs, LCBA-6.7.
    expect(b1.slice(0, 7)).toEqual([
      '1',
      '620 (home NS)',
      '420 (home EW)',
      '420 (home NS)',
      '420 (home EW)',
      '+200',
      '+5',
    ]);
    expect(cellsOf(/<tr data-board="2">([\s\S]*?)<\/tr>/.exec(html)![1]!)[6]).toBe('-5');
    expect(html.match(/<tr data-board="/g)).toHaveLength(body.score.boards.length);
    expect(squash(html)).toContain(
      `Net IMPs ${signed(body.score.homeNetImps)} to northclub A: VP ${body.score.vp.home}–${body.score.vp.away}`,
    );
    expect(squash(html)).toContain('LCBA-6.7');
    expect(html).toContain(`href="${L}/explain/north#fixtures"`);
    // The captains' form: its column.
    const f1 = await page(`${L}/fixtures/f1`);
    expect(squash(f1)).toContain("the captains' result form");
    expect(cellsOf(/<tr data-board="3">([\s\S]*?)<\/tr>/.exec(f1)![1]!).slice(0, 3)).toEqual([
      '3',
      '+1',
      '—',
    ]);
  });

  it('LCBA-8.1, A5: an unplayed match shows the default rule and its arithmetic; a virtual match its A5 score', async () => {
    const f3 = squash(await page(`${L}/fixtures/f3`));
    expect(f3).toContain('unplayed or defaulted (LCBA-8)');
    expect(f3).toContain('No boards');
    expect(f3).toContain('(b) the converse of north');
    expect(f3).toContain('smallest margin giving 13 VP');
    const sept = squash(await page(`${L}/fixtures/f3?asOf=2009-09-30`));
    expect(sept).toContain('the season as of 2009-09-30');
    const v = await page(`${L}/fixtures/virtual:cam-b:bath-a`);
    const body = await json<{ table: { home: { vp: number }; away: { vp: number } } }>(
      `${L}/matches/virtual:cam-b:bath-a`,
    );
    expect(squash(v)).toContain('a virtual RR3 match (LCBA-A4)');
    expect(v).toContain(`<td class="num vp" data-value="${body.table.home.vp}">`);
    expect(squash(v)).toContain('LCBA-A5');
    expect(squash(await page(`${L}/fixtures/f6?asOf=2009-10-27`))).toContain('not played yet');
  });

  it('an unknown league, division, team or fixture is a 404 page naming it', async () => {
    expect(squash(await page('/leagues/nope', 404))).toContain('league nope was not found');
    expect(squash(await page('/leagues/nope/fixtures/f1', 404))).toContain('league nope');
    expect(squash(await page(`${L}?division=7`, 404))).toContain(
      `league ${PAGES_LEAGUE.league} has no division 7`,
    );
    expect(squash(await page(`${L}/fixtures/f99`, 404))).toContain('has no fixture f99');
    expect(squash(await page(`${L}/explain/west`, 404))).toContain(
      `team west in the tables of league ${PAGES_LEAGUE.league} was not found`,
    );
    await request(server).get('/leagues/nope/table.csv').expect(404);
    // As recorded by an instant before anything was, or at position 1: no league yet (the JSON's).
    expect(squash(await page(`${L}?asOf=2000-01-01T00:00:00Z`, 404))).toContain(
      `no league ${PAGES_LEAGUE.league} in the ledger`,
    );
    expect(squash(await page(`${L}/fixtures/f1?atPosition=1`, 404))).toContain(
      `no league ${PAGES_LEAGUE.league}`,
    );
  });

  it('a bad moment or parameter is a 400 page naming it, nothing else said', async () => {
    expect(squash(await page(`${L}?asOf=yesterday`, 400))).toContain(
      'asOf: asOf must be a club date YYYY-MM-DD',
    );
    expect(squash(await page(`${L}?division=0`, 400))).toContain('division: division must be');
    expect(squash(await page(`${L}?atPosition=-1`, 400))).toContain('atPosition');
    expect(squash(await page(`${L}?asOf=2009-10-01T00:00:00Z&atPosition=3`, 400))).toContain(
      'cannot be given together',
    );
    expect(squash(await page(`${L}?colour=red`, 400))).toContain(
      'property colour should not exist',
    );
    expect(squash(await page(`${L}/fixtures/f1?division=1`, 400))).toContain('division');
    expect(squash(await page(`${L}?format=xml`, 400))).toContain('format must be csv or html');
    expect(squash(await page(`${L}/explain/east?asOf=soon`, 400))).toContain('asOf');
  });

  it('with keys issued, the league pages stay public (an anonymous viewer reads them)', async () => {
    const anon = asViewer(app, { mode: 'anonymous' });
    expect((await request(anon).get(L).expect(200)).text).toContain('data-team="east"');
    await request(anon).get(`${L}/fixtures/f6`).expect(200);
    await request(anon).get(`${L}/explain/east`).expect(200);
    await request(anon).get(`${L}/table.csv`).expect(200);
  });

  it('LCBA-10.2: the league’s correction log page is private to the league’s keys (its secretary 200, a club’s key 403, anonymous 403); an unknown league 404', async () => {
    const league = asViewer(app, {
      mode: 'key',
      role: 'secretary',
      scope: { kind: 'league', id: PAGES_LEAGUE.league },
    } as never);
    const text = textOf((await request(league).get(`${L}/correction-log`).expect(200)).text);
    expect(text).toContain(`${PAGES_LEAGUE.name}: correction log`);
    expect((await request(league).get(`${L}/correction-log`)).text).toContain(
      `href="${L}/corrections"`,
    );
    const club = asViewer(app, {
      mode: 'key',
      role: 'secretary',
      scope: { kind: 'club', id: PAGES_LEAGUE.club },
    } as never);
    await request(club).get(`${L}/correction-log`).expect(403);
    await request(asViewer(app, { mode: 'anonymous' }))
      .get(`${L}/correction-log`)
      .expect(403);
    await request(league).get('/leagues/nowhere/correction-log').expect(404);
  });

  it('a league and a team named <script> show as text on the pages', async () => {
    const evil = '<script>alert("pwned")</script>';
    const stream = '/streams/league-evil/events';
    const fact = (type: string, data: Record<string, unknown>) => ({
      id: v7(),
      type,
      occurredAt: '2009-09-01T12:00:00+01:00',
      data: { leagueId: 'evil', ...data },
      metadata: {},
    });
    // Keys were issued above: the league's secretary appends.
    await request(
      asViewer(app, { mode: 'key', role: 'secretary', scope: { kind: 'league', id: 'evil' } }),
    )
      .post(stream)
      .send({
        expectedRevision: 'any',
        events: [
          fact('LeagueRegistered', {
            clubId: PAGES_LEAGUE.club,
            name: evil,
            season: '2009-10',
            seasonStart: '2009-07-01',
            seasonEnd: '2010-05-31',
          }),
          fact('DivisionFormed', { division: 1 }),
          fact('LeagueTeamEntered', {
            teamId: 'x',
            club: 'xclub',
            letter: 'A',
            name: evil,
            captain: 'C',
            venue: 'V',
            enteredOn: '2009-07-20',
          }),
          fact('TeamPlaced', { teamId: 'x', division: 1 }),
        ],
      })
      .expect(201);
    for (const url of ['/', '/leagues/evil', '/leagues/evil/explain/x']) {
      const html = await page(url);
      expect(html).not.toContain('<script>');
      expect(html).toContain('&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;');
    }
  });

  it('CSV formula injection — a team named =HYPERLINK(…) is written as text, a negative net IMPs stays a number', async () => {
    const formula = '=HYPERLINK("http://evil.example","click")';
    const fact = (type: string, data: Record<string, unknown>) => ({
      id: v7(),
      type,
      occurredAt: '2009-09-01T12:00:00+01:00',
      data: { leagueId: 'formula', ...data },
      metadata: {},
    });
    await request(
      asViewer(app, { mode: 'key', role: 'secretary', scope: { kind: 'league', id: 'formula' } }),
    )
      .post('/streams/league-formula/events')
      .send({
        expectedRevision: 'any',
        events: [
          fact('LeagueRegistered', {
            clubId: PAGES_LEAGUE.club,
            name: '@SUM(1+1)',
            season: '2009-10',
            seasonStart: '2009-07-01',
            seasonEnd: '2010-05-31',
          }),
          fact('DivisionFormed', { division: 1 }),
          ...['x', 'y'].map((teamId) =>
            fact('LeagueTeamEntered', {
              teamId,
              club: `${teamId}club`,
              letter: 'A',
              name: teamId === 'x' ? formula : '-y team',
              captain: 'C',
              venue: 'V',
              enteredOn: '2009-07-20',
            }),
          ),
          fact('TeamPlaced', { teamId: 'x', division: 1 }),
          fact('TeamPlaced', { teamId: 'y', division: 1 }),
        ],
      })
      .expect(201);
    const csv = (await request(server).get('/leagues/formula/table.csv').expect(200)).text;
    // Quoted by RFC 4180 (a comma, quotes) after the leading quote that makes it text.
    expect(csv).toContain(`,x,"'=HYPERLINK(""http://evil.example"",""click"")",`);
    expect(csv).toContain(`,y,'-y team,`);
    expect(csv).not.toMatch(/(^|,)"?[=@]/m);
    // The numbers stay the JSON's: the pages league's negative net IMPs unprefixed.
    const table = (await request(server).get(`${L}/table.csv`).expect(200)).text;
    const body = (await request(server).get(`${L}/table`).expect(200)).body as TableBody;
    const negative = body.divisions.flatMap((d) => d.rows).find((r) => r.netImps < 0)!;
    expect(negative.netImps).toBeLessThan(0);
    const line = table.split('\r\n').find((l) => l.split(',')[2] === negative.team)!;
    expect(line.split(',')[9]).toBe(String(negative.netImps));
    expect(table).not.toContain(`'${negative.netImps}`);
  });
});

/** A penalty and a tie-break on the pages (the shape of leagues-penalties.test.ts). */
describe('league pages: penalties and the tie-break step', () => {
  let store: MemoryEventStore;
  let app: NestExpressApplication;
  let server: Server;
  const T = '/leagues/tie';

  beforeAll(async () => {
    store = new MemoryEventStore({ upcast: catalogue.upcast });
    app = await ledgerApp(store);
    server = app.getHttpServer();
    const fact = (type: string, data: Record<string, unknown>, streamId = 'league-tie') => ({
      streamId,
      id: v7(),
      type,
      occurredAt: '2009-09-01T12:00:00+01:00',
      data: streamId === 'league-tie' ? { leagueId: 'tie', ...data } : data,
      metadata: {},
    });
    const entered = (teamId: string, enteredOn: string) =>
      fact('LeagueTeamEntered', {
        teamId,
        club: `${teamId}club`,
        letter: 'A',
        name: `${teamId}club A`,
        captain: 'C',
        venue: 'V',
        enteredOn,
      });
    const form = (fixtureId: string, playedOn: string) =>
      fact('MatchResultRecorded', {
        fixtureId,
        playedOn,
        result: {
          kind: 'result-form',
          boards: 24,
          homeImps: Object.fromEntries(Array.from({ length: 24 }, (_, i) => [String(i + 1), 0])),
        },
      });
    await appendOverHttp(
      (streamId, body) => request(server).post(`/streams/${streamId}/events`).send(body),
      [
        fact('ClubRegistered', { clubId: 'tc', name: 'TC', timeZone: 'Europe/London' }, 'club-tc'),
        fact(
          'RulebookAdopted',
          { clubId: 'tc', preset: 'lcba-league-2009', overrides: {}, effectiveFrom: '2009-07-01' },
          'club-tc',
        ),
        fact('LeagueRegistered', {
          clubId: 'tc',
          name: 'Tie League',
          season: '2009-10',
          seasonStart: '2009-07-01',
          seasonEnd: '2010-05-31',
        }),
        fact('DivisionFormed', { division: 1 }),
        entered('a', '2009-07-20'),
        // b entered on 5 August, after the 31 July deadline (LCBA-2.1): fined 2 VP on 10 September.
        entered('b', '2009-08-05'),
        fact('TeamPlaced', { teamId: 'a', division: 1 }),
        fact('TeamPlaced', { teamId: 'b', division: 1 }),
        fact('FixtureScheduled', {
          fixtureId: 'm1',
          round: 1,
          home: 'a',
          away: 'b',
          scheduled: '2009-09-16',
        }),
        fact('FixtureScheduled', {
          fixtureId: 'm2',
          round: 2,
          home: 'b',
          away: 'a',
          scheduled: '2009-10-14',
        }),
        form('m1', '2009-09-16'),
        fact('ResultFormReceived', { fixtureId: 'm1', receivedOn: '2009-09-17' }),
        form('m2', '2009-10-14'),
        fact('ResultFormReceived', { fixtureId: 'm2', receivedOn: '2009-10-15' }),
        fact('LateEntryFined', { teamId: 'b', vp: 2, finedOn: '2009-09-10', by: 'LS' }),
      ],
    );
  });
  afterAll(async () => {
    await app.close();
    await store.close();
  });
  const get = async (url: string) => (await request(server).get(url).expect(200)).text;

  it('LCBA-2.1: a fine shows in the penalties column, linking to the row explained with its rule', async () => {
    const body = (await request(server).get(`${T}/table`).expect(200)).body as TableBody;
    expect(body.divisions[0]!.rows.map((r) => [r.team, r.vp, r.penalties])).toEqual([
      ['a', 20, 0],
      ['b', 18, 2],
    ]);
    const html = await get(T);
    const b = teamRow(html, 'b');
    expect(cellsOf(b).slice(6, 9)).toEqual(['18', '0', '2']);
    expect(b).toContain(`href="${T}/explain/b#penalties"`);
    const explain = await get(`${T}/explain/b`);
    expect(explain).toContain('<strong id="penalties" data-value="2">2 VP</strong>');
    expect(squash(explain)).toContain('LCBA-2.1');
  });

  it('LCBA-3.1.1(e): level teams show the tie-break step, the rank linking to it, explained with whom', async () => {
    const body = (await request(server).get(`${T}/table?asOf=2009-09-09`).expect(200))
      .body as TableBody;
    expect(body.divisions[0]!.rows.map((r) => [r.rank, r.team, r.tieBreak?.step])).toEqual([
      [1, 'a', 'e'],
      [1, 'b', 'e'],
    ]);
    const html = await get(`${T}?asOf=2009-09-09`);
    const a = teamRow(html, 'a');
    expect(a).toContain(`href="${T}/explain/a?asOf=2009-09-09#tie-break"`);
    expect(cellsOf(a)[9]).toBe('3.1.1 (e)');
    const explain = squash(await get(`${T}/explain/a?asOf=2009-09-09`));
    expect(explain).toContain('Level with bclub A; placed by step (e) of LCBA-3.1.1');
  });
});
