import { LCBA_APPEALS } from '../../src/rulebooks/deadlines';
import { deciderOf } from '../../src/contexts/deciders';
import { DomainGate } from '../../src/ledger/domain-gate';
import { GatedLedger as Ledger } from '../support/gated-ledger';
import { clubRegistered, competition, proposed, rulebookAdopted, ROSTER } from '../support/nz-club';
import {
  accepted,
  autumn,
  CORRECTIONS,
  correctionOf,
  karoriAutumn,
  rejected,
  withPercentage,
} from '../support/corrections';
import type { Proposed } from '../support/nz-club';
import { collect } from '../support/events';
import { InvalidEventError } from '../../src/store/errors';

/**
 * Corrections, rulings and appeals are facts of the club's stream
 * `corrections-<clubId>`, judged by their decider through the append path every writer takes
 * (the gate). Karori's autumn pairs is played on Mondays 30 March, 6 and 13 April 2026 at
 * 19:30; New Zealand daylight time ends between the first two (Sunday 5 April, +13:00 → +12:00).
 */

/** Expects the facts appended (each test proves what it accepts as much as what it refuses). */
const accepts = (ledger: Ledger, ...facts: Proposed[]) =>
  expect(ledger.append(...facts)).resolves.toBeUndefined();

async function karori(): Promise<{ ledger: Ledger; result1p1: Proposed; result1p2: Proposed }> {
  const ledger = new Ledger();
  const { facts, result1p1, result1p2 } = karoriAutumn();
  await ledger.append(...facts);
  return { ledger, result1p1, result1p2 };
}

describe('NZ-13: a correction is notified before the start of play of the same night of the following week', () => {
  it('a correction notified in time is recorded, then accepted by the director', async () => {
    const { ledger, result1p1 } = await karori();
    await ledger.append(
      correctionOf(result1p1, withPercentage(result1p1, 57.5), '2026-04-02T10:00:00+13:00'),
      accepted('c1', '2026-04-02T11:00:00+13:00', { reason: 'traveller 7 misread' }),
    );
    expect(await ledger.streamOf(CORRECTIONS)).toHaveLength(2);
  });

  it('the deadline is the instant of 19:30 on Monday 6 April in Wellington (NZST, +12:00): one second before it is in time', async () => {
    const { ledger, result1p1 } = await karori();
    await accepts(
      ledger,
      correctionOf(result1p1, withPercentage(result1p1, 57.5), '2026-04-06T19:29:59+12:00'),
      accepted('c1', '2026-04-07T09:00:00+12:00'),
    );
  });

  it('the deadline reached exactly (19:30:00 NZST) is late: accepting it without a reason is refused by NZ-13, nothing written', async () => {
    const { ledger, result1p1 } = await karori();
    await ledger.append(
      correctionOf(result1p1, withPercentage(result1p1, 57.5), '2026-04-06T19:30:00+12:00'),
    );
    await ledger.refuses(
      [accepted('c1', '2026-04-07T09:00:00+12:00')],
      'NZ-13',
      'events[0].data.lateAcceptedBecause',
      /after its deadline 2026-04-06T19:30:00\+12:00/,
    );
  });

  it('DST: a correction written in the summer offset (20:00+13:00 = 19:00 NZST) is before the start of play once the clocks went back', async () => {
    const { ledger, result1p1 } = await karori();
    // 2026-04-06T20:00+13:00 is 07:00Z; 19:30 NZST on 6 April is 07:30Z: in time, though the
    // wall clock it was written in says 20:00.
    await accepts(
      ledger,
      correctionOf(result1p1, withPercentage(result1p1, 57.5), '2026-04-06T20:00:00+13:00'),
      accepted('c1', '2026-04-07T09:00:00+12:00'),
    );
  });

  it('DST: 19:30 read in the summer offset (+13:00) would be an hour early; the club’s zone says 19:30 NZST', async () => {
    const { ledger, result1p1 } = await karori();
    // 19:45+13:00 = 06:45Z: before 07:30Z, in time (a reading of the deadline in +13:00 would
    // have made it late).
    await accepts(
      ledger,
      correctionOf(result1p1, withPercentage(result1p1, 57.5), '2026-04-06T19:45:00+13:00'),
      accepted('c1', '2026-04-07T09:00:00+12:00'),
    );
  });

  it('a late correction is recorded, never lost, and may be rejected citing NZ-13, or accepted with the director’s recorded reason', async () => {
    const { ledger, result1p1, result1p2 } = await karori();
    await ledger.append(
      correctionOf(result1p1, withPercentage(result1p1, 57.5), '2026-04-10T12:00:00+12:00', 'c1'),
      correctionOf(result1p2, withPercentage(result1p2, 44.5), '2026-04-10T12:00:00+12:00', 'c2'),
      rejected('c1', '2026-04-10T13:00:00+12:00', { reason: 'late', rule: 'NZ-13' }),
      accepted('c2', '2026-04-10T13:00:00+12:00', {
        lateAcceptedBecause: 'the scorer’s own error, found by the club',
      }),
    );
    expect(await ledger.streamOf(CORRECTIONS)).toHaveLength(4);
  });

  it('an amendment of the rulebook changes the deadline: corrections.deadlineDays 14 makes 10 April in time', async () => {
    const { ledger, result1p1 } = await karori();
    await accepts(
      ledger,
      proposed('club-karori', 'RulebookAmended', {
        clubId: 'karori',
        changes: { 'corrections.deadlineDays': 14 },
        effectiveFrom: '2026-03-01',
      }),
      correctionOf(result1p1, withPercentage(result1p1, 57.5), '2026-04-10T12:00:00+12:00'),
      accepted('c1', '2026-04-10T13:00:00+12:00'),
    );
  });

  it('a correction of a correction names the same target and supersedes it: only the latest can be accepted', async () => {
    const { ledger, result1p1 } = await karori();
    await ledger.append(
      correctionOf(result1p1, withPercentage(result1p1, 57.5), '2026-04-01T12:00:00+13:00', 'c1'),
      correctionOf(result1p1, withPercentage(result1p1, 58.5), '2026-04-01T13:00:00+13:00', 'c2'),
    );
    await ledger.refuses(
      [accepted('c1', '2026-04-01T14:00:00+13:00')],
      'LEDGER',
      'events[0].data.correctionId',
      /superseded by correction c2/,
    );
    await ledger.append(accepted('c2', '2026-04-01T14:00:00+13:00'));
  });

  it('a correction of a board result (a scored session’s traveller line) keeps the line’s identity', async () => {
    const { ledger } = await karori();
    const stream = 'session-karori-autumn-1';
    const movement = proposed(
      stream,
      'SessionMovementRecorded',
      {
        clubId: 'karori',
        eventId: 'autumn',
        date: '2026-03-30',
        session: '1',
        scoringMethod: 'MP',
        winnerType: 2,
        boards: [1],
        fields: [
          { field: 'NS', pairs: ['1'] },
          { field: 'EW', pairs: ['2'] },
        ],
        expectedResults: [{ board: 1, results: 1 }],
      },
      '2026-03-30T23:00:00+13:00',
    );
    const line = proposed(
      stream,
      'BoardResultRecorded',
      { board: 1, line: 1, nsPair: '1', ewPair: '2', kind: 'played', nsScore: 420 },
      '2026-03-30T23:00:00+13:00',
    );
    await ledger.append(movement, line);
    await ledger.append(
      correctionOf(line, { ...(line.data as object), nsScore: 450 }, '2026-04-01T12:00:00+13:00'),
    );
    await ledger.refuses(
      [
        correctionOf(
          line,
          { ...(line.data as object), nsPair: '3' },
          '2026-04-01T12:00:00+13:00',
          'c2',
        ),
      ],
      'LEDGER',
      'events[0].data.corrected.nsPair',
      /nsPair identifies the BoardResultRecorded corrected/,
    );
  });
});

describe('the corrections and publications streams, each with its decider', () => {
  it('corrections-<clubId> and publications-<clubId> are found by the registry', () => {
    expect(deciderOf('corrections-karori')?.name).toBe('corrections');
    expect(deciderOf('publications-karori')?.name).toBe('publications');
  });

  it('LEDGER a correction proposed on a competition’s stream belongs in corrections-<clubId>', async () => {
    const { ledger, result1p1 } = await karori();
    const misplaced = {
      ...correctionOf(result1p1, withPercentage(result1p1, 57), '2026-04-01T12:00:00+13:00'),
      streamId: 'competition-autumn',
    };
    await ledger.refuses([misplaced], 'LEDGER', 'streamId', /belongs in stream corrections-karori/);
  });
});

describe('a store without an index of ids (EventStoreDB)', () => {
  it('finds the target by reading the stream the correction names', async () => {
    const ledger = new Ledger();
    // As EventStoreDB: no findByIds.
    Object.defineProperty(ledger.store, 'findByIds', { value: undefined });
    const { facts, result1p1 } = karoriAutumn();
    await ledger.append(...facts);
    // A gate that saw none of them appended (another process's): only the store knows them.
    ledger.gate = new DomainGate(ledger.store);
    await accepts(
      ledger,
      correctionOf(result1p1, withPercentage(result1p1, 57.5), '2026-04-02T10:00:00+13:00'),
    );
    const ghost = { ...result1p1, id: '0190aaaa-0000-7000-8000-000000000000' };
    await ledger.refuses(
      [correctionOf(ghost, withPercentage(result1p1, 57.5), '2026-04-02T10:00:00+13:00', 'c2')],
      'LEDGER',
      'events[0].data.target.eventId',
    );
  });
});

describe('bad input: each correction refused names the field and the rule; nothing is written', () => {
  it('LEDGER a correction of a fact that does not exist', async () => {
    const { ledger, result1p1 } = await karori();
    const ghost = { ...result1p1, id: '0190aaaa-0000-7000-8000-000000000000' };
    await ledger.refuses(
      [correctionOf(ghost, withPercentage(result1p1, 57.5), '2026-04-01T12:00:00+13:00')],
      'LEDGER',
      'events[0].data.target.eventId',
      /no fact with event id 0190aaaa-0000-7000-8000-000000000000/,
    );
  });

  it('LEDGER a correction of another club’s fact', async () => {
    const { ledger } = await karori();
    const kelburn = competition(
      'kelburn-pairs',
      'three-four-session-pairs',
      'monday',
      ['2026-03-30', '2026-04-06', '2026-04-13'],
      {
        k1: ['mia', 'max'],
      },
    );
    // Kelburn's competition names Kelburn.
    const created = kelburn.setup[0]!;
    (created.data as Record<string, unknown>).clubId = 'kelburn';
    await ledger.append(
      proposed('club-kelburn', 'ClubRegistered', {
        clubId: 'kelburn',
        name: 'Kelburn',
        timeZone: 'Pacific/Auckland',
      }),
      proposed('club-kelburn', 'RulebookAdopted', {
        clubId: 'kelburn',
        preset: 'nz-club',
        overrides: {},
        effectiveFrom: '2025-01-01',
      }),
      ...['mia', 'max'].map((playerId) =>
        proposed('club-kelburn-players', 'PlayerRegistered', {
          clubId: 'kelburn',
          playerId,
          name: playerId,
          status: 'member',
        }),
      ),
      created,
      ...kelburn.setup.slice(1),
    );
    const theirs = kelburn.result(1, 'k1');
    await ledger.append(theirs);
    await ledger.refuses(
      [correctionOf(theirs, withPercentage(theirs, 60), '2026-04-01T12:00:00+13:00')],
      'LEDGER',
      'events[0].data.target.eventId',
      /not a fact of club karori/,
    );
  });

  it('LEDGER a target whose type or stream is not the stored fact’s', async () => {
    const { ledger, result1p1 } = await karori();
    const wrongType = correctionOf(
      result1p1,
      withPercentage(result1p1, 57.5),
      '2026-04-01T12:00:00+13:00',
    );
    (wrongType.data as { target: { type: string } }).target.type = 'SubstitutePlayed';
    await ledger.refuses(
      [wrongType],
      'LEDGER',
      'events[0].data.target.type',
      /is a SessionResultRecorded, not a SubstitutePlayed/,
    );
    const wrongStream = correctionOf(
      result1p1,
      withPercentage(result1p1, 57.5),
      '2026-04-01T12:00:00+13:00',
    );
    (wrongStream.data as { target: { streamId: string } }).target.streamId = 'competition-other';
    await ledger.refuses(
      [wrongStream],
      'LEDGER',
      'events[0].data.target.streamId',
      /stored in competition-autumn/,
    );
  });

  it('LEDGER corrected content invalid for the target’s type, named at data.corrected.<field>', async () => {
    const { ledger, result1p1 } = await karori();
    await ledger.refuses(
      [correctionOf(result1p1, withPercentage(result1p1, 101), '2026-04-01T12:00:00+13:00')],
      'LEDGER',
      'events[0].data.corrected.percentage',
      /not a valid SessionResultRecorded: percentage/,
    );
    await ledger.refuses(
      [
        correctionOf(
          result1p1,
          { ...withPercentage(result1p1, 57), typo: 1 },
          '2026-04-01T12:00:00+13:00',
        ),
      ],
      'LEDGER',
      'events[0].data.corrected.typo',
    );
  });

  it('LEDGER a changed identity field (another pair’s result is another fact)', async () => {
    const { ledger, result1p1 } = await karori();
    await ledger.refuses(
      [
        correctionOf(
          result1p1,
          { ...withPercentage(result1p1, 57), pairId: 'p2' },
          '2026-04-01T12:00:00+13:00',
        ),
      ],
      'LEDGER',
      'events[0].data.corrected.pairId',
      /must stay "p1"/,
    );
  });

  it('LEDGER a type that cannot be corrected (a competition’s creation; a correction itself)', async () => {
    const { ledger } = await karori();
    const created = autumn.setup[0]!;
    await ledger.refuses(
      [correctionOf(created, created.data as Record<string, unknown>, '2026-04-01T12:00:00+13:00')],
      'LEDGER',
      'events[0].data.target.type',
      /a CompetitionCreated cannot be corrected/,
    );
  });

  it('LEDGER a correction that changes nothing, and a correctionId used twice', async () => {
    const { ledger, result1p1 } = await karori();
    await ledger.refuses(
      [
        correctionOf(
          result1p1,
          result1p1.data as Record<string, unknown>,
          '2026-04-01T12:00:00+13:00',
        ),
      ],
      'LEDGER',
      'events[0].data.corrected',
      /changes nothing/,
    );
    await ledger.append(
      correctionOf(result1p1, withPercentage(result1p1, 57), '2026-04-01T12:00:00+13:00'),
    );
    await ledger.refuses(
      [correctionOf(result1p1, withPercentage(result1p1, 58), '2026-04-01T13:00:00+13:00')],
      'LEDGER',
      'events[0].data.correctionId',
      /notified already/,
    );
  });

  it('LEDGER a decision on a correction never notified, and a second decision', async () => {
    const { ledger, result1p1 } = await karori();
    await ledger.refuses(
      [accepted('nope', '2026-04-01T12:00:00+13:00')],
      'LEDGER',
      'events[0].data.correctionId',
      /never notified/,
    );
    await ledger.refuses(
      [rejected('nope', '2026-04-01T12:00:00+13:00')],
      'LEDGER',
      'events[0].data.correctionId',
      /never notified/,
    );
    await ledger.append(
      correctionOf(result1p1, withPercentage(result1p1, 57), '2026-04-01T12:00:00+13:00'),
      accepted('c1', '2026-04-01T13:00:00+13:00'),
    );
    await ledger.refuses(
      [rejected('c1', '2026-04-01T14:00:00+13:00')],
      'LEDGER',
      'events[0].data.correctionId',
      /decided already/,
    );
  });

  it('LEDGER a correction, ruling or publication of a club not registered', async () => {
    const ledger = new Ledger();
    await ledger.refuses(
      [
        proposed('corrections-nowhere', 'RulingGiven', {
          clubId: 'nowhere',
          rulingId: 'r1',
          director: 'dora',
          decision: 'average-plus to NS',
        }),
      ],
      'LEDGER',
      'events[0].data.clubId',
      /club nowhere is not registered/,
    );
    await ledger.refuses(
      [
        proposed('publications-nowhere', 'StandingsPublished', {
          clubId: 'nowhere',
          table: 'championship',
          season: '2026',
          atPosition: 0,
          publishedBy: 'secretary',
        }),
      ],
      'LEDGER',
      'events[0].data.clubId',
    );
  });

  it('LEDGER a correction fact of another club on this club’s stream', async () => {
    const { ledger, result1p1 } = await karori();
    const f = correctionOf(result1p1, withPercentage(result1p1, 57), '2026-04-01T12:00:00+13:00');
    (f.data as Record<string, unknown>).clubId = 'kelburn';
    await ledger.refuses([f], 'LEDGER', 'events[0].data.clubId');
  });
});

const ruling = (rulingId: string, at: string, extra: Record<string, unknown> = {}) =>
  proposed(
    CORRECTIONS,
    'RulingGiven',
    {
      clubId: 'karori',
      rulingId,
      director: 'dora',
      competitionId: 'autumn',
      session: 1,
      board: 7,
      awarded: {
        board: 7,
        nsPair: '1',
        ewPair: '2',
        kind: 'artificial',
        artificial: { nsPercent: 60, ewPercent: 40 },
        reason: 'revoke',
      },
      decision: 'Law 64: two tricks transferred',
      ...extra,
    },
    at,
  );
const appeal = (appealId: string, receivedAt: string, extra: Record<string, unknown> = {}) =>
  proposed(
    CORRECTIONS,
    'AppealLodged',
    { clubId: 'karori', appealId, against: { rulingId: 'r1' }, by: 'max', receivedAt, ...extra },
    receivedAt,
  );
const decided = (appealId: string, decidedAt: string, extra: Record<string, unknown> = {}) =>
  proposed(
    CORRECTIONS,
    'AppealDecided',
    { clubId: 'karori', appealId, outcome: 'dismissed', by: 'committee', decidedAt, ...extra },
    decidedAt,
  );
const escalated = (appealId: string, receivedAt: string, extra: Record<string, unknown> = {}) =>
  proposed(
    CORRECTIONS,
    'AppealEscalated',
    { clubId: 'karori', appealId, by: 'max', receivedAt, ...extra },
    receivedAt,
  );

/** Karori with the LCBA's appeals (LCBA-10.2, LCBA-2.5) adopted as its `appeals` group. */
async function karoriUnderLcbaAppeals() {
  const ledger = new Ledger();
  const { facts } = karoriAutumn();
  const [registered, adopted, ...rest] = facts;
  void adopted;
  await ledger.append(registered!, rulebookAdopted('nz-club', { appeals: LCBA_APPEALS }), ...rest);
  await ledger.append(ruling('r1', '2026-03-30T21:00:00+13:00'));
  return ledger;
}

describe('LCBA-10.2: an appeal against a ruling is received within 7 days of the match', () => {
  it('received on the 7th day (6 April, 23:59 NZST) it is lodged, then decided with its deposit', async () => {
    const ledger = await karoriUnderLcbaAppeals();
    await accepts(
      ledger,
      appeal('a1', '2026-04-06T23:59:59+12:00'),
      decided('a1', '2026-04-08T20:00:00+12:00'),
    );
  });

  it('received at midnight ending the 7th day it is out of time: recorded, never lost; the board does not hear it (LCBA-10.2, data.heardLateBecause), nothing of the decision written', async () => {
    const ledger = await karoriUnderLcbaAppeals();
    await accepts(ledger, appeal('a1', '2026-04-07T00:00:00+12:00'));
    const lodged = (await collect(ledger.store.readStream(CORRECTIONS))).at(-1)!;
    expect(lodged.type).toBe('AppealLodged');
    // Lateness is derived, never stored: the fact is the appeal as received.
    expect(Object.keys(lodged.data as object).sort()).toEqual(
      ['against', 'appealId', 'by', 'clubId', 'receivedAt'].sort(),
    );
    await ledger.refuses(
      [decided('a1', '2026-04-08T20:00:00+12:00')],
      'LCBA-10.2',
      'events[0].data.heardLateBecause',
      /received at 2026-04-07T00:00:00\+12:00, after its deadline 2026-04-07T00:00:00\+12:00 .*out of time/,
    );
    await ledger.refuses(
      [decided('a1', '2026-04-08T20:00:00+12:00', { outcome: 'upheld' })],
      'LCBA-10.2',
      'events[0].data.heardLateBecause',
      /the board does not hear it/,
    );
  });

  it('one second after the deadline (00:00:01 on the 8th day) the appeal is recorded; decided with heardLateBecause, the board hears it anyway', async () => {
    const ledger = await karoriUnderLcbaAppeals();
    await accepts(
      ledger,
      appeal('a1', '2026-04-07T00:00:01+12:00'),
      decided('a1', '2026-04-08T20:00:00+12:00', {
        heardLateBecause: 'the appellant was in hospital all week',
      }),
    );
    await ledger.refuses(
      [decided('a1', '2026-04-09T20:00:00+12:00')],
      'LEDGER',
      'events[0].data.appealId',
      /decided already/,
    );
  });

  it('an appeal in time needs no heardLateBecause: the last second of the 7th day (23:59:59 NZST, before midnight, LCBA-10.2) is in time', async () => {
    const ledger = await karoriUnderLcbaAppeals();
    await accepts(
      ledger,
      appeal('a1', '2026-04-06T23:59:59+12:00'),
      decided('a1', '2026-04-08T20:00:00+12:00'),
    );
  });

  it('LCBA-10.2: an escalation of an appeal out of time that was never heard is refused by the rule; an appeal never lodged stays LEDGER', async () => {
    const ledger = await karoriUnderLcbaAppeals();
    await ledger.append(appeal('a1', '2026-04-07T00:00:00+12:00'));
    await ledger.refuses(
      [escalated('a1', '2026-04-08T20:00:00+12:00', { deposit: { amount: 75, currency: 'GBP' } })],
      'LCBA-10.2',
      'events[0].data.appealId',
      /out of time .*never heard/,
    );
    await ledger.refuses(
      [escalated('a9', '2026-04-08T20:00:00+12:00', { deposit: { amount: 75, currency: 'GBP' } })],
      'LEDGER',
      'events[0].data.appealId',
      /never lodged/,
    );
  });

  it('LEDGER an appeal against nothing: a ruling never given, or no ruling nor decision at all', async () => {
    const ledger = await karoriUnderLcbaAppeals();
    await ledger.refuses(
      [appeal('a1', '2026-04-01T12:00:00+13:00', { against: { rulingId: 'r9' } })],
      'LEDGER',
      'events[0].data.against.rulingId',
      /against nothing/,
    );
    await expect(
      ledger.append(appeal('a1', '2026-04-01T12:00:00+13:00', { against: {} })),
    ).rejects.toMatchObject({ issues: [{ field: 'events[0].data.against.rulingId' }] });
  });

  it('LEDGER a decision on an appeal never lodged, and two decisions on one appeal', async () => {
    const ledger = await karoriUnderLcbaAppeals();
    await ledger.refuses(
      [decided('a9', '2026-04-08T20:00:00+12:00')],
      'LEDGER',
      'events[0].data.appealId',
      /never lodged/,
    );
    await ledger.append(
      appeal('a1', '2026-04-01T12:00:00+13:00'),
      decided('a1', '2026-04-08T20:00:00+12:00'),
    );
    await ledger.refuses(
      [decided('a1', '2026-04-09T20:00:00+12:00', { outcome: 'upheld' })],
      'LEDGER',
      'events[0].data.appealId',
      /decided already/,
    );
  });

  it('LCBA-10.2(2): the decision is escalated within 14 days of receiving it with £75; late or short is refused', async () => {
    const ledger = await karoriUnderLcbaAppeals();
    await ledger.append(
      appeal('a1', '2026-04-01T12:00:00+13:00'),
      decided('a1', '2026-04-08T20:00:00+12:00'),
    );
    await ledger.refuses(
      [escalated('a1', '2026-04-22T20:00:01+12:00', { deposit: { amount: 75, currency: 'GBP' } })],
      'LCBA-10.2',
      'events[0].data.receivedAt',
    );
    await ledger.refuses(
      [escalated('a1', '2026-04-20T20:00:00+12:00', { deposit: { amount: 40, currency: 'GBP' } })],
      'LCBA-10.2',
      'events[0].data.deposit',
      /75 GBP/,
    );
    await ledger.append(
      escalated('a1', '2026-04-22T20:00:00+12:00', { deposit: { amount: 75, currency: 'GBP' } }),
    );
  });

  it('LCBA-2.5: an appeal against the published structure within 5 days with £40', async () => {
    const ledger = await karoriUnderLcbaAppeals();
    const against = { decision: 'league structure 2026', publishedAt: '2026-03-01T10:00:00+13:00' };
    // A second after the 5 days, with its £40: recorded, and the board does not hear it.
    await accepts(
      ledger,
      appeal('late', '2026-03-06T10:00:01+13:00', {
        against,
        deposit: { amount: 40, currency: 'GBP' },
      }),
    );
    await ledger.refuses(
      [decided('late', '2026-03-10T10:00:00+13:00', { deposit: 'returned' })],
      'LCBA-2.5',
      'events[0].data.heardLateBecause',
      /after its deadline 2026-03-06T10:00:00\+13:00/,
    );
    // Out of time and short of its deposit: the deposit is refused, nothing written.
    await ledger.refuses(
      [appeal('late2', '2026-03-07T10:00:00+13:00', { against })],
      'LCBA-2.5',
      'events[0].data.deposit',
    );
    await ledger.refuses(
      [appeal('a2', '2026-03-06T10:00:00+13:00', { against })],
      'LCBA-2.5',
      'events[0].data.deposit',
    );
    await ledger.append(
      appeal('a2', '2026-03-06T10:00:00+13:00', {
        against,
        deposit: { amount: 40, currency: 'GBP' },
      }),
    );
    await ledger.refuses(
      [decided('a2', '2026-03-10T10:00:00+13:00')],
      'LEDGER',
      'events[0].data.deposit',
      /returned or forfeited/,
    );
    await ledger.append(
      decided('a2', '2026-03-10T10:00:00+13:00', { deposit: 'forfeited', frivolous: true }),
    );
  });
});

describe('NZ: the NZ club rules set no appeal deadline', () => {
  it('an appeal weeks after the ruling is lodged; an upheld appeal names the adjusted score’s session', async () => {
    const { ledger } = await karori();
    await ledger.append(ruling('r1', '2026-03-30T21:00:00+13:00'));
    await ledger.append(appeal('a1', '2026-05-01T12:00:00+12:00'));
    await ledger.refuses(
      [
        decided('a1', '2026-05-02T12:00:00+12:00', {
          outcome: 'upheld',
          adjusted: {
            sessionStreamId: 'session-karori-none',
            board: 7,
            nsPair: '1',
            ewPair: '2',
            kind: 'assigned',
            nsScore: 420,
            reason: 'appeal upheld',
          },
        }),
      ],
      'LEDGER',
      'events[0].data.adjusted.sessionStreamId',
    );
  });

  it('LEDGER a ruling on a competition the club does not have', async () => {
    const { ledger } = await karori();
    await ledger.refuses(
      [ruling('r1', '2026-03-30T21:00:00+13:00', { competitionId: 'nope' })],
      'LEDGER',
      'events[0].data.competitionId',
    );
  });
});

/** Groenlo's pairs competition: two Monday sessions at 19:45, Europe/Amsterdam. */
async function groenlo() {
  const ledger = new Ledger();
  const at = '2014-08-01T12:00:00+02:00';
  const stream = 'competition-groenlo-2014';
  await ledger.append(
    proposed(
      'club-groenlo',
      'ClubRegistered',
      { clubId: 'groenlo', name: 'Groenlo', timeZone: 'Europe/Amsterdam' },
      at,
    ),
    proposed(
      'club-groenlo',
      'RulebookAdopted',
      { clubId: 'groenlo', preset: 'dsb-groenlo-2014', overrides: {}, effectiveFrom: '2014-08-01' },
      at,
    ),
    ...['ann', 'bob'].map((playerId) =>
      proposed(
        'club-groenlo-players',
        'PlayerRegistered',
        { clubId: 'groenlo', playerId, name: playerId, status: 'member' },
        at,
      ),
    ),
    proposed(
      stream,
      'CompetitionCreated',
      {
        competitionId: 'groenlo-2014',
        clubId: 'groenlo',
        name: 'Parencompetitie',
        season: '2014-2015',
        kind: 'pairs-series',
        format: 'dsb-pairs',
        groups: ['A'],
        sessions: [
          { session: 1, date: '2014-10-20', startTime: '19:45' },
          { session: 2, date: '2014-10-27', startTime: '19:45' },
        ],
      },
      at,
    ),
  );
  const r = (rulingId: string) =>
    proposed(
      'corrections-groenlo',
      'RulingGiven',
      {
        clubId: 'groenlo',
        rulingId,
        director: 'WL',
        competitionId: 'groenlo-2014',
        session: 1,
        decision: 'score adjusted',
      },
      '2014-10-20T22:00:00+02:00',
    );
  await ledger.append(r('r1'));
  const objection = (receivedAt: string) =>
    proposed(
      'corrections-groenlo',
      'AppealLodged',
      {
        clubId: 'groenlo',
        appealId: 'o1',
        against: { rulingId: 'r1' },
        by: 'ann',
        receivedAt,
      },
      receivedAt,
    );
  return { ledger, objection };
}

describe('DSB-20.3: an objection to a WL ruling until 10 minutes before the next session', () => {
  it('at 19:35 CET on 27 October (summer time ended on the 26th) it is in time, exactly', async () => {
    const { ledger, objection } = await groenlo();
    await accepts(ledger, objection('2014-10-27T19:35:00+01:00'));
  });

  it('a second later it is recorded, out of time: the board’s decision is refused with DSB-20.3 and the deadline, unless heardLateBecause', async () => {
    const { ledger, objection } = await groenlo();
    await accepts(ledger, objection('2014-10-27T19:35:01+01:00'));
    const decision = (extra: Record<string, unknown> = {}) =>
      proposed(
        'corrections-groenlo',
        'AppealDecided',
        {
          clubId: 'groenlo',
          appealId: 'o1',
          outcome: 'upheld',
          by: 'board',
          decidedAt: '2014-10-29T12:00:00+01:00',
          ...extra,
        },
        '2014-10-29T12:00:00+01:00',
      );
    await ledger.refuses(
      [decision()],
      'DSB-20.3',
      'events[0].data.heardLateBecause',
      /after its deadline 2014-10-27T19:35:00\+01:00 \(until 10 minutes before the next session, 2014-10-27 19:45/,
    );
    await accepts(ledger, decision({ heardLateBecause: 'the WL was not reachable before play' }));
  });

  it('the board’s decision is final: an escalation is refused with DSB-20.3', async () => {
    const { ledger, objection } = await groenlo();
    await ledger.append(
      objection('2014-10-22T12:00:00+02:00'),
      proposed(
        'corrections-groenlo',
        'AppealDecided',
        {
          clubId: 'groenlo',
          appealId: 'o1',
          outcome: 'upheld',
          by: 'board',
          decidedAt: '2014-10-25T12:00:00+02:00',
        },
        '2014-10-25T12:00:00+02:00',
      ),
    );
    await ledger.refuses(
      [
        proposed(
          'corrections-groenlo',
          'AppealEscalated',
          { clubId: 'groenlo', appealId: 'o1', by: 'ann', receivedAt: '2014-10-26T12:00:00+01:00' },
          '2014-10-26T12:00:00+01:00',
        ),
      ],
      'DSB-20.3',
      'events[0].data.appealId',
    );
  });
});

describe('a publication names the position its table was computed at', () => {
  const published = (atPosition: number, extra: Record<string, unknown> = {}) =>
    proposed('publications-karori', 'StandingsPublished', {
      clubId: 'karori',
      table: 'standings',
      competitionId: 'autumn',
      atPosition,
      publishedBy: 'secretary',
      ...extra,
    });

  it('at the head, or before it, it is recorded; beyond the head refused (LEDGER, data.atPosition)', async () => {
    const { ledger } = await karori();
    const head = await ledger.store.headPosition();
    await ledger.append(published(head), published(3));
    await ledger.refuses(
      [published(head + 100)],
      'LEDGER',
      'events[0].data.atPosition',
      /beyond the ledger's head/,
    );
  });

  it('LEDGER a competition the club does not have', async () => {
    const { ledger } = await karori();
    await ledger.refuses(
      [published(1, { competitionId: 'nope' })],
      'LEDGER',
      'events[0].data.competitionId',
    );
  });
});

describe('DSB-9.1: a correction of an absence may correct when it was notified (correctedOccurredAt)', () => {
  /** Pair p1's absence from session 2 (Monday 6 April), notified at 12:30 NZST that day. */
  const absence = () =>
    proposed(
      autumn.stream,
      'AbsenceNotified',
      { competitionId: 'autumn', session: 2, pairId: 'p1', validReason: true, reason: 'illness' },
      '2026-04-06T12:30:00+12:00',
    );

  const dataOf = (fact: Proposed) => fact.data as Record<string, unknown>;

  async function withAbsence() {
    const { ledger, result1p1 } = await karori();
    const notice = absence();
    await ledger.append(notice);
    return { ledger, result1p1, notice };
  }

  it('only the notice time corrected (11:30, before the correction itself): recorded and accepted', async () => {
    const { ledger, notice } = await withAbsence();
    await accepts(
      ledger,
      correctionOf(notice, dataOf(notice), '2026-04-07T10:00:00+12:00', 'c1', {
        correctedOccurredAt: '2026-04-06T11:30:00+12:00',
      }),
      accepted('c1', '2026-04-07T11:00:00+12:00'),
    );
  });

  it('LEDGER correctedOccurredAt on a fact whose time no table reads (a session result), named at data.correctedOccurredAt', async () => {
    const { ledger, result1p1 } = await withAbsence();
    await ledger.refuses(
      [
        correctionOf(
          result1p1,
          withPercentage(result1p1, 57.5),
          '2026-04-01T12:00:00+13:00',
          'c1',
          {
            correctedOccurredAt: '2026-03-30T22:00:00+13:00',
          },
        ),
      ],
      'LEDGER',
      'events[0].data.correctedOccurredAt',
      /a SessionResultRecorded's time is not read by any table: only the time of AbsenceNotified/,
    );
  });

  it('LEDGER a notice corrected to a time after the correction itself (one that has not happened yet)', async () => {
    const { ledger, notice } = await withAbsence();
    await ledger.refuses(
      [
        correctionOf(notice, dataOf(notice), '2026-04-07T10:00:00+12:00', 'c1', {
          correctedOccurredAt: '2026-04-07T10:00:01+12:00',
        }),
      ],
      'LEDGER',
      'events[0].data.correctedOccurredAt',
      /is after the correction itself \(2026-04-07T10:00:00\+12:00\)/,
    );
    // At the correction's own instant, written in another offset: not after it.
    await accepts(
      ledger,
      correctionOf(notice, dataOf(notice), '2026-04-07T10:00:00+12:00', 'c1', {
        correctedOccurredAt: '2026-04-06T22:00:00Z',
      }),
    );
  });

  it('LEDGER the same data at the same time changes nothing', async () => {
    const { ledger, notice } = await withAbsence();
    await ledger.refuses(
      [
        correctionOf(notice, dataOf(notice), '2026-04-07T10:00:00+12:00', 'c1', {
          correctedOccurredAt: '2026-04-06T12:30:00+12:00',
        }),
      ],
      'LEDGER',
      'events[0].data.corrected',
      /changes nothing/,
    );
    await ledger.refuses(
      [correctionOf(notice, dataOf(notice), '2026-04-07T10:00:00+12:00')],
      'LEDGER',
      'events[0].data.corrected',
      /changes nothing/,
    );
  });

  it('a correctedOccurredAt that is not an instant with a zone is refused by the schema, nothing written', async () => {
    const { ledger, notice } = await withAbsence();
    for (const bad of ['2026-04-06T11:30', '2026-04-31T11:30:00+12:00', 'noon', 1130]) {
      const head = await ledger.store.headPosition();
      const error = await ledger
        .append(
          correctionOf(notice, dataOf(notice), '2026-04-07T10:00:00+12:00', 'c1', {
            correctedOccurredAt: bad,
          }),
        )
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(InvalidEventError);
      expect((error as InvalidEventError).issues).toContainEqual({
        field: 'events[0].data.correctedOccurredAt',
        message: 'correctedOccurredAt must be an ISO 8601 instant with a zone',
      });
      expect(await ledger.store.headPosition()).toBe(head);
    }
  });
});

void ROSTER;
void clubRegistered;
