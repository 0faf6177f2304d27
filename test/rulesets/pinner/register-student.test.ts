import { pinner2018 } from '../../../src/rulesets/pinner/preset';
import { registerOf, type MembershipFactIn } from '../../../src/rulesets/pinner/register';

const PARAMS = pinner2018.params.membership;
const f = (type: string, data: Record<string, unknown>): MembershipFactIn => ({
  type,
  data: { clubId: 'pinner', ...data },
});
const existing = (person: string, extra = {}) =>
  f('ExistingMemberRecorded', {
    person,
    name: `Member ${person}`,
    electedOn: '2010-05-01',
    class: 'full',
    ...extra,
  });
const student = (person: string, on: string) => f('StudentMembershipOffered', { person, on });
const entry = (facts: MembershipFactIn[], asOf: string, person: string) =>
  registerOf(facts, asOf, PARAMS).entries.find((e) => e.person === person)!;

/**
 * RULES.md's reading of PIN-R8: Student from the 16th birthday to the
 * day before the 26th; on the 26th birthday the class is what it would be without the Student
 * offer (Full, or Restricted in the first year), derived, not recorded.
 */
describe('PIN-R8 Student ends on the 26th birthday (derived)', () => {
  // tom, born 1992-09-15, a member since 2010 (Full from 2011-05-01), Student from 2018-03-01.
  const TOM = [existing('tom', { birthDate: '1992-09-15' }), student('tom', '2018-03-01')];

  it('PIN-R8: Student the day before the 26th birthday (2018-09-14)', () => {
    expect(entry(TOM, '2018-09-14', 'tom')).toMatchObject({
      class: 'student',
      classFrom: '2018-03-01',
    });
  });

  it('PIN-R8: Full on the 26th birthday (2018-09-15), the change in the history with its rule', () => {
    const e = entry(TOM, '2018-09-15', 'tom');
    expect(e).toMatchObject({ class: 'full', classFrom: '2018-09-15', votes: true });
    expect(e.because).toContainEqual({
      rule: 'PIN-R8',
      text: '26 on 2018-09-15 (born 1992-09-15): Student until the day before, full from then',
    });
    expect(e.classes).toEqual([
      {
        class: 'restricted',
        from: '2010-05-01',
        because: {
          rule: 'PIN-R8',
          text: 'elected on 2010-05-01: Restricted for the first year, until 2011-05-01',
        },
      },
      {
        class: 'full',
        from: '2011-05-01',
        because: { rule: 'PIN-R8', text: 'Restricted year over on 2011-05-01' },
      },
      {
        class: 'student',
        from: '2018-03-01',
        because: { rule: 'PIN-R8', text: 'student from 2018-03-01 (recorded)' },
      },
      {
        class: 'full',
        from: '2018-09-15',
        because: {
          rule: 'PIN-R8',
          text: '26 on 2018-09-15 (born 1992-09-15): Student until the day before, full from then',
        },
      },
    ]);
    // As of the day before, the history stops at Student.
    expect(entry(TOM, '2018-09-14', 'tom').classes!.map((c) => c.class)).toEqual([
      'restricted',
      'full',
      'student',
    ]);
  });

  it('PIN-R8: born 29 February 1996, Full on 28 February 2022 (Student on the 27th)', () => {
    const lea = [existing('lea', { birthDate: '1996-02-29' }), student('lea', '2018-03-01')];
    expect(entry(lea, '2022-02-27', 'lea').class).toBe('student');
    expect(entry(lea, '2022-02-28', 'lea')).toMatchObject({
      class: 'full',
      classFrom: '2022-02-28',
    });
  });

  it('PIN-R8: elected as a Student at 25, 26 in the Restricted year: Restricted to its end, then Full (never Student again)', () => {
    const sue = [
      existing('ann'),
      f('MembershipApplied', {
        applicationId: 'a1',
        person: 'sue',
        name: 'Sue',
        birthDate: '1992-06-01',
        classApplied: 'student',
        appliedOn: '2018-03-01',
      }),
      f('MemberElected', { applicationId: 'a1', on: '2018-03-08' }),
    ];
    expect(entry(sue, '2018-06-01', 'sue').class).toBe('restricted');
    expect(entry(sue, '2019-03-08', 'sue')).toMatchObject({
      class: 'full',
      classFrom: '2019-03-08',
    });
    expect(entry(sue, '2019-03-08', 'sue').classes!.map((c) => [c.class, c.from])).toEqual([
      ['restricted', '2018-03-08'],
      ['full', '2019-03-08'],
    ]);
  });

  it('PIN-R8 edge: the 26th birthday on the Restricted year’s last day + 1 (the Full day): Full, the history line naming the birthday', () => {
    const una = [
      existing('ann'),
      f('MembershipApplied', {
        applicationId: 'a1',
        person: 'una',
        name: 'Una',
        birthDate: '1993-03-08',
        classApplied: 'student',
        appliedOn: '2018-03-01',
      }),
      f('MemberElected', { applicationId: 'a1', on: '2018-03-08' }),
    ];
    expect(entry(una, '2019-03-07', 'una').class).toBe('restricted');
    expect(entry(una, '2019-03-08', 'una').classes![1]).toEqual({
      class: 'full',
      from: '2019-03-08',
      because: {
        rule: 'PIN-R8',
        text: '26 on 2019-03-08 (born 1993-03-08): Student until the day before, full from then',
      },
    });
  });

  it('PIN-R8: elected as a Student at 16, a Student after the Restricted year until the 26th birthday', () => {
    const kit = [
      existing('ann'),
      f('MembershipApplied', {
        applicationId: 'a1',
        person: 'kit',
        name: 'Kit',
        birthDate: '2002-03-01',
        classApplied: 'student',
        appliedOn: '2018-03-01',
      }),
      f('MemberElected', { applicationId: 'a1', on: '2018-03-08' }),
    ];
    expect(entry(kit, '2019-03-08', 'kit').class).toBe('student');
    expect(entry(kit, '2028-02-29', 'kit').class).toBe('student');
    expect(entry(kit, '2028-03-01', 'kit')).toMatchObject({
      class: 'full',
      classFrom: '2028-03-01',
    });
  });

  it('PIN-R8: without the Student offer the class is the one recorded before it: a Temporary member made Student is Temporary again at 26', () => {
    const tim = [
      existing('tim', { birthDate: '1992-09-15' }),
      f('TemporaryMembershipAccepted', { person: 'tim', on: '2017-01-01' }),
      student('tim', '2018-03-01'),
    ];
    expect(entry(tim, '2018-09-15', 'tim')).toMatchObject({
      class: 'temporary',
      classFrom: '2018-09-15',
      votes: false,
    });
  });

  it('PIN-R8: a class recorded after the 26th birthday stands (Honorary from 2019)', () => {
    const facts = [...TOM, f('HonoraryMembershipInvited', { person: 'tom', on: '2019-01-01' })];
    expect(entry(facts, '2019-01-01', 'tom')).toMatchObject({
      class: 'honorary',
      classFrom: '2019-01-01',
    });
    expect(entry(facts, '2019-01-01', 'tom').classes!.map((c) => c.class)).toEqual([
      'restricted',
      'full',
      'student',
      'full',
      'honorary',
    ]);
  });

  it('PIN-R8: a birth date learnt after the Student offer (a later session gives it) is read', () => {
    const facts = [
      existing('ned'),
      f('SessionPlayedAtClub', {
        person: 'ned',
        date: '2018-01-05',
        event: { id: 'e', special: false },
        birthDate: '1992-09-15',
      }),
      student('ned', '2018-03-01'),
    ];
    expect(entry(facts, '2018-09-15', 'ned').class).toBe('full');
  });
});
