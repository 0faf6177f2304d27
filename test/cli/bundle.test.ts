import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { catalogue } from '../../src/contexts/catalogue';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import type { PieceReport } from '../../src/audit/verify-parallel';
import { tempDbPath } from '../support/temp';

/**
 * The bundled CLI (scripts/bundle.js), which `npm start`, the `bridge-ledger` command and the
 * image run, does what the compiled one does: it serves the examples and its pages, rebuilds on
 * its bundled worker threads the read models the compiled CLI builds, to the SHA-256, and its
 * bundled verify worker checks a piece of the log. `npm test` builds both first.
 */
const root = join(__dirname, '..', '..');
const BUNDLE = join(root, 'dist', 'bundle', 'cli', 'main.js');
const COMPILED = join(root, 'dist', 'src', 'cli', 'main.js');
const built = existsSync(BUNDLE) && existsSync(COMPILED);
const maybe = built ? describe : describe.skip;
if (!built) console.warn(`bundled CLI: skipped, ${BUNDLE} is not built (npm run build)`);

const run = promisify(execFile);
const rebuildJson = async (cli: string, path: string, ...args: string[]) => {
  const { stdout } = await run(process.execPath, [
    cli,
    'rebuild',
    '--store',
    `sqlite:${path}`,
    '--json',
    ...args,
  ]);
  return JSON.parse(stdout) as {
    head: number;
    readModels: Array<{ name: string; sha256: string }>;
  };
};

maybe('the bundled CLI', () => {
  let ledger: string;
  beforeAll(async () => {
    ledger = tempDbPath();
    const store = new SqliteEventStore(ledger, { upcast: catalogue.upcast });
    await loadExamplesIfEmpty(store);
    await store.close();
  }, 60_000);
  const copy = () => {
    const path = tempDbPath();
    copyFileSync(ledger, path);
    return path;
  };

  it('rebuilds on its two bundled workers the read models the compiled CLI builds, to the SHA-256', async () => {
    const bundled = await rebuildJson(BUNDLE, copy(), '--workers', '2', '--from-scratch');
    const compiled = await rebuildJson(COMPILED, copy(), '--workers', '1', '--from-scratch');
    expect(bundled.head).toBeGreaterThan(1000);
    expect(bundled.readModels.length).toBeGreaterThan(5);
    expect(bundled.readModels).toEqual(compiled.readModels);
    // Its workers kept V8's code cache of their bundles for the next rebuild (code-cache.ts).
    for (const w of ['rebuild-worker', 'join-worker'])
      expect(
        existsSync(join(root, 'dist', 'bundle', 'cli', 'workers', `${w}.bundle.v8-cache`)),
      ).toBe(true);
  }, 120_000);

  it("keeps V8's code cache of its commands beside the bundle, and answers the same from it", async () => {
    const help = async () => (await run(process.execPath, [BUNDLE, 'standings', '--help'])).stdout;
    const first = await help();
    expect(first).toContain('Usage: bridge-ledger standings');
    expect(existsSync(join(root, 'dist', 'bundle', 'cli', 'main.bundle.commands.v8-cache'))).toBe(
      true,
    );
    expect(await help()).toBe(first);
  }, 60_000);

  it('its verify worker checks a piece of the log: every fact of the examples, no problem', async () => {
    const path = copy();
    const worker = new Worker(join(root, 'dist', 'bundle', 'cli', 'workers', 'verify-worker.js'), {
      workerData: { url: `sqlite:${path}`, maxProblems: 10 },
    });
    try {
      const answer = await new Promise<PieceReport>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage({ index: 0, from: 1, to: 1000 });
      });
      expect('report' in answer && answer.report).toEqual(
        expect.objectContaining({ ok: true, events: 1000, problems: [] }),
      );
    } finally {
      await worker.terminate();
    }
  }, 60_000);

  describe('serve', () => {
    let child: ChildProcessWithoutNullStreams;
    let url: string;
    beforeAll(async () => {
      child = spawn(process.execPath, [BUNDLE, 'serve', '--store', 'memory:', '--port', '0']);
      const rl = createInterface({ input: child.stdout });
      url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no "serving" line')), 30_000);
        rl.on('line', (text) => {
          const m = /serving memory: at (http:\/\/\S+)/.exec(text);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]!);
          }
        });
      });
    }, 40_000);
    afterAll(() => {
      child.kill('SIGTERM');
    });

    it('answers /health, a club page and the OpenAPI pages (the Swagger UI assets beside it)', async () => {
      let health: { status: string; caughtUp: boolean } | undefined;
      for (let i = 0; i < 200 && !health?.caughtUp; i++) {
        health = (await (await fetch(`${url}/health`)).json()) as typeof health;
        if (!health?.caughtUp) await new Promise((r) => setTimeout(r, 50));
      }
      expect(health).toEqual(expect.objectContaining({ status: 'ok', caughtUp: true }));
      const page = await fetch(`${url}/clubs/pinner`);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<html/i);
      const ui = await fetch(`${url}/api/swagger-ui.css`);
      expect(ui.status).toBe(200);
      const spec = await fetch(`${url}/api.json`);
      expect(spec.status).toBe(200);
      expect(((await spec.json()) as { paths: object }).paths).toHaveProperty('/health');
    });
  });
});
