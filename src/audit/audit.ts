import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventCatalogue } from '../kernel/catalogue';
import type { Projection } from '../kernel/projection';
import type { EventToAppend, RecordedEvent } from '../kernel/envelope';
import { competitions, type CompetitionsState } from '../contexts/pairs/projection';
import { teamsEventsProjection, type TeamsReadState } from '../contexts/teams/projection';
import { meetingsProjection, type MeetingsReadState } from '../contexts/meetings/projection';
import { rubberProjection, type RubberReadState } from '../contexts/rubber/projection';
import type { StreamBatch } from '../store/event-store';
import { GENESIS_HASH } from '../store/seal';
import { SqliteEventStore } from '../store/sqlite/sqlite-event-store';
import { answersDigest, type AnswersDigest } from './answers-digest';
import { streamExportRecords } from './export-chain';
import { formatLineIssue } from '../ledger/ndjson';
import { EVENTS_PER_TURN, nextTurn, replayAllFromStore } from './replay';
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
  /** The two replays' answers are the same, digest for digest, and so is their count. */
  identical: boolean;
  ok: boolean;
}

/** What audit recomputes: every published table's read model, folded in one pass. */
const TABLES = [competitions, teamsEventsProjection, meetingsProjection, rubberProjection] as Array<
  Projection<unknown>
>;

const digestOf = (states: unknown[]) => {
  const [state, teams, meetings, rubber] = states as [
    CompetitionsState,
    TeamsReadState,
    MeetingsReadState,
    RubberReadState,
  ];
  return answersDigest(state, teams, meetings, rubber);
};

/** Facts written to the SQLite copy in one transaction: memory holds a batch, not the file. */
const IMPORT_BATCH = 10_000;

/**
 * `audit <export.ndjson>`: checks the export as `verify` checks a store (its tamper
 * seal above all: the line where the chain of hashes breaks), then computes every published
 * table twice by two roads — the file's facts folded as they are read, numbered as a store
 * numbers an import, and the same facts written to a temporary SQLite file as an import (each
 * fact's recordedAt kept, in the file's order, not through the deciders: the audit is of what the
 * tables make of the facts as recorded) and replayed from it — every competition's standings and
 * C points, every club's championship per season, every teams event's standing, every club's
 * meetings, every rubber evening (`answersDigest`), and compares the two digests. The file is
 * read line by line on each road, so memory holds the tables' state and a batch, never the file.
 * OK only when the seal holds (a file without one is not audited as sealed), the file has no
 * other problem, the copy's own chain holds, and the answers are identical. A file that cannot
 * be read throws the reader's error.
 */
export async function auditExport(path: string, catalogue: EventCatalogue): Promise<AuditReport> {
  const read = await streamExportRecords(path);
  const verified = await verifyLog(read.records, catalogue, {
    densePositions: false,
    sealed: read.sealed,
    previousHash: read.previousHash,
    partial: read.previousHash !== GENESIS_HASH,
  });
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
  const fromStart = read.previousHash === GENESIS_HASH;
  report.fromFile = await foldFile(path, catalogue, verified);
  const dir = mkdtempSync(join(tmpdir(), 'bridge-ledger-audit-'));
  try {
    report.sqlite = await replayIntoSqlite(join(dir, 'audit.db'), path, fromStart, catalogue);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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

/**
 * The file's facts folded into the tables as they are read: each numbered as a store numbers an
 * import (positions from 1, each stream's revisions from its first fact in the file), upcast as
 * a store's read upcasts it. Its seal is the file's own, checked already.
 */
async function foldFile(
  path: string,
  catalogue: EventCatalogue,
  verified: VerifyReport,
): Promise<AuditedStore> {
  const { records } = await streamExportRecords(path);
  const states = TABLES.map((p) => p.initial());
  const revisions = new Map<string, number>();
  let position = 0;
  for await (const { line: _line, hash: _hash, ...r } of records) {
    const revision = revisions.get(r.streamId) ?? 0;
    revisions.set(r.streamId, revision + 1);
    position += 1;
    const e = catalogue.upcast({
      ...r,
      revision,
      position,
      data: JSON.parse(r.data) as unknown,
      metadata: JSON.parse(r.metadata) as RecordedEvent['metadata'],
    });
    TABLES.forEach((p, i) => (states[i] = p.apply(states[i], e, undefined)));
    if (position % EVENTS_PER_TURN === 0) await nextTurn();
  }
  return {
    store: 'file',
    events: position,
    digest: digestOf(states),
    seal: verified.seal,
    sealHolds: verified.seal.firstBreak === undefined,
  };
}

/** Writes the file's facts into a new SQLite file as an import, then replays every table from it. */
async function replayIntoSqlite(
  file: string,
  path: string,
  fromStart: boolean,
  catalogue: EventCatalogue,
): Promise<AuditedStore> {
  const store = new SqliteEventStore(file, { upcast: catalogue.upcast, synchronous: 'NORMAL' });
  try {
    let batches: StreamBatch[] = [];
    let pending = 0;
    const { records } = await streamExportRecords(path);
    for await (const r of records) {
      const event: EventToAppend = {
        id: r.id,
        type: r.type,
        schemaVersion: r.schemaVersion,
        occurredAt: r.occurredAt,
        data: JSON.parse(r.data) as unknown,
        metadata: JSON.parse(r.metadata) as EventToAppend['metadata'],
      };
      const last = batches[batches.length - 1];
      if (last && last.streamId === r.streamId && last.events.length < 1000) {
        (last.events as EventToAppend[]).push(event);
        (last.recordedAt as string[]).push(r.recordedAt);
      } else {
        batches.push({
          streamId: r.streamId,
          // From position 1, each stream's revisions as the file gives them.
          expectedRevision: !fromStart ? 'any' : r.revision === 0 ? 'no_stream' : r.revision - 1,
          events: [event],
          recordedAt: [r.recordedAt],
        });
      }
      if (++pending >= IMPORT_BATCH) {
        await store.appendMany!(batches);
        batches = [];
        pending = 0;
      }
    }
    if (batches.length) await store.appendMany!(batches);
    // The tables' read models are let go before the copy's own check starts its workers.
    const digest = digestOf(await replayAllFromStore(store, TABLES));
    // The copy is verified on every core, as `verify` does it.
    const own = await verifyStore(store, catalogue, {
      url: `sqlite:${file}`,
      workers: availableParallelism(),
    });
    return {
      store: 'sqlite',
      events: await store.headPosition(),
      digest,
      seal: own.seal,
      sealHolds: own.seal.firstBreak === undefined,
    };
  } finally {
    await store.close();
  }
}
