import { validateAppend } from '../ledger/validate-append';
import type { EventCatalogue } from '../kernel/catalogue';
import type { EventToAppend } from '../kernel/envelope';
import type { EventStore } from '../store/event-store';
import { InvalidEventError, StreamNotFoundError } from '../store/errors';
import type { RuleViolation } from '../kernel/rule-violation';
import { raceMessage, writeBatches } from '../ledger/append-file';
import { refusalsThroughGate, withLedgerLock } from '../ledger/append-through-gate';
import { DomainGate } from '../ledger/domain-gate';
import type { SessionFacts } from './facts';
import type { ImportIssue } from './model';

export interface SessionOutcome {
  streamId: string;
  /** appended: new facts written; already-imported: every fact was there, nothing added. */
  status: 'appended' | 'already-imported';
  events: number;
}

/**
 * A session already in the ledger whose stored facts differ from the file's; or (with
 * `message`) one another writer stored between the check and the write. Nothing was appended.
 */
export class ImportConflictError extends Error {
  readonly code = 'IMPORT_CONFLICT';
  constructor(
    readonly issues: ImportIssue[],
    message = `${issues.length} fact(s) differ from the ones already imported; nothing was appended (record a correction as a new fact instead)`,
  ) {
    super(message);
  }
}

/**
 * EventStoreDB only (no multi-stream transaction): the write failed after some sessions were
 * written. Names the sessions written and those not (`cause`: why the first of those was
 * not); importing the same file again completes it (the written sessions are recognised as
 * imported).
 */
export class PartialImportError extends Error {
  readonly code = 'PARTIAL_APPEND';
  constructor(
    readonly written: string[],
    readonly notWritten: string[],
    cause: unknown,
  ) {
    super(
      `${written.length} session(s) written (${written.join(', ') || 'none'}), ${notWritten.length} not (${notWritten.join(', ')}): import the same file again to complete it`,
      { cause },
    );
  }
}

/**
 * A session whose facts a rule forbids (DomainGate: the deciders every writer goes through);
 * nothing of the import was appended.
 */
export class ImportRefusedError extends Error {
  readonly code = 'RULE_VIOLATION';
  constructor(readonly refusals: Array<{ streamId: string; violation: RuleViolation }>) {
    super(`${refusals.length} session(s) refused by the rules; nothing was appended`);
  }

  answer() {
    return {
      message: this.message,
      refusals: this.refusals.map(({ streamId, violation }) => ({
        streamId,
        ...violation.answer(),
      })),
    };
  }
}

/** Checks every fact against the catalogue, as any outside writer must (nothing is written). */
export function validateFacts(catalogue: EventCatalogue, all: SessionFacts[]): SessionFacts[] {
  const issues: ImportIssue[] = [];
  const out = all.map((f) => {
    try {
      return { ...f, events: validateAppend(catalogue, f.streamId, 'no_stream', f.events) };
    } catch (e) {
      if (!(e instanceof InvalidEventError)) throw e;
      issues.push(
        ...e.issues.map((i) => {
          const m = /^events\[(\d+)\]\.?(.*)$/.exec(i.field);
          const ev = m ? f.events[Number(m[1])] : undefined;
          return {
            path: `${f.streamId}${ev ? ` ${ev.type} ${describe(ev)}` : ''}`,
            message: `${m ? m[2] : i.field}: ${i.message}`,
          };
        }),
      );
      return f;
    }
  });
  if (issues.length) throw new ImportConflictError(issues);
  return out;
}

function describe(e: EventToAppend): string {
  const d = e.data as Record<string, unknown>;
  if (e.type === 'BoardResultRecorded') return `board ${d.board} line ${d.line}`;
  if (e.type === 'SessionPairRegistered') return `pair ${d.pair}`;
  return '';
}

const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, val: unknown) =>
    val && typeof val === 'object' && !Array.isArray(val)
      ? Object.fromEntries(
          Object.entries(val as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : val,
  );

async function stored(store: EventStore, streamId: string) {
  const byId = new Map<string, { type: string; data: unknown }>();
  try {
    for await (const e of store.readStream(streamId)) byId.set(e.id, e);
  } catch (e) {
    if (e instanceof StreamNotFoundError) return undefined;
    throw e;
  }
  return byId;
}

/**
 * Appends the sessions' facts, each with expectedRevision 'no_stream', by the path
 * `bridge-ledger append` takes (`writeBatches`). Every session is first compared with what
 * the ledger already holds, before anything is written: a session whose facts are all there
 * is "already imported" (nothing added); one whose stored facts differ (a file edited after it
 * was imported) is refused as a whole. Then the deciders judge every new session in a dry run
 * (`refusalsThroughGate`, with the gate `gateFor` makes; default a DomainGate over `store`):
 * a session a rule forbids refuses the whole import (ImportRefusedError). Then every new
 * session is written in one transaction where the store offers `appendMany` (SQLite, memory):
 * a busy, full or failing store leaves nothing of the import written, as its error says.
 * EventStoreDB writes the sessions one after another: a failure part-way is a
 * PartialImportError naming the sessions written and not.
 */
export async function appendSessions(
  store: EventStore,
  all: SessionFacts[],
  gateFor: (store: EventStore) => DomainGate = (s) => new DomainGate(s),
): Promise<SessionOutcome[]> {
  const issues: ImportIssue[] = [];
  const fresh: SessionFacts[] = [];
  const outcomes = new Map<string, SessionOutcome>();
  for (const f of all) {
    const existing = await stored(store, f.streamId);
    if (!existing) {
      fresh.push(f);
      continue;
    }
    for (const e of f.events) {
      const s = existing.get(e.id);
      const what = `${e.type} ${describe(e)}`.trim();
      if (!s) issues.push({ path: f.streamId, message: `${what} is not in the imported session` });
      else if (s.type !== e.type || canonical(s.data) !== canonical(e.data)) {
        issues.push({ path: f.streamId, message: `${what} differs from the imported one` });
      }
    }
    outcomes.set(f.streamId, {
      streamId: f.streamId,
      status: 'already-imported',
      events: 0,
    });
  }
  if (issues.length) throw new ImportConflictError(issues);
  const batches = fresh.map((f) => ({
    streamId: f.streamId,
    expectedRevision: 'no_stream' as const,
    events: f.events,
  }));
  const out = await withLedgerLock(store, async () => {
    const refused = await refusalsThroughGate(store, batches, gateFor(store));
    if (refused.length) {
      throw new ImportRefusedError(
        refused.map(({ index, violation }) => ({ streamId: batches[index]!.streamId, violation })),
      );
    }
    return writeBatches(store, batches);
  });
  if (!out.ok) {
    const streams = (from: number, to = fresh.length) =>
      fresh.slice(from, to).map((f) => f.streamId);
    if (!out.oneTransaction)
      throw new PartialImportError(streams(0, out.at), streams(out.at), out.error);
    // Nothing is stored: a busy, full or failing store says so in its own words.
    if (out.at === undefined) throw out.error;
    throw new ImportConflictError(
      [{ path: fresh[out.at]!.streamId, message: raceMessage(out.error) }],
      'nothing was appended (one transaction): import the file again to check it against the ledger as it is now',
    );
  }
  for (const f of fresh) {
    outcomes.set(f.streamId, { streamId: f.streamId, status: 'appended', events: f.events.length });
  }
  return all.map((f) => outcomes.get(f.streamId)!);
}
