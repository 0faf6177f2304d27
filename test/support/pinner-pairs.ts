import { v7 } from 'uuid';
import { GatedLedger } from './gated-ledger';
import type { Proposed } from './nz-club';

/**
 * A Pinner-like club under the pinner-2018 rulebook, its roster (four members, a visitor) and
 * its own competitions (PIN-R6, PIN-R13): for the tests of its duplicate sessions and special
 * events.
 */
export const fact = (
  streamId: string,
  type: string,
  data: Record<string, unknown>,
  day = '2018-04-02',
) => ({
  streamId,
  id: v7(),
  type,
  occurredAt: `${day}T22:00:00+01:00`,
  data,
  metadata: { clubId: 'pinner' },
});

export const CLUB = [
  fact('club-pinner', 'ClubRegistered', {
    clubId: 'pinner',
    name: 'Pinner Bridge Club',
    timeZone: 'Europe/London',
  }),
  fact('club-pinner', 'RulebookAdopted', {
    clubId: 'pinner',
    preset: 'pinner-2018',
    overrides: {},
    effectiveFrom: '2018-04-01',
  }),
  ...(
    [
      ['ann', 'member'],
      ['bob', 'member'],
      ['cat', 'member'],
      ['dan', 'member'],
      ['val', 'visitor'],
    ] as const
  ).map(([playerId, status]) =>
    fact('club-pinner-players', 'PlayerRegistered', {
      clubId: 'pinner',
      playerId,
      name: playerId,
      status,
    }),
  ),
];

export const PAIRS: Record<string, string[]> = {
  AV: ['ann', 'val'],
  BC: ['bob', 'cat'],
  DD: ['dan', 'ann'],
};

/** A competition of Pinner: one session on each of `days` at `startTime`, the pairs entered. */
export function event(id: string, format: string, days: string[], startTime = '19:30') {
  const stream = `competition-${id}`;
  const f = (type: string, data: Record<string, unknown>, day?: string) =>
    fact(stream, type, { competitionId: id, ...data }, day);
  return {
    setup: [
      f('CompetitionCreated', {
        clubId: 'pinner',
        name: id,
        season: '2018',
        kind: 'short-pairs',
        format,
        sessions: days.map((date, i) => ({ session: i + 1, date, startTime })),
      }),
      ...Object.entries(PAIRS)
        .slice(0, 2)
        .map(([pairId, players]) => f('PairEntered', { pairId, players })),
    ],
    result: (session: number, pairId: string, percentage: number) =>
      f(
        'SessionResultRecorded',
        {
          session,
          pairId,
          players: PAIRS[pairId],
          percentage,
          boardsPlayed: 24,
          source: 'imported',
        },
        days[session - 1],
      ),
    held: (session: number, extra: Record<string, unknown> = {}) =>
      f(
        'SessionHeld',
        { session, date: days[session - 1], boards: 24, ...extra },
        days[session - 1],
      ),
  };
}

export const MONDAY = '2018-05-07';
export const THURSDAY = '2018-05-10';

export async function ledger(...facts: Proposed[]) {
  const l = new GatedLedger();
  await l.append(...(CLUB as Proposed[]), ...facts);
  return l;
}
