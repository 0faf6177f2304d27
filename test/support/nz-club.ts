import { v7 } from 'uuid';
import type { EventToAppend } from '../../src/kernel/envelope';

/**
 * Facts of an NZ club (Karori) as a writer proposes them: the rulebook, the roster and
 * competitions with their results, for tests of the deciders' club-wide limits (NZ-8e, NZ-10).
 */
export type Proposed = EventToAppend & { streamId: string };

const at = (date: string, time = '12:00') => `${date}T${time}:00+13:00`;

export function proposed(
  streamId: string,
  type: string,
  data: Record<string, unknown>,
  occurredAt = at('2026-01-05'),
): Proposed {
  return { streamId, id: v7(), type, occurredAt, data, metadata: { clubId: 'karori' } };
}

/** `n` dates a week apart from `first` (YYYY-MM-DD). */
export const weekly = (first: string, n: number): string[] =>
  Array.from({ length: n }, (_, i) => {
    const d = new Date(`${first}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 7 * i);
    return d.toISOString().slice(0, 10);
  });

export const TUESDAYS = weekly('2026-03-03', 20);
export const MONDAYS = weekly('2026-03-02', 20);

/** Karori registers (its stream `club-karori`): a competition is of a registered club (LEDGER). */
export const clubRegistered = () =>
  proposed('club-karori', 'ClubRegistered', {
    clubId: 'karori',
    name: 'Karori Bridge Club',
    timeZone: 'Pacific/Auckland',
  });

export const rulebookAdopted = (preset = 'nz-club', overrides: Record<string, unknown> = {}) =>
  proposed('club-karori', 'RulebookAdopted', {
    clubId: 'karori',
    preset,
    overrides,
    effectiveFrom: '2025-01-01',
  });

export const rulebookAmended = (changes: Record<string, unknown>, effectiveFrom: string) =>
  proposed('club-karori', 'RulebookAmended', { clubId: 'karori', changes, effectiveFrom });

export const registered = (playerId: string, status: string, homeNight?: string) =>
  proposed('club-karori-players', 'PlayerRegistered', {
    clubId: 'karori',
    playerId,
    name: playerId,
    status,
    ...(homeNight ? { homeNight } : {}),
  });

export const statusChanged = (playerId: string, status: string, date: string) =>
  proposed(
    'club-karori-players',
    'PlayerStatusChanged',
    { clubId: 'karori', playerId, status },
    at(date),
  );

/** The roster: Monday, Wednesday and Tuesday members, a visitor. */
export const ROSTER = [
  registered('mia', 'member', 'monday'),
  registered('max', 'member', 'monday'),
  registered('wes', 'member', 'wednesday'),
  registered('tia', 'member', 'tuesday'),
  registered('tom', 'member', 'tuesday'),
  registered('tim', 'member', 'tuesday'),
  registered('tess', 'member', 'tuesday'),
  registered('vic', 'visitor'),
];

/** A competition of the club: created with a session on each date, pairs entered. */
export function competition(
  id: string,
  format: string,
  night: string,
  dates: readonly string[],
  pairs: Record<string, string[]>,
) {
  const stream = `competition-${id}`;
  const fact = (type: string, data: Record<string, unknown>, date?: string) =>
    proposed(stream, type, { competitionId: id, ...data }, date ? at(date, '22:30') : undefined);
  return {
    stream,
    setup: [
      fact('CompetitionCreated', {
        clubId: 'karori',
        name: id,
        season: dates[0]!.slice(0, 4),
        kind: format.endsWith('individual') ? 'individual' : 'short-pairs',
        format,
        night,
        sessions: dates.map((date, i) => ({ session: i + 1, date, startTime: '19:30' })),
      }),
      ...Object.entries(pairs).map(([pairId, players]) => fact('PairEntered', { pairId, players })),
    ],
    result: (session: number, pairId: string, players = pairs[pairId]!) =>
      fact(
        'SessionResultRecorded',
        { session, pairId, players, percentage: 55, boardsPlayed: 24, source: 'imported' },
        dates[session - 1],
      ),
    substitute: (session: number, pairId: string, absentPlayerId: string, substituteId: string) =>
      fact('SubstitutePlayed', { session, pairId, absentPlayerId, substituteId }),
    held: (session: number, date: string) =>
      fact('SessionHeld', { session, date, boards: 24 }, date),
    scoredFromBoards: (
      session: number,
      links: Array<{ pairNumber: string; pairId: string; players?: string[] }>,
    ) =>
      fact(
        'SessionScoredFromBoards',
        { session, sessionStreamId: `session-${id}-${session}`, pairs: links },
        dates[session - 1],
      ),
  };
}
