import {
  addDays,
  correctionDeadline,
  daysAfter,
  instantInZone,
  isLate,
  rulingAppealDeadline,
  wallClockInstant,
} from '../../src/contexts/corrections/domain/deadline';
import {
  appealParamsOf,
  correctionParamsOf,
  DSB_CORRECTIONS,
  LCBA_APPEALS,
  NZ_CORRECTIONS,
} from '../../src/rulebooks/deadlines';
import { dsbGroenlo2014 } from '../../src/rulesets/dsb-groenlo-2014/preset';
import { nzClub } from '../../src/rulesets/nz-club/preset';
import { RulebookHistory } from '../../src/rulebooks/rulebook';

/**
 * Deadlines are rulebook parameters (`corrections`, `appeals` in every preset) and
 * are counted in the club's time zone, never stored.
 */
describe('the deadline parameters of every preset', () => {
  it('NZ-13 in the NZ preset, DSB-20.3 in the DSB preset; the LCBA’s defaults are shared for its preset', () => {
    expect(correctionParamsOf(nzClub.params)).toEqual(NZ_CORRECTIONS);
    expect(correctionParamsOf(nzClub.params)).toMatchObject({ rule: 'NZ-13', deadlineDays: 7 });
    expect(correctionParamsOf(dsbGroenlo2014.params)).toEqual(DSB_CORRECTIONS);
    expect(appealParamsOf(dsbGroenlo2014.params)?.ruling).toMatchObject({
      rule: 'DSB-20.3',
      minutesBeforeNextSession: 10,
    });
    expect(appealParamsOf(dsbGroenlo2014.params)?.decision).toEqual({
      rule: 'DSB-20.3',
      withinDays: 7,
    });
    expect(LCBA_APPEALS.ruling).toMatchObject({ rule: 'LCBA-10.2', days: 7 });
    expect(LCBA_APPEALS.publication).toMatchObject({
      rule: 'LCBA-2.5',
      days: 5,
      deposit: { amount: 40, currency: 'GBP' },
    });
    expect(LCBA_APPEALS.escalation).toMatchObject({
      rule: 'LCBA-10.2',
      days: 14,
      deposit: { amount: 75, currency: 'GBP' },
    });
  });

  it('an amendment changes a deadline parameter from its date; a value of the wrong kind is refused at its path', () => {
    const history = new RulebookHistory();
    history.adopt(nzClub, {}, '2026-01-01');
    history.amend({ 'corrections.deadlineDays': 14 }, '2026-06-01');
    expect(correctionParamsOf(history.inForce('2026-05-31')!.params)?.deadlineDays).toBe(7);
    expect(correctionParamsOf(history.inForce('2026-06-01')!.params)?.deadlineDays).toBe(14);
    expect(() => history.amend({ 'corrections.deadlineDays': '14' }, '2026-07-01')).toThrow(
      /corrections.deadlineDays: must be a number/,
    );
    // A group of the wrong shape is read as none: no deadline is invented from it.
    expect(correctionParamsOf({ corrections: { rule: 'NZ-13', until: 'soon' } })).toBeUndefined();
  });
});

describe('instants of a club’s wall clock', () => {
  it('Pacific/Auckland: 19:30 is +13:00 in March (NZDT) and +12:00 in April (NZST)', () => {
    expect(
      instantInZone(
        wallClockInstant('2026-03-30', '19:30', 'Pacific/Auckland'),
        'Pacific/Auckland',
      ),
    ).toBe('2026-03-30T19:30:00+13:00');
    expect(
      instantInZone(
        wallClockInstant('2026-04-06', '19:30', 'Pacific/Auckland'),
        'Pacific/Auckland',
      ),
    ).toBe('2026-04-06T19:30:00+12:00');
  });

  it('a time the clock skips (Europe/Amsterdam, 29 March 2026, 02:30) is the instant after the gap', () => {
    expect(
      instantInZone(
        wallClockInstant('2026-03-29', '02:30', 'Europe/Amsterdam'),
        'Europe/Amsterdam',
      ),
    ).toBe('2026-03-29T03:30:00+02:00');
  });

  it('a fixed offset (a club whose zone is unknown) is read as written', () => {
    expect(instantInZone(wallClockInstant('2026-04-06', '19:30', '+13:00'), '+13:00')).toBe(
      '2026-04-06T19:30:00+13:00',
    );
    expect(addDays('2026-02-26', 7)).toBe('2026-03-05');
  });
});

describe('NZ-13: the correction deadline', () => {
  const session = { date: '2026-03-30', startTime: '19:30' };

  it('is the start of play seven days later, in the club’s zone; at the instant itself it is late', () => {
    const d = correctionDeadline(NZ_CORRECTIONS, session, 'Pacific/Auckland')!;
    expect(d).toMatchObject({ at: '2026-04-06T19:30:00+12:00', inclusive: false, rule: 'NZ-13' });
    expect(isLate('2026-04-06T19:29:59+12:00', d)).toBe(false);
    expect(isLate('2026-04-06T19:30:00+12:00', d)).toBe(true);
    expect(isLate('2026-04-06T07:30:00Z', d)).toBe(true);
    expect(isLate('2026-04-06T20:29:00+13:00', d)).toBe(false);
  });

  it('a session with no start time (a scored session) takes corrections.sessionStart', () => {
    const d = correctionDeadline(
      { ...NZ_CORRECTIONS, sessionStart: '13:00' },
      { date: '2026-03-30' },
      'Pacific/Auckland',
    )!;
    expect(d.at).toBe('2026-04-06T13:00:00+12:00');
  });

  it('DSB-20.3 reading: until 10 minutes before the next session, inclusive; the last session: 7 days', () => {
    const next = { date: '2014-10-27', startTime: '19:45' };
    const d = correctionDeadline(
      DSB_CORRECTIONS,
      { date: '2014-10-20', startTime: '19:45', next },
      'Europe/Amsterdam',
    )!;
    expect(d).toMatchObject({ at: '2014-10-27T19:35:00+01:00', inclusive: true, rule: 'DSB-20.3' });
    expect(isLate('2014-10-27T19:35:00+01:00', d)).toBe(false);
    expect(isLate('2014-10-27T19:35:01+01:00', d)).toBe(true);
    const last = correctionDeadline(
      DSB_CORRECTIONS,
      { date: '2014-10-27', startTime: '19:45' },
      'Europe/Amsterdam',
    )!;
    expect(last.at).toBe('2014-11-03T19:45:00+01:00');
  });

  it('until none: no deadline', () => {
    expect(
      correctionDeadline({ ...NZ_CORRECTIONS, until: 'none' }, session, 'Pacific/Auckland'),
    ).toBeUndefined();
  });
});

describe('LCBA-10.2, LCBA-2.5: appeal deadlines', () => {
  it('LCBA-10.2: to the end of the 7th day after the match (midnight is late)', () => {
    const d = rulingAppealDeadline(
      LCBA_APPEALS.ruling,
      { date: '2010-01-12' },
      '19:30',
      'Europe/London',
    )!;
    expect(d).toMatchObject({
      at: '2010-01-20T00:00:00+00:00',
      inclusive: false,
      rule: 'LCBA-10.2',
    });
    expect(isLate('2010-01-19T23:59:59Z', d)).toBe(false);
    expect(isLate('2010-01-20T00:00:00Z', d)).toBe(true);
  });

  it('LCBA-2.5: within 5 days of the publication, at the same wall-clock time across the change to BST', () => {
    const d = daysAfter(
      '2010-03-25T12:00:00+00:00',
      5,
      'Europe/London',
      'LCBA-2.5',
      'the publication of',
    );
    expect(d).toMatchObject({ at: '2010-03-30T12:00:00+01:00', inclusive: true });
  });
});
