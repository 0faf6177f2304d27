import { standingsOf } from '../../../src/contexts/pairs/projection';
import { tableOf } from '../../../src/rulesets';
import { competitionsState } from '../../../src/audit/published';
import { GatedLedger } from '../../support/gated-ledger';
import type { Proposed } from '../../support/nz-club';
import { event, fact, ledger, MONDAY, THURSDAY } from '../../support/pinner-pairs';
import type { StandingsBodies } from '../../../src/contexts/pairs/ruleset';

/**
 * Pinner BC's own competitions under the pinner-2018 rulebook: its duplicate sessions
 * (`pinner-duplicate`) and special events (`pinner-special-event`), with the standings that show
 * PIN-R13's verdict (a visitor wins normal prize money, not the enhanced money of a special
 * event) and PIN-R6's licence level for each session (Level 4, Level 2 on a Thursday evening).
 */
async function pinnerView(l: GatedLedger, id: string) {
  const v = standingsOf(await competitionsState(l.store), id);
  expect(v.kind).toBe('pinner');
  return v as typeof v & StandingsBodies['pinner'];
}

describe('PIN-R13 in the standings of Pinner’s own competitions', () => {
  it('PIN-R13 a duplicate session (a normal event): a visitor’s pair may win any prize money; pairs placed by percentage', async () => {
    const e = event('mon', 'pinner-duplicate', [MONDAY], '14:00');
    const v = await pinnerView(
      await ledger(...e.setup, e.result(1, 'AV', 61.5), e.result(1, 'BC', 48.25)),
      'mon',
    );
    expect(v.special).toBe(false);
    expect(v.rows.map((r) => [r.pairId, r.place, r.total])).toEqual([
      ['AV', 1, 61.5],
      ['BC', 2, 48.25],
    ]);
    expect(v.rows[0]!.prize).toMatchObject({
      rule: 'PIN-R13',
      mayWin: 'all',
      eligible: true,
      special: false,
      reason: `ann: a member, not a visitor: every prize; val: a visitor on ${MONDAY} at a normal event: any prize money won`,
    });
    // The CLI's table (`standings`): the place, the total, each session, the prize with its rule.
    expect(tableOf('pinner-2018', 'pinner-duplicate')!.printed(v)).toEqual([
      { place: 1, pair: 'AV', total: '61.50', 'session 1': '61.50', prize: 'all (PIN-R13)' },
      { place: 2, pair: 'BC', total: '48.25', 'session 1': '48.25', prize: 'all (PIN-R13)' },
    ]);
    expect(v.rows[0]!.explain.at(-1)).toEqual({
      rule: 'PIN-R13',
      effect: `prizes: every prize — ann: a member, not a visitor: every prize; val: a visitor on ${MONDAY} at a normal event: any prize money won`,
    });
  });

  it('PIN-R13 a special event: the visitor’s pair wins normal prize money only; a members’ pair the enhanced money too', async () => {
    const e = event('cup', 'pinner-special-event', [MONDAY], '14:00');
    const v = await pinnerView(
      await ledger(...e.setup, e.result(1, 'AV', 55), e.result(1, 'BC', 45)),
      'cup',
    );
    expect(v.special).toBe(true);
    expect(v.rows[0]!.prize).toMatchObject({
      mayWin: 'normal-only',
      eligible: true,
      reason: `val: a visitor on ${MONDAY} at a special event: normal prize money, not the enhanced`,
    });
    expect(v.rows[1]!.prize).toMatchObject({
      mayWin: 'all',
      reason: 'no visitor: every prize, the enhanced money of this special event included',
    });
  });

  it('STD-MP edge: equal totals to the hundredth share the place; a session missed adds nothing to the sum', async () => {
    const e = event('two', 'pinner-duplicate', [MONDAY, '2018-05-14'], '14:00');
    const v = await pinnerView(
      await ledger(...e.setup, e.result(1, 'AV', 50), e.result(1, 'BC', 60), e.result(2, 'AV', 60)),
      'two',
    );
    expect(v.rows.map((r) => [r.pairId, r.place, r.total])).toEqual([
      ['AV', 1, 110],
      ['BC', 2, 60],
    ]);
    expect(v.rows[1]!.sessions).toEqual([
      { session: 1, percentage: 60 },
      { session: 2, percentage: null },
    ]);
    const tied = await pinnerView(
      await ledger(...e.setup, e.result(1, 'AV', 50.01), e.result(1, 'BC', 50.01)),
      'two',
    );
    expect(tied.rows.map((r) => r.place)).toEqual([1, 1]);
  });
});

describe('PIN-R6 the licence level of each session', () => {
  it('PIN-R6 a Monday afternoon is Level 4, a Thursday evening Level 2, a Thursday afternoon Level 4', async () => {
    const mon = event('mon', 'pinner-duplicate', [MONDAY], '14:00');
    const thuEve = event('thu', 'pinner-duplicate', [THURSDAY], '19:30');
    const thuAft = event('thu-pm', 'pinner-duplicate', [THURSDAY], '13:30');
    const l = await ledger(...mon.setup, ...thuEve.setup, ...thuAft.setup);
    expect((await pinnerView(l, 'mon')).sessionLevels[0]).toEqual({
      session: 1,
      date: MONDAY,
      startTime: '14:00',
      licence: {
        rule: 'PIN-R6',
        level: 4,
        reason: 'a duplicate session on a Monday starting 14:00: Level 4',
      },
    });
    expect((await pinnerView(l, 'thu')).sessionLevels[0]!.licence).toEqual({
      rule: 'PIN-R6',
      level: 2,
      reason: 'a Thursday evening session (starting 19:30, evenings from 17:00): Level 2',
    });
    expect((await pinnerView(l, 'thu-pm')).sessionLevels[0]!.licence.level).toBe(4);
  });

  it('PIN-R6 edge: a Thursday session starting exactly at eveningFrom is an evening’s; one minute before is not', async () => {
    const at = event('at', 'pinner-duplicate', [THURSDAY], '17:00');
    const before = event('before', 'pinner-duplicate', [THURSDAY], '16:59');
    const l = await ledger(...at.setup, ...before.setup);
    expect((await pinnerView(l, 'at')).sessionLevels[0]!.licence.level).toBe(2);
    expect((await pinnerView(l, 'before')).sessionLevels[0]!.licence.level).toBe(4);
  });

  it('PIN-R6 a session held under its level is accepted and shown; under another level without the committee’s decision it is refused, naming the rule', async () => {
    const e = event('thu', 'pinner-duplicate', [THURSDAY]);
    const l = await ledger(...e.setup);
    await l.refuses(
      [e.held(1, { conventionsLevel: 4 })],
      'PIN-R6',
      'events[0].data.conventionsLevel',
      /Thursday evening session .*restricted to Level 2; Level 4 needs the committee's decision/,
    );
    await l.append(e.held(1, { conventionsLevel: 2 }));
    expect((await pinnerView(l, 'thu')).sessionLevels[0]!.held).toEqual({ conventionsLevel: 2 });
  });

  it('PIN-R6 with the committee’s decision on or before the day, another level is accepted and explained; a decision after the session is refused', async () => {
    const e = event('thu', 'pinner-duplicate', [THURSDAY]);
    const l = await ledger(...e.setup);
    await l.refuses(
      [e.held(1, { conventionsLevel: 4, levelDecidedOn: '2018-05-11' })],
      'PIN-R6',
      'events[0].data.levelDecidedOn',
      /came after session 1 on 2018-05-10/,
    );
    await l.append(
      e.held(1, { conventionsLevel: 4, levelDecidedOn: THURSDAY }),
      e.result(1, 'AV', 52),
    );
    const v = await pinnerView(l, 'thu');
    expect(v.sessionLevels[0]!.held).toEqual({ conventionsLevel: 4, levelDecidedOn: THURSDAY });
    expect(v.rows[0]!.explain).toContainEqual({
      rule: 'PIN-R6',
      session: 1,
      effect: `played under Level 4, by the committee's decision of ${THURSDAY}`,
    });
  });

  it('PIN-R6 a session sponsored by an outside body (the EBU) is under its level, not the club’s', async () => {
    const e = event('sim', 'pinner-duplicate', [THURSDAY]);
    const l = await ledger(...e.setup, e.held(1, { conventionsLevel: 4, sponsoredBy: 'EBU' }));
    expect((await pinnerView(l, 'sim')).sessionLevels[0]!.licence).toMatchObject({
      level: null,
      reason: "sponsored by EBU, an outside body: its own level governs, not the club's",
    });
  });

  it('PIN-R6 bad input: a decision naming no level, a level outside 1 to 5, are refused and nothing is written', async () => {
    const e = event('thu', 'pinner-duplicate', [THURSDAY]);
    const l = await ledger(...e.setup);
    await l.refuses(
      [e.held(1, { levelDecidedOn: THURSDAY })],
      'PIN-R6',
      'events[0].data.conventionsLevel',
      /not the level it decided/,
    );
    const head = await l.store.headPosition();
    await expect(l.append(e.held(1, { conventionsLevel: 6 }))).rejects.toThrow(/conventionsLevel/);
    expect(await l.store.headPosition()).toBe(head);
  });

  it('PIN-R6 the rulebook’s levels are amended from a date: a session after it reads the new level, one before the old', async () => {
    const e = event('thu', 'pinner-duplicate', [THURSDAY, '2018-06-14']);
    const l = await ledger(
      fact('club-pinner', 'RulebookAmended', {
        clubId: 'pinner',
        changes: { 'conventions.thursdayEveningLevel': 3 },
        effectiveFrom: '2018-06-01',
      }) as Proposed,
      ...e.setup,
      e.result(1, 'AV', 50),
      e.result(2, 'AV', 50),
    );
    expect((await pinnerView(l, 'thu')).sessionLevels.map((s) => s.licence.level)).toEqual([2, 3]);
    await l.refuses(
      [
        fact('club-pinner', 'RulebookAmended', {
          clubId: 'pinner',
          changes: { 'conventions.level': 7 },
          effectiveFrom: '2018-07-01',
        }) as Proposed,
      ],
      'RULEBOOK',
      'events[0].data.changes["conventions.level"]',
    );
  });
});
