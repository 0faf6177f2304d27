import { visitorVerdicts } from '../../../src/contexts/membership/visitors';
import { member, person, PIN, pinner, rowOf, texts, visit, visitsOf } from './visitors-support';

// Yan is 16 on 2018-06-10.
const yan = person('yan', { birthDate: '2002-06-10' });

describe('PIN-R12: a player under 16 plays only under the supervision of an adult member', () => {
  it('PIN-R12: supervised by an adult member: ok', () => {
    const v = visitorVerdicts(
      pinner([yan, member('max')], [visit('yan', '2018-05-01', { supervisedBy: 'max' })]),
      PIN,
    );
    expect(visitsOf(rowOf(v, 'yan'))).toEqual([['2018-05-01', 1, 'ok']]);
  });

  it('PIN-R12: no supervisor: the visit is named unsupervised (the decider refuses it at append)', () => {
    const v = visitorVerdicts(pinner([yan], [visit('yan', '2018-05-01')]), PIN);
    const row = rowOf(v, 'yan');
    expect(visitsOf(row)).toEqual([['2018-05-01', 1, 'unsupervised']]);
    expect(texts(row.visits[0]!.because)).toContain(
      'PIN-R12: under 16 without a supervising adult member',
    );
    // An unsupervised session was still played: it counts, and a further (supervised) visit is ok.
    expect([row.sessions, row.verdict]).toEqual([1, 'ok']);
  });

  it('PIN-R12: the day before the 16th birthday still needs a supervisor; on the birthday none is needed', () => {
    const v = visitorVerdicts(
      pinner([yan], [visit('yan', '2018-06-09'), visit('yan', '2018-06-10')]),
      PIN,
    );
    expect(visitsOf(rowOf(v, 'yan'))).toEqual([
      ['2018-06-09', 1, 'unsupervised'],
      ['2018-06-10', 2, 'ok'],
    ]);
  });

  it('PIN-R12: a supervisor whose membership ended the day before is not a member: unsupervised', () => {
    const ex = person('ex', { memberSpans: [{ from: '2010-01-01', until: '2018-05-01' }] });
    const v = visitorVerdicts(
      pinner([yan, ex], [visit('yan', '2018-05-01', { supervisedBy: 'ex' })]),
      PIN,
    );
    const row = rowOf(v, 'yan');
    expect(row.visits[0]!.verdict).toBe('unsupervised');
    expect(texts(row.visits[0]!.because)).toContain(
      'PIN-R12: supervised by ex, not a member on 2018-05-01',
    );
  });

  it('PIN-R12: a supervisor who is a visitor is not a member: unsupervised', () => {
    const v = visitorVerdicts(
      pinner([yan, person('vic')], [visit('yan', '2018-05-01', { supervisedBy: 'vic' })]),
      PIN,
    );
    expect(rowOf(v, 'yan').visits[0]!.verdict).toBe('unsupervised');
  });

  it('PIN-R12 "adult member": a member is adult from the 18th birthday (adultAge, a setting); born 29 February 2000: 18 on 28 February 2018', () => {
    const stu = member('stu', { birthDate: '2000-02-29' });
    const v = visitorVerdicts(
      pinner(
        [yan, stu],
        [
          visit('yan', '2018-02-27', { supervisedBy: 'stu' }),
          visit('yan', '2018-02-28', { supervisedBy: 'stu' }),
        ],
      ),
      PIN,
    );
    const row = rowOf(v, 'yan');
    expect(visitsOf(row)).toEqual([
      ['2018-02-27', 1, 'unsupervised'],
      ['2018-02-28', 2, 'ok'],
    ]);
    expect(texts(row.visits[0]!.because)).toContain(
      'PIN-R12: supervised by stu: under 18 on 2018-02-27 (born 2000-02-29, 18 on 2018-02-28)',
    );
    const at16 = visitorVerdicts(
      pinner([yan, stu], [visit('yan', '2018-02-27', { supervisedBy: 'stu' })]),
      { ...PIN, adultAge: 16 },
    );
    expect(rowOf(at16, 'yan').visits[0]!.verdict).toBe('ok');
  });

  it('PIN-R12: the age limit is a setting (underAge 14: a 15-year-old needs no supervisor)', () => {
    const v = visitorVerdicts(pinner([yan], [visit('yan', '2018-05-01')]), {
      ...PIN,
      underAge: 14,
    });
    expect(rowOf(v, 'yan').visits[0]!.verdict).toBe('ok');
  });

  it('PIN-R12: a player whose age is unknown is read as 16 or over: no supervisor needed', () => {
    const v = visitorVerdicts(pinner([person('ann')], [visit('ann', '2018-05-01')]), PIN);
    expect(rowOf(v, 'ann').visits[0]!.verdict).toBe('ok');
  });
});
