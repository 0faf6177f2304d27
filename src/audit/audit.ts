import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventCatalogue } from '../kernel/catalogue';
import { GENESIS_HASH } from '../store/seal';
import { SqliteEventStore } from '../store/sqlite/sqlite-event-store';
import type { AnswersDigest } from './answers-digest';
import { foldGroupFiles, foldGroupsOfCopy, splitIntoGroups, type RoadAnswers } from './audit-roads';
import { AuditCopy } from './export-copy';
import { StreamClubs } from './club-groups';
import { streamExportRecords } from './export-chain';
import { formatLineIssue } from '../ledger/ndjson';
import { PROGRESS_EVERY } from './replay';
import { seenIdsOnDisk } from './seen-ids';
import { verifyLog, type VerifyReport } from './verify';
import { verifyStore } from './verify-parallel';

/** One replay of the export: its answers' digest and its own seal. */
export interface AuditedStore {
  /** `file`: the file's facts folded as read, no store; `sqlite`: a temporary SQLite copy's. */
  store: 'file' | 'sqlite';
  events: number;
  digest: AnswersDigest;
  /** The chain over the facts it read (the file's own; the SQLite copy's positions, importedAt). */
  seal: VerifyReport['seal'];
  sealHolds: boolean;
}

export interface AuditReport {
  file: string;
  events: number;
  /** The export's seal: whether its lines carry the chain, where it breaks, its head. */
  seal: VerifyReport['seal'] & { sealed: boolean; firstBreakLine?: number };
  /** Every problem found, each naming its line where there is one. */
  problems: string[];
  /** The file's facts folded straight into the tables, as a store would number them. */
  fromFile?: AuditedStore;
  sqlite?: AuditedStore;
  /** How many groups of clubs each road folded, one after the other. */
  groups?: number;
  /** The facts of streams no one club owns, folded with every group. */
  sharedFacts?: number;
  /** The two replays' answers are the same, digest for digest, and so is their count. */
  identical: boolean;
  ok: boolean;
}

/**
 * About how many facts of clubs are folded together by default. At 9.35 M facts, groups of
 * 500,000 peaked at 1,021 MiB, at the 1 GB bound; groups of 250,000 at 872 MiB, for 40 passes
 * of the copy's road instead of 19 (bench/RESULTS.md: the audit at 9.35 M facts).
 */
export const GROUP_FACTS = 250_000;

export interface AuditOptions {
  /** About how many facts a group of clubs folded at once holds (GROUP_FACTS). */
  groupFacts?: number;
  /** Told where the audit is, every PROGRESS_EVERY facts of each phase and at its end. */
  onProgress?: (p: AuditProgress) => void;
  /**
   * From how many bytes of export the SQLite copy is written on a worker thread while the check
   * reads the file here (COPY_WORKER_BYTES); a smaller file is copied here after the check.
   */
  copyWorkerBytes?: number;
}

/**
 * About 30,000 facts of an export: below, a worker's start (loading the contexts) costs more
 * than the copy it would take off the check's thread.
 */
export const COPY_WORKER_BYTES = 16 << 20;

/**
 * Where a long audit is (at 9.35 M facts it takes a quarter of an hour): the phase, in the
 * order they run, and the facts it has done of its total. The check's pass reads the file
 * before anything knows how many facts it holds: its total comes with its end.
 */
export interface AuditProgress {
  /**
   * `check`: the file's seal and facts; `copy`: the SQLite copy and the group files written
   * (each fact counted once in each: its total is twice the facts, and a copy made on a worker
   * during the check starts the phase part done);
   * `file`, `sqlite`: each road's folds, every group's (a shared stream's facts once a group);
   * `verify`: the copy's own check.
   */
  phase: 'check' | 'copy' | 'file' | 'sqlite' | 'verify';
  done: number;
  total?: number;
}

/**
 * `audit <export.ndjson>`: checks the export as `verify` checks a store (its tamper
 * seal above all: the line where the chain of hashes breaks), then computes every published
 * table twice by two roads — the file's facts folded as they are read, numbered as a store
 * numbers an import, and the same facts written to a temporary SQLite file as an import and
 * replayed from it — every competition's standings and C points, every club's championship per
 * season, every teams event's standing, every club's meetings, every rubber evening
 * (`AnswersCollector`), and compares the two digests. Memory holds one group of clubs' read
 * models at a time, never the ledger's: the check's pass learns which club each stream is of
 * (`StreamClubs`) and keeps the ids it has seen on disk; one more pass writes the SQLite copy
 * and each group's facts to a file of its own; each road then folds a group at a time (the
 * file's road from its group files, the copy's from the group's streams, found by the copy's
 * index of streams, in $all's order).
 * OK only when the seal holds (a file without one is not audited as sealed), the file has no
 * other problem, the copy's own chain holds, and the answers are identical. A file that cannot
 * be read throws the reader's error.
 */
export async function auditExport(
  path: string,
  catalogue: EventCatalogue,
  options: AuditOptions = {},
): Promise<AuditReport> {
  const groupFacts = options.groupFacts ?? GROUP_FACTS;
  if (!(Number.isInteger(groupFacts) && groupFacts >= 1))
    throw new RangeError(`groupFacts: a group holds at least 1 fact, not ${groupFacts}`);
  const dir = mkdtempSync(join(tmpdir(), 'bridge-ledger-audit-'));
  try {
    return await auditIn(dir, path, catalogue, groupFacts, options);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function auditIn(
  dir: string,
  path: string,
  catalogue: EventCatalogue,
  groupFacts: number,
  options: AuditOptions,
): Promise<AuditReport> {
  const onProgress = options.onProgress ?? (() => {});
  const copy = new AuditCopy(
    path,
    join(dir, 'audit.db'),
    // On one core too: the worker's pass costs no more than the same pass here, and spares
    // the file the third read a copy after the check takes.
    statSync(path).size >= (options.copyWorkerBytes ?? COPY_WORKER_BYTES),
    (done, total) => onProgress({ phase: 'copy', done, total }),
  );
  try {
    return await checkThenReplay(dir, path, catalogue, groupFacts, onProgress, copy);
  } finally {
    await copy.stop();
  }
}

async function checkThenReplay(
  dir: string,
  path: string,
  catalogue: EventCatalogue,
  groupFacts: number,
  onProgress: (p: AuditProgress) => void,
  copy: AuditCopy,
): Promise<AuditReport> {
  const read = await streamExportRecords(path);
  const clubs = new StreamClubs();
  const ids = seenIdsOnDisk(join(dir, 'ids.db'));
  let verified: VerifyReport;
  let checked = 0;
  try {
    verified = await verifyLog(read.records, catalogue, {
      densePositions: false,
      sealed: read.sealed,
      previousHash: read.previousHash,
      partial: read.previousHash !== GENESIS_HASH,
      ids,
      observe: (e) => {
        clubs.note(e);
        if (++checked % PROGRESS_EVERY === 0) onProgress({ phase: 'check', done: checked });
      },
    });
  } finally {
    ids.close();
  }
  onProgress({ phase: 'check', done: verified.events, total: verified.events });
  const problems = read.issues.map(formatLineIssue);
  // An export's records carry their lines, and so do the problems found in them.
  const lineOf = new Map(
    verified.problems.flatMap((p) => (p.line === undefined ? [] : [[p.position, p.line]])),
  );
  const at = (position: number) => {
    const line = lineOf.get(position);
    return line === undefined ? `position ${position}` : `line ${line} (position ${position})`;
  };
  if (!read.sealed) problems.push('the file carries no tamper seal (no line has a hash)');
  for (const p of verified.problems) problems.push(`${at(p.position)}: ${p.check}: ${p.message}`);
  if (verified.moreProblems) problems.push(`… and ${verified.moreProblems} more problems`);
  const report: AuditReport = {
    file: path,
    events: verified.events,
    seal: {
      ...verified.seal,
      sealed: read.sealed,
      ...(verified.seal.firstBreak
        ? { firstBreakLine: lineOf.get(verified.seal.firstBreak.position) }
        : {}),
    },
    problems,
    identical: false,
    ok: false,
  };
  // A file whose lines are not all facts the catalogue knows cannot be replayed faithfully.
  if (
    read.issues.length ||
    verified.problems.some((p) => p.check !== 'chain' && p.check !== 'stream')
  )
    return report;
  const groups = clubs.groups(groupFacts);
  copy.begin(verified.events);
  const split = await splitIntoGroups(path, dir, groups, (done) => copy.groupedTo(done));
  const open = (file: string) =>
    new SqliteEventStore(file, { upcast: catalogue.upcast, synchronous: 'NORMAL' });
  await copy.finish(open);
  const store = open(copy.file);
  try {
    // Each group folds its own facts and every shared stream's.
    const folded = verified.events + groups.sharedFacts * (groups.groups.length - 1);
    const fromFile = await foldGroupFiles(split.files, groups, split.last, catalogue, (done) =>
      onProgress({ phase: 'file', done, total: folded }),
    );
    report.fromFile = audited('file', fromFile, verified.seal);
    const fromCopy = await foldGroupsOfCopy(store, groups, catalogue, (done) =>
      onProgress({ phase: 'sqlite', done, total: folded }),
    );
    // The copy is verified on every core, as `verify` does it.
    const own = await verifyStore(store, catalogue, {
      url: `sqlite:${copy.file}`,
      workers: availableParallelism(),
      onProgress: (p) => onProgress({ phase: 'verify', ...p }),
    });
    report.sqlite = audited('sqlite', fromCopy, own.seal);
  } finally {
    await store.close();
  }
  report.groups = groups.groups.length;
  report.sharedFacts = groups.sharedFacts;
  const f = report.fromFile.digest;
  const s = report.sqlite.digest;
  report.identical = f.answers === s.answers && f.hashes.all === s.hashes.all;
  if (!report.identical)
    problems.push(
      `the file's facts and the SQLite copy give different answers: ${f.hashes.all} (${f.answers}) against ${s.hashes.all} (${s.answers})`,
    );
  for (const r of [report.fromFile, report.sqlite]) {
    if (r.events !== report.events)
      problems.push(`${r.store}: took in ${r.events} of the file's ${report.events} facts`);
  }
  if (!report.sqlite.sealHolds) problems.push('sqlite: its own chain does not hold');
  report.ok = problems.length === 0;
  return report;
}

/** One road's answers with the seal it read them under. */
const audited = (
  store: AuditedStore['store'],
  road: RoadAnswers,
  seal: VerifyReport['seal'],
): AuditedStore => ({
  store,
  events: road.events,
  digest: road.digest,
  seal,
  sealHolds: seal.firstBreak === undefined,
});
