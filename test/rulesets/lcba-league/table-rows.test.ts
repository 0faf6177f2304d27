import { ScoringInputError } from '../../../src/scoring';
import { divisionTable } from '../../../src/rulesets/lcba-league/table';
import type { DivisionInput } from '../../../src/contexts/league/model';
import { P, cited, division, fixture, played, row, unplayed } from './table-support';

describe('the rows: played, won, drawn, lost, VPs, net IMPs, penalties', () => {
  const because = (rule: string) => ({
    rule,
    text: rule === 'LCBA-5.5' ? 'two matches of 1 October' : 'late form',
  });
  const base = () =>
    division('ABC', ['r1-AB', 'r1-AC', 'r1-BC'], {
      'r1-AB': played('2009-09-10', 6, 12, 8),
      'r1-AC': played('2009-09-20', -45, 1, 19),
      'r1-BC': played('2009-09-30', 0, 10, 10),
    });

  it('LCBA-3.1.1(c) reading: more VPs than the opponent wins, equal VPs draw', () => {
    const t = divisionTable(base(), P);
    expect(row(t, 'A')).toMatchObject({
      played: 2,
      won: 1,
      drawn: 0,
      lost: 1,
      vp: 13,
      netImps: -39,
    });
    expect(row(t, 'C')).toMatchObject({
      played: 2,
      won: 1,
      drawn: 1,
      lost: 0,
      vp: 29,
      netImps: 45,
    });
    expect(row(t, 'B')).toMatchObject({
      played: 2,
      won: 0,
      drawn: 1,
      lost: 1,
      vp: 18,
      netImps: -6,
    });
  });

  it('LCBA-5.5 reading: a penalty on a match never takes it below 0 VP; others come off the total', () => {
    const t = divisionTable(
      {
        ...base(),
        penalties: [
          // A scored 1 VP in r1-AC: only 1 of the 2 comes off.
          { team: 'A', vp: 2, fixture: 'r1-AC', on: '2009-10-01', because: because('LCBA-5.5') },
          { team: 'A', vp: 0.5, on: '2009-10-05', because: because('LCBA-6.8') },
          // B scored 8 in r1-AB: 5, then 3 of the next 5.
          { team: 'B', vp: 5, fixture: 'r1-AB', on: '2009-10-01', because: because('LCBA-5.5') },
          { team: 'B', vp: 5, fixture: 'r1-AB', on: '2009-10-02', because: because('LCBA-5.5') },
        ],
      },
      P,
    );
    // A: 12 + 1 − (1 + 0.5) = 11.5. B: 8 + 10 − (5 + 3) = 10.
    expect(row(t, 'A')).toMatchObject({ vp: 11.5, penalties: 1.5 });
    expect(row(t, 'B')).toMatchObject({ vp: 10, penalties: 8 });
    expect(cited(row(t, 'A').because)).toContain('1 of 2: the match never goes below 0 VP');
    // A penalty dated after the as-of date is not applied yet.
    const early = divisionTable(
      {
        ...base(),
        asOf: '2009-09-30',
        penalties: [{ team: 'A', vp: 0.5, on: '2009-10-05', because: because('LCBA-6.8') }],
      },
      P,
    );
    expect(row(early, 'A')).toMatchObject({ vp: 13, penalties: 0 });
  });
});

describe('promotion and relegation', () => {
  // Totals A 20, B 19, C 18, D 2, E 1, F 0.
  const six = (extra: Partial<DivisionInput> = {}) =>
    division(
      'ABCDEF',
      ['r1-AF', 'r1-BE', 'r1-CD'],
      {
        'r1-AF': played('2009-09-10', 50, 20, 0),
        'r1-BE': played('2009-09-10', 45, 19, 1),
        'r1-CD': played('2009-09-10', 35, 18, 2),
      },
      { division: 2, ...extra },
    );
  const moves = (t: ReturnType<typeof divisionTable>) =>
    t.rows.map((r) => `${r.team}${r.move ?? ''}`);

  it('the top two move up and the bottom two down (promote, relegate: 2)', () => {
    expect(moves(divisionTable(six(), P))).toEqual(['Aup', 'Bup', 'C', 'D', 'Edown', 'Fdown']);
  });

  it('nobody moves up from division 1, nor down from the lowest division', () => {
    expect(moves(divisionTable(six({ division: 1 }), P))).toEqual([
      'A',
      'B',
      'C',
      'D',
      'Edown',
      'Fdown',
    ]);
    expect(moves(divisionTable(six({ lowestDivision: true }), P))).toEqual([
      'Aup',
      'Bup',
      'C',
      'D',
      'E',
      'F',
    ]);
  });

  it('LCBA-3.1.1(e): teams ranked equal across the line wait for the ballot', () => {
    const input = six();
    input.outcomes['r1-CD'] = played('2009-09-10', 45, 19, 1);
    const t = divisionTable(input, P);
    // B and C: 19 VP, no match between them, one win each, +45 each: a ballot is due; so for
    // D and E, 1 VP each, lost one, −45 each, across the relegation line.
    expect(t.rows.map((r) => `${r.rank} ${r.team}${r.move ?? ''}`)).toEqual([
      '1 Aup',
      '2 B',
      '2 C',
      '4 D',
      '4 E',
      '6 Fdown',
    ]);
    expect(cited(row(t, 'B').because)).toContain('promotion waits for the ballot');
    expect(cited(row(t, 'E').because)).toContain('relegation waits for the ballot');
  });
});

describe('bad input is refused naming the field and the rule', () => {
  const ok = () =>
    division('ABC', ['r1-AB', 'r2-BA', 'r1-AC'], {
      'r1-AB': played('2009-09-10', 0, 10, 10),
      'r2-BA': unplayed('2009-11-10', 'home'),
    });
  const refuse = (input: DivisionInput, field: string, rule: string) => {
    let error: unknown;
    try {
      divisionTable(input, P);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ScoringInputError);
    expect(error).toMatchObject({ field, rule });
  };

  it('the valid input is scored', () => {
    expect(divisionTable(ok(), P).rows).toHaveLength(3);
  });

  it('LCBA-2.2: an outcome for an unknown fixture', () => {
    const input = ok();
    input.outcomes['r9-XY'] = played('2009-09-10', 0, 10, 10);
    refuse(input, 'outcomes.r9-XY', 'LCBA-2.2');
  });

  it('LCBA-2.2: a fixture whose team is not entered', () => {
    const input = ok();
    input.fixtures.push(fixture('r1-AZ'));
    refuse(input, 'fixtures[3].away', 'LCBA-2.2');
  });

  it('LCBA-2.2: a team playing itself', () => {
    const input = ok();
    input.fixtures.push(fixture('r1-AA'));
    refuse(input, 'fixtures[3]', 'LCBA-2.2');
  });

  it('LCBA-2.2: two RR1 fixtures between the same pair with the same home team', () => {
    const input = ok();
    input.fixtures.push({ ...fixture('r1-AB'), id: 'r1-AB-again' });
    refuse(input, 'fixtures[3]', 'LCBA-2.2');
    // The same pair with the other team at home is the return match: accepted.
    const other = ok();
    other.fixtures.push({ ...fixture('r1-BA') });
    expect(() => divisionTable(other, P)).not.toThrow();
  });

  it('LCBA-3.1.1: a ballot naming teams not level on VPs', () => {
    const input = { ...ok(), ballots: [{ teams: ['A', 'C'], order: ['C', 'A'] }] };
    // A: 10 + 10 (8.1: (a), (b), (c) all 10) against C's 0 VP: not level.
    refuse(input, 'ballots[0].teams', 'LCBA-3.1.1');
    refuse(
      { ...ok(), ballots: [{ teams: ['A', 'B'], order: ['A', 'C'] }] },
      'ballots[0].order',
      'LCBA-3.1.1',
    );
  });

  it('LCBA-8.1: an as-of that is not a date', () => {
    refuse({ ...ok(), asOf: '2009-13-01' }, 'asOf', 'LCBA-8.1');
    refuse({ ...ok(), asOf: '17/03/2010' }, 'asOf', 'LCBA-8.1');
    refuse({ ...ok(), asOf: '2010-02-29' }, 'asOf', 'LCBA-8.1');
    expect(() => divisionTable({ ...ok(), asOf: '2008-02-29' }, P)).not.toThrow();
  });

  it('LCBA-A1, A4, A5: RR3 fixtures that the appendix does not allow', () => {
    const rr3 = (fixtures: string[], electors: string[], div = 5): DivisionInput => ({
      ...division('DEF', fixtures, {}),
      division: div,
      rr3Electors: electors,
    });
    refuse(rr3(['r1-DE', 'r2-ED', 'r3-DE'], ['D', 'E'], 3), 'rr3Electors', 'LCBA-A1');
    refuse(
      { ...division('DE', ['r1-DE', 'r2-ED', 'r3-DE'], {}), division: 5 },
      'fixtures[2].round',
      'LCBA-A1',
    );
    refuse(rr3(['r1-DE', 'r2-ED', 'v3-DE'], ['D', 'E']), 'fixtures[2].virtual', 'LCBA-A4');
    refuse(rr3(['r1-DE', 'r2-ED', 'r3-DE'], ['D']), 'fixtures[2].virtual', 'LCBA-A4');
    refuse(rr3(['r1-DE', 'v3-DE'], []), 'fixtures[1]', 'LCBA-A5');
    refuse(rr3(['r1-DE', 'r2-ED'], ['Z']), 'rr3Electors[0]', 'LCBA-A2');
    const played_ = { ...rr3(['r1-DE', 'r2-ED', 'v3-DE'], []) };
    played_.outcomes = { 'v3-DE': played('2010-01-10', 0, 10, 10) };
    refuse(played_, 'outcomes.v3-DE', 'LCBA-A5');
  });

  it("a penalty on another team's match, and a match score off the scale", () => {
    const because = { rule: 'LCBA-5.5', text: 'two matches of one date' };
    refuse(
      { ...ok(), penalties: [{ team: 'C', vp: 2, fixture: 'r1-AB', on: '2009-10-01', because }] },
      'penalties[0].fixture',
      'LCBA-5.5',
    );
    refuse(
      { ...ok(), penalties: [{ team: 'C', vp: 0, on: '2009-10-01', because }] },
      'penalties[0].vp',
      'LCBA-5.5',
    );
    const input = ok();
    input.outcomes['r1-AB'] = played('2009-09-10', 0, 21, 10);
    refuse(input, 'outcomes.r1-AB.score.vp.home', 'LCBA-6.7');
  });
});
