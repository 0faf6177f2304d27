import { dsbGroenlo2014 } from '../../../src/rulesets/dsb-groenlo-2014/preset';
import { applyChanges, RulebookHistory } from '../../../src/rulebooks/rulebook';
import { groupStanding } from '../../../src/rulesets/dsb-groenlo-2014/standings';
import { notified, pair, played } from './builders';

describe('the dsb-groenlo-2014 preset: every number a parameter', () => {
  const p = dsbGroenlo2014.params;

  it('DSB-4 6 sessions of 6 rounds of 4 boards; DSB-5 groups A..E; DSB-3 pairs of 2 or 3', () => {
    expect(dsbGroenlo2014.id).toBe('dsb-groenlo-2014');
    expect(p.pairsCompetition).toEqual({ sessions: 6, rounds: 6, boardsPerRound: 4 });
    expect(p.groups).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(p.pairs).toEqual({ minMembers: 2, maxMembers: 3, namingDeadline: '12:00' });
  });

  it('DSB-8/9/10.2 thresholds, caps and deductions in hundredths', () => {
    expect(p.promotion).toMatchObject({
      promote: 3,
      relegate: 3,
      minOriginalSessions: 4,
      partnershipMemberMinSessions: 2,
    });
    expect(p.participation).toMatchObject({
      minSessions: 4,
      minOriginalSessions: 3,
      partnershipMemberMinSessions: 2,
    });
    expect(p.absence).toMatchObject({
      noticeDeadline: '12:00',
      firstCap: 5500,
      laterCap: 4750,
      withoutNoticeMinus: 100,
      lastSessionDeduction: 125,
    });
    expect(p.substitutes).toEqual({
      noticeBeforeStart: true,
      strongerGroupMin: 4750,
      weakerGroupMax: 5500,
      outsideMin: 4750,
      outsideMax: 5500,
    });
  });

  it('DSB-11/12/14 championship 75 %, placing points table of 14 columns, top-integral minima', () => {
    expect(p.championship.minParticipationPercent).toBe(75);
    for (const g of p.groups) expect(p.championship.placingPoints[g]).toHaveLength(14);
    expect(p.championship.placingPoints.A.slice(0, 5)).toEqual([100, 90, 80, 70, 60]);
    expect(p.topIntegral).toMatchObject({
      minSessions: 4,
      finalListMinOriginalSessions: 3,
      substituteMin: 4750,
      substituteMax: 5500,
    });
  });

  it('the parameters are plain JSON, so an amendment by dotted path applies', () => {
    expect(JSON.parse(JSON.stringify(p))).toEqual(p);
    expect(applyChanges(p, { 'promotion.promote': 2 }).promotion.promote).toBe(2);
    expect(() => applyChanges(p, { 'absence.firstCap': '52.5' })).toThrow(/must be a number/);
  });

  it('DSB-9.2 a dated amendment lowering the cap to 52.5 changes the standings replayed after it', () => {
    const h = new RulebookHistory<typeof p>();
    h.adopt(dsbGroenlo2014, {}, '2014-10-28');
    h.amend({ 'absence.firstCap': 5250 }, '2015-09-01');
    const g = { group: 'A', pairs: [pair('P', [played(1, 6000), notified(2)])] };
    const before = groupStanding(h.inForce('2015-08-31')!.params, g, { afterSession: 2 });
    const after = groupStanding(h.inForce('2015-09-01')!.params, g, { afterSession: 2 });
    expect(before.rows[0].sessions[1].percentage).toBe(55);
    expect(after.rows[0].sessions[1].percentage).toBe(52.5);
    expect(after.rows[0].percentage).toBe(56.25);
  });
});
