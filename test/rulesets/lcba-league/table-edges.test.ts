import { ScoringInputError } from '../../../src/scoring';
import { divisionTable } from '../../../src/rulesets/lcba-league/table';
import {
  P,
  cited,
  division,
  lostByDefault,
  played,
  row,
  scored,
  unplayed,
  withParams,
} from './table-support';

// EBU pre-2013 24 boards: 0–1 10-10, 2–4 11-9, 5–8 12-8, 9–12 13-7; smallest margin 12 → 5.

describe('edges of the defaults, RR3 and penalties', () => {
  it('LCBA-8.4 reading: a match played and later lost by default (4.7) was completed', () => {
    const t = divisionTable(
      division('ABD', ['r1-AB', 'r1-AD', 'r1-BD'], {
        'r1-AB': played('2009-09-10', 0, 10, 10),
        'r1-AD': lostByDefault('2009-09-20', 'away', -2, 9, 11),
        'r1-BD': unplayed('2009-09-30', 'away'),
      }),
      P,
    );
    // D failed one unplayed fixture of two: half completed, not cancelled.
    expect(t.fixtures.some((f) => f.cancelled)).toBe(false);
    // A: (a) 10; (b) D has no completed match (the lost one is not one): left out; (d) 7;
    // (e) 9. Best (a) 10 → 10 VP, 0 IMPs.
    expect(scored(t, 'r1-AD').home).toMatchObject({ vp: 10, imps: 0 });
    expect(row(t, 'D')).toMatchObject({ played: 2, lost: 2, vp: 0 });
  });

  it('LCBA-5.5 reading: a penalty on a cancelled match, or one with no score yet, takes nothing', () => {
    const because = { rule: 'LCBA-5.5', text: 'two matches of one date' };
    const t = divisionTable(
      division(
        'ABC',
        ['r1-AB', 'r2-BA', 'r1-AC', 'r1-BC'],
        {
          'r1-AB': played('2009-09-10', 6, 12, 8),
          'r1-AC': unplayed('2009-09-20', 'away'),
          'r1-BC': unplayed('2009-09-30', 'away'),
        },
        {
          penalties: [
            { team: 'A', vp: 2, fixture: 'r1-AC', on: '2009-10-01', because },
            { team: 'B', vp: 1, fixture: 'r2-BA', on: '2009-10-01', because },
          ],
        },
      ),
      P,
    );
    // C failed both of its fixtures: cancelled (8.4), and the penalty on r1-AC with it.
    expect(scored(t, 'r1-AC').cancelled).toBe(true);
    expect(row(t, 'A')).toMatchObject({ vp: 12, penalties: 0 });
    expect(cited(row(t, 'A').because)).toContain('r1-AC is cancelled');
    expect(row(t, 'B')).toMatchObject({ vp: 8, penalties: 0 });
    expect(cited(row(t, 'B').because)).toContain('r2-BA has no score');
  });

  it('LCBA-A6: with an RR1/RR2 match not yet scored, the virtual candidate is left out', () => {
    const t = divisionTable(
      division(
        'DF',
        ['r1-DF', 'r2-FD', 'r3-DF'],
        {
          'r1-DF': played('2009-09-10', 7, 12, 8),
          'r3-DF': unplayed('2010-01-10', 'away'),
        },
        { division: 5, rr3Electors: ['D', 'F'] },
      ),
      P,
    );
    // D: (a) 12; (b) 20 − 8 = 12; (c) left out; (d) 7 → 12 VP, 5 IMPs.
    expect(scored(t, 'r3-DF').home).toMatchObject({ vp: 12, imps: 5 });
    expect(cited(scored(t, 'r3-DF').home.because)).toContain('(c) A6 left out');
  });

  it('LCBA-A5: an as-of table scores a virtual match from its scheduled date', () => {
    const input = division(
      'DE',
      ['r1-DE', 'r2-ED', 'v3-DE'],
      {
        'r1-DE': played('2009-09-10', 7, 12, 8),
        'r2-ED': played('2009-11-10', 2, 11, 9),
      },
      { division: 5, rr3Electors: [] },
    );
    input.fixtures[2]!.scheduled = '2010-01-10';
    expect(divisionTable({ ...input, asOf: '2010-01-09' }, P).fixtures).toHaveLength(2);
    // (+7 − 2) / 2 = 2.5 → 2 IMPs → 11 VP.
    const t = divisionTable({ ...input, asOf: '2010-01-10' }, P);
    expect(scored(t, 'v3-DE').home).toMatchObject({ vp: 11, imps: 2 });
  });

  it('LCBA-3.1.1(e): a ballot drawn among three orders the two still level after a restart', () => {
    const t = divisionTable(
      division(
        'ABC',
        ['r1-AB', 'r2-BA', 'r1-BC', 'r2-CB', 'r1-CA', 'r2-AC'],
        {
          'r1-AB': played('2009-09-10', 6, 12, 8),
          'r2-BA': played('2009-11-10', 8, 12, 8),
          'r1-BC': played('2009-09-20', 5, 12, 8),
          'r2-CB': played('2009-11-20', 5, 12, 8),
          'r1-CA': played('2009-09-30', 7, 12, 8),
          'r2-AC': played('2009-11-30', 5, 12, 8),
        },
        { ballots: [{ teams: ['A', 'B', 'C'], order: ['C', 'A', 'B'] }] },
      ),
      P,
    );
    // All 40 VP; (b) A −4 leaves last; B and C (+2 each) level to (e): C before B.
    expect(t.rows.map((r) => r.team)).toEqual(['C', 'B', 'A']);
  });

  it('parameters the table cannot use are refused by name', () => {
    const input = division('AB', ['r1-AB'], { 'r1-AB': played('2009-09-10', 0, 10, 10) });
    expect(() => divisionTable(input, withParams('defaults', { cancelFrom: 'sometime' }))).toThrow(
      expect.objectContaining({ field: 'defaults.cancelFrom', rule: 'LCBA-8.4' }),
    );
    expect(() => divisionTable(input, withParams('tieBreak', { steps: ['a', 'f'] }))).toThrow(
      ScoringInputError,
    );
    expect(() => divisionTable(input, withParams('rr3', { halfRounding: 'up' }))).toThrow(
      expect.objectContaining({ field: 'rr3.halfRounding', rule: 'LCBA-A5' }),
    );
  });
});
