import {
  EBU_PRE2013_BANDS,
  ScoringInputError,
  ebuPre2013Scale,
  oldWbf25Scale,
  tableVpScale,
  wbf2013Scale,
  wbf2013WinnerHundredths,
} from '../../src/scoring';

const own = (boards: number, margin: number) => wbf2013Scale(boards).vp(margin).own;

describe('STD-VP the WBF 2013 continuous 20-VP scale', () => {
  // Published figures quoted by the WBF scales (and in our brief): 20 boards, 1 IMP = 10.28,
  // 2 IMPs = 10.55; 16 boards, 1..5 IMPs = 10.31, 10.61, 10.91, 11.20, 11.48.
  it('STD-VP 20 boards: 1 IMP is 10.28 and 2 IMPs 10.55 (WBF published table)', () => {
    expect(own(20, 1)).toBe(10.28);
    expect(own(20, 2)).toBe(10.55);
  });

  it('STD-VP 16 boards: the first steps are 10.31, 10.61, 10.91, 11.20, 11.48 (WBF published table)', () => {
    expect([1, 2, 3, 4, 5].map((m) => own(16, m))).toEqual([10.31, 10.61, 10.91, 11.2, 11.48]);
  });

  it('STD-VP a draw is 10-10', () => {
    expect(wbf2013Scale(24).vp(0)).toEqual({ own: 10, opponents: 10 });
  });

  it('STD-VP the loser gets 20 − winner, exactly (16 boards, 7 IMPs: 12.03 - 7.97)', () => {
    expect(wbf2013Scale(16).vp(7)).toEqual({ own: 12.03, opponents: 7.97 });
    expect(wbf2013Scale(16).vp(-7)).toEqual({ own: 7.97, opponents: 12.03 });
  });

  // The table has one row per margin up to the blitz at ⌈15·√N⌉: "from 37 rows for 6 boards to
  // 85 rows for 32 boards" (the Slovak federation's note on the new WBF scale,
  // http://new.bridgekosice.sk/nova-skala-vp/).
  it('STD-VP the blitz (first 20.00) is at 37 IMPs for 6 boards and 85 IMPs for 32 boards', () => {
    expect(wbf2013Scale(6).blitz).toBe(37);
    expect(own(6, 36)).toBeLessThan(20);
    expect(own(6, 37)).toBe(20);
    expect(wbf2013Scale(32).blitz).toBe(85);
    expect(own(32, 84)).toBeLessThan(20);
    expect(own(32, 85)).toBe(20);
  });

  it('STD-VP margins beyond the blitz stay 20-0 (no further reduction for the loser)', () => {
    expect(wbf2013Scale(16).vp(60)).toEqual({ own: 20, opponents: 0 });
    expect(wbf2013Scale(16).vp(500)).toEqual({ own: 20, opponents: 0 });
    expect(wbf2013Scale(16).vp(-500)).toEqual({ own: 0, opponents: 20 });
  });

  it('STD-VP the 20-board table ends 19.93, 19.99, 20.00 (blitz at 68 = ⌈15·√20⌉)', () => {
    const v = wbf2013WinnerHundredths(20);
    expect(v.slice(-3)).toEqual([1993, 1999, 2000]);
    expect(v).toHaveLength(69);
  });

  it('STD-VP the concavity repair: 16 boards, 14 IMPs rounds to 13.74 but steps 13.52 → 13.74 → 13.97 would grow, so it is 13.75', () => {
    expect([13, 14, 15].map((m) => own(16, m))).toEqual([13.52, 13.75, 13.97]);
    // 20 boards, 13 IMPs: 13.19 raised to 13.20 for the same reason
    expect([12, 13, 14].map((m) => own(20, m))).toEqual([12.98, 13.2, 13.41]);
  });

  it('STD-VP every board count from 1 to 64 gives a monotonic, concave table that reaches 20', () => {
    for (let n = 1; n <= 64; n++) {
      const v = wbf2013WinnerHundredths(n);
      expect(v[0]).toBe(1000);
      expect(v[v.length - 1]).toBe(2000);
      for (let i = 1; i < v.length; i++) {
        expect(v[i]!).toBeGreaterThan(v[i - 1]!); // strictly rising until the blitz
        if (i >= 2) expect(v[i]! - v[i - 1]!).toBeLessThanOrEqual(v[i - 1]! - v[i - 2]!);
      }
      // The blitz is at ⌈15·√N⌉ or, where rounding already reaches 20.00, just before it.
      const x = Math.ceil(15 * Math.sqrt(n));
      expect(v.length - 1).toBeLessThanOrEqual(x);
      expect(v.length - 1).toBeGreaterThanOrEqual(x - 1);
    }
  });

  it('STD-VP converse is 20 − vp', () => {
    const s = wbf2013Scale(20);
    expect(s.converse(12.48)).toBe(7.52);
    expect(s.converse(20)).toBe(0);
    expect(s.converse(10)).toBe(10);
  });

  it('STD-VP smallestMarginFor: the least margin yielding at least that VP, negative for a loss', () => {
    const s = wbf2013Scale(16);
    expect(s.smallestMarginFor(10)).toBe(0);
    expect(s.smallestMarginFor(10.31)).toBe(1);
    expect(s.smallestMarginFor(10.32)).toBe(2);
    expect(s.smallestMarginFor(20)).toBe(60);
    expect(s.smallestMarginFor(9.69)).toBe(-1);
    expect(s.smallestMarginFor(9.68)).toBe(-2);
    expect(s.smallestMarginFor(0)).toBe(-60);
  });

  it('STD-VP bad input: board count, margin and vp are checked and named', () => {
    expect(() => wbf2013Scale(0)).toThrow(expect.objectContaining({ field: 'boards' }));
    expect(() => wbf2013Scale(2.5)).toThrow(ScoringInputError);
    expect(() => wbf2013Scale(16).vp(1.5)).toThrow(expect.objectContaining({ field: 'margin' }));
    expect(() => wbf2013Scale(16).converse(21)).toThrow(expect.objectContaining({ field: 'vp' }));
    expect(() => wbf2013Scale(16).smallestMarginFor(-1)).toThrow(
      expect.objectContaining({ field: 'vp', rule: 'STD-VP' }),
    );
  });
});

describe('STD-VP the EBU 20-VP scale used before 2013 (24 boards)', () => {
  const s = ebuPre2013Scale(24);
  const rows: [number, number, number][] = [
    [0, 1, 10], [2, 4, 11], [5, 8, 12], [9, 12, 13], [13, 17, 14], [18, 22, 15],
    [23, 28, 16], [29, 34, 17], [35, 41, 18], [42, 49, 19],
  ]; // prettier-ignore

  it.each(rows)('STD-VP margins %i to %i give %i VPs to the winner', (from, to, vp) => {
    expect(s.vp(from)).toEqual({ own: vp, opponents: 20 - vp });
    expect(s.vp(to)).toEqual({ own: vp, opponents: 20 - vp });
    expect(s.vp(-to)).toEqual({ own: 20 - vp, opponents: vp });
  });

  it('STD-VP 50 IMPs and more is 20-0', () => {
    expect(s.vp(50)).toEqual({ own: 20, opponents: 0 });
    expect(s.vp(-120)).toEqual({ own: 0, opponents: 20 });
    expect(s.blitz).toBe(50);
  });

  it('STD-VP it knows its draw (10), its maximum (20) and the converse (20 − vp)', () => {
    expect(s.draw).toBe(10);
    expect(s.max).toBe(20);
    expect(s.converse(7)).toBe(13);
    expect(s.converse(13)).toBe(7);
  });

  it('STD-VP smallestMarginFor gives the margin of smallest size for a VP, negative below the draw (LCBA-8.1)', () => {
    expect(s.smallestMarginFor(13)).toBe(9);
    expect(s.smallestMarginFor(14)).toBe(13);
    expect(s.smallestMarginFor(20)).toBe(50);
    expect(s.smallestMarginFor(10)).toBe(0);
    expect(s.smallestMarginFor(7)).toBe(-9);
    expect(s.smallestMarginFor(0)).toBe(-50);
    // a fractional VP: at least 12.5 needs 13 VP
    expect(s.smallestMarginFor(12.5)).toBe(9);
  });

  it('STD-VP only the 24-board table is known; another board count is refused by name', () => {
    expect(Object.keys(EBU_PRE2013_BANDS)).toEqual(['24']);
    expect(() => ebuPre2013Scale(20)).toThrow(expect.objectContaining({ field: 'boards' }));
  });
});

describe('STD-VP the old WBF 25-VP ("15-15") scale as a supplied table', () => {
  // A SYNTHETIC table of the right shape (not the WBF's published margins, which we could not
  // verify): the scale's structure — draw 15-15, 25-5 then the loser falling to 25-0 — is what
  // these tests prove.
  const s = oldWbf25Scale(16, [0, 3, 7, 11, 15, 20, 25, 31, 37, 44, 52], [57, 62, 67, 72, 77]);

  it('STD-VP a 0 margin is 15-15 and margins under the first band stay drawn', () => {
    expect(s.draw).toBe(15);
    expect(s.vp(0)).toEqual({ own: 15, opponents: 15 });
    expect(s.vp(2)).toEqual({ own: 15, opponents: 15 });
    expect(s.vp(3)).toEqual({ own: 16, opponents: 14 });
  });

  it('STD-VP the winner tops out at 25-5, then the loser falls to 25-0', () => {
    expect(s.max).toBe(25);
    expect(s.vp(52)).toEqual({ own: 25, opponents: 5 });
    expect(s.vp(57)).toEqual({ own: 25, opponents: 4 });
    expect(s.vp(-77)).toEqual({ own: 0, opponents: 25 });
    expect(s.vp(200)).toEqual({ own: 25, opponents: 0 });
    expect(s.blitz).toBe(52);
  });

  it('STD-VP converse on the 25-VP scale is 30 − vp, capped at 25', () => {
    expect(s.converse(15)).toBe(15);
    expect(s.converse(12)).toBe(18);
    expect(s.converse(25)).toBe(5);
    expect(s.converse(3)).toBe(25);
  });

  it('STD-VP smallestMarginFor on the 25-VP scale, including the loser-only bands', () => {
    expect(s.smallestMarginFor(18)).toBe(11);
    expect(s.smallestMarginFor(25)).toBe(52);
    expect(s.smallestMarginFor(12)).toBe(-11);
    expect(s.smallestMarginFor(3)).toBe(-62);
    expect(s.smallestMarginFor(0)).toBe(-77);
  });

  it('STD-VP a malformed 25-VP table is refused', () => {
    expect(() => oldWbf25Scale(16, [0, 3, 7])).toThrow(
      expect.objectContaining({ field: 'winnerFroms' }),
    );
    expect(() => oldWbf25Scale(16, [0, 3, 7, 11, 15, 20, 25, 31, 37, 44, 44])).toThrow(
      ScoringInputError,
    );
    expect(() =>
      oldWbf25Scale(16, [0, 3, 7, 11, 15, 20, 25, 31, 37, 44, 52], [1, 2, 3, 4, 5, 6]),
    ).toThrow(expect.objectContaining({ field: 'loserFroms' }));
  });
});

describe('STD-VP generic table scales', () => {
  it('STD-VP a table must start at margin 0 with a draw and never reverse', () => {
    expect(() => tableVpScale('x', [])).toThrow(expect.objectContaining({ field: 'bands' }));
    expect(() => tableVpScale('x', [{ from: 1, winner: 10, loser: 10 }])).toThrow(
      ScoringInputError,
    );
    expect(() => tableVpScale('x', [{ from: 0, winner: 11, loser: 9 }])).toThrow(ScoringInputError);
    expect(() =>
      tableVpScale('x', [
        { from: 0, winner: 10, loser: 10 },
        { from: 2, winner: 12, loser: 8 },
        { from: 3, winner: 11, loser: 9 },
      ]),
    ).toThrow(expect.objectContaining({ field: 'bands[2]' }));
  });

  it('STD-VP a 30-VP table (draw 15-15, max 30-0) works the same way', () => {
    const s = tableVpScale('30-VP', [
      { from: 0, winner: 15, loser: 15 },
      { from: 1, winner: 18, loser: 12 },
      { from: 28, winner: 30, loser: 0 },
    ]);
    expect(s.vp(5)).toEqual({ own: 18, opponents: 12 });
    expect(s.converse(18)).toBe(12);
    expect(s.converse(0)).toBe(30);
    expect(s.smallestMarginFor(12)).toBe(-1);
  });
});
