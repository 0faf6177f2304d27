import { correctionLog, correctionLogOf } from '../../src/contexts/corrections/projection';
import { fold } from '../../src/kernel/projection';
import { correctionLogFromStore } from '../../src/contexts/corrections/read/correction-log';
import { LCBA_APPEALS, PINNER_APPEALS } from '../../src/rulebooks/deadlines';
import { InvalidEventError } from '../../src/store/errors';
import { collect } from '../support/events';
import { GatedLedger as Ledger } from '../support/gated-ledger';
import {
  accepted,
  appealAgainst,
  appealDecided,
  autumn,
  correctionOf,
  karoriUnderPinnerAppeals,
  rubberRuling,
  rulingR1,
  withPercentage,
} from '../support/corrections';
import { proposed, type Proposed } from '../support/nz-club';

/**
 * PIN-R26 and PIN-R28: Pinner BC's appeal deadlines, adopted by Karori as its
 * `appeals` group (the Pinner preset's). Session 1 of the autumn pairs (Monday 30
 * March 2026, NZDT +13:00) has its two results recorded at 22:30; ruling r1 is on its board 7.
 * PIN-R28 (Law 92B's reading): an appeal within 30 minutes of the official score, until
 * 23:00:00+13:00. PIN-R26: an appeal at rubber bridge before the end of the rubber.
 */

const accepts = (ledger: Ledger, ...facts: Proposed[]) =>
  expect(ledger.append(...facts)).resolves.toBeUndefined();

async function pinner(
  appeals: unknown = PINNER_APPEALS,
  facts = karoriUnderPinnerAppeals(appeals),
) {
  const ledger = new Ledger();
  await ledger.append(...facts);
  return ledger;
}

const logOf = async (ledger: Ledger) => {
  const sliced = await correctionLogFromStore(ledger.store, 'karori');
  // The log read from the club's streams is the log folded from the whole ledger.
  const whole = correctionLogOf(
    fold(correctionLog, await collect(ledger.store.readAll())),
    'karori',
  );
  expect(sliced.entries).toEqual(whole.entries);
  return Object.fromEntries(sliced.entries.map((e) => [e.id, e]));
};

const SCORED = '2026-03-30T22:30:00+13:00';

describe('PIN-R28: an appeal against a duplicate ruling within 30 minutes of the official score (Law 92B)', () => {
  it('an appeal 15 minutes after the score is lodged and decided; the log shows the deadline counted from the score', async () => {
    const ledger = await pinner();
    await accepts(
      ledger,
      rulingR1(),
      appealAgainst('r1', 'a1', '2026-03-30T22:45:00+13:00'),
      appealDecided('a1', '2026-03-30T23:30:00+13:00'),
    );
    const log = await logOf(ledger);
    expect(log.a1).toMatchObject({
      state: 'dismissed',
      late: false,
      rule: 'PIN-R28',
      deadline: {
        at: '2026-03-30T23:00:00+13:00',
        inclusive: true,
        rule: 'PIN-R28',
        basis: expect.stringContaining(
          `within 30 minutes of the official score of the session of 2026-03-30, made available ${SCORED}`,
        ),
      },
    });
  });

  it('exactly 30 minutes after the score (23:00:00) is within them: decided without heardLateBecause', async () => {
    const ledger = await pinner();
    await accepts(
      ledger,
      rulingR1(),
      appealAgainst('r1', 'a1', '2026-03-30T23:00:00+13:00'),
      appealDecided('a1', '2026-03-30T23:30:00+13:00'),
    );
  });

  it('one minute later (23:01) the appeal is recorded, never lost, shown "refused: out of time (PIN-R28)"; the committee does not hear it without heardLateBecause', async () => {
    const ledger = await pinner();
    await accepts(ledger, rulingR1(), appealAgainst('r1', 'a1', '2026-03-30T23:01:00+13:00'));
    expect((await logOf(ledger)).a1).toMatchObject({
      state: 'refused-out-of-time',
      summary: 'refused: out of time (PIN-R28)',
      late: true,
    });
    await ledger.refuses(
      [appealDecided('a1', '2026-03-31T10:00:00+13:00')],
      'PIN-R28',
      'events[0].data.heardLateBecause',
      /after its deadline 2026-03-30T23:00:00\+13:00 \(within 30 minutes of the official score/,
    );
    await accepts(
      ledger,
      appealDecided('a1', '2026-03-31T10:00:00+13:00', {
        heardLateBecause: 'the score was posted in the wrong room',
      }),
    );
    expect((await logOf(ledger)).a1).toMatchObject({
      state: 'dismissed',
      summary: expect.stringContaining('dismissed although out of time (PIN-R28)'),
    });
  });

  it('the latest result fact of the session counts: a result recorded at 23:10 places the deadline at 23:40', async () => {
    const facts = karoriUnderPinnerAppeals();
    const late = { ...autumn.result(1, 'p2'), occurredAt: '2026-03-30T23:10:00+13:00' };
    // Karori's facts without session 1's second result, then that result at 23:10.
    const ledger = await pinner(
      PINNER_APPEALS,
      facts.filter(
        (f) =>
          !(f.type === 'SessionResultRecorded' && (f.data as { pairId?: string }).pairId === 'p2'),
      ),
    );
    await accepts(ledger, late, rulingR1(), appealAgainst('r1', 'a1', '2026-03-30T23:40:00+13:00'));
    await accepts(ledger, appealAgainst('r1', 'a2', '2026-03-30T23:41:00+13:00'));
    const log = await logOf(ledger);
    expect(log.a1).toMatchObject({ late: false, deadline: { at: '2026-03-30T23:40:00+13:00' } });
    expect(log.a2).toMatchObject({ late: true, state: 'refused-out-of-time' });
  });

  it('no score recorded yet: the appeal is in time, its deadline shown as not placed; the score recorded later places it', async () => {
    const ledger = await pinner();
    // Session 2 (6 April) has no result yet.
    await accepts(
      ledger,
      rulingR1(),
      proposed(
        'corrections-karori',
        'RulingGiven',
        {
          clubId: 'karori',
          rulingId: 'r2',
          director: 'dora',
          competitionId: 'autumn',
          session: 2,
          board: 3,
          decision: 'Law 16: result stands',
        },
        '2026-04-06T21:00:00+12:00',
      ),
      appealAgainst('r2', 'a1', '2026-04-07T12:00:00+12:00'),
    );
    const before = (await logOf(ledger)).a1!;
    expect(before).toMatchObject({ state: 'lodged', late: false, rule: 'PIN-R28' });
    expect(before.deadline).toBeUndefined();
    expect(before.deadlinePending).toEqual({
      rule: 'PIN-R28',
      basis: expect.stringMatching(/no score recorded yet, in time until one is/),
    });
    await accepts(ledger, {
      ...autumn.result(2, 'p1'),
      occurredAt: '2026-04-07T11:00:00+12:00',
    });
    const after = (await logOf(ledger)).a1!;
    expect(after.deadlinePending).toBeUndefined();
    expect(after).toMatchObject({
      state: 'refused-out-of-time',
      deadline: { at: '2026-04-07T11:30:00+12:00', rule: 'PIN-R28' },
    });
  });

  it('a session scored from board results: its SessionScoredFromBoards is when the score was made available', async () => {
    const ledger = await pinner();
    await accepts(ledger, {
      ...autumn.scoredFromBoards(2, [{ pairNumber: '1', pairId: 'p1' }]),
      occurredAt: '2026-04-06T22:45:00+12:00',
    });
    await accepts(
      ledger,
      proposed(
        'corrections-karori',
        'RulingGiven',
        {
          clubId: 'karori',
          rulingId: 'r2',
          director: 'dora',
          competitionId: 'autumn',
          session: 2,
          decision: 'Law 16: result stands',
        },
        '2026-04-06T21:00:00+12:00',
      ),
      appealAgainst('r2', 'a1', '2026-04-06T23:15:00+12:00'),
      appealAgainst('r2', 'a2', '2026-04-06T23:16:00+12:00'),
    );
    const log = await logOf(ledger);
    expect(log.a1).toMatchObject({ late: false, deadline: { at: '2026-04-06T23:15:00+12:00' } });
    expect(log.a2).toMatchObject({ late: true, summary: 'refused: out of time (PIN-R28)' });
  });

  it('an accepted correction of the session’s score does not move the deadline: Law 92B counts from the score first made available (a correction has its own clock, the corrections group)', async () => {
    const facts = karoriUnderPinnerAppeals();
    const result1p1 = facts.find((f) => f.type === 'SessionResultRecorded')!;
    const ledger = await pinner(PINNER_APPEALS, facts);
    await accepts(
      ledger,
      rulingR1(),
      correctionOf(result1p1, withPercentage(result1p1, 57.5), '2026-03-31T09:00:00+13:00'),
      accepted('c1', '2026-03-31T10:00:00+13:00'),
      appealAgainst('r1', 'a1', '2026-03-31T10:15:00+13:00'),
    );
    expect((await logOf(ledger)).a1).toMatchObject({
      late: true,
      deadline: { at: '2026-03-30T23:00:00+13:00' },
    });
  });
});

describe('PIN-R26: an appeal at rubber bridge is indicated before the end of the rubber', () => {
  const ENDED = '2026-03-31T16:00:00+13:00';
  const rubber = { table: '2', endedAt: ENDED };

  it('an appeal a minute before the end of the rubber is in time; the log shows the rubber’s deadline', async () => {
    const ledger = await pinner();
    await accepts(
      ledger,
      rubberRuling('rr1', '2026-03-31T16:05:00+13:00', rubber),
      appealAgainst('rr1', 'a1', '2026-03-31T15:59:00+13:00'),
      appealDecided('a1', '2026-04-02T19:00:00+13:00'),
    );
    expect((await logOf(ledger)).a1).toMatchObject({
      state: 'dismissed',
      late: false,
      rule: 'PIN-R26',
      deadline: {
        at: ENDED,
        inclusive: false,
        rule: 'PIN-R26',
        basis: `before the end of the rubber at table 2, ${ENDED} (Pacific/Auckland)`,
      },
    });
  });

  it('exactly at the end of the rubber is too late: recorded, "refused: out of time (PIN-R26)", not heard without heardLateBecause', async () => {
    const ledger = await pinner();
    await accepts(
      ledger,
      rubberRuling('rr1', '2026-03-31T16:05:00+13:00', rubber),
      appealAgainst('rr1', 'a1', ENDED),
    );
    expect((await logOf(ledger)).a1).toMatchObject({
      state: 'refused-out-of-time',
      summary: 'refused: out of time (PIN-R26)',
    });
    await ledger.refuses(
      [appealDecided('a1', '2026-04-02T19:00:00+13:00')],
      'PIN-R26',
      'events[0].data.heardLateBecause',
      /after its deadline 2026-03-31T16:00:00\+13:00 \(before the end of the rubber at table 2/,
    );
  });

  it('after the end of the rubber it is out of time too; heardLateBecause lets the Appeals Committee hear it', async () => {
    const ledger = await pinner();
    await accepts(
      ledger,
      rubberRuling('rr1', '2026-03-31T16:05:00+13:00', { endedAt: ENDED }),
      appealAgainst('rr1', 'a1', '2026-03-31T16:01:00+13:00'),
      appealDecided('a1', '2026-04-02T19:00:00+13:00', {
        heardLateBecause: 'the duty member was called away before the rubber ended',
        outcome: 'upheld',
      }),
    );
    expect((await logOf(ledger)).a1).toMatchObject({
      state: 'upheld',
      late: true,
      deadline: { basis: `before the end of the rubber, ${ENDED} (Pacific/Auckland)` },
    });
  });

  it('a duplicate ruling with no rubber is judged by PIN-R28, a ruling with a rubber by PIN-R26, under the same rulebook', async () => {
    const ledger = await pinner();
    await accepts(
      ledger,
      rulingR1(),
      rubberRuling('rr1', '2026-03-31T16:05:00+13:00', rubber),
      appealAgainst('r1', 'a1', '2026-03-30T22:50:00+13:00'),
      appealAgainst('rr1', 'a2', '2026-03-31T15:00:00+13:00'),
    );
    const log = await logOf(ledger);
    expect([log.a1!.rule, log.a2!.rule]).toEqual(['PIN-R28', 'PIN-R26']);
  });

  it('a rubber-only rulebook (its ruling group PIN-R26): a ruling without its rubber is refused by PIN-R26 naming data.rubber, nothing written', async () => {
    const rubberOnly = { ...PINNER_APPEALS, ruling: PINNER_APPEALS.rubberRuling };
    const ledger = await pinner(rubberOnly);
    await ledger.refuses(
      [rubberRuling('rr1', '2026-03-31T16:05:00+13:00', undefined)],
      'PIN-R26',
      'events[0].data.rubber',
      /times an appeal against a ruling by the end of its rubber \(PIN-R26\): record the rubber and when it ended/,
    );
    await accepts(ledger, rubberRuling('rr1', '2026-03-31T16:05:00+13:00', rubber));
  });

  it('NZ and LCBA are unchanged: a ruling with a rubber under them is timed by their own ruling rule (none; LCBA-10.2)', async () => {
    const nz = new Ledger();
    await nz.append(...karoriUnderPinnerAppeals().filter((f) => f.type !== 'RulebookAdopted'));
    await nz.append(
      proposed('club-karori', 'RulebookAdopted', {
        clubId: 'karori',
        preset: 'nz-club',
        overrides: {},
        effectiveFrom: '2025-01-01',
      }),
    );
    await accepts(
      nz,
      rubberRuling('rr1', '2026-03-31T16:05:00+13:00', rubber),
      appealAgainst('rr1', 'a1', '2026-04-30T16:00:00+12:00'),
      appealDecided('a1', '2026-05-01T19:00:00+12:00'),
    );
    const lcba = await pinner(LCBA_APPEALS);
    await accepts(
      lcba,
      rubberRuling('rr1', '2026-03-31T16:05:00+13:00', rubber),
      appealAgainst('rr1', 'a1', '2026-04-07T16:00:00+12:00'),
    );
    expect((await logOf(lcba)).a1).toMatchObject({
      rule: 'LCBA-10.2',
      late: false,
      deadline: { at: '2026-04-08T00:00:00+12:00' },
    });
  });
});

describe('PIN-R26: a malformed rubber is refused with the field, nothing written', () => {
  const schemaIssues = async (ledger: Ledger, fact: Proposed) => {
    const head = await ledger.store.headPosition();
    const error = await ledger.append(fact).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InvalidEventError);
    expect(await ledger.store.headPosition()).toBe(head);
    return (error as InvalidEventError).issues;
  };

  it('a rubber that is not an object (a string, a list)', async () => {
    const ledger = await pinner();
    for (const rubber of ['table 2', [{ endedAt: '2026-03-31T16:00:00+13:00' }]]) {
      expect(
        await schemaIssues(ledger, rubberRuling('rr1', '2026-03-31T16:05:00+13:00', rubber)),
      ).toContainEqual({
        field: 'events[0].data.rubber',
        message: expect.stringContaining('rubber must be an object: { table?, endedAt }'),
      });
    }
  });

  it('a rubber with no endedAt, or an endedAt that is not an instant', async () => {
    const ledger = await pinner();
    const MUST = 'endedAt must be an ISO 8601 instant with a zone';
    for (const [rubber, message] of [
      [{ table: '2' }, `endedAt is missing: ${MUST}`],
      [{ endedAt: '2026-03-31 16:00' }, MUST],
      [{ endedAt: '2026-03-31T16:00:00' }, MUST],
    ] as const) {
      expect(
        await schemaIssues(ledger, rubberRuling('rr1', '2026-03-31T16:05:00+13:00', rubber)),
      ).toContainEqual({ field: 'events[0].data.rubber.endedAt', message });
    }
  });

  it('an empty table name', async () => {
    const ledger = await pinner();
    const issues = await schemaIssues(
      ledger,
      rubberRuling('rr1', '2026-03-31T16:05:00+13:00', {
        table: '',
        endedAt: '2026-03-31T16:00:00+13:00',
      }),
    );
    expect(issues.map((i) => i.field)).toEqual(['events[0].data.rubber.table']);
  });

  it('a rubber that ended before the ruling’s session started (19:30 on 30 March) is refused (LEDGER, data.rubber.endedAt)', async () => {
    const ledger = await pinner();
    await ledger.refuses(
      [
        rubberRuling(
          'rr1',
          '2026-03-30T21:00:00+13:00',
          { endedAt: '2026-03-30T19:29:00+13:00' },
          { competitionId: 'autumn', session: 1 },
        ),
      ],
      'LEDGER',
      'events[0].data.rubber.endedAt',
      /before the ruling's session started \(2026-03-30 19:30, Pacific\/Auckland\)/,
    );
    await accepts(
      ledger,
      rubberRuling(
        'rr1',
        '2026-03-30T21:00:00+13:00',
        { endedAt: '2026-03-30T19:30:00+13:00' },
        { competitionId: 'autumn', session: 1 },
      ),
    );
  });
});
