import { fold } from '../../src/contexts/projections';
import {
  membership,
  personHistory,
  visitorsView,
  type MembershipSources,
} from '../../src/contexts/membership/projection';
import { tableMoneyOn, tableMoneyText } from '../../src/contexts/membership/visitors';
import type { VisitorParams } from '../../src/contexts/membership/model';
import { PINNER_VISITOR_DEFAULTS } from '../../src/rulesets/pinner/visitor-defaults';
import { collect } from '../support/events';
import { existing, fact, played } from '../domain/membership/support';
import { pinnerYear } from './membership-pinner-year';

const rates = (from: string, member: number, student: number, visitor: number) =>
  fact(
    'RulebookAmended',
    {
      clubId: 'pinner',
      // The rates are amended as one group: the rules set no amounts (each rate null).
      changes: { 'visitors.tableMoney': { currency: 'GBP', member, student, visitor } },
      effectiveFrom: from,
    },
    'club-pinner',
  );

/**
 * PIN-R12 "Such young players will not be required to pay table money"; PIN-R8 Student members
 * pay reduced table money. The small Pinner year (eve under 16, vic a visitor, ann a member), the
 * club's rates set by an amendment from 2018-06-01 (the rules set no amounts).
 */
describe('PIN-R12, PIN-R8: what a session costs a player (table money)', () => {
  let s: MembershipSources;
  beforeAll(async () => {
    const ledger = await pinnerYear();
    await ledger.append(
      rates('2018-06-01', 250, 150, 400),
      existing('sue', '2017-01-10', { birthDate: '2000-06-01' }),
      fact('StudentMembershipOffered', { person: 'sue', on: '2018-05-01' }),
      played('sue', '2018-07-03'),
      played('ann', '2018-07-03'),
    );
    s = { clubId: 'pinner', state: fold(membership, await collect(ledger.store.readAll())) };
  });

  it('PIN-R12: eve, under 16, pays no table money on any of her visits, and the page says why', () => {
    const eve = visitorsView(s, 2018, '2026-01-01').rows.find((r) => r.person === 'eve')!;
    expect(eve.visits.length).toBeGreaterThan(0);
    for (const v of eve.visits) {
      expect(v.tableMoney).toMatchObject({ pays: 'none', amount: 0 });
      expect(v.tableMoney!.because).toContainEqual({
        rule: 'PIN-R12',
        text: 'under 16: no table money',
      });
    }
  });

  it('a visitor pays the visitor rate in force on the day: not set before 2018-06-01, £4.00 from it', () => {
    const vic = visitorsView(s, 2018, '2026-01-01').rows.find((r) => r.person === 'vic')!;
    const before = vic.visits.filter((v) => v.date < '2018-06-01');
    const after = vic.visits.filter((v) => v.date >= '2018-06-01');
    expect(before.length).toBeGreaterThan(0);
    for (const v of before) {
      expect(v.tableMoney).toMatchObject({ pays: 'visitor', amount: null });
      expect(tableMoneyText(v.tableMoney!)).toBe('the visitor rate (amount not set)');
    }
    for (const v of after) {
      expect(v.tableMoney).toMatchObject({ pays: 'visitor', amount: 400, currency: 'GBP' });
      expect(tableMoneyText(v.tableMoney!)).toBe('£4.00');
    }
  });

  it("PIN-R8: a Student member's session is at the reduced rate, a Full member's at the member rate (the person's page)", () => {
    const sue = personHistory(s, 'sue', '2018-12-31').history.find(
      (h) => h.type === 'SessionPlayedAtClub',
    )!;
    expect(sue.tableMoney).toMatchObject({ pays: 'student', amount: 150 });
    expect(sue.because).toContainEqual({
      rule: 'PIN-R8',
      text: 'a Student member on 2018-07-03, reduced table money: the student rate',
    });
    const ann = personHistory(s, 'ann', '2018-12-31').history.find(
      (h) => h.type === 'SessionPlayedAtClub',
    )!;
    expect(ann.tableMoney).toMatchObject({ pays: 'member', amount: 250 });
  });
});

describe('PIN-R12 edges: the 16th birthday, no rates, bad settings', () => {
  const params: VisitorParams = {
    ...PINNER_VISITOR_DEFAULTS,
    tableMoney: { currency: 'GBP', member: 250, student: 150, visitor: 400 },
  };
  const young = { person: 'kid', memberSpans: [], appliedOn: [], birthDate: '2002-07-03' };

  it('PIN-R12: the day before the 16th birthday is free; on the birthday the visitor rate is due', () => {
    expect(tableMoneyOn(young, '2018-07-02', undefined, params)).toMatchObject({ pays: 'none' });
    expect(tableMoneyOn(young, '2018-07-03', undefined, params)).toMatchObject({
      pays: 'visitor',
      amount: 400,
    });
  });

  it('a rulebook with no table money (an NZ club, the visitor defaults) shows none', () => {
    expect(tableMoneyOn(young, '2018-07-03', undefined, PINNER_VISITOR_DEFAULTS)).toBeUndefined();
  });

  it('bad input: an amendment of a rate to a negative or fractional amount is refused naming it, nothing written', async () => {
    const ledger = await pinnerYear();
    const head = await ledger.store.headPosition();
    for (const [rate, value] of [
      ['visitor', -1],
      ['student', 1.5],
    ] as const) {
      const bad = fact(
        'RulebookAmended',
        {
          clubId: 'pinner',
          changes: {
            'visitors.tableMoney': {
              currency: 'GBP',
              member: 250,
              student: 150,
              visitor: 400,
              [rate]: value,
            },
          },
          effectiveFrom: '2018-06-01',
        },
        'club-pinner',
      );
      const e = await ledger.append(bad).then(
        () => undefined,
        (err: unknown) => err as { rule?: string; field?: string; message: string },
      );
      expect(e?.message).toMatch(new RegExp(`tableMoney\\.${rate}`));
      expect(e?.field).toBe('events[0].data.changes["visitors.tableMoney"]');
    }
    expect(await ledger.store.headPosition()).toBe(head);
  });
});
