import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { hundredths } from '../../src/app/pages/format';
import { startService, type RunningService } from '../../src/cli/commands/serve';
import { catalogue } from '../../src/events';
import { loadExamplesIfEmpty } from '../../src/runtime/load-examples';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';

/**
 * Issue 17 in a real browser: headless Chromium (Debian's `chromium`, installed by .ci/run when
 * missing) loads each page of the example seasons with JavaScript off, checks the numbers shown
 * against the JSON API, follows an explain link, submits the chooser, prints, and saves a
 * screenshot of each page under test/.artifacts/ (ignored by git) for a person to look at.
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
  ? `issue 17 pages in headless Chromium (${executablePath})`
  : `issue 17 pages in headless Chromium — skipped: no Chromium found (looked at ${CANDIDATES.filter(Boolean).join(', ')}; apt-get install chromium, or set CHROMIUM_PATH)`;

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

  it('issue 17: the front page lists both example clubs and says no league yet', async () => {
    await open('/', 'home');
    // Both clubs among the examples' (the LCBA's league example registers its own: issue 18).
    expect(await textIn('ul.clubs')).toMatch(/DSB Groenlo \(example\)[^]*Karori Bridge Club/);
    expect(await textIn('main')).toContain('No league yet');
    await page.click('text=Karori Bridge Club (example)');
    expect(page.url()).toBe(`${base}/clubs/karori`);
    await page.screenshot({ path: join(ARTIFACTS, 'club-karori.png'), fullPage: true });
  });

  it('NZ-1/issue 17: the NZ standings show the JSON totals; the explain link of p2 shows NZ-13 and the fact', async () => {
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

  it('NZ-13/issue 17: the chooser (a plain GET form, no script) shows the standings at position 571', async () => {
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

  it('issue 17: printed, the standings drop the navigation, the chooser and the links styling', async () => {
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

  it('DSB-7.2/issue 17: the DSB standings show each group with the JSON percentages', async () => {
    await open('/clubs/dsb/competitions/dsb-2014-c2', 'standings-dsb');
    const body = await json<{
      groups: Array<{ group: string; rows: Array<{ pairId: string; percentage: number }> }>;
    }>('/competitions/dsb-2014-c2/standings');
    for (const g of body.groups) {
      for (const r of g.rows) {
        const row = page.locator(
          `table[data-group="${g.group}"] tr[data-competitor="${r.pairId}"]`,
        );
        expect((await row.locator('td.total').innerText()).trim()).toBe(String(r.percentage));
      }
    }
    expect(await page.locator('svg[role="img"]').count()).toBe(body.groups.length);
  });

  it('issue 16/17: the diff, C points, championship, members and correction log pages show the JSON numbers', async () => {
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

    await open('/clubs/karori/members', 'members-karori');
    expect(await textIn('table.members')).toContain('nz-aroha');
    await open('/clubs/karori/correction-log', 'correction-log-karori');
    expect(await textIn('table.correction-log')).toContain('karori-2026-c2');
  });
});
