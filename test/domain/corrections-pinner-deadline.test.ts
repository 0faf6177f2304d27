import {
  isLate,
  pendingRulingDeadline,
  rulingAppealDeadline,
} from '../../src/contexts/corrections/domain/deadline';
import {
  appealParamsOf,
  DSB_APPEALS,
  LCBA_APPEALS,
  NZ_APPEALS,
  PINNER_APPEALS,
  rulingParamsFor,
} from '../../src/rulebooks/deadlines';
import { nzClub } from '../../src/rulesets/nz-club/preset';
import { RulebookHistory } from '../../src/rulebooks/rulebook';

/**
 * PIN-R26 and PIN-R28: Pinner BC's appeal deadlines as parameters of the `appeals`
 * group, for the Pinner preset to take; counted from the rubber's end and from the
 * session's official score.
 */
const ZONE = 'Europe/London';

describe('PIN-R26, PIN-R28: the pinner appeals parameters', () => {
  it('PIN-R28 for a duplicate ruling (30 minutes after the score), PIN-R26 for a rubber ruling; every number a parameter', () => {
    expect(PINNER_APPEALS.ruling).toMatchObject({
      rule: 'PIN-R28',
      until: 'minutes-after-score-available',
      minutes: 30,
    });
    expect(PINNER_APPEALS.rubberRuling).toMatchObject({
      rule: 'PIN-R26',
      until: 'before-end-of-rubber',
    });
    expect(appealParamsOf({ appeals: PINNER_APPEALS })).toEqual(PINNER_APPEALS);
    expect(rulingParamsFor(PINNER_APPEALS, false).rule).toBe('PIN-R28');
    expect(rulingParamsFor(PINNER_APPEALS, true).rule).toBe('PIN-R26');
  });

  it('NZ, DSB and LCBA have no rubber group: a rubber ruling is timed by their ruling rule', () => {
    for (const group of [NZ_APPEALS, DSB_APPEALS, LCBA_APPEALS]) {
      expect(group.rubberRuling).toBeUndefined();
      expect(rulingParamsFor(group, true)).toBe(group.ruling);
    }
  });

  it('an amendment changes PIN-R28’s minutes from its date', () => {
    const history = new RulebookHistory();
    history.adopt(nzClub, { appeals: PINNER_APPEALS }, '2026-01-01');
    history.amend({ 'appeals.ruling.minutes': 45 }, '2026-06-01');
    expect(appealParamsOf(history.inForce('2026-05-31')!.params)?.ruling.minutes).toBe(30);
    expect(appealParamsOf(history.inForce('2026-06-01')!.params)?.ruling.minutes).toBe(45);
    expect(appealParamsOf(history.inForce('2026-06-01')!.params)?.rubberRuling?.rule).toBe(
      'PIN-R26',
    );
  });

  it('a group of the wrong shape is read as none: no minutes, minutes not a whole number, an unknown kind, a rubber group not an object', () => {
    const bad = [
      { ...PINNER_APPEALS, ruling: { ...PINNER_APPEALS.ruling, minutes: undefined } },
      { ...PINNER_APPEALS, ruling: { ...PINNER_APPEALS.ruling, minutes: -5 } },
      { ...PINNER_APPEALS, ruling: { ...PINNER_APPEALS.ruling, minutes: 2.5 } },
      { ...PINNER_APPEALS, rubberRuling: { ...PINNER_APPEALS.rubberRuling, until: 'at-tea' } },
      { ...PINNER_APPEALS, rubberRuling: 'PIN-R26' },
    ];
    for (const appeals of bad)
      expect(appealParamsOf({ appeals: JSON.parse(JSON.stringify(appeals)) })).toBeUndefined();
  });
});

describe('PIN-R28: Law 92B, within 30 minutes of the official score', () => {
  const params = PINNER_APPEALS.ruling;
  const session = { date: '2026-03-24', startTime: '19:15', scoredAt: '2026-03-24T22:40:00Z' };

  it('the deadline is 30 minutes after the latest result fact, inclusive', () => {
    const d = rulingAppealDeadline(params, session, '19:30', ZONE)!;
    expect(d).toMatchObject({ at: '2026-03-24T23:10:00+00:00', inclusive: true, rule: 'PIN-R28' });
    expect(isLate('2026-03-24T23:10:00Z', d)).toBe(false);
    expect(isLate('2026-03-24T23:11:00Z', d)).toBe(true);
  });

  it('across the change to British Summer Time (29 March 2026, 01:00 GMT → 02:00 BST) the 30 minutes are of the instant, written in the offset then', () => {
    const d = rulingAppealDeadline(
      params,
      { date: '2026-03-28', scoredAt: '2026-03-29T00:45:00+00:00' },
      '19:30',
      ZONE,
    )!;
    expect(d.at).toBe('2026-03-29T02:15:00+01:00');
  });

  it('no score recorded: no deadline, shown pending (in time until one is)', () => {
    const unscored = { date: '2026-03-24', startTime: '19:15' };
    expect(rulingAppealDeadline(params, unscored, '19:30', ZONE)).toBeUndefined();
    expect(pendingRulingDeadline(params, unscored)).toEqual({
      rule: 'PIN-R28',
      basis: expect.stringContaining('no score recorded yet'),
    });
  });
});

describe('PIN-R26: before the end of the rubber', () => {
  const params = PINNER_APPEALS.rubberRuling!;
  const rubber = { table: 'B', endedAt: '2026-03-25T15:20:00Z' };

  it('the deadline is the end of the rubber, not inclusive: an appeal at it is too late', () => {
    const d = rulingAppealDeadline(params, { date: '2026-03-25' }, '19:30', ZONE, { rubber })!;
    expect(d).toEqual({
      at: '2026-03-25T15:20:00+00:00',
      inclusive: false,
      rule: 'PIN-R26',
      basis: 'before the end of the rubber at table B, 2026-03-25T15:20:00Z (Europe/London)',
    });
    expect(isLate('2026-03-25T15:19:00Z', d)).toBe(false);
    expect(isLate('2026-03-25T15:20:00Z', d)).toBe(true);
  });

  it('no rubber end recorded: no deadline, shown pending', () => {
    expect(rulingAppealDeadline(params, { date: '2026-03-25' }, '19:30', ZONE)).toBeUndefined();
    expect(pendingRulingDeadline(params, { date: '2026-03-25' })).toMatchObject({
      rule: 'PIN-R26',
      basis: expect.stringContaining('rubber.endedAt'),
    });
  });
});
