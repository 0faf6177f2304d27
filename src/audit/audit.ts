import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventCatalogue } from '../kernel/catalogue';
import type { Projection } from '../kernel/projection';
import type { EventToAppend } from '../kernel/envelope';
import { competitions, type CompetitionsState } from '../contexts/pairs/projection';
import { teamsEventsProjection, type TeamsReadState } from '../contexts/teams/projection';
import { meetingsProjection, type MeetingsReadState } from '../contexts/meetings/projection';
import { rubberProjection, type RubberReadState } from '../contexts/rubber/projection';
import type { EventStore, StreamBatch } from '../store/event-store';
import { MemoryEventStore } from '../store/memory/memory-event-store';
import { GENESIS_HASH } from '../store/seal';
import { SqliteEventStore } from '../store/sqlite/sqlite-event-store';
import { answersDigest, type AnswersDigest } from './answers-digest';
import { readExportRecords } from './export-chain';
import { formatLineIssue } from '../ledger/ndjson';
import { readRaw, type RawRecord } from './raw-records';
import { replayAllFromStore } from './replay';
import { verifyLog, type VerifyReport } from './verify';
import { verifyStore } from './verify-parallel';

/** One store's replay of the export: its answers' digest and its own seal. */
export interface AuditedStore {
  store: 'memory' | 'sqlite';
  events: number;
  digest: AnswersDigest;
  /** The store's own chain over the facts it took in (its positions, its importedAt). */
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
  memory?: AuditedStore;
  sqlite?: AuditedStore;
  /** The two stores' answers are the same, digest for digest, and so is their count. */
  identical: boolean;
  ok: boolean;
}

/**
 * `audit <export.ndjson>`: checks the export as `verify` checks a store (its tamper
 * seal above all: the line where the chain of hashes breaks), then replays its facts into a
 * memory store and into a temporary SQLite file — each written as an import, keeping every
 * fact's recordedAt, in the file's order, not through the deciders (the facts are what they
 * are: the audit is of what the tables make of them) — recomputes every published table from
 * each store (every competition's standings and C points, every club's championship per
 * season, every teams event's standing, every club's meetings, every rubber evening: `answersDigest`) and compares the two digests. OK only when the seal holds (a file
 * without one is not audited as sealed), the file has no other problem, both stores' own chains
 * hold, and the answers are identical. A file that cannot be read throws the reader's error.
 */
export async function auditExport(path: string, catalogue: EventCatalogue): Promise<AuditReport> {
  const read = await readExportRecords(path);
  const problems = read.issues.map(formatLineIssue);
  const at = (position: number) => {
    const line = read.lineOf.get(position);
    return line === undefined ? `position ${position}` : `line ${line} (position ${position})`;
  };
  const verified = await verifyLog(iterate(read.records), catalogue, {
    densePositions: false,
    sealed: read.sealed,
    previousHash: read.previousHash,
    partial: read.previousHash !== GENESIS_HASH,
  });
  if (!read.sealed) problems.push('the file carries no tamper seal (no line has a hash)');
  for (const p of verified.problems) problems.push(`${at(p.position)}: ${p.check}: ${p.message}`);
  if (verified.moreProblems) problems.push(`… and ${verified.moreProblems} more problems`);
  const report: AuditReport = {
    file: path,
    events: read.records.length,
    seal: {
      ...verified.seal,
      sealed: read.sealed,
      ...(verified.seal.firstBreak
        ? { firstBreakLine: read.lineOf.get(verified.seal.firstBreak.position) }
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
  const dir = mkdtempSync(join(tmpdir(), 'bridge-ledger-audit-'));
  try {
    const fromStart = read.previousHash === GENESIS_HASH;
    report.memory = await replayInto(
      'memory',
      new MemoryEventStore({ upcast: catalogue.upcast }),
      read.records,
      fromStart,
      catalogue,
    );
    report.sqlite = await replayInto(
      'sqlite',
      new SqliteEventStore(join(dir, 'audit.db'), {
        upcast: catalogue.upcast,
        synchronous: 'NORMAL',
      }),
      read.records,
      fromStart,
      catalogue,
      // The file is verified on every core, as `verify` does it.
      `sqlite:${join(dir, 'audit.db')}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const m = report.memory.digest;
  const s = report.sqlite.digest;
  report.identical = m.answers === s.answers && m.hashes.all === s.hashes.all;
  if (!report.identical)
    problems.push(
      `the memory store and the SQLite file give different answers: ${m.hashes.all} (${m.answers}) against ${s.hashes.all} (${s.answers})`,
    );
  for (const r of [report.memory, report.sqlite]) {
    if (r.events !== read.records.length)
      problems.push(`${r.store}: took in ${r.events} of the file's ${read.records.length} facts`);
    if (!r.sealHolds) problems.push(`${r.store}: its own chain does not hold`);
  }
  report.ok = problems.length === 0;
  return report;
}

async function* iterate<T>(xs: readonly T[]): AsyncGenerator<T> {
  for (const x of xs) yield x;
}

/** Writes the records into the store as an import, then replays every table from it. */
async function replayInto(
  name: AuditedStore['store'],
  store: EventStore,
  records: readonly RawRecord[],
  fromStart: boolean,
  catalogue: EventCatalogue,
  url?: string,
): Promise<AuditedStore> {
  try {
    const batches: StreamBatch[] = [];
    for (const r of records) {
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
    }
    if (batches.length) await store.appendMany!(batches);
    const [state, teams, meetings, rubber] = (await replayAllFromStore(store, [
      competitions,
      teamsEventsProjection,
      meetingsProjection,
      rubberProjection,
    ] as Array<Projection<unknown>>)) as [
      CompetitionsState,
      TeamsReadState,
      MeetingsReadState,
      RubberReadState,
    ];
    const own = url
      ? await verifyStore(store, catalogue, { url, workers: availableParallelism() })
      : await verifyLog(readRaw(store), catalogue, { densePositions: true, sealed: true });
    return {
      store: name,
      events: await store.headPosition(),
      digest: answersDigest(state, teams, meetings, rubber),
      seal: own.seal,
      sealHolds: own.seal.firstBreak === undefined,
    };
  } finally {
    await store.close();
  }
}
