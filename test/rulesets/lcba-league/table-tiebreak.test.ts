import { divisionTable } from '../../../src/rulesets/lcba-league/table';
import { P, cited, division, played, row } from './table-support';

// EBU pre-2013 24 boards: 0–1 10-10, 2–4 11-9, 5–8 12-8, 9–12 13-7, 13–17 14-6, 18–22 15-5.

const ranks = (t: ReturnType<typeof divisionTable>) => t.rows.map((r) => `${r.rank} ${r.team}`);

describe('LCBA-3.1.1 two teams level on VPs', () => {
  it('LCBA-3.1.1(c): matches won (a draw ½) when (a) and (b) are level', () => {
    const t = divisionTable(
      division('ABC', ['r1-AB', 'r1-AC', 'r2-CA', 'r1-BC', 'r2-CB'], {
        'r1-AB': played('2009-09-10', 0, 10, 10),
        'r1-AC': played('2009-09-20', 5, 12, 8),
        'r2-CA': played('2009-11-20', 0, 10, 10),
        'r1-BC': played('2009-09-21', 23, 16, 4),
        'r2-CB': played('2009-11-21', 13, 14, 6),
      }),
      P,
    );
    // A: 10 + 12 + 10 = 32, won 1 drawn 2 → 2; B: 10 + 16 + 6 = 32, won 1 drawn 1 → 1.5.
    // (a) 10-10, (b) 0-0; (c) A. (d) would have put B first: A +5, B +23 − 13 = +10.
    expect(ranks(t)).toEqual(['1 C', '2 A', '3 B']);
    expect(row(t, 'A').tieBreak).toEqual({ step: 'c', among: ['A', 'B'] });
    expect(cited(row(t, 'A').because)).toContain('LCBA-3.1.1');
  });

  it('LCBA-3.1.1(d): net IMPs over the season when (a)–(c) are level', () => {
    const t = divisionTable(
      division('ABC', ['r1-AB', 'r1-AC', 'r1-BC'], {
        'r1-AB': played('2009-09-10', 0, 10, 10),
        'r1-AC': played('2009-09-20', 5, 12, 8),
        'r1-BC': played('2009-09-21', 8, 12, 8),
      }),
      P,
    );
    // A and B: 22 VP, each won 1 drawn 1; (d) A +5, B +8: B first.
    expect(ranks(t)).toEqual(['1 B', '2 A', '3 C']);
    expect(row(t, 'B').tieBreak).toEqual({ step: 'd', among: ['A', 'B'] });
  });

  it('LCBA-3.1.1(e): the recorded ballot splits a tie level after (a)–(d)', () => {
    const input = division('AB', ['r1-AB'], { 'r1-AB': played('2009-09-10', 0, 10, 10) });
    const t = divisionTable({ ...input, ballots: [{ teams: ['A', 'B'], order: ['B', 'A'] }] }, P);
    expect(ranks(t)).toEqual(['1 B', '2 A']);
    expect(row(t, 'A').tieBreak).toEqual({ step: 'e', among: ['A', 'B'] });
    expect(cited(row(t, 'B').because)).toContain('by the recorded ballot');
  });

  it('LCBA-3.1.1(e): with no ballot recorded the teams rank equal and a ballot is due, never random', () => {
    const t = divisionTable(
      division('AB', ['r1-AB'], { 'r1-AB': played('2009-09-10', 0, 10, 10) }),
      P,
    );
    expect(ranks(t)).toEqual(['1 A', '1 B']);
    expect(cited(row(t, 'A').because)).toContain('a ballot is due (LCBA-3.1.1 e)');
    // A ballot drawn after the as-of date is not used yet.
    const later = divisionTable(
      {
        ...division('AB', ['r1-AB'], { 'r1-AB': played('2009-09-10', 0, 10, 10) }),
        ballots: [{ teams: ['A', 'B'], order: ['B', 'A'], on: '2010-03-20' }],
        asOf: '2010-03-17',
      },
      P,
    );
    expect(ranks(later)).toEqual(['1 A', '1 B']);
  });
});

describe('LCBA-3.1.2 three or more teams level', () => {
  // A double round robin among A, B, C: every team 40 VP, (a) 40 each among themselves.
  const threeWay = (bcImps: number) =>
    division('ABC', ['r1-AB', 'r2-BA', 'r1-BC', 'r2-CB', 'r1-CA', 'r2-AC'], {
      'r1-AB': played('2009-09-10', 6, 12, 8),
      'r2-BA': played('2009-11-10', 8, 12, 8),
      'r1-BC': played('2009-09-20', bcImps, 12, 8),
      'r2-CB': played('2009-11-20', 5, 12, 8),
      'r1-CA': played('2009-09-30', 7, 12, 8),
      'r2-AC': played('2009-11-30', 5, 12, 8),
    });

  it('LCBA-3.1.2: (a) cannot split a three-way tie, (b) places all three', () => {
    const t = divisionTable(threeWay(6), P);
    // (b) IMPs among them: A +6 − 8 − 7 + 5 = −4; B −6 + 8 + 6 − 5 = +3; C −6 + 5 + 7 − 5 = +1.
    expect(t.rows.map((r) => r.vp)).toEqual([40, 40, 40]);
    expect(ranks(t)).toEqual(['1 B', '2 C', '3 A']);
    for (const r of t.rows) expect(r.tieBreak).toEqual({ step: 'b', among: ['A', 'B', 'C'] });
    expect(cited(row(t, 'B').because)).toContain('LCBA-3.1.2');
  });

  it('LCBA-3.1.2: (b) takes one team out; the other two restart at (a) and reach the ballot', () => {
    // B v C by 5 IMPs: (b) A −4, B +2, C +2. B and C: (a) 20-20, (b) 0, (c) 2 wins each,
    // (d) +2 each: the ballot drawn for them places C first.
    const t = divisionTable(
      { ...threeWay(5), ballots: [{ teams: ['B', 'C'], order: ['C', 'B'] }] },
      P,
    );
    expect(ranks(t)).toEqual(['1 C', '2 B', '3 A']);
    expect(row(t, 'A').tieBreak).toEqual({ step: 'b', among: ['A', 'B', 'C'] });
    expect(row(t, 'C').tieBreak).toEqual({ step: 'e', among: ['B', 'C'] });
  });

  it('LCBA-3.1.2: a step separates one team, and the restart at (a) splits the other two', () => {
    // One round robin of four. Among A, B, C: A 13-7 B (+9), A 11-9 C (+2), B 11-9 C (+3).
    // Against D: A 5-15 (−18), B 11-9 (+2), C 11-9 (+3). Totals A 29, B 29, C 29, D 33.
    const t = divisionTable(
      division('ABCD', ['r1-AB', 'r1-AC', 'r1-BC', 'r1-AD', 'r1-BD', 'r1-CD'], {
        'r1-AB': played('2009-09-10', 9, 13, 7),
        'r1-AC': played('2009-09-20', 2, 11, 9),
        'r1-BC': played('2009-09-30', 3, 11, 9),
        'r1-AD': played('2009-10-10', -18, 5, 15),
        'r1-BD': played('2009-10-20', 2, 11, 9),
        'r1-CD': played('2009-10-30', 3, 11, 9),
      }),
      P,
    );
    // (a) among A, B, C: A 13 + 11 = 24, B 7 + 11 = 18, C 9 + 9 = 18: A leaves the tie first.
    // Restart (a) between B and C: B 11, C 9: B. (Without the restart (b) among all three,
    // B −9 + 3 = −6, C −2 − 3 = −5, would have put C first.)
    expect(ranks(t)).toEqual(['1 D', '2 A', '3 B', '4 C']);
    expect(row(t, 'D').tieBreak).toBeUndefined();
    expect(row(t, 'A').tieBreak).toEqual({ step: 'a', among: ['A', 'B', 'C'] });
    expect(row(t, 'B').tieBreak).toEqual({ step: 'a', among: ['B', 'C'] });
    expect(row(t, 'C').tieBreak).toEqual({ step: 'a', among: ['B', 'C'] });
  });
});
