import type { EventToAppend } from '../kernel/envelope';
import { contentHash, type StoredIdentity } from '../store/append-rules';
import type { AppendResult, EventStore, StreamBatch } from '../store/event-store';
import { batchIndexOf, StreamNotFoundError } from '../store/errors';
import { refusalsThroughGate, withLedgerLock } from './append-through-gate';
import { WrongStreamViolation } from './domain-gate';
import { type LineIssue } from './ndjson';
import { AppendFileError, PartialAppendError, PlannedBatch, toLineIssue } from './append-plan';

export interface AppendSummary {
  /** Batches written (new lines only). */
  batches: number;
  /** New events written. */
  events: number;
  /** Lines of the file already stored, as they are (a retry): written again as nothing. */
  stored: number;
  lastPosition: number;
}

/** What the check found: the new lines to write, at the revisions the store is at. */
export interface CheckedAppend {
  batches: PlannedBatch[];
  stored: number;
}

/**
 * Checks the whole file against the store, then writes all of it or none (`appendBatches` =
 * `checkAppend` + `writeChecked`).
 */
export async function appendBatches(
  store: EventStore,
  batches: PlannedBatch[],
  onProgress: (events: number) => void = () => undefined,
): Promise<AppendSummary> {
  return withLedgerLock(store, async () =>
    writeChecked(store, await checkAppend(store, batches), onProgress),
  );
}

/**
 * Every line against the store as the file would leave it, before anything is written, each
 * problem naming its line (AppendFileError):
 * - an id stored already: with the same content, in its stream, at its line's revision (if it
 *   gives one) it is a retry and is left out of the write; with other content, in another
 *   stream, at another revision, or after a new line of its stream, a conflict;
 * - each new line's `revision` against its stream's revision as the store holds it and the
 *   file's lines before it leave it (revisions computed through the file);
 * - a kept `recordedAt` (an export's) not after now, nor before the last fact the store (or the
 *   file before it) recorded: the ledger's time order is the log's;
 * - the deciders' verdict for every run, in file order (the gate's dry run: a later run judged
 *   with the earlier ones folded).
 * The batches returned carry the new lines only, each at the stream revision the check found,
 * so that a writer racing the check makes the write a conflict, not a decision on stale state.
 */
export async function checkAppend(
  store: EventStore,
  planned: readonly PlannedBatch[],
): Promise<CheckedAppend> {
  const issues: LineIssue[] = [];
  const streams = [...new Set(planned.map((b) => b.streamId))];
  const heads = new Map<string, number>();
  for (const s of streams) heads.set(s, await streamHead(store, s));
  const stored = await storedIdentities(store, planned, streams);
  const storeHead = new Map(heads);
  const hasNew = new Map<string, number>(); // stream → the first new line of it
  const out: PlannedBatch[] = [];
  const blocked = new Set<PlannedBatch>();
  let storedLines = 0;
  const time = new TimeOrder(store, planned);
  for (const b of planned) {
    const fresh: PlannedBatch = {
      streamId: b.streamId,
      expectedRevision: 'any',
      events: [],
      lines: [],
      run: b.run,
    };
    const kept: Array<string | undefined> = [];
    const first = heads.get(b.streamId)!;
    for (const [i, e] of b.events.entries()) {
      const line = b.lines[i];
      const given = givenRevision(b, i);
      const s = stored.get(String(e.id).toLowerCase());
      if (s) {
        const problem = storedProblem(b.streamId, e, s, given, hasNew.get(b.streamId));
        if (problem) {
          issues.push({ line, ...problem });
          blocked.add(fresh);
        } else storedLines += 1;
        continue;
      }
      const head = heads.get(b.streamId)!;
      if (given !== undefined && given !== head + 1) {
        const before = storeHead.get(b.streamId)!;
        const by =
          head === before
            ? `the store holds ${b.streamId} ${atRevision(before)}`
            : `the store holds ${b.streamId} ${atRevision(before)} and the file's lines before this one bring it to ${head}`;
        issues.push({ line, field: 'revision', message: `must be ${head + 1}: ${by}` });
        // A conflict is answered as one: the run's facts are not judged by the rules.
        blocked.add(fresh);
      }
      const issue = await time.check(line, b.recordedAt?.[i]);
      if (issue) issues.push(issue);
      heads.set(b.streamId, head + 1);
      if (!hasNew.has(b.streamId)) hasNew.set(b.streamId, line);
      fresh.events.push(e);
      fresh.lines.push(line);
      kept.push(b.recordedAt?.[i]);
    }
    if (fresh.events.length === 0) continue;
    fresh.expectedRevision = first < 0 ? 'no_stream' : first;
    if (kept.some((r) => r !== undefined)) fresh.recordedAt = kept;
    out.push(fresh);
  }
  // The deciders judge the new lines in file order; a run whose ids or revisions conflict cannot
  // be written in any form, so it is left out of the dry run rather than judged.
  issues.push(
    ...(await checkRules(
      store,
      out.filter((b) => !blocked.has(b)),
    )),
  );
  if (issues.length) throw new AppendFileError(dedupeSorted(issues));
  return { batches: out, stored: storedLines };
}

/**
 * How a write of several batches ended (`writeBatches`): every batch written, or the error and
 * what of the write is stored. `oneTransaction`: the store wrote them in one transaction, so
 * nothing is stored (`at` is the batch refused, when the error says). Otherwise (EventStoreDB)
 * the batches before `at` are stored and the rest are not.
 */
export type BatchesWritten =
  | { ok: true; results: AppendResult[] }
  | { ok: false; error: unknown; oneTransaction: true; at: number | undefined }
  | { ok: false; error: unknown; oneTransaction: false; at: number };

/**
 * The one way several batches are written (`bridge-ledger append`, `import usebio|pbn`, the
 * examples `serve` loads): in one transaction where the store offers `appendMany` (SQLite,
 * memory), all or none; else (EventStoreDB, no multi-stream transaction) one after another,
 * each at its own expected revision. Never throws: the caller names what was and was not
 * written in its own terms (lines of a file, sessions of an import).
 */
export async function writeBatches(
  store: EventStore,
  batches: readonly StreamBatch[],
  onWritten: (batchesDone: number) => void = () => undefined,
): Promise<BatchesWritten> {
  if (batches.length === 0) return { ok: true, results: [] };
  if (store.appendMany) {
    try {
      const results = await store.appendMany(batches);
      onWritten(batches.length);
      return { ok: true, results };
    } catch (error) {
      return { ok: false, error, oneTransaction: true, at: batchIndexOf(error) };
    }
  }
  const results: AppendResult[] = [];
  for (const [i, b] of batches.entries()) {
    try {
      results.push(await store.appendToStream(b.streamId, b.events, b));
    } catch (error) {
      return { ok: false, error, oneTransaction: false, at: i };
    }
    onWritten(i + 1);
  }
  return { ok: true, results };
}

/**
 * Writes checked batches (`writeBatches`). A store with `appendMany` (SQLite, memory) writes
 * them in one transaction: all, or none (a writer that raced the check makes it fail whole,
 * naming the line; a busy, full or failing store's own error is true as it stands: nothing was
 * written). EventStoreDB has no multi-stream transaction: the batches are written one after
 * another, each at its checked revision; a failure part-way is a PartialAppendError saying
 * which lines were written and which were not, and the same file appended again completes it.
 */
export async function writeChecked(
  store: EventStore,
  checked: CheckedAppend,
  onProgress: (events: number) => void = () => undefined,
): Promise<AppendSummary> {
  const { batches } = checked;
  const events = batches.reduce((n, b) => n + b.events.length, 0);
  const asStreamBatch = (b: PlannedBatch): StreamBatch => ({
    streamId: b.streamId,
    events: b.events,
    expectedRevision: b.expectedRevision,
    ...(b.recordedAt ? { recordedAt: b.recordedAt } : {}),
  });
  const eventsOf = (n: number) => batches.slice(0, n).reduce((k, b) => k + b.events.length, 0);
  const out = await writeBatches(store, batches.map(asStreamBatch), (n) => onProgress(eventsOf(n)));
  if (out.ok) {
    const { results } = out;
    return {
      batches: batches.length,
      events,
      stored: checked.stored,
      lastPosition: results.length ? results[results.length - 1].position : 0,
    };
  }
  if (out.oneTransaction) {
    if (out.at === undefined) throw out.error;
    throw new AppendFileError(
      [{ line: batches[out.at].lines[0], field: '', message: raceMessage(out.error) }],
      'nothing was appended (one transaction): append the file again to check it against the store as it is now',
    );
  }
  const lines = (from: number, to = batches.length) =>
    batches.slice(from, to).flatMap((x) => x.lines);
  throw new PartialAppendError(
    lines(0, out.at),
    lines(out.at),
    [{ line: batches[out.at].lines[0], field: '', message: raceMessage(out.error) }],
    out.error,
  );
}

export const raceMessage = (err: unknown) =>
  `${(err as Error).message} (the store changed after the file was checked: another writer?)`;

const atRevision = (r: number) => (r < 0 ? 'with no events' : `at revision ${r}`);

/** The `revision` a line of the file gives, if its batch gives them. */
function givenRevision(b: PlannedBatch, i: number): number | undefined {
  const e = b.expectedRevision;
  if (e === 'any' || e === 'stream_exists') return undefined;
  return (e === 'no_stream' ? -1 : e) + 1 + i;
}

/** Why a line whose id is stored is not a retry of it; undefined when it is. */
function storedProblem(
  streamId: string,
  e: EventToAppend,
  s: StoredIdentity,
  given: number | undefined,
  firstNewLine: number | undefined,
): Omit<LineIssue, 'line'> | undefined {
  const place = `stream ${s.streamId} at revision ${s.revision}, position ${s.position}`;
  const hash = contentHash({
    ...e,
    schemaVersion: e.schemaVersion ?? 1,
    metadata: e.metadata ?? {},
  });
  if (hash !== s.contentHash) {
    return {
      field: 'id',
      message: `event ${s.id} is already stored (${place}) with other content: a new fact needs a new id`,
    };
  }
  if (s.streamId !== streamId) {
    return { field: 'id', message: `event ${s.id} is already stored in another stream (${place})` };
  }
  if (given !== undefined && given !== s.revision) {
    return {
      field: 'revision',
      message: `the fact is stored already (${place}), not at revision ${given}`,
    };
  }
  if (firstNewLine !== undefined) {
    return {
      field: 'id',
      message: `the fact is stored already (${place}), but line ${firstNewLine} before it in ${streamId} is not: written now, it would come after this one`,
    };
  }
  return undefined;
}

/** The revision of a stream's last event; -1 for none. */
async function streamHead(store: EventStore, streamId: string): Promise<number> {
  try {
    for await (const e of store.readStream(streamId, { direction: 'backwards', maxCount: 1 }))
      return e.revision;
  } catch (err) {
    if (!(err instanceof StreamNotFoundError)) throw err;
  }
  return -1;
}

/**
 * The file's ids already stored: every stream's, when the store can look ids up
 * (`findByIds`); else those of the streams the file appends to (EventStoreDB: an id reused in
 * a stream the file does not touch is not found, docs/esdb.md).
 */
async function storedIdentities(
  store: EventStore,
  batches: readonly PlannedBatch[],
  streams: readonly string[],
): Promise<Map<string, StoredIdentity>> {
  const ids = batches.flatMap((b) => b.events.map((e) => String(e.id).toLowerCase()));
  if (store.findByIds) return store.findByIds(ids);
  const wanted = new Set(ids);
  const found = new Map<string, StoredIdentity>();
  for (const streamId of streams) {
    try {
      for await (const e of store.readStream(streamId)) {
        const id = e.id.toLowerCase();
        if (wanted.has(id)) found.set(id, { ...e, id, contentHash: contentHash(e) });
      }
    } catch (err) {
      if (!(err instanceof StreamNotFoundError)) throw err;
    }
  }
  return found;
}

/**
 * The time order an import keeps: a kept recordedAt is not after now, nor before the last
 * instant the store (then the file's lines before it) recorded, so that recording instants
 * rise with positions and an "as published on" instant is always a prefix of the log.
 */
class TimeOrder {
  private last?: { at: number; text: string; what: string };
  private loaded = false;
  private readonly now = Date.now();

  constructor(
    private readonly store: EventStore,
    private readonly planned: readonly PlannedBatch[],
  ) {}

  async check(line: number, recordedAt: string | undefined): Promise<LineIssue | undefined> {
    if (!this.loaded) await this.load();
    if (recordedAt === undefined) {
      // Recorded now: later than any kept instant the file has.
      this.last = { at: this.now, text: new Date(this.now).toISOString(), what: `line ${line}` };
      return undefined;
    }
    const at = Date.parse(recordedAt);
    if (Number.isNaN(at)) return undefined; // the store's validation names it
    const before = this.last;
    if (at > this.now) {
      return {
        line,
        field: 'recordedAt',
        message: `${recordedAt} is in the future: a fact cannot have been recorded yet`,
      };
    }
    if (before && at < before.at) {
      return {
        line,
        field: 'recordedAt',
        message: `${recordedAt} is before ${before.text}, when ${before.what} was recorded: an import keeps the ledger's time order, so it goes into a store whose facts are older (a new one), or without recordedAt (recorded now)`,
      };
    }
    this.last = { at, text: recordedAt, what: `line ${line}` };
    return undefined;
  }

  private async load(): Promise<void> {
    this.loaded = true;
    if (!this.planned.some((b) => b.recordedAt)) return;
    const head = await this.store.headPosition();
    if (head === 0) return;
    for await (const e of this.store.readAll({ fromPosition: head })) {
      this.last = {
        at: Date.parse(e.recordedAt),
        text: e.recordedAt,
        what: `the store's last fact (position ${e.position})`,
      };
    }
  }
}

/** Issues in line order, one per line and field. */
function dedupeSorted(issues: LineIssue[]): LineIssue[] {
  const seen = new Set<string>();
  return issues
    .sort((a, b) => a.line - b.line)
    .filter((i) => {
      const key = `${i.line}\u0000${i.field}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** A run's new lines as one batch: what the deciders judge (its lines, to name the line at fault). */
function wholeRuns(batches: readonly PlannedBatch[]): PlannedBatch[] {
  const runs: PlannedBatch[] = [];
  for (const b of batches) {
    const last = runs[runs.length - 1];
    if (last && last.run === b.run) {
      runs[runs.length - 1] = {
        ...last,
        events: [...last.events, ...b.events],
        lines: [...last.lines, ...b.lines],
      };
    } else runs.push(b);
  }
  return runs;
}

/**
 * A dry run of the deciders over the whole file's new lines, so that a fact a rule forbids on
 * line 900 stops the file before line 1 is written: the gate checks every run of a stream's
 * lines whole, whatever its stream (a fact in the wrong stream, a rulebook fact that cannot be
 * applied, the competitions', clubs' and rosters' deciders), in file order, each judged with
 * the runs before it folded. Each refusal names its line and its rule.
 */
async function checkRules(store: EventStore, batches: PlannedBatch[]): Promise<LineIssue[]> {
  const judged = wholeRuns(batches);
  return (await refusalsThroughGate(store, judged)).map(({ index, violation: err }) => {
    // A fact in the wrong stream: the line is the fact's, the field its streamId.
    const field =
      err instanceof WrongStreamViolation && err.field === 'streamId'
        ? `events[${err.index}].streamId`
        : (err.field ?? '');
    return toLineIssue(judged[index]!, field, `${err.rule}: ${err.reason}`);
  });
}

export {
  AppendFileError,
  PartialAppendError,
  planAppend,
  ranges,
  type PlannedBatch,
} from './append-plan';
