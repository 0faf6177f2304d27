import { ScoringInputError } from '../../../src/scoring';
import type { VisitorInput } from '../../../src/contexts/membership/model';
import { visitorVerdicts } from '../../../src/contexts/membership/visitors';
import { NZ, nz, person, PIN, pinner, visit } from './visitors-support';

const refused = (input: VisitorInput, params = PIN) => {
  try {
    visitorVerdicts(input, params);
  } catch (e) {
    expect(e).toBeInstanceOf(ScoringInputError);
    const err = e as ScoringInputError;
    return [err.field, err.rule, err.message];
  }
  throw new Error('not refused');
};

describe('visitors: bad input is refused, naming the field and the rule', () => {
  it('PIN-R10: a visit date that is not a date (30 February, a word, a time)', () => {
    expect(refused(pinner([person('vic')], [visit('vic', '2018-02-30')]))).toEqual([
      'visits[0].date',
      'PIN-R10',
      'PIN-R10: visits[0].date must be a date YYYY-MM-DD, got 2018-02-30',
    ]);
    expect(refused(pinner([person('vic')], [visit('vic', 'yesterday')]))[0]).toBe('visits[0].date');
    expect(refused(pinner([person('vic')], [visit('vic', '2018-02-03T19:30')]))[0]).toBe(
      'visits[0].date',
    );
  });

  it('NZ-10: a bad visit date names NZ-10 for a club year', () => {
    expect(refused(nz([person('vic')], [visit('vic', '2018-13-01')]), NZ).slice(0, 2)).toEqual([
      'visits[0].date',
      'NZ-10',
    ]);
  });

  it('PIN-R10: a person visiting who is not in people; a supervisor not in people (PIN-R12)', () => {
    expect(
      refused(pinner([person('vic')], [visit('vic', '2018-02-03'), visit('zoe', '2018-02-03')])),
    ).toEqual(['visits[1].person', 'PIN-R10', 'PIN-R10: visits[1].person zoe is not in people']);
    expect(
      refused(pinner([person('vic')], [visit('vic', '2018-02-03', { supervisedBy: 'mum' })])),
    ).toEqual([
      'visits[0].supervisedBy',
      'PIN-R12',
      'PIN-R12: visits[0].supervisedBy mum is not in people',
    ]);
  });

  it('PIN-R10: a member span whose until is before its from (until = from, an empty span, is accepted)', () => {
    const bad = person('vic', { memberSpans: [{ from: '2018-03-01', until: '2018-02-28' }] });
    expect(refused(pinner([bad], []))).toEqual([
      'people[0].memberSpans[0].until',
      'PIN-R10',
      'PIN-R10: people[0].memberSpans[0].until must not be before from 2018-03-01, got 2018-02-28',
    ]);
    const empty = person('vic', { memberSpans: [{ from: '2018-03-01', until: '2018-03-01' }] });
    expect(visitorVerdicts(pinner([empty], [visit('vic', '2018-03-01')]), PIN).rows).toHaveLength(
      1,
    );
  });

  it('PIN-R10, PIN-R12, PIN-R9: a person listed twice; a birth date, declaration, application or bar that is not a date', () => {
    expect(refused(pinner([person('vic'), person('vic')], []))[0]).toBe('people[1].person');
    expect(refused(pinner([person('vic', { memberSpans: [{ from: '2018' }] })], []))[0]).toBe(
      'people[0].memberSpans[0].from',
    );
    expect(refused(pinner([person('vic', { birthDate: '2002-02-29' })], [])).slice(0, 2)).toEqual([
      'people[0].birthDate',
      'PIN-R12',
    ]);
    expect(refused(pinner([person('vic', { over16DeclaredOn: '' })], []))[0]).toBe(
      'people[0].over16DeclaredOn',
    );
    expect(refused(pinner([person('vic', { appliedOn: ['2018-1-1'] })], []))[0]).toBe(
      'people[0].appliedOn[0]',
    );
    expect(refused(pinner([person('vic', { barredFrom: 'never' })], [])).slice(0, 2)).toEqual([
      'people[0].barredFrom',
      'PIN-R9',
    ]);
  });

  it('PIN-R10, NZ-10: a `which` that does not fit the year kind', () => {
    expect(refused(pinner([], [], '2018-01-01'))).toEqual([
      'which',
      'PIN-R10',
      'PIN-R10: which must be a calendar year YYYY, got 2018-01-01',
    ]);
    expect(refused(nz([], [], '2018'), NZ)).toEqual([
      'which',
      'NZ-10',
      "NZ-10: which must be a club year's first day YYYY-04-01, got 2018",
    ]);
    expect(refused(nz([], [], '2018-01-01'), NZ)[0]).toBe('which');
  });

  it("PIN-R10, NZ-10: the input's year must be the rulebook's (kind and club year start), and a start must be a day", () => {
    expect(refused(nz([], [], '2018-04-01'), PIN)).toEqual([
      'year.kind',
      'PIN-R10',
      "PIN-R10: year.kind must be the rulebook's year kind calendar, got club-year",
    ]);
    const july = {
      ...nz([], [], '2018-07-01'),
      year: { kind: 'club-year' as const, yearStart: '07-01' },
    };
    expect(refused(july, NZ)[0]).toBe('year.yearStart');
    const feb29 = { ...NZ, year: { kind: 'club-year' as const, yearStart: '02-29' } };
    expect(refused({ ...nz([], [], '2020-02-29'), year: feb29.year }, feb29)).toEqual([
      'year.yearStart',
      'NZ-10',
      'NZ-10: year.yearStart must be a day MM-DD, got 02-29',
    ]);
  });
});
