import { divisionTable } from '../../../src/rulesets/lcba-league/table';
import {
  P,
  cited,
  division,
  doubleRoundRobin,
  lostByDefault,
  played,
  row,
  scored,
  unplayed,
  withParams,
} from './table-support';

// The EBU pre-2013 24-board scale (RULES.md STD-VP): 0–1 10-10, 2–4 11-9, 5–8 12-8, 9–12 13-7,
// 13–17 14-6, 18–22 15-5, 23–28 16-4, 29–34 17-3, 35–41 18-2, 42–49 19-1, 50+ 20-0. The
// smallest margin for a VP: 13 → 9, 14 → 13, 16 → 23, 18 → 35, 10 → 0, 7 → −9.

const FIX = ['r1-AB', 'r2-BA', 'r1-AC', 'r1-AD', 'r1-BC', 'r1-BD'];

describe('LCBA-8.1 the non-offending team: the best of (a)–(d), rounded up', () => {
  it('LCBA-8.1(a): its own average over completed matches wins and is rounded up', () => {
    const t = divisionTable(
      division('ABCD', FIX, {
        'r1-AB': unplayed('2009-09-10', 'away'),
        'r1-AC': played('2009-09-20', 15, 14, 6),
        'r1-AD': played('2009-09-21', 3, 11, 9),
        'r1-BC': played('2009-09-20', -6, 8, 12),
        'r1-BD': played('2009-09-21', 0, 10, 10),
      }),
      P,
    );
    // (a) (14 + 11) / 2 = 12.5; (b) 20 − (8 + 10) / 2 = 11; (c) reverse not played; (d) 7.
    // Best 12.5, rounded up 13 VP; smallest margin for 13 VP: 9 IMPs.
    const s = scored(t, 'r1-AB');
    expect(s.home).toMatchObject({ vp: 13, imps: 9 });
    expect(cited(s.home.because)).toContain('(a) A');
    expect(cited(s.home.because)).toContain('12.5 VP (the best)');
    expect(cited(s.home.because)).toContain('(c) left out');
    // LCBA-8.2: the offender 0 VP and the negative of the IMPs.
    expect(s.away).toMatchObject({ vp: 0, imps: -9 });
    expect(cited(s.away.because)).toContain('LCBA-8.2');
  });

  it("LCBA-8.1(b): the converse of the offender's average wins", () => {
    const t = divisionTable(
      division('ABCD', FIX, {
        'r1-AB': unplayed('2009-09-10', 'away'),
        'r1-AC': played('2009-09-20', 15, 14, 6),
        'r1-AD': played('2009-09-21', 3, 11, 9),
        'r1-BC': played('2009-09-20', -30, 3, 17),
        'r1-BD': played('2009-09-21', -15, 6, 14),
      }),
      P,
    );
    // (a) 12.5; (b) B's average (3 + 6) / 2 = 4.5, converse 15.5 → 16 VP, 23 IMPs.
    expect(scored(t, 'r1-AB').home).toMatchObject({ vp: 16, imps: 23 });
    expect(scored(t, 'r1-AB').away).toMatchObject({ vp: 0, imps: -23 });
    expect(cited(scored(t, 'r1-AB').home.because)).toContain('15.5 VP (the best)');
  });

  it('LCBA-8.1(c): its own VP in the reverse fixture wins', () => {
    const t = divisionTable(
      division('ABCD', FIX, {
        'r1-AB': unplayed('2009-09-10', 'away'),
        'r2-BA': played('2009-12-01', -35, 2, 18),
        'r1-AC': played('2009-09-20', 15, 14, 6),
        'r1-AD': played('2009-09-21', 3, 11, 9),
        'r1-BC': played('2009-09-20', -6, 8, 12),
        'r1-BD': played('2009-09-21', 0, 10, 10),
      }),
      P,
    );
    // (a) (14 + 11 + 18) / 3 = 14.33; (b) 20 − (8 + 10 + 2) / 3 = 13.33; (c) 18; (d) 7.
    // 18 VP: smallest margin 35 IMPs.
    expect(scored(t, 'r1-AB').home).toMatchObject({ vp: 18, imps: 35 });
    expect(cited(scored(t, 'r1-AB').home.because)).toContain(
      'reverse fixture r2-BA: 18 VP (the best)',
    );
  });

  it('LCBA-8.1(d): 7 VP when the rest are lower; its IMPs are the signed smallest margin (−9)', () => {
    const t = divisionTable(
      division('ABCD', FIX, {
        'r1-AB': unplayed('2009-09-10', 'away'),
        'r1-AC': played('2009-09-20', -20, 5, 15),
        'r1-AD': played('2009-09-21', -15, 6, 14),
        'r1-BC': played('2009-09-20', 18, 15, 5),
        'r1-BD': played('2009-09-21', 13, 14, 6),
      }),
      P,
    );
    // (a) (5 + 6) / 2 = 5.5; (b) 20 − (15 + 14) / 2 = 5.5; (c) none; (d) 7 → 7 VP, −9 IMPs.
    expect(scored(t, 'r1-AB').home).toMatchObject({ vp: 7, imps: -9 });
    // LCBA-8.2: the negative of −9.
    expect(scored(t, 'r1-AB').away).toMatchObject({ vp: 0, imps: 9 });
  });

  it('LCBA-8.1: a candidate that does not exist yet is left out, not zero', () => {
    const t = divisionTable(division('ABCD', FIX, { 'r1-AB': unplayed('2009-09-05', 'home') }), P);
    // A offends; B has no completed match, nor A: (a), (b), (c) left out; (d) 7 VP, −9 IMPs.
    const s = scored(t, 'r1-AB');
    expect(s.away).toMatchObject({ vp: 7, imps: -9 });
    expect(s.home).toMatchObject({ vp: 0, imps: 9 });
    const why = cited(s.away.because);
    expect(why).toContain('(a) left out: B has no completed match yet');
    expect(why).toContain('(b) left out: A has no completed match yet');
    expect(why).toContain('(c) left out: the reverse fixture r2-BA has not been played');
  });

  it('LCBA-8.1: the whole-season averages move the score as later matches are played (as-of tables)', () => {
    const input = division('ABCD', FIX, {
      'r1-AB': unplayed('2009-09-10', 'away'),
      'r1-AC': played('2009-09-20', 15, 14, 6),
      'r1-AD': played('2009-09-21', 3, 11, 9),
      'r1-BC': played('2009-09-20', -6, 8, 12),
      'r1-BD': played('2009-09-21', 0, 10, 10),
    });
    // 15 September: nothing completed: (d) 7 VP, −9 IMPs.
    const sep15 = divisionTable({ ...input, asOf: '2009-09-15' }, P);
    expect(scored(sep15, 'r1-AB').home).toMatchObject({ vp: 7, imps: -9 });
    expect(row(sep15, 'A').vp).toBe(7);
    // 20 September: (a) 14; (b) 20 − 8 = 12 → 14 VP, smallest margin 13 IMPs.
    const sep20 = divisionTable({ ...input, asOf: '2009-09-20' }, P);
    expect(scored(sep20, 'r1-AB').home).toMatchObject({ vp: 14, imps: 13 });
    expect(row(sep20, 'A').vp).toBe(14 + 14);
    // 21 September: (a) 12.5 → 13 VP, 9 IMPs: the score fell as A played on.
    const sep21 = divisionTable({ ...input, asOf: '2009-09-21' }, P);
    expect(scored(sep21, 'r1-AB').home).toMatchObject({ vp: 13, imps: 9 });
    expect(row(sep21, 'A').vp).toBe(13 + 14 + 11);
  });
});

describe('LCBA-8.1(e) a match lost by default under 4.2 or 4.7', () => {
  it('LCBA-8.1(e): the actual score is a fifth candidate, taken before rounding the others up', () => {
    const t = divisionTable(
      division('ABCD', FIX, {
        'r1-AB': lostByDefault('2009-09-10', 'away', 6, 12, 8),
        'r1-AC': played('2009-09-20', 15, 14, 6),
        'r1-AD': played('2009-09-21', -2, 9, 11),
        'r1-BC': played('2009-09-20', 0, 10, 10),
        'r1-BD': played('2009-09-21', 0, 10, 10),
      }),
      P,
    );
    // (a) (14 + 9) / 2 = 11.5 (the lost match is not "completed"); (b) 10; (d) 7; (e) 12 VP.
    // The best is (e) 12 > 11.5: A keeps 12 VP and its actual +6 IMPs (not the smallest, 5).
    expect(scored(t, 'r1-AB').home).toMatchObject({ vp: 12, imps: 6 });
    expect(scored(t, 'r1-AB').away).toMatchObject({ vp: 0, imps: -6 });
    expect(cited(scored(t, 'r1-AB').home.because)).toContain('over its 2 completed matches');
  });

  it('LCBA-8.1(e): a worse actual score gives way to the average', () => {
    const t = divisionTable(
      division('ABCD', FIX, {
        'r1-AB': lostByDefault('2009-09-10', 'away', -5, 8, 12),
        'r1-AC': played('2009-09-20', 15, 14, 6),
        'r1-AD': played('2009-09-21', 3, 11, 9),
        'r1-BC': played('2009-09-20', 0, 10, 10),
        'r1-BD': played('2009-09-21', 0, 10, 10),
      }),
      P,
    );
    // (a) 12.5 beats (e) 8: 13 VP, 9 IMPs.
    expect(scored(t, 'r1-AB').home).toMatchObject({ vp: 13, imps: 9 });
  });
});

describe('LCBA-8.3 both teams offending', () => {
  it('LCBA-8.3: 0 VP and −82 IMPs each; equal VPs are a draw (3.1.1 c reading)', () => {
    // Three teams, so that one failure in two fixtures is still half completed (8.4).
    const t = divisionTable(
      division('ABC', ['r1-AB', 'r1-AC', 'r1-BC'], {
        'r1-AB': unplayed('2009-09-10', 'both'),
        'r1-AC': played('2009-09-20', 0, 10, 10),
        'r1-BC': played('2009-09-20', 0, 10, 10),
      }),
      P,
    );
    expect(scored(t, 'r1-AB').home).toMatchObject({ vp: 0, imps: -82 });
    expect(scored(t, 'r1-AB').away).toMatchObject({ vp: 0, imps: -82 });
    expect(row(t, 'A')).toMatchObject({ played: 2, drawn: 2, vp: 10, netImps: -82 });
  });
});

describe('LCBA-8.4 a team that cannot complete half its fixtures', () => {
  // Four teams, a double round robin: six fixtures each. Every match without D: 10-10.
  const base = () => {
    const outcomes: Record<string, ReturnType<typeof played>> = {};
    for (const id of doubleRoundRobin('ABCD')) {
      if (!id.includes('D')) outcomes[id] = played('2009-09-15', 0, 10, 10);
    }
    outcomes['r1-AD'] = unplayed('2009-10-01', 'away');
    outcomes['r1-BD'] = unplayed('2009-10-02', 'away');
    outcomes['r1-CD'] = unplayed('2009-10-03', 'away');
    outcomes['r2-DA'] = played('2009-11-01', 6, 12, 8);
    outcomes['r2-DB'] = played('2009-11-02', 0, 10, 10);
    return outcomes;
  };

  it('LCBA-8.4: exactly half completed is not cancelled; its defaults are scored by 8.1–8.2', () => {
    const outcomes = { ...base(), 'r2-DC': played('2009-11-03', -6, 8, 12) };
    const t = divisionTable(division('ABCD', doubleRoundRobin('ABCD'), outcomes), P);
    expect(t.fixtures.some((f) => f.cancelled)).toBe(false);
    // A v D: (a) A's (10·4 + 8) / 5 = 9.6; (b) 20 − (12 + 10 + 8) / 3 = 10; (c) r2-DA 8; (d) 7.
    // Best (b) 10 → 10 VP, 0 IMPs (the draw's margin).
    expect(scored(t, 'r1-AD').home).toMatchObject({ vp: 10, imps: 0 });
    expect(scored(t, 'r1-AD').away).toMatchObject({ vp: 0, imps: 0 });
    expect(row(t, 'D').played).toBe(6);
    expect(row(t, 'A').vp).toBe(40 + 10 + 8);
  });

  it('LCBA-8.4: one fixture past half, every match of the team is cancelled for both sides', () => {
    const outcomes = { ...base(), 'r2-DC': unplayed('2009-10-04', 'home') };
    const t = divisionTable(division('ABCD', doubleRoundRobin('ABCD'), outcomes), P);
    const cancelled = t.fixtures
      .filter((f) => f.cancelled)
      .map((f) => f.fixture)
      .sort();
    expect(cancelled).toEqual(['r1-AD', 'r1-BD', 'r1-CD', 'r2-DA', 'r2-DB', 'r2-DC']);
    // Out of every row: A keeps its four 10-10 matches only.
    expect(row(t, 'A')).toMatchObject({ played: 4, vp: 40, netImps: 0 });
    expect(row(t, 'D')).toMatchObject({ played: 0, vp: 0 });
    expect(cited(row(t, 'D').because)).toContain('LCBA-8.4');
    expect(cited(scored(t, 'r2-DA').home.because)).toContain('LCBA-8.4');
  });

  it('LCBA-8.4 reading: cancelled from when the team can no longer complete half, not before', () => {
    const outcomes = { ...base(), 'r2-DC': unplayed('2009-10-04', 'home') };
    const input = division('ABCD', doubleRoundRobin('ABCD'), outcomes);
    // 3 October: three failed, three still to play: D may still complete half.
    const before = divisionTable({ ...input, asOf: '2009-10-03' }, P);
    expect(before.fixtures.some((f) => f.cancelled)).toBe(false);
    // A v D on 3 October: (a) A's four 10s: 10; (b) D has none; (c) none; → 10 VP, 0 IMPs.
    expect(scored(before, 'r1-AD').home).toMatchObject({ vp: 10, imps: 0 });
    // 4 October: the fourth failure: cancelled although two matches are still to come.
    const after = divisionTable({ ...input, asOf: '2009-10-04' }, P);
    expect(scored(after, 'r1-AD').cancelled).toBe(true);
    expect(scored(after, 'r2-DA').cancelled).toBe(true);
    // The 'season-end' reading waits for every fixture of D to have an outcome.
    const seasonEnd = withParams('defaults', { cancelFrom: 'season-end' });
    expect(
      divisionTable({ ...input, asOf: '2009-10-04' }, seasonEnd).fixtures.some((f) => f.cancelled),
    ).toBe(false);
    expect(scored(divisionTable(input, seasonEnd), 'r2-DA').cancelled).toBe(true);
  });
});
