import '../src/contexts/built-in';
import '../src/rulesets';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { freshDir, log, removeDir } from './lib/harness';
import type { Audit, Histogram } from './reliability/audit';
import { concurrency, type ConcurrencyFigures } from './reliability/concurrency';
import { fuzz, type FuzzFigures } from './reliability/fuzz';
import { killNine, type KillFigures } from './reliability/kill';
import { latency, type LatencyFigures } from './reliability/latency';
import { LedgerProcess } from './reliability/service';
import { settings as s } from './reliability/settings';
import { CLI } from './scale/service';

/**
 * Nothing silently dropped, no stalls, every failure a clear answer. Four checks
 * against the built service (`bridge-ledger serve` on a SQLite file, 127.0.0.1 only) and CLI,
 * each bounded in count (BENCH_* settings, small defaults) and in time (BENCH_CHECK_SECONDS):
 *
 * 1. concurrency (reliability/concurrency.ts): BENCH_WRITERS writers at once, half on one shared
 *    stream ('any'), half on their own (exact revisions, 409 retried), true retries and doubled
 *    requests among them; the log read back and audited: acknowledged, stored, lost, duplicated,
 *    gaps;
 * 2. kill (reliability/kill.ts): BENCH_KILL_APPENDS single appends while the service is killed
 *    with SIGKILL BENCH_KILLS times and restarted on the same file; the same audit;
 * 3. fuzz (reliability/fuzz-cases.ts, fuzz.ts): BENCH_FUZZ hostile requests from a seeded PRNG
 *    (BENCH_SEED); the status histogram, every 5xx and unanswered request with a reproduction,
 *    and every 2xx compared with what was stored;
 * 4. latency (reliability/latency.ts): BENCH_LATENCY_APPENDS single appends, p50/p99, alone and
 *    beside a CLI `append` of BENCH_CLI_FACTS facts on the same file, with the worst /health.
 *
 * Prints each check's figures and a table with PASS/FAIL against the issue's bounds (exit code 1
 * on a FAIL). Needs `npm run build` (dist/). Not a test. BENCH_CHECKS=fuzz,kill runs a subset.
 */

interface Row {
  check: string;
  measure: string;
  figure: string;
  bound?: string;
  pass?: boolean;
}
const rows: Row[] = [];
const row = (
  check: string,
  measure: string,
  figure: string | number,
  bound?: string,
  pass?: boolean,
) =>
  rows.push({
    check,
    measure,
    figure: typeof figure === 'number' ? figure.toLocaleString('en-GB') : figure,
    bound,
    pass,
  });
const zero = (check: string, measure: string, n: number) => row(check, measure, n, '0', n === 0);
const ms = (x: number) => `${x < 10 ? x.toFixed(1) : x.toFixed(0)} ms`;
const fiveXX = (h: Histogram) =>
  [...h.counts].filter(([k]) => /^5\d\d$/.test(k)).reduce((t, [, v]) => t + v, 0);
const unanswered = (h: Histogram) => h.get('no answer') + h.get('timeout');

function auditRows(check: string, a: Audit): void {
  row(check, 'events acknowledged (2xx)', a.acknowledged);
  row(check, 'events stored', a.stored);
  zero(check, 'lost (acknowledged, not stored)', a.lost);
  zero(check, 'duplicated (an id stored twice)', a.duplicated);
  zero(check, 'stored in another stream than sent', a.wrongStream);
  zero(check, 'answers naming other positions than stored', a.answerMismatch);
  zero(check, 'revision gaps or repeats', a.revisionGaps);
  zero(check, 'position gaps', a.positionGaps);
  zero(check, 'stored, sent by no writer', a.phantom);
  row(check, 'stored, request unanswered (outcome unknown to the client)', a.storedUnacknowledged);
  if (a.lostIds.length) log(`  ${check}: lost ids ${a.lostIds.slice(0, 10).join(' ')}`);
}

function concurrencyRows(f: ConcurrencyFigures): void {
  const c = 'concurrency';
  row(
    c,
    'writers; batches acknowledged; requests; seconds',
    `${f.writers}; ${f.batches.toLocaleString('en-GB')}; ${f.requests.toLocaleString('en-GB')}; ${f.seconds.toFixed(1)} s`,
  );
  row(c, 'statuses', f.statuses.toString());
  auditRows(c, f.audit);
  row(c, 'true retries of acknowledged batches (later or at once)', f.audit.retries);
  zero(c, 'retries answered with another result', f.audit.retriesDiffering);
  zero(c, 'retries refused', f.audit.retriesRefused);
  row(c, '409 WrongExpectedVersion read and retried (own streams)', f.conflictsRetried);
  zero(c, '5xx', fiveXX(f.statuses));
  zero(c, 'requests unanswered (reset or timed out)', f.unanswered);
  zero(c, 'other refusals', f.unexpectedCount);
  row(c, 'bridge-ledger verify', f.verify.line, 'OK', f.verify.ok);
  for (const u of f.unexpected) log(`  concurrency: refused: ${u}`);
  for (const [k, v] of Object.entries(f.audit.retryRefusals))
    log(`  concurrency: retries refused ${k} × ${v}`);
}

function killRows(f: KillFigures): void {
  const c = 'kill -9';
  row(
    c,
    'appends; clients; seconds',
    `${f.appends.toLocaleString('en-GB')}; ${f.clients}; ${f.seconds.toFixed(1)} s`,
  );
  row(
    c,
    'kills (at n acknowledged); restart to /health caught up',
    `${f.kills} (at ${f.killedAt.join(', ')}); ${f.restartMs.map(ms).join(', ')}`,
    `${s.kills}`,
    f.kills === s.kills,
  );
  row(c, 'statuses', f.statuses.toString());
  auditRows(c, f.audit);
  row(c, 'appends cut by a kill and sent again', f.cut);
  row(
    c,
    '… of which written before the kill (the retry answered the original)',
    f.cutWrittenBefore,
  );
  zero(c, '5xx', fiveXX(f.statuses));
  zero(c, 'refused or abandoned', f.unexpectedCount + f.abandoned);
  row(c, 'bridge-ledger verify', f.verify.line, 'OK', f.verify.ok);
  for (const u of f.unexpected) log(`  kill -9: refused: ${u}`);
}

function fuzzRows(f: FuzzFigures): void {
  const c = 'fuzz';
  row(
    c,
    'hostile requests; seed; seconds',
    `${f.cases.toLocaleString('en-GB')}; ${s.seed}; ${f.seconds.toFixed(1)} s`,
  );
  row(c, 'statuses', f.statuses.toString());
  zero(c, '5xx', f.fiveXX);
  zero(c, 'unanswered (reset, or no answer in time)', f.noAnswer);
  zero(c, 'service deaths', f.deaths);
  row(c, '/health after', f.healthAfter);
  row(c, '2xx answers', f.answered2xx);
  zero(c, '2xx answers whose events are not stored as sent', f.wroteOtherThanSent);
  if (f.wroteOtherThanSent) row(c, '… by mutation', f.wroteOtherByCategory.toString());
  row(
    c,
    '2xx answers to bodies that are not UTF-8 (stored with U+FFFD)',
    f.notUtf8Accepted.total(),
  );
  row(c, 'bridge-ledger verify', f.verify.line);
}

function latencyRows(f: LatencyFigures): void {
  const c = 'latency';
  const p = (x: LatencyFigures['alone']) =>
    `${ms(x.p50)} / ${ms(x.p99)} / ${ms(x.max)} (${x.samples})`;
  row(c, 'single append p50 / p99 / max, alone', p(f.alone));
  row(c, 'single append p50 / p99 / max, beside a CLI append', p(f.beside));
  row(
    c,
    'worst /health, alone / beside',
    `${ms(f.alone.healthWorst)} / ${ms(f.beside.healthWorst)}`,
  );
  row(c, 'statuses alone / beside', `${f.alone.statuses} / ${f.beside.statuses}`);
  zero(
    c,
    '5xx or unanswered',
    fiveXX(f.alone.statuses) +
      fiveXX(f.beside.statuses) +
      unanswered(f.alone.statuses) +
      unanswered(f.beside.statuses),
  );
  row(
    c,
    'CLI append runs beside (exit, ms, facts stored of sent)',
    f.cli.map((r) => `exit ${r.code}, ${ms(r.ms)}, ${r.stored}/${r.facts}`).join('; '),
  );
  const cliOk = f.cli.every((r) => r.code === 0 && r.stored === r.facts);
  row(
    c,
    'CLI runs that wrote their whole file',
    `${f.cli.filter((r) => r.code === 0 && r.stored === r.facts).length} of ${f.cli.length}`,
    'all',
    cliOk,
  );
  zero(c, 'acknowledged appends lost', f.lost);
  row(c, 'bridge-ledger verify', f.verify.line, 'OK', f.verify.ok);
  for (const x of [...f.alone.failures, ...f.beside.failures]) log(`  latency: not 2xx: ${x}`);
}

function table(): void {
  log('');
  log('| check | measure | figure | bound | verdict |');
  log('|---|---|---|---|---|');
  for (const r of rows) {
    const verdict = r.pass === undefined ? '' : r.pass ? 'PASS' : '**FAIL**';
    log(`| ${r.check} | ${r.measure} | ${r.figure} | ${r.bound ?? ''} | ${verdict} |`);
  }
}

function fuzzTable(f: FuzzFigures): void {
  const keys = [...new Set([...f.byCategory.values()].flatMap((h) => [...h.counts.keys()]))].sort();
  log('');
  log(`| fuzz: category | ${keys.join(' | ')} |`);
  log(`|---|${keys.map(() => '---:').join('|')}|`);
  for (const [cat, h] of [...f.byCategory].sort(([a], [b]) => a.localeCompare(b))) {
    log(
      `| ${cat} | ${keys.map((k) => (h.get(k) ? h.get(k).toLocaleString('en-GB') : '')).join(' | ')} |`,
    );
  }
}

const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

async function main(): Promise<void> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first`);
  const commit = (() => {
    try {
      return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    } catch {
      return '?';
    }
  })();
  log(`# reliability — ${new Date().toISOString()}, commit ${commit}`);
  log(
    `node ${process.version}, ${cpus().length} CPUs, load average ${load()}; checks ${s.checks.join(', ')}; seed ${s.seed}; request timeout ${s.timeoutMs} ms; at most ${s.checkSeconds} s a check`,
  );
  const t0 = performance.now();
  const dir = freshDir('reliability');
  let fuzzed: FuzzFigures | undefined;
  try {
    if (s.checks.includes('concurrency')) concurrencyRows(await concurrency(s, dir));
    if (s.checks.includes('kill')) killRows(await killNine(s, dir));
    if (s.checks.includes('fuzz')) {
      fuzzed = await fuzz(s, dir);
      fuzzRows(fuzzed);
      for (const x of fuzzed.fiveXXSamples) log(`  fuzz 5xx: ${x}`);
      for (const x of fuzzed.noAnswerSamples) log(`  fuzz unanswered: ${x}`);
      for (const x of fuzzed.wroteOtherSamples) log(`  fuzz 2xx not stored as sent: ${x}`);
      if (fuzzed.notUtf8Accepted.total())
        log(`  fuzz 2xx to bodies not UTF-8: ${fuzzed.notUtf8Accepted}`);
      if (process.env.BENCH_VERBOSE === '1') {
        for (const [m, h] of [...fuzzed.byMutation].sort(([a], [b]) => a.localeCompare(b)))
          log(`  fuzz ${m}: ${h}`);
      }
    }
    if (s.checks.includes('latency')) latencyRows(await latency(s, dir));
  } finally {
    await LedgerProcess.stopAll();
    removeDir(dir);
  }
  table();
  if (fuzzed) fuzzTable(fuzzed);
  const failed = rows.filter((r) => r.pass === false);
  log('');
  log(
    `${failed.length === 0 ? 'PASS' : `FAIL (${failed.length}: ${failed.map((r) => `${r.check}: ${r.measure}`).join('; ')})`} in ${((performance.now() - t0) / 1000).toFixed(0)} s; load average at the end ${load()}`,
  );
  if (failed.length) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
