import { pinner2018 } from '../../../src/rulesets/pinner/preset';
import {
  foldMembership,
  registerOf,
  type MembershipFactIn,
} from '../../../src/rulesets/pinner/register';

const PARAMS = pinner2018.params.membership;
const f = (type: string, data: Record<string, unknown>): MembershipFactIn => ({
  type,
  data: { clubId: 'pinner', ...data },
});
const existing = (person: string, electedOn = '2010-05-01', extra = {}) =>
  f('ExistingMemberRecorded', {
    person,
    name: `Member ${person}`,
    electedOn,
    class: 'full',
    ...extra,
  });

/** A complete application displayed on `on`, proposed by ann and bob, signed by cat. */
const application = (applicationId: string, person: string, on: string, extra = {}) => [
  f('MembershipApplied', {
    applicationId,
    person,
    name: `Candidate ${person}`,
    birthDate: '1970-01-01',
    classApplied: 'full',
    appliedOn: on,
    ...extra,
  }),
  f('ApplicationProposed', { applicationId, proposer: 'ann', seconder: 'bob', on }),
  f('ApplicationSigned', { applicationId, by: 'cat', on }),
  f('ApplicationDisplayed', { applicationId, on }),
];

/**
 * Pinner's year by hand: ann, bob, cat, dan members since 2010-05-01 (Full from 2011-05-01);
 * zoe applies 2018-03-01, dan objects 03-03, elected 03-08 (Restricted until 2019-03-07, her
 * events restricted from 06-01); yan applies 03-01, rejected 04-01; vip invited Honorary 05-01;
 * ann Temporary from 05-01; wes applies 06-01, seconder withdrawn 06-03, dan seconds 06-05;
 * dan resigns 07-01 (a member until 06-30).
 */
const FACTS: MembershipFactIn[] = [
  ...['ann', 'bob', 'cat', 'dan'].map((p) => existing(p)),
  ...application('a1', 'zoe', '2018-03-01'),
  f('ObjectionLodged', { applicationId: 'a1', by: 'dan', on: '2018-03-03', grounds: 'Slow play' }),
  ...application('a2', 'yan', '2018-03-01'),
  f('MemberElected', { applicationId: 'a1', on: '2018-03-08' }),
  f('ApplicationRejected', { applicationId: 'a2', on: '2018-04-01' }),
  f('HonoraryMembershipInvited', { person: 'vip', on: '2018-05-01', name: 'A Patron' }),
  f('TemporaryMembershipAccepted', { person: 'ann', on: '2018-05-01' }),
  f('MemberEventsRestricted', { person: 'zoe', on: '2018-06-01', events: ['county-pairs'] }),
  ...application('a3', 'wes', '2018-06-01'),
  f('SupportWithdrawn', { applicationId: 'a3', role: 'seconder', on: '2018-06-03' }),
  f('SupportReplaced', { applicationId: 'a3', role: 'seconder', by: 'dan', on: '2018-06-05' }),
  f('MemberResigned', { person: 'dan', on: '2018-07-01' }),
];

const entry = (asOf: string, person: string, facts = FACTS, params = PARAMS) =>
  registerOf(facts, asOf, params).entries.find((e) => e.person === person);
const pending = (asOf: string, id: string) =>
  registerOf(FACTS, asOf, PARAMS).pending.find((p) => p.applicationId === id);

describe('the register as of a date (PIN-R8 classes, standing, vote, subscription)', () => {
  it('PIN-C6/C8: on 2018-03-05 zoe is an applicant; her application may be considered from 2018-03-08, with dan’s objection', () => {
    expect(entry('2018-03-05', 'zoe')).toMatchObject({
      standing: 'applicant',
      votes: false,
      subscription: 'none',
    });
    expect(pending('2018-03-05', 'a1')).toMatchObject({
      person: 'zoe',
      displayedOn: '2018-03-01',
      considerFrom: '2018-03-08',
      objections: [{ by: 'dan', on: '2018-03-03', grounds: 'Slow play' }],
      proposer: 'ann',
      seconder: 'bob',
      signedBy: 'cat',
    });
    expect(pending('2018-03-02', 'a1')!.objections).toEqual([]);
  });

  it('PIN-R8: elected 2018-03-08, zoe is Restricted from that day to 2019-03-07, Full from 2019-03-08', () => {
    expect(entry('2018-03-08', 'zoe')).toMatchObject({
      standing: 'member',
      class: 'restricted',
      classFrom: '2018-03-08',
      electedOn: '2018-03-08',
      votes: true,
      subscription: 'due',
      barredForEver: false,
    });
    expect(entry('2019-03-07', 'zoe')!.class).toBe('restricted');
    expect(entry('2019-03-08', 'zoe')).toMatchObject({
      class: 'full',
      classFrom: '2019-03-08',
      classes: [
        { class: 'restricted', from: '2018-03-08' },
        { class: 'full', from: '2019-03-08' },
      ],
    });
    expect(pending('2018-03-08', 'a1')).toBeUndefined();
  });

  it('PIN-R8: a Restricted member’s events restricted from 2018-06-01 are shown while Restricted only', () => {
    expect(entry('2018-05-31', 'zoe')!.restrictedEvents).toBeUndefined();
    expect(entry('2018-06-01', 'zoe')!.restrictedEvents).toEqual(['county-pairs']);
    expect(entry('2019-03-08', 'zoe')!.restrictedEvents).toBeUndefined();
  });

  it('PIN-R8: a member since 2010-05-01 has been Full since 2011-05-01; Temporary from 2018-05-01 she has no vote', () => {
    expect(entry('2018-04-30', 'ann')).toMatchObject({
      class: 'full',
      classFrom: '2011-05-01',
      votes: true,
    });
    expect(entry('2018-05-01', 'ann')).toMatchObject({
      class: 'temporary',
      classFrom: '2018-05-01',
      votes: false,
      subscription: 'due',
    });
    expect(entry('2018-05-01', 'ann')!.because).toContainEqual({
      rule: 'PIN-R8',
      text: 'Temporary: no vote at general meetings',
    });
  });

  it('PIN-R8: an Honorary member pays no subscription and votes', () => {
    expect(entry('2018-05-01', 'vip')).toMatchObject({
      standing: 'member',
      class: 'honorary',
      classFrom: '2018-05-01',
      subscription: 'waived',
      votes: true,
    });
    expect(entry('2018-04-30', 'vip')).toBeUndefined();
  });

  it('PIN-R9: yan, rejected on 2018-04-01, is barred for ever from that day; an applicant the day before', () => {
    expect(entry('2018-03-31', 'yan')).toMatchObject({
      standing: 'applicant',
      barredForEver: false,
    });
    const e = entry('2018-04-01', 'yan')!;
    expect(e).toMatchObject({
      standing: 'rejected',
      barredForEver: true,
      votes: false,
      subscription: 'none',
    });
    expect(e.because[0]).toMatchObject({ rule: 'PIN-R9' });
  });

  it('PIN-C7: wes’s seconder replaced on 2018-06-05 moves the consider-from day from 06-08 to 06-12', () => {
    expect(pending('2018-06-02', 'a3')).toMatchObject({
      considerFrom: '2018-06-08',
      seconder: 'bob',
    });
    // Withdrawn on 06-03: no seconder, and no consider-from day, until the replacement.
    expect(pending('2018-06-04', 'a3')!.seconder).toBeUndefined();
    const after = pending('2018-06-05', 'a3')!;
    expect(after).toMatchObject({ considerFrom: '2018-06-12', seconder: 'dan' });
    expect(after.because[0]).toMatchObject({ rule: 'PIN-C7' });
  });

  it('PIN-C5/C7: while the seconder is withdrawn and unreplaced the view gives no considerFrom, and says why', () => {
    const gap = pending('2018-06-04', 'a3')!;
    expect(gap.considerFrom).toBeUndefined();
    expect(gap.because).toEqual([
      {
        rule: 'PIN-C5',
        text: 'no seconder since 2018-06-03 (withdrawn, PIN-C7): not considered before a replacement, then 7 days from it',
      },
    ]);
    // The day of the withdrawal is already without; the day before, the old day stands.
    expect(pending('2018-06-03', 'a3')!.considerFrom).toBeUndefined();
    expect(pending('2018-06-02', 'a3')!.considerFrom).toBe('2018-06-08');
  });

  it('PIN-C5: an application displayed but never proposed keeps its display day, and says it is not considered before a proposer and a seconder', () => {
    const facts = [
      ...FACTS,
      f('MembershipApplied', {
        applicationId: 'a9',
        person: 'uma',
        name: 'Uma',
        birthDate: '1970-01-01',
        classApplied: 'full',
        appliedOn: '2018-06-01',
      }),
      f('ApplicationDisplayed', { applicationId: 'a9', on: '2018-06-01' }),
    ];
    const a = registerOf(facts, '2018-06-02', PARAMS).pending.find(
      (p) => p.applicationId === 'a9',
    )!;
    expect(a.considerFrom).toBe('2018-06-08');
    expect(a.because).toContainEqual({
      rule: 'PIN-C5',
      text: 'no proposer yet: not considered before one member proposes and another seconds',
    });
  });

  it('PIN-C16: dan, resigned with effect 2018-07-01, is a member on 06-30 and resigned from 07-01, not barred', () => {
    expect(entry('2018-06-30', 'dan')!.standing).toBe('member');
    expect(entry('2018-07-01', 'dan')).toMatchObject({
      standing: 'resigned',
      endedOn: '2018-07-01',
      barredForEver: false,
      votes: false,
      subscription: 'none',
    });
  });

  it('facts dated after the day asked are not read: on 2018-02-28 zoe is not on the register', () => {
    expect(entry('2018-02-28', 'zoe')).toBeUndefined();
    expect(registerOf(FACTS, '2018-02-28', PARAMS).pending).toEqual([]);
  });

  it('the register of the facts and of their fold are the same', () => {
    for (const asOf of ['2018-03-05', '2018-06-05', '2019-03-08']) {
      expect(registerOf(foldMembership(FACTS), asOf, PARAMS)).toEqual(
        registerOf(FACTS, asOf, PARAMS),
      );
    }
  });
});

describe('PIN-R8 readings: 29 February, students, terminations', () => {
  const leap = [
    existing('ann'),
    existing('bob'),
    existing('cat'),
    ...application('a9', 'lea', '2020-02-01'),
    f('MemberElected', { applicationId: 'a9', on: '2020-02-29' }),
  ];

  it('PIN-R8 reading: elected on 2020-02-29, Full on 2021-02-28 (leapDay feb-28)', () => {
    expect(entry('2021-02-27', 'lea', leap)!.class).toBe('restricted');
    expect(entry('2021-02-28', 'lea', leap)).toMatchObject({
      class: 'full',
      classFrom: '2021-02-28',
    });
  });

  it('PIN-R8 reading: with leapDay mar-1, Full on 2021-03-01; in 2024 (a leap year) the day is 02-29', () => {
    const params = { ...PARAMS, leapDay: 'mar-1' as const };
    expect(entry('2021-02-28', 'lea', leap, params)!.class).toBe('restricted');
    expect(entry('2021-03-01', 'lea', leap, params)!.class).toBe('full');
    const four = { ...PARAMS, restrictedYears: 4 };
    expect(entry('2024-02-28', 'lea', leap, four)!.class).toBe('restricted');
    expect(entry('2024-02-29', 'lea', leap, four)!.class).toBe('full');
  });

  it('PIN-R8: a Student offered in the Restricted year is Restricted, then Student', () => {
    const facts = [
      ...leap,
      ...application('a1', 'sam', '2018-03-01', { birthDate: '2002-03-08' }),
      f('MemberElected', { applicationId: 'a1', on: '2018-03-08' }),
      f('StudentMembershipOffered', { person: 'sam', on: '2018-03-08' }),
    ];
    expect(entry('2018-03-08', 'sam', facts)!.class).toBe('restricted');
    expect(entry('2019-03-08', 'sam', facts)).toMatchObject({
      class: 'student',
      classes: [
        { class: 'restricted', from: '2018-03-08' },
        { class: 'student', from: '2019-03-08' },
      ],
    });
  });

  it('PIN-C17/C18: terminated and expelled members are barred for ever (PIN-R9), the expulsion’s reason shown', () => {
    const facts = [
      ...leap,
      f('MembershipTerminated', { person: 'lea', on: '2020-06-01' }),
      f('MemberExpelled', { person: 'bob', on: '2020-06-01', reason: 'conduct' }),
    ];
    expect(entry('2020-06-01', 'lea', facts)).toMatchObject({
      standing: 'terminated',
      barredForEver: true,
    });
    const bob = entry('2020-06-01', 'bob', facts)!;
    expect(bob).toMatchObject({ standing: 'expelled', barredForEver: true, endedOn: '2020-06-01' });
    expect(bob.because).toContainEqual({
      rule: 'PIN-C18',
      text: 'expelled on 2020-06-01: conduct',
    });
    expect(entry('2020-05-31', 'bob', facts)!.standing).toBe('member');
  });
});
