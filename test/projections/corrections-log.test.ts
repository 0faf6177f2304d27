import { correctionLog, correctionLogOf } from '../../src/contexts/corrections/projection';
import { fold } from '../../src/kernel/projection';
import { correctionLogFromStore } from '../../src/contexts/corrections/read/correction-log';
import { collect } from '../support/events';
import { GatedLedger as Ledger } from '../support/gated-ledger';
import { accepted, correctionOf, karoriAutumn, withPercentage } from '../support/corrections';
import { proposed } from '../support/nz-club';
import { formatCorrectionLog } from '../../src/contexts/corrections/cli/corrections.command';

/**
 * The correction log's read model. Saved by the runner as partitions (a club's part,
 * a competition's calendar, a scored session's day), reassembled to the same log; and read from
 * the club's streams only, the same log as a fold of the whole ledger.
 */
async function ledgerWithCorrections() {
  const ledger = new Ledger();
  const { facts, result1p1, result1p2 } = karoriAutumn();
  await ledger.append(...facts);
  await ledger.append(
    correctionOf(result1p1, withPercentage(result1p1, 57.5), '2026-04-02T10:00:00+13:00', 'c1'),
    accepted('c1', '2026-04-02T11:00:00+13:00'),
    correctionOf(result1p2, withPercentage(result1p2, 44), '2026-04-09T10:00:00+12:00', 'c2'),
  );
  // Another club's facts, which Karori's log never reads.
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
  );
  return ledger;
}

describe('the correction log read model', () => {
  it('NZ-13: a fold of the whole ledger and a read of Karori’s streams give the same log', async () => {
    const ledger = await ledgerWithCorrections();
    const all = await collect(ledger.store.readAll());
    const whole = correctionLogOf(fold(correctionLog, all), 'karori');
    const sliced = await correctionLogFromStore(ledger.store, 'karori');
    expect(sliced.entries).toEqual(whole.entries);
    expect(whole.entries.map((e) => [e.id, e.state, e.summary])).toEqual([
      ['c1', 'accepted', 'accepted'],
      ['c2', 'rejected-late', 'rejected: late (NZ-13)'],
    ]);
    expect(sliced.streams).not.toContain('club-kelburn');
  });

  it('saved as partitions and put back, the state gives the same log', async () => {
    const ledger = await ledgerWithCorrections();
    const state = fold(correctionLog, await collect(ledger.store.readAll()));
    const parts = correctionLog.partitions!;
    const saved = [...parts.keys(state)].map(
      (k) => [k, JSON.parse(JSON.stringify(parts.get(state, k)))] as const,
    );
    expect(saved.map(([k]) => k)).toEqual(
      expect.arrayContaining(['club:karori', 'club:kelburn', 'competition:autumn']),
    );
    const back = correctionLog.initial();
    for (const [k, v] of saved) parts.put(back, k, v);
    expect(correctionLogOf(back, 'karori')).toEqual(correctionLogOf(state, 'karori'));
    // Each fact names the partition it changes.
    for (const e of await collect(ledger.store.readAll())) {
      const keys = parts.keysOf(e);
      if (e.streamId === 'corrections-karori') expect(keys).toEqual(['club:karori']);
    }
  });

  it('an amendment of corrections.deadlineDays recorded later changes the derived state on the next read (never stored)', async () => {
    const ledger = await ledgerWithCorrections();
    await ledger.append(
      proposed('club-karori', 'RulebookAmended', {
        clubId: 'karori',
        changes: { 'corrections.deadlineDays': 14 },
        effectiveFrom: '2026-03-01',
      }),
    );
    const log = await correctionLogFromStore(ledger.store, 'karori');
    expect(log.entries.find((e) => e.id === 'c2')).toMatchObject({
      state: 'pending',
      late: false,
      deadline: { at: '2026-04-13T19:30:00+12:00', rule: 'NZ-13' },
    });
  });
});

/** Groenlo (Europe/Amsterdam), its ruling r1 on session 1 and an objection o1 received then. */
async function groenloObjection(receivedAt: string) {
  const ledger = new Ledger();
  const at = '2014-08-01T12:00:00+02:00';
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
      {
        clubId: 'groenlo',
        preset: 'dsb-groenlo-2014',
        overrides: {},
        effectiveFrom: '2014-08-01',
      },
      at,
    ),
    proposed(
      'competition-groenlo-2014',
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
    proposed(
      'corrections-groenlo',
      'RulingGiven',
      {
        clubId: 'groenlo',
        rulingId: 'r1',
        director: 'WL',
        competitionId: 'groenlo-2014',
        session: 1,
        decision: 'board 7: 60/40',
      },
      '2014-10-20T22:00:00+02:00',
    ),
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
    ),
  );
  return ledger;
}

const boardDecision = (decidedAt: string, extra: Record<string, unknown> = {}) =>
  proposed(
    'corrections-groenlo',
    'AppealDecided',
    { clubId: 'groenlo', appealId: 'o1', outcome: 'upheld', by: 'board', decidedAt, ...extra },
    decidedAt,
  );

describe('DSB-20.3: an objection in the log', () => {
  it('lodged until 10 minutes before the next session; the board decides within a week (decideBy); upheld', async () => {
    const ledger = await groenloObjection('2014-10-22T12:00:00+02:00');
    const lodged = (await correctionLogFromStore(ledger.store, 'groenlo')).entries[0]!;
    expect(lodged).toMatchObject({
      kind: 'appeal',
      state: 'lodged',
      deadline: { at: '2014-10-27T19:35:00+01:00', inclusive: true, rule: 'DSB-20.3' },
      decideBy: { at: '2014-10-29T12:00:00+01:00', rule: 'DSB-20.3' },
    });
    await ledger.append(
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
    const upheld = (await correctionLogFromStore(ledger.store, 'groenlo')).entries[0]!;
    expect(upheld).toMatchObject({
      state: 'upheld',
      summary: 'upheld',
      decision: { outcome: 'upheld', by: 'board' },
    });
    expect(upheld.escalateBy).toBeUndefined();
  });

  it('received at 19:35:00 CET on the next session’s day, exactly the deadline, it is in time: lodged', async () => {
    const ledger = await groenloObjection('2014-10-27T19:35:00+01:00');
    const entry = (await correctionLogFromStore(ledger.store, 'groenlo')).entries[0]!;
    expect(entry).toMatchObject({ state: 'lodged', late: false });
  });

  it('a second later it is recorded and shown "refused: out of time (DSB-20.3)" with its deadline, the board not asked to decide (no decideBy); derived, never stored', async () => {
    const ledger = await groenloObjection('2014-10-27T19:35:01+01:00');
    const entry = (await correctionLogFromStore(ledger.store, 'groenlo')).entries[0]!;
    expect(entry).toMatchObject({
      kind: 'appeal',
      id: 'o1',
      state: 'refused-out-of-time',
      summary: 'refused: out of time (DSB-20.3)',
      at: '2014-10-27T19:35:01+01:00',
      late: true,
      rule: 'DSB-20.3',
      deadline: { at: '2014-10-27T19:35:00+01:00', inclusive: true, rule: 'DSB-20.3' },
    });
    expect(entry.decideBy).toBeUndefined();
    expect(entry.decision).toBeUndefined();
    // A fold of the whole ledger says the same: the state is read, not written.
    const all = await collect(ledger.store.readAll());
    expect(correctionLogOf(fold(correctionLog, all), 'groenlo').entries[0]).toEqual(entry);
    expect(all.filter((e) => e.streamId === 'corrections-groenlo').map((e) => e.type)).toEqual([
      'RulingGiven',
      'AppealLodged',
    ]);
  });

  it('heard anyway with the board’s recorded reason: "upheld although out of time (DSB-20.3): <reason>"', async () => {
    const ledger = await groenloObjection('2014-10-27T19:35:01+01:00');
    await ledger.append(
      boardDecision('2014-10-29T12:00:00+01:00', {
        heardLateBecause: 'the WL was not reachable before play',
      }),
    );
    const entry = (await correctionLogFromStore(ledger.store, 'groenlo')).entries[0]!;
    expect(entry).toMatchObject({
      state: 'upheld',
      summary: 'upheld although out of time (DSB-20.3): the WL was not reachable before play',
      late: true,
      decision: {
        outcome: 'upheld',
        heardLateBecause: 'the WL was not reachable before play',
      },
    });
  });
});

describe('DSB-9.1: a correction of an absence’s notice time in the log', () => {
  it('the entry shows the time the correction gives (correctedOccurredAt); the CLI’s table names it with the target', async () => {
    const ledger = await ledgerWithCorrections();
    const notice = proposed(
      'competition-autumn',
      'AbsenceNotified',
      { competitionId: 'autumn', session: 2, pairId: 'p1', validReason: true, reason: 'illness' },
      '2026-04-06T12:30:00+12:00',
    );
    await ledger.append(notice);
    await ledger.append(
      correctionOf(
        notice,
        notice.data as Record<string, unknown>,
        '2026-04-07T10:00:00+12:00',
        'c3',
        {
          correctedOccurredAt: '2026-04-06T11:30:00+12:00',
        },
      ),
    );
    const view = await correctionLogFromStore(ledger.store, 'karori');
    const c3 = view.entries.find((e) => e.id === 'c3')!;
    expect(c3).toMatchObject({ correctedOccurredAt: '2026-04-06T11:30:00+12:00' });
    // Corrections that correct no time say nothing of one.
    expect(view.entries.find((e) => e.id === 'c1')).not.toHaveProperty('correctedOccurredAt');
    expect(formatCorrectionLog(view, 'csv')).toContain(
      `AbsenceNotified ${notice.id} (competition-autumn), its time corrected to 2026-04-06T11:30:00+12:00`,
    );
  });
});
