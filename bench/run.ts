import '../src/contexts/built-in';
import '../src/rulesets';
import { cpus, totalmem } from 'node:os';
import { config, fmtPct, fmtRate, log, median } from './lib/harness';
import { averagePayloadBytes } from './lib/payloads';
import { batchedRound, type BatchedRound } from './store/batched';
import type { Contender } from './store/contenders';
import { emmettPublicRound } from './store/emmett-public';
import { singleRound } from './store/single';

/**
 * The store benchmarks: the SQLite adapter against raw better-sqlite3 doing the same work, in
 * the same process, alternating, median of `runs` rounds; Emmett's SQLite store alongside.
 * Prints per-round figures, then Markdown tables for bench/RESULTS.md. Not a test.
 */

const TARGET = 0.7;

function row(label: string, raw: number[], adapter: number[], unit: string): string {
  const mr = median(raw);
  const ma = median(adapter);
  // Paired: each round's ratio is measured under the same conditions; report their median.
  const ratios = adapter.map((a, i) => a / raw[i]);
  const ratio = median(ratios);
  const perRound = ratios.map(fmtPct).join(', ');
  const verdict = ratio >= TARGET ? 'meets' : 'MISSES';
  return `| ${label} | ${fmtRate(mr)} ${unit} | ${fmtRate(ma)} ${unit} | **${fmtPct(ratio)}** (rounds: ${perRound}) | ≥ 70 % | ${verdict} |`;
}

function emmettRow(label: string, adapter: number[], emmett: number[], unit: string): string {
  const ma = median(adapter);
  const me = median(emmett);
  const ratios = adapter.map((a, i) => a / emmett[i]);
  const perRound = ratios.map((x) => `${x.toFixed(2)}×`).join(', ');
  return `| ${label} | ${fmtRate(me)} ${unit} | ${fmtRate(ma)} ${unit} | ${median(ratios).toFixed(2)}× (rounds: ${perRound}) |`;
}

const pick = (rounds: Partial<Record<Contender, number>>[], c: Contender) =>
  rounds.map((r) => r[c]).filter((x): x is number => x !== undefined);

async function main(): Promise<void> {
  const contenders = config.contenders as Contender[];
  log(`# store benchmarks — ${new Date().toISOString()}`);
  log(
    `node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), ${Math.round(totalmem() / 2 ** 30)} GiB, gc between measurements: ${'gc' in globalThis ? 'yes' : 'no'}`,
  );
  log(
    `events ${config.events} in batches of ${config.batchSize} (one batch per stream), singles ${config.singles} over ${config.singleStreams} streams, rounds ${config.runs}, payload ~${averagePayloadBytes()} bytes data+metadata JSON`,
  );
  const batched: BatchedRound[] = [];
  const singles: Partial<Record<Contender, number>>[] = [];
  const publics: Awaited<ReturnType<typeof emmettPublicRound>>[] = [];
  for (let round = 0; round < config.runs; round++) {
    if (config.only.includes('batched')) batched.push(await batchedRound(round, contenders));
    if (config.only.includes('single')) singles.push(await singleRound(round, contenders));
    if (config.only.includes('emmett-public')) publics.push(await emmettPublicRound(round));
  }

  if ((batched.length || singles.length) && contenders.includes('raw')) {
    log('');
    log(
      '| benchmark | raw better-sqlite3 (median) | adapter (median) | adapter / raw (median of rounds) | target | verdict |',
    );
    log('|---|---|---|---|---|---|');
  }
  if (batched.length && contenders.includes('raw') && contenders.includes('adapter')) {
    const a = batched.map((r) => r.append);
    const b = batched.map((r) => r.read);
    log(row(`(a) append, ${config.batchSize} a batch`, pick(a, 'raw'), pick(a, 'adapter'), 'ev'));
    log(row('(b) readAll + JSON.parse', pick(b, 'raw'), pick(b, 'adapter'), 'ev'));
  }
  if (singles.length && contenders.includes('raw') && contenders.includes('adapter')) {
    log(
      row('(c) single durable append', pick(singles, 'raw'), pick(singles, 'adapter'), 'appends'),
    );
  }
  if ((batched.length || singles.length) && contenders.includes('before')) {
    // The adapter against the same adapter before the change, in the same rounds.
    const pairRow = (label: string, before: number[], now: number[], unit: string) => {
      const ratios = now.map((a, i) => a / before[i]);
      return `| ${label} | ${fmtRate(median(before))} ${unit} | ${fmtRate(median(now))} ${unit} | **${fmtPct(median(ratios))}** (rounds: ${ratios.map(fmtPct).join(', ')}) |`;
    };
    log('');
    log('| benchmark | before (BENCH_BEFORE) | adapter now | now / before (median of rounds) |');
    log('|---|---|---|---|');
    if (batched.length) {
      const a = batched.map((r) => r.append);
      const b = batched.map((r) => r.read);
      log(
        pairRow(
          `(a) append, ${config.batchSize} a batch`,
          pick(a, 'before'),
          pick(a, 'adapter'),
          'ev',
        ),
      );
      log(pairRow('(b) readAll + JSON.parse', pick(b, 'before'), pick(b, 'adapter'), 'ev'));
    }
    if (singles.length)
      log(
        pairRow(
          '(c) single durable append',
          pick(singles, 'before'),
          pick(singles, 'adapter'),
          'appends',
        ),
      );
  }
  if ((batched.length || singles.length) && contenders.includes('emmett')) {
    log('');
    log('| benchmark | Emmett SQLite | adapter | adapter / Emmett (median of rounds) |');
    log('|---|---|---|---|');
    if (batched.length) {
      const a = batched.map((r) => r.append);
      const b = batched.map((r) => r.read);
      log(
        emmettRow(
          `append, ${config.batchSize} a batch`,
          pick(a, 'adapter'),
          pick(a, 'emmett'),
          'ev',
        ),
      );
      log(emmettRow('read all + JSON parse', pick(b, 'adapter'), pick(b, 'emmett'), 'ev'));
    }
    if (singles.length) {
      log(
        emmettRow(
          'single durable append',
          pick(singles, 'adapter'),
          pick(singles, 'emmett'),
          'appends',
        ),
      );
    }
  }
  if (publics.length) {
    const a = (k: 'append' | 'readStream', who: 'adapter' | 'emmett') =>
      publics.map((p) => p[k][who]);
    const n = config.publicEvents.toLocaleString('en-GB');
    const streams = Math.ceil(config.publicEvents / config.batchSize);
    log('');
    log(
      "| Emmett's public store (a connection per call) | Emmett SQLite | adapter | adapter / Emmett |",
    );
    log('|---|---|---|---|');
    log(
      emmettRow(
        `append ${n}, ${config.batchSize} a batch`,
        a('append', 'adapter'),
        a('append', 'emmett'),
        'ev',
      ),
    );
    log(
      emmettRow(
        `readStream ×${streams}`,
        a('readStream', 'adapter'),
        a('readStream', 'emmett'),
        'ev',
      ),
    );
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
