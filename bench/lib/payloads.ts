import { v7 as uuidv7 } from 'uuid';
import type { EventToAppend } from '../../src/kernel/envelope';

/**
 * Realistic, deterministic bridge-club facts of ~300 bytes (data + metadata JSON). The
 * content depends only on (stream, index), so every contender in a run stores the same
 * payloads; ids are fresh time-ordered UUIDv7s, as a writer would choose them.
 */

const CLUBS = ['nz-club-akl', 'lcba-league', 'dsb-groenlo', 'pinner-bc'];
const ACTORS = ['td:jsmith', 'td:mvermeer', 'scorer:akhan', 'committee:secretary', 'cli:import'];
const SUITS = ['C', 'D', 'H', 'S', 'NT'];
const SEATS = ['N', 'E', 'S', 'W'];
const CARDS = ['A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6', '5', '4', '3', '2'];

/** mulberry32: a tiny seeded PRNG, so payloads (and the bench seasons) are the same in every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
const int = (r: () => number, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));

const hex = (n: number, width: number) => (n >>> 0).toString(16).padStart(width, '0').slice(-width);

/** A deterministic UUID-shaped string (correlation and causation ids are command ids). */
function fakeUuid(a: number, b: number): string {
  const r = prng(a * 7919 + b);
  const w = () => Math.floor(r() * 0x100000000);
  return `${hex(w(), 8)}-${hex(w(), 4)}-4${hex(w(), 3)}-a${hex(w(), 3)}-${hex(w(), 4)}${hex(w(), 8)}`;
}

/** A stream id shaped like the app's: one session of one club. */
export const streamName = (stream: number) => `session-${CLUBS[stream % 4]}-${stream}`;

/** Event number `index` of stream `stream`: mostly boards scored, with some seating facts. */
export function makeEvent(stream: number, index: number): EventToAppend {
  const r = prng(stream * 100_003 + index);
  const clubId = CLUBS[stream % 4];
  const day = 1 + (stream % 28);
  const occurredAt = `2026-03-${String(day).padStart(2, '0')}T19:${String(30 + (index % 30)).padStart(2, '0')}:00+13:00`;
  const metadata = {
    clubId,
    actor: pick(r, ACTORS),
    correlationId: fakeUuid(stream, Math.floor(index / 10)),
    causationId: fakeUuid(stream, index + 1_000_000),
  };
  const kind = index % 10;
  if (kind === 0) {
    return {
      id: uuidv7(),
      type: 'PairSeated',
      occurredAt,
      data: {
        sessionId: `s-${stream}`,
        pair: int(r, 1, 16),
        direction: pick(r, ['NS', 'EW']),
        players: [`m-${int(r, 100, 999)}`, `m-${int(r, 100, 999)}`],
        substitute: r() < 0.1 ? `v-${int(r, 1000, 9999)}` : null,
        table: int(r, 1, 8),
        section: pick(r, ['A', 'B']),
        arrival: 'on-time',
      },
      metadata,
    };
  }
  const level = int(r, 1, 7);
  const made = r() < 0.6;
  return {
    id: uuidv7(),
    type: 'BoardScored',
    occurredAt,
    data: {
      sessionId: `s-${stream}`,
      board: int(r, 1, 36),
      round: int(r, 1, 9),
      nsPair: int(r, 1, 16),
      ewPair: int(r, 1, 16),
      contract: `${level}${pick(r, SUITS)}${r() < 0.15 ? 'X' : ''}`,
      vulnerable: pick(r, ['None', 'NS', 'EW', 'All']),
      declarer: pick(r, SEATS),
      lead: `${pick(r, SUITS.slice(0, 4))}${pick(r, CARDS)}`,
      tricks: made ? 6 + level + int(r, 0, 1) : int(r, 3, 5 + level),
      score: (made ? 1 : -1) * int(r, 5, 140) * 10,
    },
    metadata,
  };
}

/** `count` events of one stream from `from` on. */
export function makeBatch(stream: number, from: number, count: number): EventToAppend[] {
  const out: EventToAppend[] = new Array<EventToAppend>(count);
  for (let i = 0; i < count; i++) out[i] = makeEvent(stream, from + i);
  return out;
}

/** Average bytes of data + metadata JSON over a sample, for the report. */
export function averagePayloadBytes(sample = 2000): number {
  let bytes = 0;
  for (let i = 0; i < sample; i++) {
    const e = makeEvent(i % 97, i);
    bytes +=
      Buffer.byteLength(JSON.stringify(e.data)) + Buffer.byteLength(JSON.stringify(e.metadata));
  }
  return Math.round(bytes / sample);
}
