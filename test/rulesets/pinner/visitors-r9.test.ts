import { visitorVerdicts } from '../../../src/contexts/membership/visitors';
import { days, NZ, nz, person, PIN, pinner, rowOf, texts, visitsOf } from './visitors-support';

describe('PIN-R9: a person rejected or removed is never admitted, as a member or a visitor', () => {
  it('PIN-R9: visits from the date of the bar are barred; the day before is not', () => {
    const rex = person('rex', { barredFrom: '2018-05-10', appliedOn: ['2018-04-01'] });
    const row = rowOf(
      visitorVerdicts(pinner([rex], days('rex', '2018-05', 9, 10, 17)), PIN),
      'rex',
    );
    expect(visitsOf(row)).toEqual([
      ['2018-05-09', 1, 'ok'],
      ['2018-05-10', 2, 'barred'],
      ['2018-05-17', 3, 'barred'],
    ]);
    expect(texts(row.visits[1]!.because)).toEqual([
      'PIN-R9: never to be admitted: barred from 2018-05-10',
    ]);
    expect(row.verdict).toBe('barred');
  });

  it('PIN-R9 over PIN-R12: an under-16 barred is barred, supervised or not', () => {
    const kid = person('kid', { birthDate: '2006-01-01', barredFrom: '2018-01-01' });
    const row = rowOf(visitorVerdicts(pinner([kid], days('kid', '2018-02', 1)), PIN), 'kid');
    expect(row.visits[0]!.verdict).toBe('barred');
  });

  it('PIN-R9: a bar recorded for an NZ club visitor bars too', () => {
    const rex = person('rex', { barredFrom: '2018-05-10' });
    const row = rowOf(visitorVerdicts(nz([rex], days('rex', '2018-05', 9, 10)), NZ), 'rex');
    expect(row.visits.map((v) => v.verdict)).toEqual(['ok', 'barred']);
  });

  it('PIN-R9: a bar starting after the last visit of the year bars the row (judged as of the year’s end); the visit keeps ok', () => {
    const rex = person('rex', { barredFrom: '2018-12-01' });
    const row = rowOf(visitorVerdicts(pinner([rex], days('rex', '2018-05', 9)), PIN), 'rex');
    expect(row.verdict).toBe('barred');
    expect(row.visits[0]!.verdict).toBe('ok');
  });
});
