import '../src/contexts/built-in';
import '../src/rulesets';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * sha256 of every page and JSON answer a user can reach, for a refactoring that must not change
 * what anyone sees: start a checkout's built service on a fresh store (which loads examples/, or
 * a copy of the history file given), follow every link of every page from `/`, ask the JSON
 * route behind each page, every stream and every session's result, and print one line per URL
 * (sha256, status, URL) and the digest of all of them. Two checkouts give the same last line
 * exactly when every answer is byte-identical.
 *   node bench/.work/dist/bench/run-answers-crawl.js <checkout> [history.db] [port]
 */
async function main(): Promise<void> {
  const root = resolve(process.argv[2] ?? '.');
  const history = process.argv[3];
  const port = Number(process.argv[4] ?? 3917);
  const dir = mkdtempSync(join(tmpdir(), 'answers-crawl-'));
  const db = join(dir, 'ledger.db');
  if (history) {
    const { copyFileSync } = await import('node:fs');
    copyFileSync(history, db);
  }
  const service = spawn(
    process.execPath,
    [
      join(root, 'dist/bundle/cli/main.js'),
      'serve',
      '--store',
      `sqlite:${db}`,
      '--port',
      String(port),
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  try {
    const base = `http://127.0.0.1:${port}`;
    await caughtUp(base, service);
    const lines = await crawl(base);
    const all = createHash('sha256');
    for (const line of lines) {
      console.log(line);
      all.update(line + '\n');
    }
    console.log(`answers ${lines.length} all ${all.digest('hex')}`);
  } finally {
    service.kill('SIGTERM');
    await new Promise((r) => service.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

async function caughtUp(base: string, service: ChildProcess): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (service.exitCode !== null) throw new Error(`the service exited (${service.exitCode})`);
    try {
      const r = await fetch(`${base}/health`);
      const body = (await r.json()) as { status?: string; caughtUp?: boolean };
      if (r.status === 200 && body.caughtUp !== false) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the service did not catch up in 5 minutes');
}

/** The JSON route behind a page, where there is one (docs/http.md's routes). */
function jsonBehind(path: string): string[] {
  const [p, q] = path.split('?');
  const query = q ? `?${q}` : '';
  const parts = p.split('/').filter(Boolean);
  const out: string[] = [];
  if (parts[0] === 'clubs' && parts.length === 2) {
    const c = parts[1];
    out.push(`/clubs/${c}/corrections`, `/clubs/${c}/members`, `/clubs/${c}/applications`);
    out.push(`/clubs/${c}/visitors`);
  }
  if (parts[0] === 'clubs' && parts[2] === 'championship' && parts.length === 4) {
    out.push(`/clubs/${parts[1]}/championship?season=${parts[3]}`);
  }
  if (parts[0] === 'clubs' && parts[2] === 'competitions' && parts.length === 4) {
    out.push(`/competitions/${parts[3]}/standings${query}`, `/competitions/${parts[3]}/c-points`);
  }
  if (parts[0] === 'clubs' && parts[2] === 'competitions' && parts[4] === 'diff') {
    out.push(`/competitions/${parts[3]}/diff${query}`);
  }
  if (parts[0] === 'clubs' && parts[2] === 'register' && parts[3] === 'people') {
    out.push(`/clubs/${parts[1]}/members/${parts[4]}`);
  }
  if (parts[0] === 'leagues' && parts.length === 2) {
    out.push(`/leagues/${parts[1]}/table${query}`, `/leagues/${parts[1]}/corrections`);
  }
  if (parts[0] === 'leagues' && parts[2] === 'fixtures') {
    out.push(`/leagues/${parts[1]}/matches/${parts[3]}`, `/matches/${parts[3]}`);
  }
  return out;
}

/**
 * The store stamps each fact with the clock when the examples are loaded (recordedAt), and
 * /health tells uptime: the one part of an answer that differs from run to run of one checkout,
 * so it is masked; everything else is hashed as served.
 */
const unclocked = (body: Buffer): Buffer =>
  Buffer.from(
    body
      .toString('utf8')
      .replace(/"recordedAt":"[^"]*"/g, '"recordedAt":"…"')
      .replace(/recordedAt=[^&"]*/g, 'recordedAt=…'),
  );

async function crawl(base: string): Promise<string[]> {
  const seen = new Set<string>();
  const queue = ['/', '/api.json', '/health', '/events?fromPosition=0&limit=1000'];
  const lines: string[] = [];
  const visit = (u: string) => {
    if (!seen.has(u)) {
      seen.add(u);
      queue.push(u);
    }
  };
  queue.forEach((u) => seen.add(u));
  while (queue.length > 0) {
    const path = queue.shift()!;
    const r = await fetch(base + path, { redirect: 'manual' });
    const body = Buffer.from(await r.arrayBuffer());
    const hashed = path === '/health' ? Buffer.from(String(r.status)) : unclocked(body);
    lines.push(`${createHash('sha256').update(hashed).digest('hex')} ${r.status} ${path}`);
    const type = r.headers.get('content-type') ?? '';
    if (type.includes('html')) {
      for (const m of body.toString('utf8').matchAll(/href="([^"]+)"/g)) {
        const href = m[1].replace(/&amp;/g, '&');
        if (!href.startsWith('/') || href.startsWith('//')) continue;
        if (href === '/logout' || href.startsWith('/login')) continue;
        visit(href.split('#')[0]);
      }
      for (const j of jsonBehind(path)) visit(j);
    }
    if (path.startsWith('/events?')) {
      const text = body.toString('utf8');
      const streams = new Set<string>();
      for (const m of text.matchAll(/"streamId":"([^"]+)"/g)) streams.add(m[1]);
      const positions = [...text.matchAll(/"position":(\d+),/g)].map((m) => Number(m[1]));
      if (positions.length === 1000) {
        visit(`/events?fromPosition=${Math.max(...positions) + 1}&limit=1000`);
      }
      for (const s of [...streams].sort()) {
        visit(`/streams/${encodeURIComponent(s)}`);
        if (s.startsWith('session-')) visit(`/sessions/${encodeURIComponent(s)}/result`);
      }
    }
  }
  return lines.sort((a, b) => a.slice(68).localeCompare(b.slice(68)));
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
