import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { hundredths } from '../../src/app/pages/format';
import { startService, type RunningService } from '../../src/cli/commands/serve';
import { catalogue } from '../../src/contexts/catalogue';
import { issueKey } from '../../src/contexts/access/read/keys';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { appendOverHttp, leagueSeason, PAGES_LEAGUE } from './league-season';

/**
 * In a real browser: headless Chromium (Debian's `chromium`, installed by .ci/run when
 * missing) loads each page of the example seasons with JavaScript off, checks the numbers shown
 * against the JSON API, follows an explain link, submits the chooser, prints, and saves a
 * screenshot of each page under test/.artifacts/ (ignored by git) for a person to look at.
 * The LCBA example league's page, then last (a key ends open mode) Pinner's private membership
 * pages, signed in with a Pinner key through the login form.
 */
// CHROMIUM_PATH, when set, is the only place looked at (CHROMIUM_PATH=/none shows the skip).
const CANDIDATES = process.env.CHROMIUM_PATH
  ? [process.env.CHROMIUM_PATH]
  : ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
const executablePath = CANDIDATES.find((p): p is string => !!p && existsSync(p));
const ARTIFACTS = join(__dirname, '..', '.artifacts');

/** The browser's window, the little read of it (the project's types have no DOM). */
interface Window {
  getComputedStyle(e: unknown): { textDecorationLine: string };
}

/** The NZ standings' JSON, the fields read here. */
interface NzBody {
  rows: Array<{ competitor: string; total: number; place: number | null }>;
}

const suite = executablePath ? describe : describe.skip;
const name = executablePath
  ? `pages in headless Chromium (${executablePath})`
  : `pages in headless Chromium — skipped: no Chromium found (looked at ${CANDIDATES.filter(Boolean).join(', ')}; apt-get install chromium, or set CHROMIUM_PATH)`;

suite(name, () => {
  let store: MemoryEventStore;
  let service: RunningService;
  let browser: Browser;
  let page: Page;
  let base: string;
  const shots: Record<string, number> = {};

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    store = new MemoryEventStore({ upcast: catalogue.upcast });
    await loadExamplesIfEmpty(store);
    let caughtUp!: () => void;
    const ready = new Promise<void>((r) => (caughtUp = r));
    service = await startService({
      store,
      port: 0,
      host: '127.0.0.1',
      logger: false,
      onCaughtUp: () => caughtUp(),
    });
    await ready;
    base = service.server.url;
    // A small league of our own beside the examples' (their LCBA league, when present,
    // is lcba-2009-10), appended through the service's gate as a client would.
    await appendOverHttp(async (streamId, body) => {
      const res = await fetch(`${base}/streams/${streamId}/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, text: await res.text() };
    }, leagueSeason());
    // One browser for every page; root in a container needs --no-sandbox.
    browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1100, height: 800 },
    });
    page = await context.newPage();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await service?.close();
    await store?.close();
    if (Object.keys(shots).length) {
      process.stdout.write(
        `screenshots in ${ARTIFACTS}: ${Object.entries(shots)
          .map(([n, b]) => `${n} ${Math.round(b / 1024)} KB`)
          .join(', ')}\n`,
      );
    }
  });

  const json = async <T>(path: string): Promise<T> =>
    (await (await fetch(base + path)).json()) as T;
  const open = async (path: string, shot: string) => {
    const res = await page.goto(base + path);
    expect(res?.status()).toBe(200);
    const file = join(ARTIFACTS, `${shot}.png`);
    await page.screenshot({ path: file, fullPage: true });
    shots[shot] = statSync(file).size;
  };
  const textIn = (selector: string) => page.locator(selector).innerText();

  it('the front page lists the example clubs and the leagues, each a link', async () => {
    await open('/', 'home');
    const clubs = page.locator('ul.clubs li');
    expect(await clubs.count()).toBeGreaterThanOrEqual(3);
    expect(await textIn('ul.clubs')).toContain('Karori Bridge Club (example)');
    expect(await textIn('ul.leagues')).toContain(PAGES_LEAGUE.name);
    await page.click('text=Karori Bridge Club (example)');
    expect(page.url()).toBe(`${base}/clubs/karori`);
    await page.screenshot({ path: join(ARTIFACTS, 'club-karori.png'), fullPage: true });
  });

  it('NZ-1: the NZ standings show the JSON totals; the explain link of p2 shows NZ-13 and the fact', async () => {
    await open('/clubs/karori/competitions/club-pairs-2026', 'standings-nz');
    const body = await json<NzBody>('/competitions/club-pairs-2026/standings');
    for (const r of body.rows) {
      const row = page.locator(`tr[data-competitor="${r.competitor}"]`);
      expect((await row.locator('td.total').innerText()).trim()).toBe(hundredths(r.total));
      expect((await row.locator('td').first().innerText()).trim()).toBe(String(r.place ?? '—'));
    }
    expect(await page.locator('svg[role="img"] title').first().textContent()).toContain(
      'running total by session',
    );
    await page.click('tr[data-competitor="nz-p2"] td.total a');
    expect(page.url()).toBe(
      `${base}/clubs/karori/competitions/club-pairs-2026/explain/nz-p2#total`,
    );
    expect(await textIn('#total')).toBe('508.08 %');
    const text = await textIn('main');
    expect(text).toContain('NZ-13');
    expect(text).toContain('fact 35fe479d-923c-58ba-b5f3-4445652d4991');
    const file = join(ARTIFACTS, 'explain-nz-p2.png');
    await page.screenshot({ path: file, fullPage: true });
    shots['explain-nz-p2'] = statSync(file).size;
  });

  it('NZ-13: the chooser (a plain GET form, no script) shows the standings at position 571', async () => {
    await page.goto(`${base}/clubs/karori/competitions/club-pairs-2026`);
    await page.fill('input[name="atPosition"]', '571');
    await page.click('button[type="submit"]');
    expect(page.url()).toContain('atPosition=571');
    const body = await json<NzBody>('/competitions/club-pairs-2026/standings?atPosition=571');
    const p2 = body.rows.find((r) => r.competitor === 'nz-p2')!;
    expect((await page.locator('tr[data-competitor="nz-p2"] td.total').innerText()).trim()).toBe(
      hundredths(p2.total),
    );
    expect(hundredths(p2.total)).toBe('500.58');
  });

  it('printed, the standings drop the navigation, the chooser and the links styling', async () => {
    await page.goto(`${base}/clubs/karori/competitions/club-pairs-2026`);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('header.site').isHidden()).toBe(true);
    expect(await page.locator('form.chooser').isHidden()).toBe(true);
    const decoration = await page
      .locator('td.total a')
      .first()
      .evaluate(
        (a: unknown) => (globalThis as unknown as Window).getComputedStyle(a).textDecorationLine,
      );
    expect(decoration).toBe('none');
    expect(await page.locator('table.standings').isVisible()).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'standings-nz-print.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });
  });

  it('DSB-7.2: the DSB standings show each group with the JSON percentages', async () => {
    await open('/clubs/dsb/competitions/dsb-2014-c2', 'standings-dsb');
    const body = await json<{
      groups: Array<{ group: string; rows: Array<{ pairId: string; percentage: number }> }>;
    }>('/competitions/dsb-2014-c2/standings');
    for (const g of body.groups) {
      for (const r of g.rows) {
        const row = page.locator(
          `table[data-group="${g.group}"] tr[data-competitor="${r.pairId}"]`,
        );
        expect((await row.locator('td.total').innerText()).trim()).toBe(r.percentage.toFixed(2));
      }
    }
    expect(await page.locator('svg[role="img"]').count()).toBe(body.groups.length);
  });

  it('the diff, C points, championship, members and correction log pages show the JSON numbers', async () => {
    await open('/clubs/karori/competitions/club-pairs-2026/diff?from=571', 'diff-nz');
    const diff = await json<{ changes: unknown[] }>('/competitions/club-pairs-2026/diff?from=571');
    expect(await textIn('.change-count')).toBe(String(diff.changes.length));

    await open('/clubs/karori/competitions/club-pairs-2026/c-points', 'c-points-nz');
    const cp = await json<{ totals: Array<{ player: string; points: string }> }>(
      '/competitions/club-pairs-2026/c-points',
    );
    for (const t of cp.totals.slice(0, 5)) {
      expect(await page.locator(`tr[data-player="${t.player}"] td.num`).innerText()).toBe(t.points);
    }

    await open('/clubs/dsb/championship/2014-2015', 'championship-dsb');
    const champ = await json<{ table: Array<{ pairId: string; points: number }> }>(
      '/clubs/dsb/championship?season=2014-2015',
    );
    for (const r of champ.table) {
      const cells = page.locator(`table.championship tr[data-competitor="${r.pairId}"] td`);
      expect((await cells.nth(1).innerText()).trim()).toBe(String(r.points));
    }

    await open('/clubs/karori/roster', 'members-karori');
    expect(await textIn('table.members')).toContain('nz-aroha');
    await open('/clubs/karori/correction-log', 'correction-log-karori');
    expect(await textIn('table.correction-log')).toContain('karori-2026-c2');
  });

  it('LCBA-3.1: the league table shows the JSON numbers; a score links to its match, board by board', async () => {
    const L = `/leagues/${PAGES_LEAGUE.league}`;
    await page.goto(`${base}/`);
    await page.click(`ul.leagues a[href="${L}"]`);
    expect(page.url()).toBe(`${base}${L}`);
    await open(L, 'league-table');
    const body = await json<{
      divisions: Array<{
        division: number;
        rows: Array<{ team: string; rank: number; vp: number; netImps: number }>;
      }>;
    }>(`${L}/table`);
    for (const d of body.divisions) {
      for (const r of d.rows) {
        const row = page.locator(`table[data-division="${d.division}"] tr[data-team="${r.team}"]`);
        expect((await row.locator('td.rank').innerText()).trim()).toBe(String(r.rank));
        expect((await row.locator('td.vp').innerText()).trim()).toBe(String(r.vp));
        expect((await row.locator('td.imps').innerText()).trim()).toBe(
          r.netImps > 0 ? `+${r.netImps}` : String(r.netImps),
        );
      }
    }
    // Division 1's f6 (every table's score), 10–10: its page board by board.
    await page.click('table.fixtures tr[data-fixture="f6"] td.score a');
    expect(page.url()).toBe(`${base}${L}/fixtures/f6`);
    const match = await json<{
      score: { boards: Array<{ board: number; homeImps: number }>; vp: { home: number } };
    }>(`${L}/matches/f6`);
    for (const b of match.score.boards.slice(0, 4)) {
      const imps = (await page.locator(`tr[data-board="${b.board}"] td.imps`).innerText()).trim();
      expect(imps).toBe(b.homeImps > 0 ? `+${b.homeImps}` : String(b.homeImps));
    }
    expect(await textIn('tr[data-board="1"]')).toContain('620');
    expect(await textIn('.match-vp')).toBe(`${match.score.vp.home}–10`);
    const file = join(ARTIFACTS, 'league-match.png');
    await page.screenshot({ path: file, fullPage: true });
    shots['league-match'] = statSync(file).size;
    // The chooser: division 5 as of 30 September, no script.
    await page.goto(`${base}${L}`);
    await page.fill('input[name="asOf"]', '2009-09-30');
    await page.selectOption('select[name="division"]', '5');
    await page.click('button[type="submit"]');
    expect(page.url()).toContain('asOf=2009-09-30');
    expect(await page.locator('table.league-table').count()).toBe(1);
    const sept = await json<{ divisions: Array<{ rows: Array<{ team: string; vp: number }> }> }>(
      `${L}/table?asOf=2009-09-30&division=5`,
    );
    for (const r of sept.divisions[0]!.rows) {
      expect((await page.locator(`tr[data-team="${r.team}"] td.vp`).innerText()).trim()).toBe(
        String(r.vp),
      );
    }
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('form.chooser').isHidden()).toBe(true);
    expect(await page.locator('table.league-table').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
  });

  it("LCBA-3.1: the LCBA example league's page shows Division 5's ranks and VPs of the JSON", async () => {
    const L = '/leagues/lcba-2009-10';
    await open(L, 'league-lcba');
    const body = await json<{
      divisions: Array<{
        division: number;
        rows: Array<{ team: string; rank: number; vp: number }>;
      }>;
    }>(`${L}/table?division=5`);
    const five = body.divisions.find((d) => d.division === 5)!;
    expect(five.rows.length).toBeGreaterThan(3);
    for (const r of five.rows) {
      const row = page.locator(`table[data-division="5"] tr[data-team="${r.team}"]`);
      expect((await row.locator('td.rank').innerText()).trim()).toBe(String(r.rank));
      expect((await row.locator('td.vp').innerText()).trim()).toBe(String(r.vp));
    }
    // The example's Division 5, as told in examples/lcba-league.ts: larkspur-a first on 168 VP.
    expect(five.rows[0]).toMatchObject({ team: 'larkspur-a', rank: 1, vp: 168 });
  });

  // Last: issuing a key ends open mode for the tests after it.
  it('the example evening: its session page (ranking, hand records, travellers) and a scorecard, at 1280 px and at a phone’s 390 px the ranking fits without sideways scrolling', async () => {
    const session = '/clubs/karori/sessions/session-karori-Tuesday-Evening-Pairs-1';
    const result = await json<{ pairs: Array<{ pair: string; percentage: number }> }>(
      '/sessions/session-karori-Tuesday-Evening-Pairs-1/result',
    );
    for (const [width, shot] of [
      [1280, 'session-karori'],
      [390, 'session-karori-phone'],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await open(session, shot);
      for (const p of result.pairs) {
        const row = page.locator(`table.ranking tr[data-pair="${p.pair}"]`);
        expect(await row.locator('td').nth(2).innerText()).toBe(p.percentage.toFixed(2));
      }
      expect(await page.locator('figure.deal').count()).toBe(9);
      // The ranking tables are no wider than the window: read without scrolling sideways.
      const fits = (await page.evaluate(
        `[...document.querySelectorAll('table.ranking')].every((t) => t.getBoundingClientRect().right <= document.documentElement.clientWidth)`,
      )) as boolean;
      expect({ width, fits }).toEqual({ width, fits: true });
    }
    await page.setViewportSize({ width: 1100, height: 800 });
    await page.click('table.ranking tr[data-pair="5"] th a');
    expect(page.url()).toBe(`${base}${session}/pairs/5`);
    await page.screenshot({ path: join(ARTIFACTS, 'scorecard-karori-5.png'), fullPage: true });
    expect(await page.locator('table.scorecard tbody tr').count()).toBe(9);
  });

  it('PIN-R8/R9/R10/C6: signed in with a Pinner key through the login form, the register, applications, visitors and a person show the JSON numbers', async () => {
    const { token } = await issueKey(store, {
      role: 'secretary',
      scope: { kind: 'club', id: 'pinner' },
      beforeRegistration: true,
      issuedBy: 'browser test',
    });
    const asPinner = async <T>(path: string): Promise<T> => {
      const res = await fetch(base + path, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      return (await res.json()) as T;
    };
    // Keys issued: the register is private now, until the browser signs in.
    expect((await page.goto(`${base}/clubs/pinner/register`))?.status()).toBe(403);
    await page.goto(`${base}/login`);
    await page.fill('input[name="key"]', token);
    await page.click('button:has-text("Log in")');
    expect(page.url()).toBe(`${base}/`);

    await open('/clubs/pinner/register?asOf=2018-12-31', 'register-pinner');
    const register = await asPinner<{
      entries: Array<{ person: string; standing: string; class?: string; classFrom?: string }>;
    }>('/clubs/pinner/members?asOf=2018-12-31');
    expect(register.entries.length).toBeGreaterThan(10);
    for (const e of register.entries) {
      const row = page.locator(`table.register tr[data-person="${e.person}"]`);
      expect((await row.locator('td.standing').innerText()).trim()).toMatch(
        new RegExp(`^${e.standing}\\b`),
      );
      expect((await row.locator('td.class').innerText()).trim()).toBe(e.class ?? '—');
      expect((await row.locator('td.since').innerText()).trim()).toBe(e.classFrom ?? '—');
    }

    // Two days with an application pending (PIN-C6's display deadline, "consider from").
    for (const [asOf, shot] of [
      ['2018-04-10', 'applications-pinner'],
      ['2018-11-01', 'applications-pinner-november'],
    ] as const) {
      await open(`/clubs/pinner/register/applications?asOf=${asOf}`, shot);
      const pending = await asPinner<{
        applications: Array<{ applicationId: string; considerFrom?: string }>;
      }>(`/clubs/pinner/applications?asOf=${asOf}`);
      expect(pending.applications.length).toBeGreaterThan(0);
      expect(await page.locator('table.applications tbody tr').count()).toBe(
        pending.applications.length,
      );
      for (const a of pending.applications) {
        const cell = page.locator(`tr[data-application="${a.applicationId}"] td.consider`);
        expect((await cell.innerText()).trim().split(/\s/)[0]).toBe(a.considerFrom ?? '—');
      }
    }

    await open('/clubs/pinner/register/visitors?year=2018', 'visitors-pinner');
    const visitors = await asPinner<{
      rows: Array<{ person: string; sessions: number; verdict: string }>;
    }>('/clubs/pinner/visitors?year=2018');
    expect(visitors.rows.length).toBeGreaterThan(0);
    expect(await page.locator('table.visitors tbody tr').count()).toBe(visitors.rows.length);
    for (const r of visitors.rows) {
      const row = page.locator(`table.visitors tr[data-person="${r.person}"]`);
      expect((await row.locator('td.sessions').innerText()).trim()).toBe(String(r.sessions));
      expect((await row.locator('td.verdict').innerText()).trim()).toBe(r.verdict);
    }
    // PIN-R9: Kenneth's bar; his history is one link away.
    expect(visitors.rows.find((r) => r.person === 'pin-kenneth')?.verdict).toBe('barred');
    await page.click('table.visitors tr[data-person="pin-kenneth"] th a');
    expect(page.url()).toBe(`${base}/clubs/pinner/register/people/pin-kenneth`);
    const person = await asPinner<{ history: unknown[]; entry?: { standing: string } }>(
      '/clubs/pinner/members/pin-kenneth',
    );
    expect(await page.locator('table.history tbody tr').count()).toBe(person.history.length);
    expect(await textIn('main')).toContain(`(pin-kenneth) on `);
    if (person.entry) expect(await textIn('main')).toContain(person.entry.standing);
    const file = join(ARTIFACTS, 'person-pinner-kenneth.png');
    await page.screenshot({ path: file, fullPage: true });
    shots['person-pinner-kenneth'] = statSync(file).size;
  });
});
