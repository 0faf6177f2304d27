import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { v7 } from 'uuid';
import type { EventToAppend } from '../../src/kernel/envelope';
import type { Batch } from '../standings/history';

/** A fact and the stream it is appended to. */
export interface Proposed {
  streamId: string;
  event: EventToAppend;
}

/**
 * The NZ example season (examples/nz-club-pairs-2026.ndjson, a ledger the deciders accept:
 * the server loads it through them) as batches to load, all but its last result, which is
 * held back (the facts after it keep their order): the first fact to seat a player after a start (NZ-8e, NZ-10: the gate then
 * catches its club-wide index up from the whole log).
 */
export function nzExample(): { batches: Batch[]; seating: Proposed } {
  const lines = readFileSync(join(process.cwd(), 'examples', 'nz-club-pairs-2026.ndjson'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as EventToAppend & { streamId: string });
  // Its last result (the season's corrections, come after it and name other results).
  const last = lines.map((l) => l.type).lastIndexOf('SessionResultRecorded');
  if (last < 0) {
    throw new Error('the NZ example has no result: pick another seating fact');
  }
  const envelope = ({ streamId: _s, ...e }: EventToAppend & { streamId: string }) => e;
  const batches: Batch[] = [];
  for (const l of lines.filter((_, i) => i !== last)) {
    const b = batches[batches.length - 1];
    if (b && b.streamId === l.streamId) b.events.push(envelope(l));
    else batches.push({ streamId: l.streamId, events: [envelope(l)] });
  }
  return { batches, seating: { streamId: lines[last]!.streamId, event: envelope(lines[last]!) } };
}

/** The pairs the paced competition enters. */
const PACED_PAIRS = 8;
const scalePlayer = (clubId: string, k: number) => `${clubId}-scale-pl${k}`;

/**
 * The paced competition's players, registered on the club's roster (one batch, appended before
 * the paced facts and not timed): a pair names players the roster registered (LEDGER).
 */
export function pacedRoster(clubId: string, year: number): Batch {
  return {
    streamId: `club-${clubId}-players`,
    events: Array.from({ length: 2 * PACED_PAIRS }, (_, i) => ({
      id: v7(),
      type: 'PlayerRegistered',
      schemaVersion: 3,
      occurredAt: `${year}-09-01T11:00:00+02:00`,
      data: {
        clubId,
        playerId: scalePlayer(clubId, i + 1),
        name: `Scale ${i + 1} ${clubId}`,
        status: 'member',
      },
      metadata: { clubId, actor: 'bench/scale' },
    })),
  };
}

/**
 * `count` facts of a new DSB pairs competition of `clubId` in `year` (after the history), one
 * append each, as a club's scorer records them: the competition, its pairs (group A), then
 * each session's SessionHeld and results. All accepted by the deciders once its players are
 * registered (`pacedRoster`).
 */
export function pacedFacts(clubId: string, year: number, count: number): Proposed[] {
  const competitionId = `${clubId}-${year}-scale`;
  const streamId = `competition-${competitionId}`;
  const pairs = PACED_PAIRS;
  const dates = Array.from({ length: 6 }, (_, i) => {
    const d = new Date(Date.UTC(year, 8, 7 + 7 * i));
    return d.toISOString().slice(0, 10);
  });
  const fact = (type: string, occurredAt: string, data: Record<string, unknown>) => ({
    streamId,
    event: {
      id: v7(),
      type,
      schemaVersion: 1,
      occurredAt,
      data: { competitionId, ...data },
      metadata: { clubId, actor: 'bench/scale' },
    },
  });
  const pairOf = (i: number) => ({
    pairId: `${competitionId}-p${i + 1}`,
    players: [scalePlayer(clubId, 2 * i + 1), scalePlayer(clubId, 2 * i + 2)],
  });
  const out: Proposed[] = [
    fact('CompetitionCreated', `${year}-09-01T12:00:00+02:00`, {
      clubId,
      name: `Scale ${year}`,
      season: `${year}-${year + 1}`,
      kind: 'pairs-series',
      format: 'dsb-pairs',
      sessions: dates.map((date, i) => ({ session: i + 1, date, startTime: '19:45' })),
      groups: ['A', 'B', 'C'],
    }),
  ];
  for (let i = 0; i < pairs; i++) {
    out.push(fact('PairEntered', `${year}-09-02T20:00:00+02:00`, { ...pairOf(i), group: 'A' }));
  }
  for (let s = 0; out.length < count; s++) {
    const date = dates[s % dates.length]!;
    if (s >= dates.length) throw new Error(`at most ${out.length} paced facts`);
    out.push(
      fact('SessionHeld', `${date}T19:45:00+02:00`, {
        session: s + 1,
        date,
        group: 'A',
        boards: 24,
      }),
    );
    for (let i = 0; i < pairs && out.length < count; i++) {
      out.push(
        fact('SessionResultRecorded', `${date}T23:15:00+02:00`, {
          session: s + 1,
          ...pairOf(i),
          percentage: 40 + ((i * 7 + s * 3) % 20),
          boardsPlayed: 24,
          group: 'A',
          source: 'imported',
        }),
      );
    }
  }
  return out.slice(0, count);
}
