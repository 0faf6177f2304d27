import { visitorVerdicts } from '../../../src/contexts/membership/visitors';
import {
  days,
  member,
  person,
  PIN,
  pinner,
  rowOf,
  texts,
  visit,
  visitsOf,
} from './visitors-support';

describe('PIN-R10: a visitor who has played 6 sessions in a calendar year may be refused entry', () => {
  const seven = days('vera', '2018-03', 1, 8, 15, 22, 29).concat(days('vera', '2018-04', 5, 12));

  it('PIN-R10: the 1st to 6th visits are ok, the 7th may be refused (the words "who has played 6 sessions ... may be refused entry to any further sessions")', () => {
    const row = rowOf(visitorVerdicts(pinner([person('vera')], seven), PIN), 'vera');
    expect(visitsOf(row)).toEqual([
      ['2018-03-01', 1, 'ok'],
      ['2018-03-08', 2, 'ok'],
      ['2018-03-15', 3, 'ok'],
      ['2018-03-22', 4, 'ok'],
      ['2018-03-29', 5, 'ok'],
      ['2018-04-05', 6, 'ok'],
      ['2018-04-12', 7, 'may-be-refused'],
    ]);
    expect(row.sessions).toBe(7);
    expect(row.verdict).toBe('may-be-refused');
    expect(texts(row.visits[6]!.because)).toContain(
      'PIN-R10: 6 sessions played before: may be refused entry (from the 7th)',
    );
  });

  it('PIN-R10: after the 6th session the person may be refused (the row: what a further visit would get at the year’s end)', () => {
    const row = rowOf(visitorVerdicts(pinner([person('vera')], seven.slice(0, 6)), PIN), 'vera');
    expect(row.visits.every((v) => v.verdict === 'ok')).toBe(true);
    expect(row.sessions).toBe(6);
    expect(row.verdict).toBe('may-be-refused');
    expect(texts(row.because)).toEqual([
      'PIN-R10: 6 sessions as a visitor this year, the last on 2018-04-05; a further visit as of 2018-12-31:',
      'PIN-R10: the 7th session this calendar year',
      'PIN-R12: age unknown on 2018-12-31 (no birth date): read as 16 or over',
      'PIN-R10: 6 sessions played before: may be refused entry (from the 7th)',
    ]);
  });

  it('PIN-R10: after 5 sessions a further visit is still ok', () => {
    const row = rowOf(visitorVerdicts(pinner([person('vera')], seven.slice(0, 5)), PIN), 'vera');
    expect([row.sessions, row.verdict]).toEqual([5, 'ok']);
  });

  it("PIN-R10 reading 'at-sessions' (a setting): the 6th visit itself may be refused", () => {
    const row = rowOf(
      visitorVerdicts(pinner([person('vera')], seven), { ...PIN, refuse: 'at-sessions' }),
      'vera',
    );
    expect(row.visits.map((v) => v.verdict)).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
      'ok',
      'may-be-refused',
      'may-be-refused',
    ]);
  });

  it('PIN-R10: the number of sessions is a setting (sessions: 3 refuses the 4th)', () => {
    const row = rowOf(
      visitorVerdicts(pinner([person('vera')], seven.slice(0, 4)), { ...PIN, sessions: 3 }),
      'vera',
    );
    expect(row.visits.map((v) => v.verdict)).toEqual(['ok', 'ok', 'ok', 'may-be-refused']);
  });

  it('PIN-R10: an application for membership stops the refusal from its date (applied on the day of the 7th visit)', () => {
    const vera = person('vera', { appliedOn: ['2018-04-12'] });
    const row = rowOf(visitorVerdicts(pinner([vera], seven), PIN), 'vera');
    expect(row.visits[6]!.verdict).toBe('ok');
    expect(texts(row.visits[6]!.because)).toContain(
      'PIN-R10: applied for membership on 2018-04-12: not refused from that date',
    );
    expect(row.verdict).toBe('ok');
  });

  it('PIN-R10: an application made the day after the 7th visit does not undo it, and the 8th is ok', () => {
    const vera = person('vera', { appliedOn: ['2018-04-13'] });
    const row = rowOf(
      visitorVerdicts(pinner([vera], [...seven, visit('vera', '2018-04-19')]), PIN),
      'vera',
    );
    expect(row.visits.slice(6).map((v) => v.verdict)).toEqual(['may-be-refused', 'ok']);
  });

  it('PIN-R10: the count is per calendar year: a visit on 31 December counts for that year, one on 1 January for the next', () => {
    const visits = [
      ...days('vera', '2017-12', 2, 9, 16, 23, 30, 31),
      visit('vera', '2018-01-01'),
      visit('vera', '2018-01-06'),
    ];
    const y2017 = rowOf(visitorVerdicts(pinner([person('vera')], visits, '2017'), PIN), 'vera');
    expect([y2017.sessions, y2017.verdict]).toEqual([6, 'may-be-refused']);
    expect(y2017.visits.map((v) => v.date)).not.toContain('2018-01-01');
    const y2018 = rowOf(visitorVerdicts(pinner([person('vera')], visits, '2018'), PIN), 'vera');
    expect(visitsOf(y2018)).toEqual([
      ['2018-01-01', 1, 'ok'],
      ['2018-01-06', 2, 'ok'],
    ]);
    expect(y2018.verdict).toBe('ok');
  });

  it('PIN-R10: sessions played as a member do not count; the day a membership ends (until) is a visitor day', () => {
    // Member [2018-01-01, 2018-03-01): the February visits are a member's, 1 March is a visitor's.
    const mo = person('mo', { memberSpans: [{ from: '2018-01-01', until: '2018-03-01' }] });
    const visits = [...days('mo', '2018-02', 1, 8, 15, 22, 28), ...days('mo', '2018-03', 1, 8)];
    const row = rowOf(visitorVerdicts(pinner([mo], visits), PIN), 'mo');
    expect(visitsOf(row)).toEqual([
      ['2018-03-01', 1, 'ok'],
      ['2018-03-08', 2, 'ok'],
    ]);
  });

  it('PIN-R10: a member all year has no row; people who never visited neither', () => {
    const v = visitorVerdicts(
      pinner([member('max'), person('ned')], days('max', '2018-05', 1, 2)),
      PIN,
    );
    expect(v).toEqual({ year: '2018', rows: [] });
  });

  it('PIN-R10: visits are counted in date order, whatever the order given (same day: as given)', () => {
    const visits = [
      visit('vera', '2018-05-09'),
      visit('vera', '2018-05-02'),
      visit('vera', '2018-05-02', { event: { id: 'evening', special: false } }),
    ];
    const row = rowOf(visitorVerdicts(pinner([person('vera')], visits), PIN), 'vera');
    expect(row.visits.map((v) => [v.date, v.event, v.count])).toEqual([
      ['2018-05-02', 'pairs-2018-05-02', 1],
      ['2018-05-02', 'evening', 2],
      ['2018-05-09', 'pairs-2018-05-09', 3],
    ]);
  });

  it('PIN-R10 reading: the count includes the sessions before the 16th birthday; the exemption ends on the birthday', () => {
    // Born 2002-04-12: 16 on 2018-04-12, the day of the 7th visit.
    const young = person('yan', { birthDate: '2002-04-12' });
    const visits = seven.map((v) => ({ ...v, person: 'yan', supervisedBy: 'max' }));
    const row = rowOf(visitorVerdicts(pinner([young, member('max')], visits), PIN), 'yan');
    expect(visitsOf(row)).toEqual([
      ['2018-03-01', 1, 'ok'],
      ['2018-03-08', 2, 'ok'],
      ['2018-03-15', 3, 'ok'],
      ['2018-03-22', 4, 'ok'],
      ['2018-03-29', 5, 'ok'],
      ['2018-04-05', 6, 'ok'],
      ['2018-04-12', 7, 'may-be-refused'],
    ]);
    expect(texts(row.visits[6]!.because)).toContain(
      'PIN-R12: 16 or over on 2018-04-12 (born 2002-04-12, 16 on 2018-04-12)',
    );
  });

  it('PIN-R12 over R10: the 7th visit on the day before the 16th birthday is exempt; the 8th, on the birthday, may be refused', () => {
    const young = person('yan', { birthDate: '2002-04-13' });
    const visits = [...seven, visit('vera', '2018-04-13')].map((v) => ({
      ...v,
      person: 'yan',
      supervisedBy: 'max',
    }));
    const row = rowOf(visitorVerdicts(pinner([young, member('max')], visits), PIN), 'yan');
    expect(row.visits.slice(6).map((v) => [v.date, v.count, v.verdict])).toEqual([
      ['2018-04-12', 7, 'ok'],
      ['2018-04-13', 8, 'may-be-refused'],
    ]);
    expect(texts(row.visits[6]!.because)).toEqual([
      'PIN-R10: the 7th session this calendar year',
      'PIN-R12: under 16 on 2018-04-12 (born 2002-04-13, 16 on 2018-04-13)',
      'PIN-R12: R10 does not apply to players under 16',
    ]);
  });

  it('PIN-R12: a player born on 29 February 2004 is 16 on 29 February 2020 (the 7th visit the day before is exempt)', () => {
    const leap = person('lea', { birthDate: '2004-02-29' });
    const visits = [
      ...days('lea', '2020-02', 1, 3, 5, 7, 9, 11, 28),
      visit('lea', '2020-02-29'),
    ].map((v) => ({ ...v, supervisedBy: 'max' }));
    const row = rowOf(visitorVerdicts(pinner([leap, member('max')], visits, '2020'), PIN), 'lea');
    expect(row.visits.slice(6).map((v) => [v.date, v.verdict])).toEqual([
      ['2020-02-28', 'ok'],
      ['2020-02-29', 'may-be-refused'],
    ]);
  });

  it('PIN-R10: a visitor whose age is unknown is read as 16 or over (the because says so)', () => {
    const row = rowOf(visitorVerdicts(pinner([person('vera')], seven), PIN), 'vera');
    expect(texts(row.visits[0]!.because)).toContain(
      'PIN-R12: age unknown on 2018-03-01 (no birth date): read as 16 or over',
    );
  });

  it('PIN-R10: "over 16" declared counts from its date; before it the age is unknown (read as 16 or over)', () => {
    const dee = person('dee', { over16DeclaredOn: '2018-03-20' });
    const row = rowOf(
      visitorVerdicts(
        pinner(
          [dee],
          seven.map((v) => ({ ...v, person: 'dee' })),
        ),
        PIN,
      ),
      'dee',
    );
    expect(texts(row.visits[2]!.because)).toContain(
      'PIN-R12: age unknown on 2018-03-15 (no birth date, 16 or over declared only from 2018-03-20): read as 16 or over',
    );
    expect(texts(row.visits[3]!.because)).toContain('PIN-R12: declared 16 or over on 2018-03-20');
    expect(row.visits[6]!.verdict).toBe('may-be-refused');
  });

  it('PIN-R10: each person has a row, sorted by id', () => {
    const v = visitorVerdicts(
      pinner(
        [person('zed'), person('amy')],
        [visit('zed', '2018-06-01'), visit('amy', '2018-06-02')],
      ),
      PIN,
    );
    expect(v.rows.map((r) => [r.person, r.sessions, r.verdict])).toEqual([
      ['amy', 1, 'ok'],
      ['zed', 1, 'ok'],
    ]);
  });
});
