import { documentedStreamOf } from '../contexts/streams';
import type { EventCatalogue } from '../kernel/catalogue';
import type { EventMetadata, RecordedEvent } from '../kernel/envelope';
import { chainHash, GENESIS_HASH } from '../store/seal';
import type { RawRecord } from './raw-records';
import { seenIdsInMemory, type SeenIds } from './seen-ids';

export interface VerifyProblem {
  position: number;
  /** The line of an export file the record came from. */
  line?: number;
  /**
   * `stream`: a fact outside the stream it belongs in (LEDGER) of a kind the projections do
   * not read elsewhere (a competition or rulebook fact: `StreamHome.elsewhere`); the others: the
   * log itself is damaged.
   */
  check: 'position' | 'revision' | 'json' | 'type' | 'data' | 'id' | 'stream' | 'chain';
  message: string;
  /** For `stream`: the fact's type, the stream it is in and the one it belongs in. */
  type?: string;
  streamId?: string;
  belongsIn?: string;
  /** For `chain`: the event's id, the hash the chain gives it and the one stored (null: none). */
  id?: string;
  expected?: string;
  stored?: string | null;
}

/** Where the tamper seal's chain breaks first. */
export interface ChainBreak {
  position: number;
  id: string;
  expected: string;
  stored: string | null;
}

/** The tamper seal (docs/architecture.md "Tamper evidence"). */
export interface SealReport {
  /**
   * Whether the store keeps a hash with every event (SQLite from schema version 3, memory, an
   * export): the chain is then checked; otherwise (EventStoreDB, an older file opened
   * read-only) only computed, to be compared with a head hash written down earlier.
   */
  kept: boolean;
  /** The last event's position and hash: write it down or publish it (what it protects: docs). */
  head: { position: number; hash: string };
  /** The first event whose hash is not the chain's; absent when the chain holds. */
  firstBreak?: ChainBreak;
  /** How many events break the chain (each checked against its predecessor's stored hash). */
  breaks: number;
}

export interface VerifyReport {
  ok: boolean;
  events: number;
  streams: number;
  lastPosition: number;
  problems: VerifyProblem[];
  /** Counted beyond the first `maxProblems` listed. */
  moreProblems: number;
  seal: SealReport;
  /**
   * Each stream's first and last revision in the records, and the first one's position: pieces
   * of a log verified apart are joined by them (verify-parallel.ts).
   */
  revisions?: Array<[streamId: string, first: number, last: number, firstPosition: number]>;
}

/**
 * Checks a log as stored: positions gap-free from 1 (when the store promises dense
 * positions) or at least increasing, revisions contiguous from 0 in every stream, ids
 * unique, JSON valid, types known to the catalogue and data in the shape of its type — and
 * every fact the projections read only on its stream in that stream (`documentedStreamOf`,
 * from the deciders' registry: a competition fact in `competition-<competitionId>`, a rulebook
 * fact in `club-<clubId>`; LEDGER, docs/events.md), read as the ledger reads it (upcast). A
 * roster fact elsewhere is read where it is, by its club, so it is not reported. A fact
 * elsewhere, written before the append gate checked streams, is one the projections do not
 * read: the standings are computed as if it were not there. It fails the verdict, as every
 * problem does (docs/cli.md `verify` says why).
 */
export async function verifyLog(
  records: AsyncIterable<RawRecord>,
  catalogue: EventCatalogue,
  options: {
    densePositions: boolean;
    maxProblems?: number;
    /** The store keeps a hash with every event (`EventStore.sealed`): check each. */
    sealed?: boolean;
    /** The hash the first record chains from (an export not starting at position 1). */
    previousHash?: string;
    /** The records start after position 1 (an export from a later position). */
    partial?: boolean;
    /** The position before the first record (a piece of the log verified on its own). */
    afterPosition?: number;
    /** The ids were checked unique another way (the store's own query): no set of them kept. */
    idsChecked?: boolean;
    /** Where the ids seen are kept (default: in memory); the caller closes it. */
    ids?: SeenIds;
    /** Given each fact of a known type and shape, as the ledger reads it (upcast). */
    observe?: (event: RecordedEvent) => void;
  },
): Promise<VerifyReport> {
  const max = options.maxProblems ?? 100;
  const problems: VerifyProblem[] = [];
  let more = 0;
  /** The line of the record being checked (an export file's records carry theirs). */
  let line: number | undefined;
  const report = (p: VerifyProblem) =>
    problems.length < max ? problems.push(line === undefined ? p : { ...p, line }) : more++;
  const revisions = new Map<string, number>();
  /** Each stream's first revision in these records (a piece of the log is joined to the next). */
  const firstRevisions = new Map<string, { revision: number; position: number }>();
  const ids = options.idsChecked ? undefined : (options.ids ?? seenIdsInMemory());
  let last = options.afterPosition ?? 0;
  let events = 0;
  const kept = options.sealed ?? false;
  let chain = options.previousHash ?? GENESIS_HASH;
  let head = { position: 0, hash: chain };
  let firstBreak: ChainBreak | undefined;
  let breaks = 0;
  for await (const r of records) {
    events += 1;
    line = (r as { line?: number }).line;
    // Parsed once: the chain hashes the JSON's normal form (JSON.stringify of the value), and
    // the checks below read the value.
    let data: unknown;
    let metadata: unknown;
    let parseError: Error | undefined;
    try {
      data = JSON.parse(r.data);
      metadata = JSON.parse(r.metadata);
    } catch (err) {
      parseError = err as Error;
    }
    // The chain first, over the record exactly as stored: the checks below may skip the rest.
    // An append stores its JSON in normal form and hashes that text, so a stored hash that
    // matches the text as stored needs no second serialisation; only text that is not in
    // normal form (a file written before the seal, an edit outside the ledger) is normalised.
    const asStored = kept && !parseError ? chainHash(chain, r) : undefined;
    const expectedHash =
      asStored !== undefined && asStored === r.hash
        ? asStored
        : parseError
          ? chainHash(chain, r, true)
          : chainHash(chain, {
              ...r,
              data: JSON.stringify(data),
              metadata: JSON.stringify(metadata),
            });
    if (kept && r.hash !== expectedHash) {
      const found: ChainBreak = {
        position: r.position,
        id: r.id,
        expected: expectedHash,
        stored: r.hash ?? null,
      };
      firstBreak ??= found;
      breaks += 1;
      report({
        ...found,
        check: 'chain',
        message:
          r.hash === undefined
            ? `event ${r.id}: no hash stored; the chain gives ${expectedHash}`
            : `event ${r.id}: stored hash ${r.hash}, the chain gives ${expectedHash}: this event, or the one before it, was changed, removed or moved outside the ledger`,
      });
    }
    // Go on from the stored hash, so that each later break is found on its own.
    chain = kept && r.hash !== undefined ? r.hash : expectedHash;
    head = { position: r.position, hash: chain };
    const expected = last + 1;
    if (options.densePositions ? r.position !== expected : r.position <= last) {
      report({
        position: r.position,
        check: 'position',
        message: options.densePositions
          ? `expected position ${expected}, found ${r.position}`
          : `position ${r.position} does not follow ${last}`,
      });
    }
    last = r.position;
    // An export from a later position: a stream's first revision seen is where it starts.
    if (!firstRevisions.has(r.streamId))
      firstRevisions.set(r.streamId, { revision: r.revision, position: r.position });
    const prev = revisions.get(r.streamId) ?? (options.partial ? r.revision - 1 : -1);
    if (r.revision !== prev + 1) {
      report({
        position: r.position,
        check: 'revision',
        message: `stream ${r.streamId}: expected revision ${prev + 1}, found ${r.revision}`,
      });
    }
    revisions.set(r.streamId, r.revision);
    if (ids && !ids.add(r.id))
      report({ position: r.position, check: 'id', message: `id ${r.id} repeated` });
    if (parseError) {
      report({ position: r.position, check: 'json', message: parseError.message });
      continue;
    }
    if (!catalogue.has(r.type)) {
      report({ position: r.position, check: 'type', message: `unknown event type ${r.type}` });
      continue;
    }
    const issues = catalogue.validate(
      { type: r.type, schemaVersion: r.schemaVersion, data, metadata },
      'event',
    );
    for (const i of issues) {
      report({ position: r.position, check: 'data', message: `${i.field}: ${i.message}` });
    }
    if (issues.length > 0) continue;
    const read = catalogue.upcast({ ...r, data, metadata: metadata as EventMetadata });
    options.observe?.(read);
    const home = documentedStreamOf(read.type, read.data);
    // Only a fact the projections do not read where it is (StreamHome.elsewhere: 'unread').
    if (home?.elsewhere === 'unread' && home.streamId !== r.streamId) {
      report({
        position: r.position,
        check: 'stream',
        message: `${r.type} of ${home.kind} ${String(home.id)} is in stream ${r.streamId}; it belongs in ${String(home.streamId)} (LEDGER): the projections do not read it`,
        type: r.type,
        streamId: r.streamId,
        ...(home.streamId !== undefined ? { belongsIn: home.streamId } : {}),
      });
    }
  }
  return {
    ok: problems.length === 0,
    events,
    streams: revisions.size,
    lastPosition: last,
    problems,
    moreProblems: more,
    seal: { kept, head, ...(firstBreak ? { firstBreak } : {}), breaks },
    revisions: [...revisions].map(([stream, lastRevision]) => {
      const first = firstRevisions.get(stream)!;
      return [stream, first.revision, lastRevision, first.position];
    }),
  };
}
