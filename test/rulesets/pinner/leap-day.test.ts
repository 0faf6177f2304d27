import { pinner2018 } from '../../../src/rulesets/pinner/preset';
import {
  ageOn,
  registerOf,
  studentUntil,
  type MembershipFactIn,
} from '../../../src/rulesets/pinner/register';
import { visitorVerdicts } from '../../../src/contexts/membership/visitors';
import { member, person, pinner, rowOf, visit, PIN } from './visitors-support';

/**
 * MEMBERSHIP-FIXES 4: a birthday on 29 February falls, in a year without one, on the
 * day the preset's `membership.leapDay` says: 28 February ('feb-28', pinner-2018's default, the
 * PIN readings' day for a year after election) or 1 March ('mar-1'). One function (`ageOn`)
 * judges every age: PIN-C3, PIN-R8 Student, PIN-R12.
 */
const FEB28 = pinner2018.params.membership;
const MAR1 = { ...FEB28, leapDay: 'mar-1' as const };

describe('PIN readings: the 29 February birthday (membership.leapDay)', () => {
  it('pinner-2018 reads it as 28 February by default', () => {
    expect(FEB28.leapDay).toBe('feb-28');
  });

  it('PIN-C3: born 2000-02-29, 18 on 2018-02-28 with feb-28; 17 that day and 18 on 2018-03-01 with mar-1', () => {
    expect(ageOn('2000-02-29', '2018-02-27', 'feb-28')).toBe(17);
    expect(ageOn('2000-02-29', '2018-02-28', 'feb-28')).toBe(18);
    expect(ageOn('2000-02-29', '2018-02-28', 'mar-1')).toBe(17);
    expect(ageOn('2000-02-29', '2018-03-01', 'mar-1')).toBe(18);
    // In a leap year the birthday is 29 February whatever the setting.
    expect(ageOn('2000-02-29', '2016-02-28', 'mar-1')).toBe(15);
    expect(ageOn('2000-02-29', '2016-02-29', 'feb-28')).toBe(16);
    // Any other birth date: the setting changes nothing.
    expect(ageOn('2000-03-01', '2018-02-28', 'feb-28')).toBe(17);
  });

  it('PIN-R8 Student: born 1996-02-29, too old from 2022-02-28 with feb-28, from 2022-03-01 with mar-1', () => {
    expect(studentUntil('1996-02-29', FEB28)).toBe('2022-02-28');
    expect(studentUntil('1996-02-29', MAR1)).toBe('2022-03-01');
    const facts: MembershipFactIn[] = [
      {
        type: 'ExistingMemberRecorded',
        data: {
          clubId: 'pinner',
          person: 'lea',
          name: 'Lea',
          electedOn: '2015-01-01',
          birthDate: '1996-02-29',
          class: 'student',
        },
      },
    ];
    const on = (asOf: string, params = FEB28) =>
      registerOf(facts, asOf, params).entries.find((e) => e.person === 'lea')!.class;
    expect(on('2022-02-27')).toBe('student');
    expect(on('2022-02-28')).toBe('full');
    expect(on('2022-02-28', MAR1)).toBe('student');
    expect(on('2022-03-01', MAR1)).toBe('full');
  });

  it('PIN-R12 visitors: kim, born 2000-02-29 and a member, supervises eve (13) on 2018-02-28: an adult (18) with feb-28; 17 with mar-1, so eve is unsupervised', () => {
    const people = [
      person('eve', { birthDate: '2005-03-10' }),
      member('kim', { birthDate: '2000-02-29' }),
    ];
    const input = pinner(people, [visit('eve', '2018-02-28', { supervisedBy: 'kim' })]);
    const feb = rowOf(visitorVerdicts(input, PIN), 'eve').visits[0]!;
    const mar = rowOf(visitorVerdicts(input, { ...PIN, leapDay: 'mar-1' }), 'eve').visits[0]!;
    expect(feb.verdict).toBe('ok');
    expect(mar.verdict).toBe('unsupervised');
    expect(mar.because.map((b) => b.text)).toContain(
      'supervised by kim: under 18 on 2018-02-28 (born 2000-02-29, 18 on 2018-03-01)',
    );
  });
});
