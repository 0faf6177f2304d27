import { visitorVerdicts } from '../../../src/contexts/membership/visitors';
import { days, member, NZ, nz, person, rowOf, texts, visit, visitsOf } from './visitors-support';

describe('NZ-10: visitors may play at most 3 times a (club) year', () => {
  it('NZ-10: the 1st to 3rd visits are ok, the 4th and later over the limit', () => {
    const row = rowOf(
      visitorVerdicts(nz([person('vic')], days('vic', '2018-05', 1, 8, 15, 22, 29)), NZ),
      'vic',
    );
    expect(visitsOf(row)).toEqual([
      ['2018-05-01', 1, 'ok'],
      ['2018-05-08', 2, 'ok'],
      ['2018-05-15', 3, 'ok'],
      ['2018-05-22', 4, 'over-limit'],
      ['2018-05-29', 5, 'over-limit'],
    ]);
    expect(texts(row.visits[3]!.because)).toEqual([
      'NZ-10: the 4th visit this club year (at most 3): over the limit',
    ]);
    expect(row.verdict).toBe('over-limit');
  });

  it('NZ-10: after 3 visits a further one would be over the limit; after 2 it is ok', () => {
    const three = rowOf(
      visitorVerdicts(nz([person('vic')], days('vic', '2018-05', 1, 8, 15)), NZ),
      'vic',
    );
    expect([three.sessions, three.verdict]).toEqual([3, 'over-limit']);
    expect(three.visits.every((v) => v.verdict === 'ok')).toBe(true);
    const two = rowOf(
      visitorVerdicts(nz([person('vic')], days('vic', '2018-05', 1, 8)), NZ),
      'vic',
    );
    expect([two.sessions, two.verdict]).toEqual([2, 'ok']);
  });

  it("NZ-10: the club year starts on yearStart: 31 March is the last day of the 2018 year, 1 April the first of 2019's", () => {
    const visits = [
      visit('vic', '2018-03-31'),
      visit('vic', '2018-04-01'),
      visit('vic', '2018-12-31'),
      visit('vic', '2019-01-01'),
      visit('vic', '2019-03-31'),
      visit('vic', '2019-04-01'),
    ];
    const row = rowOf(visitorVerdicts(nz([person('vic')], visits, '2018-04-01'), NZ), 'vic');
    expect(visitsOf(row)).toEqual([
      ['2018-04-01', 1, 'ok'],
      ['2018-12-31', 2, 'ok'],
      ['2019-01-01', 3, 'ok'],
      ['2019-03-31', 4, 'over-limit'],
    ]);
    const before = rowOf(visitorVerdicts(nz([person('vic')], visits, '2017-04-01'), NZ), 'vic');
    expect(visitsOf(before)).toEqual([['2018-03-31', 1, 'ok']]);
  });

  it('NZ-10: no PIN-R10 application exemption and no PIN-R12 under-16 exemption', () => {
    const kid = person('kid', { birthDate: '2008-01-01', appliedOn: ['2018-04-01'] });
    const row = rowOf(visitorVerdicts(nz([kid], days('kid', '2018-05', 1, 2, 3, 4)), NZ), 'kid');
    expect(row.visits.map((v) => v.verdict)).toEqual(['ok', 'ok', 'ok', 'over-limit']);
  });

  it('NZ-10: a member plays freely; the limit is a setting (nzMaxVisits 1)', () => {
    const v = visitorVerdicts(
      nz(
        [member('max'), person('vic')],
        [...days('max', '2018-05', 1, 2, 3, 4), ...days('vic', '2018-05', 1, 2)],
      ),
      { ...NZ, nzMaxVisits: 1 },
    );
    expect(v.rows.map((r) => r.person)).toEqual(['vic']);
    expect(rowOf(v, 'vic').visits.map((x) => x.verdict)).toEqual(['ok', 'over-limit']);
    expect(v.year).toBe('2018-04-01');
  });

  it('NZ-10: a club year from 1 January is the calendar year', () => {
    const jan = { ...NZ, year: { kind: 'club-year' as const, yearStart: '01-01' } };
    const input = {
      ...nz(
        [person('vic')],
        [visit('vic', '2017-12-31'), visit('vic', '2018-01-01')],
        '2018-01-01',
      ),
      year: jan.year,
    };
    expect(visitsOf(rowOf(visitorVerdicts(input, jan), 'vic'))).toEqual([['2018-01-01', 1, 'ok']]);
  });
});
