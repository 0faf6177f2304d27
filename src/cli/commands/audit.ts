import type { Command } from 'commander';
import { catalogue } from '../../contexts/catalogue';
import { InvalidArgumentError } from 'commander';
import {
  auditExport,
  GROUP_FACTS,
  type AuditedStore,
  type AuditProgress,
  type AuditReport,
} from '../../audit/audit';
import { wholeNumber } from '../../audit/table-query';
import { err } from '../options';
import { phasedProgress } from '../progress';

/** `--group-facts`: a whole number from 1. */
function groupFactsOption(value: string): number {
  const n = wholeNumber(value);
  if (!n) throw new InvalidArgumentError('--group-facts must be an integer >= 1');
  return n;
}

/** The audit's phases as its progress names them on a terminal. */
const PHASES: Record<AuditProgress['phase'], string> = {
  check: 'audit: checking the file',
  copy: 'audit: writing the SQLite copy',
  file: "audit: folding the file's facts",
  sqlite: "audit: folding the copy's facts",
  verify: 'audit: verifying the copy',
};

/**
 * `audit <export.ndjson>`: the export's tamper seal, and every table recomputed from
 * the file's facts folded as read and from a temporary SQLite copy, proven identical. Exit 0 only if all holds; 1 if the
 * audit fails; 2 if the file cannot be read.
 */
export function registerAudit(program: Command): void {
  program
    .command('audit <file>')
    .description(
      'Audit an export: check its tamper seal, recompute every table from its facts as read and from a temporary SQLite copy, and prove them identical',
    )
    .option('--json', 'print the report as JSON')
    .option(
      '--group-facts <n>',
      `fold the clubs in groups of about n facts, one group's read models in memory at a time (default ${GROUP_FACTS})`,
      groupFactsOption,
    )
    .action(async (file: string, o: { json?: boolean; groupFacts?: number }) => {
      let report: AuditReport;
      const bar = phasedProgress(PHASES);
      try {
        report = await auditExport(file, catalogue, {
          groupFacts: o.groupFacts,
          onProgress: (p) => bar.update(p.phase, p.done, p.total),
        });
      } catch (e) {
        const code = (e as { code?: unknown }).code;
        if (typeof code !== 'string' || !/^E[A-Z]+$/.test(code)) throw e;
        err(`audit: cannot read ${file}: ${(e as Error).message}`);
        process.exitCode = 2;
        return;
      } finally {
        bar.stop();
      }
      if (o.json) process.stdout.write(JSON.stringify(report, null, 2) + '\n');
      else process.stdout.write(formatAudit(report));
      process.exitCode = report.ok ? 0 : 1;
    });
}

function formatAudit(r: AuditReport): string {
  const out: string[] = [];
  const { seal } = r;
  out.push(`${r.file}: ${r.events} facts`);
  if (!seal.sealed) out.push('seal: NONE (the file carries no hashes)');
  else if (seal.firstBreak) {
    const b = seal.firstBreak;
    out.push(
      `seal: BROKEN first at line ${seal.firstBreakLine ?? '?'} (position ${b.position}), event ${b.id}: expected ${b.expected}, the file carries ${b.stored ?? 'none'}`,
    );
  } else
    out.push(
      `seal: the chain holds; head hash ${seal.head.hash} at position ${seal.head.position}`,
    );
  const store = (s: AuditedStore | undefined, name: string) => {
    if (!s) return out.push(`${name}: not replayed`);
    const d = s.digest;
    out.push(
      `${name.padEnd(6)} ${d.hashes.all}  ${d.answers} answers (${d.standings} standings, ${d.cPoints} C points, ${d.championships} championships, ${d.teams} teams events, ${d.meetings} meetings answers, ${d.rubber} rubber ${d.rubber === 1 ? 'evening' : 'evenings'}); own chain ${s.sealHolds ? 'holds' : 'BROKEN'}`,
    );
  };
  if (r.groups !== undefined)
    out.push(
      `folded ${r.groups === 1 ? 'in one group' : `in ${r.groups} groups of clubs`}${r.sharedFacts ? `, ${r.sharedFacts} facts of shared streams with each` : ''}`,
    );
  store(r.fromFile, 'file');
  store(r.sqlite, 'sqlite');
  if (r.fromFile && r.sqlite) out.push(`identical: ${r.identical ? 'yes' : 'NO'}`);
  for (const p of r.problems) out.push(`problem: ${p}`);
  out.push(r.ok ? 'OK' : 'FAILED');
  return out.join('\n') + '\n';
}
