/**
 * Valid facts for the reliability checks, and a seeded PRNG so that a run's choices (and the
 * fuzz's bodies) are reproduced by its seed. A PlayerRegistered on `club-<clubId>-players`
 * after a ClubRegistered on `club-<clubId>` is accepted by the deciders and reads nothing else.
 */

export const OCCURRED_AT = '2026-03-02T19:30:00+13:00';

/** mulberry32: a small, fast, seeded generator; `next()` is in [0, 1). */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** A whole number in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** A random version-4 UUID (lower case), reproducible from the seed. */
  uuid(): string {
    const hex = Array.from({ length: 32 }, () => this.int(16).toString(16));
    hex[12] = '4';
    hex[16] = ((this.int(4) & 0x3) | 0x8).toString(16);
    const h = hex.join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
}

export interface Fact {
  id: string;
  type: string;
  occurredAt: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

export const clubStream = (clubId: string) => `club-${clubId}`;
export const playersStream = (clubId: string) => `club-${clubId}-players`;

export function clubRegistered(id: string, clubId: string): Fact {
  return {
    id,
    type: 'ClubRegistered',
    occurredAt: OCCURRED_AT,
    data: { clubId, name: `Reliability club ${clubId}`, timeZone: 'Pacific/Auckland' },
    metadata: { clubId, actor: 'bench/reliability' },
  };
}

/** A new member of `clubId`'s roster; `playerId` must be new to the club. */
export function playerRegistered(id: string, clubId: string, playerId: string): Fact {
  return {
    id,
    type: 'PlayerRegistered',
    occurredAt: OCCURRED_AT,
    data: { clubId, playerId, name: `Player ${playerId}`, status: 'member' },
    metadata: { clubId, actor: 'bench/reliability' },
  };
}

/** JSON with object keys sorted: two facts with the same content have the same text. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .filter((k) => o[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}
