import { visitorVerdicts } from '../../../src/contexts/membership/visitors';
import { ScoringInputError } from '../../../src/scoring';
import {
  days,
  NZ,
  nz,
  person,
  PIN,
  pinner,
  rowOf,
  texts,
  visit,
  visitsOf,
} from './visitors-support';

/**
 * A visitor's row says what the club needs to know as of the end of the
 * year asked, or of the day asked inside it (`asOf`); each visit keeps its verdict of its day.
 */
describe('PIN-R9 in the visitor rows: barred from the bar’s date, whatever the visits', () => {
  // rex: two visits in May 2018, rejected on 2018-06-11.
  const rex = person('rex', { barredFrom: '2018-06-11', appliedOn: ['2018-06-04'] });
  const may = days('rex', '2018-05', 7, 21);

  it('PIN-R9: rejected in June after visits in May: the row of 2018 reads barred; each visit keeps ok', () => {
    const row = rowOf(visitorVerdicts(pinner([rex], may), PIN), 'rex');
    expect(visitsOf(row)).toEqual([
      ['2018-05-07', 1, 'ok'],
      ['2018-05-21', 2, 'ok'],
    ]);
    expect(row.verdict).toBe('barred');
    expect(texts(row.because)).toEqual([
      'PIN-R10: 2 sessions as a visitor this year, the last on 2018-05-21; a further visit as of 2018-12-31:',
      'PIN-R9: never to be admitted: barred from 2018-06-11',
    ]);
  });

  it('PIN-R9 as of a day: on the bar’s date barred, the day before not', () => {
    const on = (asOf: string) => rowOf(visitorVerdicts(pinner([rex], may), PIN, asOf), 'rex');
    expect(on('2018-06-10').verdict).toBe('ok');
    expect(on('2018-06-11').verdict).toBe('barred');
  });

  it('PIN-R9: the next year’s row of a person barred in an earlier year reads barred too', () => {
    const row = rowOf(
      visitorVerdicts(pinner([rex], [...may, visit('rex', '2019-01-03')], '2019'), PIN),
      'rex',
    );
    expect(visitsOf(row)).toEqual([['2019-01-03', 1, 'barred']]);
    expect(row.verdict).toBe('barred');
  });

  it('PIN-R9 NZ-10: an NZ club’s row is judged as of the club year’s last day (31 March)', () => {
    const bar = person('rex', { barredFrom: '2019-03-31' });
    const v = (asOf?: string) =>
      rowOf(visitorVerdicts(nz([bar], days('rex', '2018-05', 9)), NZ, asOf), 'rex');
    expect(v().verdict).toBe('barred');
    expect(texts(v().because)[0]).toContain('as of 2019-03-31');
    expect(v('2019-03-30').verdict).toBe('ok');
  });
});

describe('PIN-R10, PIN-R12 in the visitor rows: as of the end of the year, or the day asked', () => {
  const six = days('vera', '2018-03', 1, 8, 15, 22, 29).concat(days('vera', '2018-04', 5));

  it('PIN-R10: visits after the day asked are not counted: as of 2018-03-29, 5 sessions, ok; as of 2018-04-05, 6, may be refused', () => {
    const on = (asOf: string) =>
      rowOf(visitorVerdicts(pinner([person('vera')], six), PIN, asOf), 'vera');
    expect([on('2018-03-29').sessions, on('2018-03-29').verdict]).toEqual([5, 'ok']);
    expect(on('2018-03-29').visits).toHaveLength(5);
    expect([on('2018-04-05').sessions, on('2018-04-05').verdict]).toEqual([6, 'may-be-refused']);
  });

  it('PIN-R10: a person with no visit by the day asked has no row', () => {
    expect(visitorVerdicts(pinner([person('vera')], six), PIN, '2018-02-28').rows).toEqual([]);
  });

  it('PIN-R10: an application after the last visit, before the year’s end, makes the row ok; as of the day before it, may be refused', () => {
    const vera = person('vera', { appliedOn: ['2018-09-01'] });
    expect(rowOf(visitorVerdicts(pinner([vera], six), PIN), 'vera').verdict).toBe('ok');
    expect(rowOf(visitorVerdicts(pinner([vera], six), PIN, '2018-08-31'), 'vera').verdict).toBe(
      'may-be-refused',
    );
  });

  it('PIN-R10: a visitor who became a member (no application: invited Honorary) reads ok from that day, not may be refused', () => {
    const hon = person('vera', { memberSpans: [{ from: '2018-10-01' }] });
    const row = rowOf(visitorVerdicts(pinner([hon], six), PIN), 'vera');
    expect(row.sessions).toBe(6);
    expect(row.verdict).toBe('ok');
    expect(texts(row.because)).toContain(
      'PIN-R10: a member on 2018-12-31: the visitor rules do not apply',
    );
    expect(rowOf(visitorVerdicts(pinner([hon], six), PIN, '2018-09-30'), 'vera').verdict).toBe(
      'may-be-refused',
    );
  });

  it('PIN-R12: an under-16 who turns 16 before the year’s end: exempt on the day before the birthday, may be refused as of it', () => {
    const yan = person('yan', { birthDate: '2002-11-20' });
    const visits = six.map((v) => ({ ...v, person: 'yan', supervisedBy: 'max' }));
    const max = person('max', { memberSpans: [{ from: '2000-01-01' }] });
    const on = (asOf?: string) =>
      rowOf(visitorVerdicts(pinner([yan, max], visits), PIN, asOf), 'yan');
    expect(on('2018-11-19').verdict).toBe('ok');
    expect(on('2018-11-20').verdict).toBe('may-be-refused');
    expect(on().verdict).toBe('may-be-refused');
    expect(on().visits.every((v) => v.verdict === 'ok')).toBe(true);
  });

  it('bad input: a day asked outside the year, or not a date, is refused naming asOf', () => {
    const asOf = (d: string) => () => visitorVerdicts(pinner([person('vera')], six), PIN, d);
    for (const d of ['2019-01-01', '2017-12-31', '2018-02-30', 'today']) {
      expect(asOf(d)).toThrow(ScoringInputError);
      expect(asOf(d)).toThrow(expect.objectContaining({ field: 'asOf', rule: 'PIN-R10' }));
    }
    const nzAsOf = () => visitorVerdicts(nz([person('vera')], []), NZ, '2018-03-31');
    expect(nzAsOf).toThrow(expect.objectContaining({ field: 'asOf', rule: 'NZ-10' }));
  });

  it('edge: the year’s first and last days are days of it (asOf 2018-01-01, 2018-12-31)', () => {
    const v = pinner([person('vera')], [visit('vera', '2018-01-01')]);
    expect(rowOf(visitorVerdicts(v, PIN, '2018-01-01'), 'vera').sessions).toBe(1);
    expect(visitorVerdicts(v, PIN, '2018-12-31')).toEqual(visitorVerdicts(v, PIN));
  });
});
