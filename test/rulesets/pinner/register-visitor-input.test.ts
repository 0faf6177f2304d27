import { visitorFactsOf, type MembershipFactIn } from '../../../src/rulesets/pinner/register';

const f = (type: string, data: Record<string, unknown>): MembershipFactIn => ({
  type,
  data: { clubId: 'pinner', ...data },
});
const played = (person: string, date: string, extra = {}) =>
  f('SessionPlayedAtClub', { person, date, event: { id: `e-${date}`, special: false }, ...extra });

describe('what visitors/ reads of the membership facts (PIN-R9, PIN-R10, PIN-R12)', () => {
  const FACTS = [
    f('ExistingMemberRecorded', {
      person: 'ann',
      name: 'Ann',
      electedOn: '2010-05-01',
      class: 'full',
    }),
    f('MemberResigned', { person: 'ann', on: '2018-07-01' }),
    f('MembershipApplied', {
      applicationId: 'a1',
      person: 'vic',
      name: 'Vic',
      over16Declared: true,
      classApplied: 'full',
      appliedOn: '2018-04-02',
    }),
    f('ApplicationRejected', { applicationId: 'a1', on: '2018-05-01' }),
    played('vic', '2018-03-01'),
    played('eve', '2018-03-01', { birthDate: '2005-03-10', supervisedBy: 'ann' }),
    played('eve', '2018-03-08', { supervisedBy: 'ann' }),
  ];

  it('each person’s member spans, applications, declaration, bar and age; each session a visit', () => {
    const { people, visits } = visitorFactsOf(FACTS);
    expect(people).toEqual([
      { person: 'ann', memberSpans: [{ from: '2010-05-01', until: '2018-07-01' }], appliedOn: [] },
      { person: 'eve', memberSpans: [], appliedOn: [], birthDate: '2005-03-10' },
      {
        person: 'vic',
        memberSpans: [],
        over16DeclaredOn: '2018-04-02',
        appliedOn: ['2018-04-02'],
        barredFrom: '2018-05-01',
      },
    ]);
    expect(visits).toEqual([
      { person: 'vic', date: '2018-03-01', event: { id: 'e-2018-03-01', special: false } },
      {
        person: 'eve',
        date: '2018-03-01',
        event: { id: 'e-2018-03-01', special: false },
        supervisedBy: 'ann',
      },
      {
        person: 'eve',
        date: '2018-03-08',
        event: { id: 'e-2018-03-08', special: false },
        supervisedBy: 'ann',
      },
    ]);
  });

  it('edge: no facts, no people and no visits', () => {
    expect(visitorFactsOf([])).toEqual({ people: [], visits: [] });
  });
});
