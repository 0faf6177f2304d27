import { availableParallelism } from 'node:os';
import { type Command } from 'commander';
import { catalogue } from '../../contexts/catalogue';
import { streamExportRecords } from '../../audit/export-chain';
import { formatLineIssue } from '../../ledger/ndjson';
import { verifyLog, type VerifyReport } from '../../audit/verify';
import { verifyStore } from '../../audit/verify-parallel';
import { progress } from '../progress';
import { GENESIS_HASH } from '../../store/seal';
import { openStore } from '../../store/open-store';
import { err, storeOption, workersOption } from '../options';

/**
 * `verify [file]`: the log's positions, revisions, JSON, types and streams, and its tamper seal
 * (the chain of hashes, the first event where it breaks, the head hash to write
 * down). With a file: an export, checked as the store it came from would be.
 */
export function registerVerify(program: Command): void {
  program
    .command('verify [file]')
    .description(
      'Check the log (or an exported file): the tamper seal, gap-free positions, contiguous revisions, valid JSON, known types, facts in their streams',
    )
    .addOption(storeOption())
    .option('--json', 'print the report as JSON')
    .option(
      '--workers <n>',
      'verify a SQLite or PostgreSQL ledger on this many cores (default: all of them)',
      workersOption,
    )
    .action(
      async (file: string | undefined, o: { store: string; json?: boolean; workers?: number }) => {
        let report: VerifyReport;
        let lineIssues: string[] = [];
        if (file) {
          let read;
          try {
            read = await streamExportRecords(file);
          } catch (e) {
            err(`verify: cannot read ${file}: ${(e as Error).message}`);
            process.exitCode = 2;
            return;
          }
          report = await verifyLog(
            read.records,
            catalogue,
            // An export may start after position 1, and EventStoreDB's positions are sparse:
            // a removed line is caught by the chain.
            {
              densePositions: false,
              sealed: read.sealed,
              previousHash: read.previousHash,
              partial: read.previousHash !== GENESIS_HASH,
            },
          );
          lineIssues = read.issues.map((i) => `${file}: ${formatLineIssue(i)}`);
          if (lineIssues.length) report.ok = false;
        } else {
          const store = await openStore(o.store, { readOnly: true });
          const bar = progress('verify', await store.headPosition());
          try {
            report = await verifyStore(store, catalogue, {
              url: o.store,
              workers: o.workers ?? availableParallelism(),
              onProgress: (p) => bar.update(p.done),
            });
          } finally {
            bar.stop();
            await store.close();
          }
        }
        if (o.json) {
          const { revisions: _joined, ...shown } = report;
          process.stdout.write(JSON.stringify({ ...shown, lineIssues }, null, 2) + '\n');
        } else {
          // An export's records carry their lines, and so do the problems found in them.
          const lineOf = new Map(
            report.problems.flatMap((p) => (p.line === undefined ? [] : [[p.position, p.line]])),
          );
          const at = (position: number) =>
            lineOf.has(position)
              ? `line ${lineOf.get(position)}, position ${position}`
              : `position ${position}`;
          for (const l of lineIssues) process.stdout.write(`${l}\n`);
          for (const p of report.problems)
            process.stdout.write(`${at(p.position)}: ${p.check}: ${p.message}\n`);
          if (report.moreProblems)
            process.stdout.write(`… and ${report.moreProblems} more problems\n`);
          const misplaced = report.problems.filter((p) => p.check === 'stream').length;
          if (misplaced)
            process.stdout.write(
              `${misplaced} fact(s) outside their stream: written before appends checked streams, not damage, but the standings do not count them (docs/cli.md, verify)\n`,
            );
          process.stdout.write(sealLine(report, at) + '\n');
          process.stdout.write(
            `${report.ok ? 'OK' : 'FAILED'}: ${report.events} events in ${report.streams} streams, last position ${report.lastPosition}\n`,
          );
        }
        process.exitCode = report.ok ? 0 : 1;
      },
    );
}

/** The seal's verdict and the head hash to write down (docs/architecture.md "Tamper evidence"). */
function sealLine(report: VerifyReport, at: (position: number) => string): string {
  const { seal } = report;
  const head = `head hash ${seal.head.hash} at position ${seal.head.position}`;
  if (!seal.kept)
    return `seal: no hashes stored (EventStoreDB, an unsealed file or export): chain computed, ${head}; compare it with one written down earlier`;
  if (seal.firstBreak) {
    const b = seal.firstBreak;
    return `seal: BROKEN at ${at(b.position)}, event ${b.id}: expected ${b.expected}, stored ${b.stored ?? 'none'} (${seal.breaks} break(s)); ${head}`;
  }
  return `seal: the chain holds; ${head} (write it down: docs/architecture.md, Tamper evidence)`;
}
