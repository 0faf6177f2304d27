import { divisionTable } from '../../../src/rulesets/lcba-league/table';
import type { FixtureOutcome } from '../../../src/contexts/league/model';
import {
  P,
  cited,
  division,
  doubleRoundRobin,
  played,
  row,
  scored,
  unplayed,
  withParams,
} from './table-support';

// EBU pre-2013 24 boards: 0–1 10-10, 2–4 11-9, 5–8 12-8, 9–12 13-7, 13–17 14-6, 18–22 15-5,
// 23–28 16-4, 29–34 17-3, 35–41 18-2, 42–49 19-1, 50+ 20-0.

const div5 = { division: 5 };

describe('LCBA-A5 a virtual RR3 match: half the RR1 + RR2 net IMPs, converted to VP', () => {
  const outcomes = {
    'r1-DE': played('2009-09-10', 7, 12, 8),
    'r2-ED': played('2009-11-10', 2, 11, 9),
  };
  const fixtures = ['r1-DE', 'r2-ED', 'v3-DE'];

  it('LCBA-A5: half rounded toward zero keeps the two scores each other negatives', () => {
    const t = divisionTable(division('DE', fixtures, outcomes, { ...div5, rr3Electors: [] }), P);
    // D: +7 − 2 = +5, half 2.5 → 2 IMPs → 11 VP; E: −5 → −2.5 → −2 IMPs → 9 VP.
    expect(scored(t, 'v3-DE').home).toMatchObject({ vp: 11, imps: 2 });
    expect(scored(t, 'v3-DE').away).toMatchObject({ vp: 9, imps: -2 });
    expect(cited(scored(t, 'v3-DE').home.because)).toContain('LCBA-A5');
    // The virtual match counts in the table: played 3, VPs and net IMPs (A5 reading).
    expect(row(t, 'D')).toMatchObject({
      played: 3,
      won: 2,
      lost: 1,
      vp: 12 + 9 + 11,
      netImps: 7 - 2 + 2,
    });
  });

  it("LCBA-A5 reading 'floor': half rounded down, −2.5 → −3", () => {
    const floor = withParams('rr3', { halfRounding: 'floor' });
    const t = divisionTable(
      division('DE', fixtures, outcomes, { ...div5, rr3Electors: [] }),
      floor,
    );
    // D: 2.5 → 2 → 11 VP; E: −2.5 → −3 → 9 VP (2–4 band), −3 IMPs.
    expect(scored(t, 'v3-DE').home).toMatchObject({ vp: 11, imps: 2 });
    expect(scored(t, 'v3-DE').away).toMatchObject({ vp: 9, imps: -3 });
  });

  it('LCBA-A5: an unplayed RR1 match counts at its 8.1 score, the offender at 0 VP, −82 IMPs', () => {
    const t = divisionTable(
      division(
        'DEF',
        ['r1-DE', 'r1-DF', 'r2-FD', 'v3-DF'],
        {
          'r1-DE': played('2009-09-10', 25, 16, 4),
          'r1-DF': unplayed('2009-09-20', 'away'),
          'r2-FD': played('2009-11-10', 10, 13, 7),
        },
        { ...div5, rr3Electors: [] },
      ),
      P,
    );
    // r1-DF, D not offending: (a) (16 + 7) / 2 = 11.5; (b) 20 − 13 = 7; (c) r2-FD 7; (d) 7.
    // 11.5 → 12 VP, 5 IMPs; F 0 VP, −5 IMPs.
    expect(scored(t, 'r1-DF').home).toMatchObject({ vp: 12, imps: 5 });
    // Virtual D: +5 − 10 = −5 → −2 → 9 VP. F: −82 (offender, A5) + 10 = −72 → −36 → 2 VP.
    expect(scored(t, 'v3-DF').home).toMatchObject({ vp: 9, imps: -2 });
    expect(scored(t, 'v3-DF').away).toMatchObject({ vp: 2, imps: -36 });
    expect(cited(scored(t, 'v3-DF').away.because)).toContain(
      'F offended, counted at 0 VP, -82 IMPs',
    );
  });

  it('LCBA-A5: no virtual score while an RR1/RR2 match between the two has no outcome', () => {
    const t = divisionTable(
      division('DE', fixtures, { 'r1-DE': outcomes['r1-DE'] }, { ...div5, rr3Electors: [] }),
      P,
    );
    expect(t.fixtures.map((f) => f.fixture)).toEqual(['r1-DE']);
  });
});

describe('LCBA-A6 an unplayed real RR3 match', () => {
  it("LCBA-A6: the non-offender's virtual score replaces 8.1(c)", () => {
    const t = divisionTable(
      division(
        'DEF',
        ['r1-DF', 'r2-FD', 'r1-DE', 'r3-DF'],
        {
          'r1-DF': played('2009-09-10', 7, 12, 8),
          'r2-FD': played('2009-11-10', 2, 11, 9),
          'r1-DE': played('2009-09-20', -20, 5, 15),
          'r3-DF': unplayed('2010-01-10', 'away'),
        },
        { ...div5, rr3Electors: ['D', 'F'] },
      ),
      P,
    );
    // D: (a) (12 + 9 + 5) / 3 = 8.67; (b) 20 − (8 + 11) / 2 = 10.5; (c) A6: D's virtual score,
    // (+7 − 2) / 2 = 2.5 → 2 IMPs → 11 VP; (d) 7. Best (c) 11 VP: smallest margin 2 IMPs.
    expect(scored(t, 'r3-DF').home).toMatchObject({ vp: 11, imps: 2 });
    expect(scored(t, 'r3-DF').away).toMatchObject({ vp: 0, imps: -2 });
    expect(cited(scored(t, 'r3-DF').home.because)).toContain(
      "(c) A6: D's virtual score against F: 11 VP (the best)",
    );
  });

  it('LCBA-A3: an unplayed RR1 match is scored without reference to RR3', () => {
    const t = divisionTable(
      division(
        'DE',
        ['r1-DE', 'r2-ED', 'r3-DE'],
        {
          'r1-DE': unplayed('2009-09-10', 'away'),
          'r3-DE': played('2010-01-10', 50, 20, 0),
        },
        { ...div5, rr3Electors: ['D', 'E'] },
      ),
      P,
    );
    // (a) D's average 20 (the real RR3 match is a completed match) → 20 VP, 50 IMPs; (c) is the
    // RR2 match only, not played yet: left out.
    expect(scored(t, 'r1-DE').home).toMatchObject({ vp: 20, imps: 50 });
    expect(cited(scored(t, 'r1-DE').home.because)).toContain(
      '(c) left out: the reverse fixture r2-ED',
    );
  });
});

describe('LCBA-A7 every team ends with 15 scores in a six-team division', () => {
  it('LCBA-A7: three electors, three real RR3 matches, twelve virtual ones', () => {
    const teams = 'ABCDEF';
    const electors = ['A', 'B', 'C'];
    const rr3: string[] = [];
    for (let i = 0; i < 6; i++) {
      for (let j = i + 1; j < 6; j++) {
        const both = electors.includes(teams[i]!) && electors.includes(teams[j]!);
        rr3.push(`${both ? 'r3' : 'v3'}-${teams[i]}${teams[j]}`);
      }
    }
    const outcomes: Record<string, FixtureOutcome> = {};
    // Every RR1, RR2 and real RR3 match a 12-8 home win by 6 IMPs.
    for (const id of [...doubleRoundRobin(teams), ...rr3.filter((id) => id.startsWith('r3'))]) {
      outcomes[id] = played('2009-10-01', 6, 12, 8);
    }
    const t = divisionTable(
      division(teams, [...doubleRoundRobin(teams), ...rr3], outcomes, {
        ...div5,
        rr3Electors: electors,
      }),
      P,
    );
    expect(rr3.filter((id) => id.startsWith('v3'))).toHaveLength(12);
    expect(t.rows.map((r) => r.played)).toEqual([15, 15, 15, 15, 15, 15]);
    // A virtual match between two teams who each won at home: +6 − 6 = 0 → 10-10.
    expect(scored(t, 'v3-DE').home).toMatchObject({ vp: 10, imps: 0 });
  });
});

describe('LCBA-A8 tie-breaks use all three matches between two teams', () => {
  it('LCBA-A8: the real RR3 match decides (a) between two teams level on VPs', () => {
    const penalty = { rule: 'LCBA-6.8', text: 'third late result form' };
    const t = divisionTable(
      division(
        'DE',
        ['r1-DE', 'r2-ED', 'r3-DE'],
        {
          'r1-DE': played('2009-09-10', 6, 12, 8),
          'r2-ED': played('2009-11-10', 6, 12, 8),
          'r3-DE': played('2010-01-10', 3, 11, 9),
        },
        {
          ...div5,
          rr3Electors: ['D', 'E'],
          penalties: [{ team: 'D', vp: 2, on: '2010-01-20', because: penalty }],
        },
      ),
      P,
    );
    // D: 12 + 8 + 11 − 2 = 29; E: 8 + 12 + 9 = 29: level. RR1 + RR2 alone: 20-20; with RR3
    // (a) D 31, E 29: D first.
    expect(row(t, 'D')).toMatchObject({
      rank: 1,
      vp: 29,
      tieBreak: { step: 'a', among: ['D', 'E'] },
    });
    expect(row(t, 'E')).toMatchObject({ rank: 2, vp: 29 });
  });
});
