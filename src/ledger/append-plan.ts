// An append file read into planned batches: its lines checked, grouped by stream, in runs.
import { validateAppend } from './validate-append';
import type { EventCatalogue } from '../kernel/catalogue';
import type { EventToAppend } from '../kernel/envelope';
import { isInstant } from '../kernel/instant';
import { contentHash, INSTANT_MESSAGE } from '../store/append-rules';
import type { ExpectedRevision } from '../store/event-store';
import { InvalidEventError } from '../store/errors';
import { FileChain } from '../audit/export-chain';
import { readNdjson, type LineIssue } from './ndjson';

/** Lines of one stream, in file order, appended as one batch. */
export interface PlannedBatch {
  streamId: string;
  expectedRevision: ExpectedRevision;
  events: EventToAppend[];
  lines: number[];
  /** Each line's `recordedAt`, as an export writes it (an import keeps it), if any line has one. */
  recordedAt?: Array<string | undefined>;
  /**
   * The run it is part of: a stream's consecutive lines, cut into batches of `CHUNK` for the
   * store. The deciders judge a run whole (an NZ-6 cross result needs its partner's, wherever
   * the cut falls).
   */
  run: number;
}

const CHUNK = 1000;
const ENVELOPE_FIELDS = new Set([
  'streamId',
  'id',
  'type',
  'schemaVersion',
  'occurredAt',
  'data',
  'metadata',
  'revision',
  // Written by export: the store assigns its own position; recordedAt is kept (an import),
  // importedAt is the new store's.
  'position',
  'recordedAt',
  'importedAt',
  // Written by export of a sealed ledger: the tamper seal, checked line by line (FileChain); the
  // new store computes its own chain.
  'hash',
  'previousHash',
]);

export class AppendFileError extends Error {
  readonly code = 'INVALID_FILE';
  constructor(
    readonly issues: LineIssue[],
    message = `${issues.length} problem(s); nothing was appended`,
  ) {
    super(message);
  }
}

/**
 * EventStoreDB only (no multi-stream transaction): a write that failed after some batches were
 * written, e.g. another writer moved a stream between the check and the write. Says which
 * lines were written and which were not; appending the same file again completes it (the
 * written lines are recognised as stored).
 */
export class PartialAppendError extends Error {
  readonly code = 'PARTIAL_APPEND';
  constructor(
    readonly written: number[],
    readonly notWritten: number[],
    readonly issues: LineIssue[],
    cause: unknown,
    message = `${written.length} event(s) written (${ranges(written)}), ${notWritten.length} not (${ranges(notWritten)}): append the same file again to complete it`,
  ) {
    super(message, { cause });
  }
}

/** 1-3, 5, 7-9: line numbers as ranges. */
export function ranges(lines: readonly number[]): string {
  if (lines.length === 0) return 'none';
  const out: string[] = [];
  let from = lines[0];
  let to = from;
  for (const n of [...lines.slice(1), NaN]) {
    if (n === to + 1) to = n;
    else {
      out.push(from === to ? `line ${from}` : `lines ${from}-${to}`);
      from = to = n;
    }
  }
  return out.join(', ');
}

/**
 * Reads and checks the whole file before anything is written: every line must be an envelope
 * with a streamId, known type and valid data. Consecutive lines of one stream form a batch;
 * a line's `revision` (as export writes it) becomes the batch's expected revision, so
 * appending an exported file again is an idempotent no-op.
 */
export async function planAppend(path: string, catalogue: EventCatalogue): Promise<PlannedBatch[]> {
  const issues: LineIssue[] = [];
  const batches: PlannedBatch[] = [];
  const lastRevision = new Map<string, number>();
  const idLines = new Map<string, { line: number; streamId: string; value: unknown }>();
  const chain = new FileChain();
  for await (const entry of readNdjson(path)) {
    if ('issue' in entry) {
      issues.push(entry.issue);
      continue;
    }
    const { line, value } = entry;
    issues.push(...chain.check(line, value));
    for (const key of Object.keys(value)) {
      if (!ENVELOPE_FIELDS.has(key))
        issues.push({ line, field: key, message: 'is not an envelope field' });
    }
    const streamId = value.streamId;
    if (typeof streamId !== 'string') {
      issues.push({ line, field: 'streamId', message: 'must be a string' });
      continue;
    }
    const revision = value.revision;
    if (revision !== undefined && (!Number.isSafeInteger(revision) || (revision as number) < 0)) {
      issues.push({ line, field: 'revision', message: 'must be an integer >= 0' });
      continue;
    }
    if (revision !== undefined) {
      const prev = lastRevision.get(streamId);
      if (prev !== undefined && revision !== prev + 1) {
        issues.push({
          line,
          field: 'revision',
          message: `must be ${prev + 1}, the next in ${streamId}`,
        });
      }
      lastRevision.set(streamId, revision as number);
    }
    const recordedAt = value.recordedAt;
    // The store's rule (append-rules.ts): Date.parse alone reads 2026-02-30 as 2 March.
    if (recordedAt !== undefined && !isInstant(recordedAt)) {
      issues.push({ line, field: 'recordedAt', message: INSTANT_MESSAGE });
      continue;
    }
    if (typeof value.id === 'string') {
      // An id once a file: a repeat is either the same fact twice or two facts with one id.
      const id = value.id.toLowerCase();
      const first = idLines.get(id);
      if (first) {
        const why =
          first.streamId !== streamId
            ? `in stream ${first.streamId}, not ${streamId}`
            : contentKey(first.value) !== contentKey(value)
              ? 'with other content: a new fact needs a new id'
              : 'the same fact twice: remove one';
        issues.push({
          line,
          field: 'id',
          message: `repeats the id of line ${first.line} (${why})`,
        });
        continue;
      }
      idLines.set(id, { line, streamId, value });
    }
    const event: EventToAppend = {
      id: value.id as string,
      type: value.type as string,
      schemaVersion: value.schemaVersion as number | undefined,
      occurredAt: value.occurredAt as string,
      data: value.data,
      metadata: value.metadata as EventToAppend['metadata'],
    };
    const last = batches[batches.length - 1];
    const sameRun =
      last !== undefined &&
      last.streamId === streamId &&
      (revision === undefined) === (last.expectedRevision === 'any');
    if (sameRun && last.events.length < CHUNK) {
      last.events.push(event);
      last.lines.push(line);
      last.recordedAt!.push(recordedAt);
    } else {
      const expectedRevision: ExpectedRevision =
        revision === undefined ? 'any' : revision === 0 ? 'no_stream' : (revision as number) - 1;
      const run = sameRun ? last.run : (last?.run ?? -1) + 1;
      batches.push({
        streamId,
        expectedRevision,
        events: [event],
        lines: [line],
        recordedAt: [recordedAt],
        run,
      });
    }
  }
  for (const b of batches) if (b.recordedAt!.every((r) => r === undefined)) delete b.recordedAt;
  for (const b of batches) {
    try {
      b.events = validateAppend(catalogue, b.streamId, b.expectedRevision, b.events);
    } catch (err) {
      if (!(err instanceof InvalidEventError)) throw err;
      for (const i of err.issues) issues.push(toLineIssue(b, i.field, i.message));
    }
  }
  if (issues.length) throw new AppendFileError(issues.sort((a, b) => a.line - b.line));
  return batches;
}

/** What makes a line's fact the same as another's (the store's rule, before validation). */
function contentKey(value: unknown): string {
  const v = value as Record<string, unknown>;
  try {
    return contentHash({
      type: String(v.type),
      schemaVersion: typeof v.schemaVersion === 'number' ? v.schemaVersion : 0,
      occurredAt: String(v.occurredAt),
      data: v.data,
      metadata: v.metadata ?? {},
    });
  } catch {
    return JSON.stringify(value);
  }
}

export function toLineIssue(batch: PlannedBatch, field: string, message: string): LineIssue {
  const m = /^events\[(\d+)\]\.?(.*)$/.exec(field);
  if (m) return { line: batch.lines[Number(m[1])], field: m[2], message };
  return { line: batch.lines[0], field, message };
}
