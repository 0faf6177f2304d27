import { validateAppend } from './validate-append';
import type { EventCatalogue } from '../events/catalogue';
import type { EventToAppend } from '../events/envelope';
import type { EventStore, ExpectedRevision } from '../store/event-store';
import { InvalidEventError } from '../store/errors';
import {
  appendRunThroughGate,
  appendThroughGate,
  refusalsThroughGate,
} from './append-through-gate';
import { DomainGate, WrongStreamViolation } from './domain-gate';
import { readNdjson, type LineIssue } from './ndjson';

/** Lines of one stream, in file order, appended as one batch. */
export interface PlannedBatch {
  streamId: string;
  expectedRevision: ExpectedRevision;
  events: EventToAppend[];
  lines: number[];
  /**
   * The run it is part of: a stream's consecutive lines, cut into batches of `CHUNK` for the
   * store. The deciders judge a run whole (an NZ-6 cross result needs its partner's, wherever
   * the cut falls), before any batch of it is written.
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
  // Written by export; the store assigns its own, so they are read and left.
  'position',
  'recordedAt',
]);

export class AppendFileError extends Error {
  readonly code = 'INVALID_FILE';
  constructor(readonly issues: LineIssue[]) {
    super(`${issues.length} problem(s); nothing was appended`);
  }
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
  for await (const entry of readNdjson(path)) {
    if ('issue' in entry) {
      issues.push(entry.issue);
      continue;
    }
    const { line, value } = entry;
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
    } else {
      const expectedRevision: ExpectedRevision =
        revision === undefined ? 'any' : revision === 0 ? 'no_stream' : (revision as number) - 1;
      const run = sameRun ? last.run : (last?.run ?? -1) + 1;
      batches.push({ streamId, expectedRevision, events: [event], lines: [line], run });
    }
  }
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

function toLineIssue(batch: PlannedBatch, field: string, message: string): LineIssue {
  const m = /^events\[(\d+)\]\.?(.*)$/.exec(field);
  if (m) return { line: batch.lines[Number(m[1])], field: m[2], message };
  return { line: batch.lines[0], field, message };
}

export interface AppendSummary {
  batches: number;
  events: number;
  lastPosition: number;
}

/** The batches of each run, in file order. */
function runsOf(batches: readonly PlannedBatch[]): PlannedBatch[][] {
  const runs: PlannedBatch[][] = [];
  for (const b of batches) {
    const last = runs[runs.length - 1];
    if (last && last[0]!.run === b.run) last.push(b);
    else runs.push([b]);
  }
  return runs;
}

/** A run's batches as one: what the deciders judge (its lines, to name the line at fault). */
function whole(run: readonly PlannedBatch[]): PlannedBatch {
  if (run.length === 1) return run[0]!;
  return {
    ...run[0]!,
    events: run.flatMap((b) => b.events),
    lines: run.flatMap((b) => b.lines),
  };
}

/**
 * A run from its first batch not already stored (an earlier append of the file written its
 * first batches): those before are the store's no-ops, the rest are judged after them.
 */
async function unstored(gate: DomainGate, run: readonly PlannedBatch[]) {
  let i = 0;
  while (i < run.length - 1 && (await gate.stores(run[i]!.streamId, run[i]!.events))) i++;
  return { stored: run.slice(0, i), rest: run.slice(i) };
}

/**
 * Appends planned batches in file order, each through the deciders (DomainGate). Each batch is
 * atomic and idempotent by its ids; a batch already stored passes as a no-op. A run of one
 * stream's lines longer than a batch is judged whole before its first batch is written.
 */
export async function appendBatches(
  store: EventStore,
  batches: PlannedBatch[],
  onProgress: (events: number) => void = () => undefined,
): Promise<AppendSummary> {
  await checkRules(store, batches);
  const gate = new DomainGate(store);
  let events = 0;
  let lastPosition = 0;
  for (const run of runsOf(batches)) {
    const { stored, rest } = await unstored(gate, run);
    for (const b of stored) {
      await appendThroughGate(gate, store, b);
      events += b.events.length;
      onProgress(events);
    }
    const results = await appendRunThroughGate(gate, store, rest, (b) => {
      events += b.events.length;
      onProgress(events);
    });
    lastPosition = results[results.length - 1]!.position;
  }
  return { batches: batches.length, events, lastPosition };
}

/**
 * A dry run of the deciders over the whole file, so that a fact a rule forbids on line 900
 * stops the file before line 1 is written: the gate checks every run of a stream's lines
 * whole, whatever its stream (a fact in the wrong stream, a rulebook fact that cannot be
 * applied, the competitions', clubs' and rosters' deciders). Each refusal names its line and
 * its rule.
 */
async function checkRules(store: EventStore, batches: PlannedBatch[]): Promise<void> {
  const gate = new DomainGate(store);
  const judged: PlannedBatch[] = [];
  for (const run of runsOf(batches)) {
    const { stored, rest } = await unstored(gate, run);
    judged.push(...stored, whole(rest));
  }
  const refusals = await refusalsThroughGate(store, judged, gate);
  const issues = refusals.map(({ index, violation: err }) => {
    // A fact in the wrong stream: the line is the fact's, the field its streamId.
    const field =
      err instanceof WrongStreamViolation && err.field === 'streamId'
        ? `events[${err.index}].streamId`
        : (err.field ?? '');
    return toLineIssue(judged[index]!, field, `${err.rule}: ${err.reason}`);
  });
  if (issues.length) throw new AppendFileError(issues);
}
