import type { Agent } from 'node:http';
import { json, send } from './http';

/** An event as GET /events returns it. */
export interface Stored {
  id: string;
  streamId: string;
  revision: number;
  position: number;
  type: string;
  schemaVersion?: number;
  data: unknown;
  metadata: unknown;
}

/** Reads the whole log back through GET /events, a page of 1,000 at a time. */
export async function readAll(port: number, agent: Agent, timeoutMs: number): Promise<Stored[]> {
  const all: Stored[] = [];
  let from = 1;
  for (;;) {
    const o = await send(
      port,
      agent,
      { method: 'GET', path: `/events?fromPosition=${from}&limit=1000` },
      timeoutMs,
    );
    const body = json(o) as { events?: Stored[]; nextPosition?: number } | undefined;
    if (o.kind !== 'answer' || o.status !== 200 || !body?.events) {
      throw new Error(
        `GET /events?fromPosition=${from}: ${o.kind === 'answer' ? `${o.status} ${o.body.slice(0, 200)}` : o.message}`,
      );
    }
    if (body.events.length === 0) return all;
    all.push(...body.events);
    from = body.nextPosition ?? body.events[body.events.length - 1]!.position + 1;
  }
}

/** A batch the service answered 2xx: its ids in order and what it said. */
export interface Acked {
  streamId: string;
  ids: string[];
  position: number;
  nextExpectedRevision: number;
}

/** A true retry of an acknowledged batch (same ids, same body) and its answer. */
export interface Retried {
  original: Acked;
  status: number | string;
  position?: number;
  nextExpectedRevision?: number;
}

export interface Audit {
  /** Distinct event ids in batches answered 2xx (first answers; retries not counted again). */
  acknowledged: number;
  /** Events stored in the checked streams. */
  stored: number;
  /** Acknowledged ids not stored. */
  lost: number;
  lostIds: string[];
  /** Extra copies: an id stored more than once, counted once per extra copy. */
  duplicated: number;
  /** An acknowledged id stored in another stream than the one it was sent to. */
  wrongStream: number;
  /** Batches whose stored positions differ from the answer (last position) or are not in order. */
  answerMismatch: number;
  /** Missing revisions (0 … last) summed over the checked streams, and revisions held twice. */
  revisionGaps: number;
  /** Missing positions in the whole log, 1 … head. */
  positionGaps: number;
  /** Stored ids whose request got no answer (a reset, a timeout, a kill): not lost, not acked. */
  storedUnacknowledged: number;
  /** Stored ids in the checked streams that no writer sent. */
  phantom: number;
  /** True retries of acknowledged batches, those answered 2xx with another result, and refused. */
  retries: number;
  retriesDiffering: number;
  retriesRefused: number;
  retryRefusals: Record<string, number>;
}

export function audit(
  stored: readonly Stored[],
  acked: readonly Acked[],
  retried: readonly Retried[],
  sentIds: ReadonlySet<string>,
  checked: (streamId: string) => boolean,
): Audit {
  const byId = new Map<string, Stored[]>();
  for (const e of stored) {
    const id = e.id.toLowerCase();
    const list = byId.get(id);
    if (list) list.push(e);
    else byId.set(id, [e]);
  }
  let duplicated = 0;
  for (const list of byId.values()) duplicated += list.length - 1;

  const ackedIds = new Set<string>();
  const lostIds: string[] = [];
  let wrongStream = 0;
  let answerMismatch = 0;
  for (const b of acked) {
    const positions: number[] = [];
    for (const raw of b.ids) {
      const id = raw.toLowerCase();
      if (ackedIds.has(id)) continue;
      ackedIds.add(id);
      const s = byId.get(id);
      if (!s) {
        lostIds.push(id);
        continue;
      }
      if (s[0]!.streamId !== b.streamId) wrongStream++;
      positions.push(s[0]!.position);
    }
    if (positions.length === b.ids.length) {
      const inOrder = positions.every((p, i) => i === 0 || p === positions[i - 1]! + 1);
      if (!inOrder || positions[positions.length - 1] !== b.position) answerMismatch++;
    }
  }

  const revisions = new Map<string, number[]>();
  let checkedStored = 0;
  let storedUnacknowledged = 0;
  let phantom = 0;
  for (const e of stored) {
    if (!checked(e.streamId)) continue;
    checkedStored++;
    const id = e.id.toLowerCase();
    if (!sentIds.has(id)) phantom++;
    else if (!ackedIds.has(id)) storedUnacknowledged++;
    const r = revisions.get(e.streamId);
    if (r) r.push(e.revision);
    else revisions.set(e.streamId, [e.revision]);
  }
  let revisionGaps = 0;
  for (const rs of revisions.values()) {
    const distinct = new Set(rs);
    revisionGaps += rs.length - distinct.size; // a revision held twice
    const last = Math.max(...rs);
    revisionGaps += last + 1 - distinct.size; // revisions missing from 0 … last
  }
  let positionGaps = 0;
  const positions = stored.map((e) => e.position).sort((a, b) => a - b);
  positions.forEach((p, i) => {
    const prev = i === 0 ? 0 : positions[i - 1]!;
    if (p > prev + 1) positionGaps += p - prev - 1;
  });

  let retriesDiffering = 0;
  let retriesRefused = 0;
  const retryRefusals: Record<string, number> = {};
  for (const r of retried) {
    if (typeof r.status === 'number' && r.status >= 200 && r.status < 300) {
      if (
        r.position !== r.original.position ||
        r.nextExpectedRevision !== r.original.nextExpectedRevision
      ) {
        retriesDiffering++;
      }
    } else {
      retriesRefused++;
      retryRefusals[String(r.status)] = (retryRefusals[String(r.status)] ?? 0) + 1;
    }
  }

  return {
    acknowledged: ackedIds.size,
    stored: checkedStored,
    lost: lostIds.length,
    lostIds,
    duplicated,
    wrongStream,
    answerMismatch,
    revisionGaps,
    positionGaps,
    storedUnacknowledged,
    phantom,
    retries: retried.length,
    retriesDiffering,
    retriesRefused,
    retryRefusals,
  };
}

/** Counts by key, for status histograms. */
export class Histogram {
  readonly counts = new Map<string, number>();
  add(key: string | number, n = 1): void {
    const k = String(key);
    this.counts.set(k, (this.counts.get(k) ?? 0) + n);
  }
  get(key: string | number): number {
    return this.counts.get(String(key)) ?? 0;
  }
  total(): number {
    let t = 0;
    for (const v of this.counts.values()) t += v;
    return t;
  }
  /** `201 × 380, 400 × 1,200, …` sorted by key. */
  toString(): string {
    return [...this.counts.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k} × ${v.toLocaleString('en-GB')}`)
      .join(', ');
  }
}
