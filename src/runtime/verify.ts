import { documentedStreamOf } from '../domain/streams';
import type { EventCatalogue } from '../events/catalogue';
import type { EventMetadata } from '../events/envelope';
import type { RawRecord } from './raw-records';

export interface VerifyProblem {
  position: number;
  /**
   * `stream`: a fact outside the stream it belongs in (LEDGER) of a kind the projections do
   * not read elsewhere (a competition or rulebook fact: `StreamHome.elsewhere`); the others: the
   * log itself is damaged.
   */
  check: 'position' | 'revision' | 'json' | 'type' | 'data' | 'id' | 'stream';
  message: string;
  /** For `stream`: the fact's type, the stream it is in and the one it belongs in. */
  type?: string;
  streamId?: string;
  belongsIn?: string;
}

export interface VerifyReport {
  ok: boolean;
  events: number;
  streams: number;
  lastPosition: number;
  problems: VerifyProblem[];
  /** Counted beyond the first `maxProblems` listed. */
  moreProblems: number;
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
  options: { densePositions: boolean; maxProblems?: number },
): Promise<VerifyReport> {
  const max = options.maxProblems ?? 100;
  const problems: VerifyProblem[] = [];
  let more = 0;
  const report = (p: VerifyProblem) => (problems.length < max ? problems.push(p) : more++);
  const revisions = new Map<string, number>();
  const ids = new Set<string>();
  let last = 0;
  let events = 0;
  for await (const r of records) {
    events += 1;
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
    const prev = revisions.get(r.streamId) ?? -1;
    if (r.revision !== prev + 1) {
      report({
        position: r.position,
        check: 'revision',
        message: `stream ${r.streamId}: expected revision ${prev + 1}, found ${r.revision}`,
      });
    }
    revisions.set(r.streamId, r.revision);
    if (ids.has(r.id))
      report({ position: r.position, check: 'id', message: `id ${r.id} repeated` });
    ids.add(r.id);
    let data: unknown;
    let metadata: unknown;
    try {
      data = JSON.parse(r.data);
      metadata = JSON.parse(r.metadata);
    } catch (err) {
      report({ position: r.position, check: 'json', message: (err as Error).message });
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
  };
}
