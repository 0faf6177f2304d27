/**
 * The Christmas Pairs at Pinner BC on Monday 17 December 2018 as a competition of its own, the
 * end of examples/uk-pinner-bc-2018.ndjson: a special event (`pinner-special-event`, enhanced
 * prize money) of one session, played under Level 4 (PIN-R6: a Monday evening), its eight
 * players those the example year has play it, on the club's roster as they stood that day
 * (Rachel a visitor, Oliver an under-16 visitor with his grandfather Frank). Its standings say
 * what each pair may win (PIN-R13): the pairs with a visitor normal prize money only.
 * docs/rules-pinner.md "The example year" tells it; test/examples/pinner-example.test.ts checks it.
 *
 * Self-contained as pinner.ts is: name-based ids in the same namespace.
 */
import { v5 } from 'uuid';
import type { ExampleLine } from './lines';

const NAMESPACE = '6f1c9a52-3a0e-4b7e-9a59-1c1f6b0b7e11';
const CLUB = 'pinner';
export const CHRISTMAS_PAIRS = 'pinner-christmas-pairs-2018';
const DAY = '2018-12-17';

/** The roster as it stood on the day: who was a member and who a visitor. */
const PLAYERS: ReadonlyArray<[string, string, 'member' | 'visitor']> = [
  ['pin-alice', 'Alice Ashworth', 'member'],
  ['pin-celia', 'Celia Corran', 'member'],
  ['pin-frank', 'Frank Fairlie', 'member'],
  ['pin-ivy', 'Ivy Ingleby', 'member'],
  ['pin-jack', 'Jack Jessop', 'member'],
  ['pin-simon', 'Simon Stanhope', 'member'],
  ['pin-rachel', 'Rachel Redmond', 'visitor'],
  ['pin-oliver', 'Oliver Fairlie', 'visitor'],
];

/** The four pairs and their matchpoint percentages. */
const PAIRS: ReadonlyArray<[string, [string, string], number]> = [
  ['xmas-1', ['pin-rachel', 'pin-celia'], 58.33],
  ['xmas-2', ['pin-simon', 'pin-jack'], 54.17],
  ['xmas-3', ['pin-frank', 'pin-oliver'], 45.83],
  ['xmas-4', ['pin-alice', 'pin-ivy'], 41.67],
];

export function pinnerChristmasPairs(): ExampleLine[] {
  const lines: ExampleLine[] = [];
  const add = (streamId: string, type: string, time: string, data: Record<string, unknown>) =>
    lines.push({
      streamId,
      id: v5(`${streamId}/${lines.length}/${type}`, NAMESPACE),
      type,
      occurredAt: `${DAY}T${time}:00+00:00`,
      data,
      metadata: { clubId: CLUB, actor: 'examples/pinner-christmas.ts' },
    });
  for (const [playerId, name, status] of PLAYERS)
    add(`club-${CLUB}-players`, 'PlayerRegistered', '18:00', {
      clubId: CLUB,
      playerId,
      name,
      status,
    });
  const stream = `competition-${CHRISTMAS_PAIRS}`;
  const competitionId = CHRISTMAS_PAIRS;
  add(stream, 'CompetitionCreated', '18:30', {
    competitionId,
    clubId: CLUB,
    name: 'Christmas Pairs 2018',
    season: '2018',
    kind: 'short-pairs',
    format: 'pinner-special-event',
    sessions: [{ session: 1, date: DAY, startTime: '19:30' }],
  });
  for (const [pairId, players] of PAIRS)
    add(stream, 'PairEntered', '19:15', { competitionId, pairId, players });
  add(stream, 'SessionHeld', '19:30', {
    competitionId,
    session: 1,
    date: DAY,
    boards: 24,
    conventionsLevel: 4,
  });
  for (const [pairId, players, percentage] of PAIRS)
    add(stream, 'SessionResultRecorded', '22:45', {
      competitionId,
      session: 1,
      pairId,
      players,
      percentage,
      boardsPlayed: 24,
      source: 'imported',
    });
  return lines;
}
