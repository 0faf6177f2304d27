/**
 * A cut-in rubber evening at Pinner BC on Tuesday 5 November 2019, the end of
 * examples/uk-pinner-bc-2018.ndjson: five arrive before the first cut (one qualifies for the next
 * table), a second table made up as three more arrive, the seven-hand rule at eight players, a
 * Game Call that fails and one further rubber all four agree, a Table Up by cut, a player who
 * retires for half an hour (R25), a table that waits and the next Table Up that takes it in.
 * docs/rules-pinner.md "Rubber bridge" tells the story; test/examples/pinner-rubber-example.test.ts
 * checks it.
 */
import { v5 } from 'uuid';
import type { ExampleLine } from './lines';

const NAMESPACE = '6f1c9a52-3a0e-4b7e-9a59-1c1f6b0b7e11';
export const RUBBER_EVENING = 'pinner-rubber-2019-11-05';
const STREAM = `rubber-${RUBBER_EVENING}`;

const draws = (cards: Record<string, string>) =>
  Object.entries(cards).map(([unit, card]) => ({ unit: `pin-${unit}`, card }));
const pin = (names: string[]) => names.map((n) => `pin-${n}`);

export function pinnerRubberEvening(): ExampleLine[] {
  const facts: Array<{ type: string; time: string; data: Record<string, unknown> }> = [];
  // Told table by table below; recorded in the order they happen (the two tables interleave).
  const add = (type: string, time: string, data: Record<string, unknown>) =>
    facts.push({ type, time, data });
  const arrives = (name: string, time: string) =>
    add('RubberUnitArrived', time, { unit: `pin-${name}`, players: [`pin-${name}`] });
  const hands = (table: string, times: string[]) =>
    times.forEach((t) => add('RubberHandCompleted', t, { table }));

  add('RubberSessionOpened', '19:00', {
    clubId: 'pinner',
    day: '2019-11-05',
    kind: 'cut-in',
    dutyMember: 'pin-gwen',
  });
  // R22: five present before the cut for partners: all five cut, Desmond's 3C is the lowest.
  for (const [name, time] of [
    ['alice', '19:02'],
    ['bernard', '19:04'],
    ['celia', '19:05'],
    ['desmond', '19:06'],
    ['edith', '19:07'],
  ])
    arrives(name!, time!);
  add('RubberTableMadeUp', '19:10', {
    table: '1',
    units: pin(['alice', 'bernard', 'celia', 'edith']),
    cut: draws({ alice: 'AS', bernard: '9H', celia: 'QD', desmond: '3C', edith: 'JS' }),
  });
  // Desmond qualified for the next table: three more make it up with him, no cut needed.
  arrives('frank', '19:20');
  arrives('ivy', '19:25');
  arrives('jack', '19:26');
  add('RubberTableMadeUp', '19:28', {
    table: '2',
    units: pin(['desmond', 'frank', 'ivy', 'jack']),
  });
  // R24: eight present, two tables: table 1's seventh hand ends its rubber unfinished.
  hands('1', ['19:35', '19:45', '19:55', '20:05', '20:15', '20:25']);
  hands('2', ['19:40', '19:52', '20:10', '20:24']);
  add('RubberCompleted', '20:35', { table: '1', sevenHandRule: true });
  // R23: none waiting for table 1: table 2 calls a game; its hand ends without the rubber.
  add('GameCalled', '20:36', { table: '2', for: '1' });
  hands('2', ['20:44']);
  add('FurtherRubberAgreed', '20:46', {
    table: '1',
    agreedBy: pin(['alice', 'bernard', 'celia', 'edith']),
  });
  // Gwen arrives; table 2 completes its rubber: four equal tenures cut for her place.
  arrives('gwen', '20:50');
  add('RubberCompleted', '20:58', { table: '2' });
  add('RubberTableUpCalled', '20:59', {
    table: '2',
    leaving: pin(['ivy']),
    cut: draws({ desmond: '5H', frank: 'KC', ivy: '2D', jack: '10S' }),
  });
  // The evening goes on in the order it happens: both tables play; at 21:02 Ivy, who will not
  // wait her turn, retires for half an hour (R25).
  hands('1', ['21:00']);
  add('RubberUnitRetired', '21:02', { unit: 'pin-ivy' });
  hands('2', ['21:05']);
  hands('1', ['21:10']);
  hands('2', ['21:15']);
  add('RubberCompleted', '21:22', { table: '1' });
  // None waiting and no agreement to go on: table 1 waits; Ivy, back after the half hour, joins it.
  add('RubberTableWaiting', '21:23', { table: '1' });
  hands('2', ['21:28']);
  arrives('ivy', '21:35');
  add('RubberCompleted', '21:40', { table: '2' });
  // Five wait: all four at table 2 leave for the first four; the five left cut for a new table.
  add('RubberTableUpCalled', '21:41', {
    table: '2',
    leaving: pin(['desmond', 'frank', 'jack', 'gwen']),
  });
  add('RubberTableMadeUp', '21:43', {
    table: '3',
    units: pin(['ivy', 'desmond', 'frank', 'gwen']),
    cut: draws({ ivy: 'KH', desmond: 'QH', frank: 'JH', jack: '4S', gwen: 'AD' }),
  });
  // Greenwich Mean Time in November: the evening's times are the club's.
  const evening = facts
    .map((f, i) => ({ ...f, i }))
    .sort((a, b) => a.time.localeCompare(b.time) || a.i - b.i)
    .map(({ type, time, data }, n) => {
      const at = `2019-11-05T${time}:00+00:00`;
      return {
        streamId: STREAM,
        id: v5(`${STREAM}/${n}/${type}`, NAMESPACE),
        type,
        occurredAt: at,
        data: { sessionId: RUBBER_EVENING, at, ...data },
        metadata: {},
      };
    });
  return [...evening, ...rubberRulingAppealed()];
}

/**
 * PIN-R26: at table 2 the duty member ruled on a revoke in the rubber that ended at 20:58;
 * Desmond indicated his appeal at 20:57, before its end, and the committee dismissed it a week
 * later. The ruling names the evening, so its rubber's end is the one recorded.
 */
function rubberRulingAppealed(): ExampleLine[] {
  const stream = 'corrections-pinner';
  const line = (n: number, type: string, occurredAt: string, data: Record<string, unknown>) => ({
    streamId: stream,
    id: v5(`${stream}/${RUBBER_EVENING}/${n}/${type}`, NAMESPACE),
    type,
    occurredAt,
    data: { clubId: 'pinner', ...data },
    metadata: {},
  });
  return [
    line(0, 'RulingGiven', '2019-11-05T21:05:00+00:00', {
      rulingId: 'pin-rr-2019-11-05',
      director: 'pin-gwen',
      decision: 'Law 64: a revoke established; two tricks transferred',
      rubber: { sessionId: RUBBER_EVENING, table: '2', endedAt: '2019-11-05T20:58:00+00:00' },
    }),
    line(1, 'AppealLodged', '2019-11-05T21:06:00+00:00', {
      appealId: 'pin-ra-2019-11-05',
      against: { rulingId: 'pin-rr-2019-11-05' },
      by: 'pin-desmond',
      receivedAt: '2019-11-05T20:57:00+00:00',
    }),
    line(2, 'AppealDecided', '2019-11-12T20:00:00+00:00', {
      appealId: 'pin-ra-2019-11-05',
      outcome: 'dismissed',
      by: 'committee',
      decidedAt: '2019-11-12T20:00:00+00:00',
    }),
  ];
}
