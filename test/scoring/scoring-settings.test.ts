import {
  Fraction,
  ScoringInputError,
  type ScoringSettings,
  explainPublishedPairs,
  type TravellerLine,
  scoreImpSession,
  scoreMatchpointSession,
  scoringSettings,
} from '../../src/scoring';

// "Scoring fidelity": each convention a named setting (Compscore's the default), on
// synthetic sessions built to show it.

const line = (board: number, ns: string, ew: string, score: number): TravellerLine => ({
  board,
  nsPair: ns,
  ewPair: ew,
  score,
});

type Result = ReturnType<typeof scoreMatchpointSession>;
const pairOf = (r: Result, pair: string) => r.pairs.find((p) => p.pair === pair)!;
const boardOf = (r: Result, board: number, pair: string) =>
  r.boards.find((b) => b.board === board && b.pair === pair)!;
const mp = (settings: Partial<ScoringSettings> = {}) => ({
  movement: 'two-winner' as const,
  settings,
});

/** A board of a Mitchell: NS pair N<t> against EW pair E<t> with the NS scores given. */
const board = (b: number, scores: readonly number[]): TravellerLine[] =>
  scores.map((s, t) => line(b, `N${t + 1}`, `E${t + 1}`, s));

describe('STD-MP matchpointTotal, the published total of a pair that played fewer boards', () => {
  // Six tables, 27 boards, top 10. N6 misses board 27 and the director awards its line on
  // board 26 (5.2 of 10); elsewhere N6 scores 4 (boards 1–14) or 6 (boards 15–25):
  // 56 + 66 + 5.2 = 127.20 matchpoints over 26 boards = 48.92 %.
  const others = [100, 200, 300, 400, 500];
  const lines: TravellerLine[] = [];
  for (let b = 1; b <= 27; b++) {
    lines.push(...board(b, others));
    if (b <= 14) lines.push(line(b, 'N6', 'E6', 250));
    else if (b <= 25) lines.push(line(b, 'N6', 'E6', 350));
    else if (b === 26)
      lines.push({ board: b, nsPair: 'N6', ewPair: 'E6', awarded: { ns: 5.2, ew: 4.8 } });
  }

  it("STD-MP 'scaled' (Compscore's TOTAL_SCORE, the default): 127.20 mp over 26 boards at 48.92 % is published as 132.09 when the most boards is 27 and the top 10", () => {
    const r = scoreMatchpointSession(lines, mp());
    const n6 = pairOf(r, 'N6');
    expect(r.maxBoardsPlayed).toBe(27);
    expect(r.fullTop).toBe(10);
    expect(n6.boardsPlayed).toBe(26);
    expect(n6.total.equals(Fraction.fromDecimal(127.2))).toBe(true);
    expect(n6.published).toBe(48.92);
    expect(n6.publishedTotal.round(2)).toBe(132.09);
    expect(n6.publishedTotal.equals(n6.totalScore)).toBe(true);
  });

  it("STD-MP 'sum': the published total is Σ matchpoints", () => {
    const n6 = pairOf(scoreMatchpointSession(lines, mp({ matchpointTotal: 'sum' })), 'N6');
    expect(n6.publishedTotal.round(2)).toBe(127.2);
    expect(n6.totalScore.round(2)).toBe(132.09); // still there for callers that want it
  });

  it('STD-MP a pair that played every board publishes its sum either way', () => {
    for (const matchpointTotal of ['scaled', 'sum'] as const) {
      const n1 = pairOf(scoreMatchpointSession(lines, mp({ matchpointTotal })), 'N1');
      expect(n1.publishedTotal.equals(n1.total)).toBe(true);
    }
  });

  it("STD-MP 'scaled' counts the most boards played in the pair's own field: NS pairs that each sat out a board publish their sums (as in the Compscore Mitchell sample: NS 18 boards, EW 21)", () => {
    // Four boards; on board b NS pair N<b> sits out: each NS pair plays 3, each EW pair 4.
    const sitOuts: TravellerLine[] = [];
    for (let b = 1; b <= 4; b++) {
      let e = 1;
      for (let t = 1; t <= 4; t++) {
        if (t !== b) sitOuts.push(line(b, `N${t}`, `E${e++}`, 10 * t * b));
      }
    }
    const r = scoreMatchpointSession(sitOuts, mp());
    expect(r.maxBoardsPlayed).toBe(4);
    for (const p of r.pairs) expect(p.publishedTotal.equals(p.total)).toBe(true);
    // totalScore stays scaled to the session's most boards (4): 4/3 of an NS pair's sum
    const n1 = pairOf(r, 'N1');
    expect(n1.totalScore.equals(n1.total.mulInt(4).div(Fraction.of(3)))).toBe(true);
  });

  it('STD-MP a bad matchpointTotal is refused by name', () => {
    expect(() => scoringSettings({ matchpointTotal: 'total' as 'sum' })).toThrow(
      expect.objectContaining({ field: 'matchpointTotal', rule: 'STD-MP' }),
    );
  });
});

describe('STD-CROSSIMP totals exact, rounded once', () => {
  // Four results a board, the same on boards 1 and 2: NS +620, +170, +140, −100.
  // Cross-IMPs: N1 (10 + 10 + 12)/3 = 32/3, N2 (−10 + 1 + 7)/3 = −2/3,
  // N3 (−10 − 1 + 6)/3 = −5/3, N4 (−12 − 7 − 6)/3 = −25/3.
  const lines = [...board(1, [620, 170, 140, -100]), ...board(2, [620, 170, 140, -100])];
  const r = scoreImpSession(lines, { movement: 'two-winner', method: 'cross-imp' });
  const total = (p: string) => r.pairs.find((x) => x.pair === p)!;

  it('STD-CROSSIMP totals are exact thirds: 21.33, −1.33, −3.33, −16.67 (per-board 2-decimal rounding drifts to 21.34, −1.34, −3.34, −16.66)', () => {
    expect(total('N1').total.equals(Fraction.of(64, 3))).toBe(true);
    expect(['N1', 'N2', 'N3', 'N4'].map((p) => total(p).published)).toEqual([
      21.33, -1.33, -3.33, -16.67,
    ]);
    expect(['E1', 'E2', 'E3', 'E4'].map((p) => total(p).published)).toEqual([
      -21.33, 1.33, 3.33, 16.67,
    ]);
    expect(total('N1').publishedTotal.equals(total('N1').total)).toBe(true);
  });

  it("STD-CROSSIMP crossImpDivisor 'none' keeps the plain sums", () => {
    const s = scoreImpSession(lines, {
      movement: 'two-winner',
      method: 'cross-imp',
      settings: { crossImpDivisor: 'none' },
    });
    expect(s.pairs.find((x) => x.pair === 'N1')!.published).toBe(64);
  });
});

describe('STD-MP sessionPercentage when boards have different tops', () => {
  // Without factoring, board 1 (4 results, top 6) and board 2 (2 results, top 2): N1 is top on
  // board 1 (100 %) and bottom on board 2 (0 %).
  const lines = [...board(1, [620, 170, 140, -100]), ...board(2, [-100, 100])];

  it("STD-MP 'total-over-tops' (Compscore, the default): Σ matchpoints / Σ tops = 6/8 = 75 %", () => {
    const r = scoreMatchpointSession(lines, mp({ factoring: 'none' }));
    expect(pairOf(r, 'N1').published).toBe(75);
    expect(pairOf(r, 'N2').published).toBe(75); // 4/6 and 2/2: 6/8
  });

  it("STD-MP 'mean-of-boards' (Pary): the mean of 100 % and 0 % = 50 %", () => {
    const r = scoreMatchpointSession(
      lines,
      mp({ factoring: 'none', sessionPercentage: 'mean-of-boards' }),
    );
    const n1 = pairOf(r, 'N1');
    expect(n1.published).toBe(50);
    expect(pairOf(r, 'N2').percentage.equals(Fraction.of(250, 3))).toBe(true); // (66.67 + 100)/2
    expect(n1.total.equals(Fraction.of(6))).toBe(true); // the matchpoints are unchanged
    expect(n1.totalScore.equals(Fraction.of(6))).toBe(true); // 50 % × 2 boards × top 6
    // places follow the percentage: N2 first
    expect(pairOf(r, 'N2').place).toBe(1);
  });

  it('STD-MP with equal tops (Neuberg: every board on the full top) both are the same', () => {
    const a = scoreMatchpointSession(lines, mp());
    const b = scoreMatchpointSession(lines, mp({ sessionPercentage: 'mean-of-boards' }));
    for (const p of a.pairs) {
      expect(pairOf(b, p.pair).percentage.equals(p.percentage)).toBe(true);
    }
  });

  it('STD-MP a bad sessionPercentage is refused by name', () => {
    expect(() => scoringSettings({ sessionPercentage: 'mean' as 'mean-of-boards' })).toThrow(
      expect.objectContaining({ field: 'sessionPercentage' }),
    );
  });
});

describe('Law 12C1(c) weighted assigned scores, matchpointed against the field', () => {
  // Board 1: four real results and the director's 0.33 × NS +140 + 0.67 × NS +170 (n = 5,
  // top 8). The weighted line: its +140 beats 110 and ties the two 140s (4), its +170 beats
  // three and ties 170 (7): 0.33 × 4 + 0.67 × 7 = 6.01. The real +170 beats three (6) and,
  // against the weighted line, beats its +140 and ties its +170: 0.33 × 2 + 0.67 × 1 = 1.33,
  // so 7.33; each +140: 1 + 2 + 0.33 × 1 = 3.33; +110: 0.
  const weighted: TravellerLine = {
    board: 1,
    nsPair: 'N5',
    ewPair: 'E5',
    weighted: [
      { weight: 0.33, score: 140 },
      { weight: 0.67, score: 170 },
    ],
  };
  const lines = [...board(1, [170, 140, 140, 110]), weighted];

  it('Law 12C1(c) STD-MP each component scored against the other results, weighted, exact', () => {
    const r = scoreMatchpointSession(lines, mp());
    const s = (p: string) => boardOf(r, 1, p).score.toString();
    expect(r.fullTop).toBe(8);
    expect([s('N1'), s('N2'), s('N3'), s('N4'), s('N5')]).toEqual([
      '733/100',
      '333/100',
      '333/100',
      '0',
      '601/100',
    ]);
    expect(s('E5')).toBe('199/100'); // 8 − 6.01
    expect(boardOf(r, 1, 'N5').artificial).toBe(false);
  });

  it('Law 12C1(c) STD-NEUBERG the weighted line is one result of the field: n = 5 factored to N = 6', () => {
    const r = scoreMatchpointSession(lines, mp({ neubergExpected: 6 }));
    // F = ((MP + 1)·6 − 5)/5: 6.01 → 37.06/5 = 7.412; 7.33 → 44.98/5 = 8.996; 0 → 0.2
    expect(boardOf(r, 1, 'N5').score.equals(Fraction.fromDecimal(7.412))).toBe(true);
    expect(boardOf(r, 1, 'N1').score.equals(Fraction.fromDecimal(8.996))).toBe(true);
    expect(boardOf(r, 1, 'N4').score.equals(Fraction.fromDecimal(0.2))).toBe(true);
    expect(boardOf(r, 1, 'E5').score.equals(Fraction.fromDecimal(10 - 7.412))).toBe(true);
  });

  it('Law 12C1(c) two weighted lines on a board meet as the product of their weights', () => {
    const two: TravellerLine[] = [
      line(1, 'N1', 'E1', 100),
      {
        board: 1,
        nsPair: 'N2',
        ewPair: 'E2',
        weighted: [
          { weight: 0.5, score: 50 },
          { weight: 0.5, score: 150 },
        ],
      },
      {
        board: 1,
        nsPair: 'N3',
        ewPair: 'E3',
        weighted: [
          { weight: 0.25, score: 100 },
          { weight: 0.75, score: 200 },
        ],
      },
    ];
    const r = scoreMatchpointSession(two, mp());
    // N2 vs N1: 0.5·0 + 0.5·2 = 1; vs N3: 0.5·(0.25·0 + 0.75·0) + 0.5·(0.25·2 + 0.75·0) = 0.25
    expect(boardOf(r, 1, 'N2').score.equals(Fraction.of(5, 4))).toBe(true);
    // the NS total on a board of 3 results is 3 · 2 = 6
    const sum = ['N1', 'N2', 'N3'].reduce((a, p) => a.add(boardOf(r, 1, p).score), Fraction.ZERO);
    expect(sum.equals(Fraction.of(6))).toBe(true);
  });

  it('Law 12C1(c) STD-BUTLER the weighted IMPs against the datum of the real scores', () => {
    const r = scoreImpSession(lines, { movement: 'two-winner', method: 'butler' });
    // datum: 170, 140, 140, 110 without the top and bottom → 140
    expect(r.datums[1]).toBe(140);
    // 0.33 × IMP(0) + 0.67 × IMP(30) = 0.67
    expect(r.boards.find((b) => b.pair === 'N5')!.score.equals(Fraction.of(67, 100))).toBe(true);
  });

  it('Law 12C1(c) STD-CROSSIMP the weighted line is one of the n results', () => {
    const r = scoreImpSession(lines, { movement: 'two-winner', method: 'cross-imp' });
    // N4 (+110) vs 170 (−2), 140 (−1), 140 (−1), weighted (0.33·−1 + 0.67·−2 = −1.67): −5.67/4
    expect(r.boards.find((b) => b.pair === 'N4')!.score.equals(Fraction.of(-567, 400))).toBe(true);
    const total = r.boards
      .filter((b) => b.direction === 'NS')
      .reduce((a, b) => a.add(b.score), Fraction.ZERO);
    expect(total.equals(Fraction.ZERO)).toBe(true);
  });

  it.each<[string, TravellerLine['weighted'], string]>([
    [
      'weights adding up to 0.99',
      [
        { weight: 0.33, score: 140 },
        { weight: 0.66, score: 170 },
      ],
      'weights must add up to 1, got 0.99',
    ],
    [
      'a weight of 0',
      [
        { weight: 0, score: 140 },
        { weight: 1, score: 170 },
      ],
      'must be a positive number with at most 2 decimals, got 0',
    ],
    [
      'a weight with 3 decimals',
      [
        { weight: 0.333, score: 140 },
        { weight: 0.667, score: 170 },
      ],
      'got 0.333',
    ],
    [
      'a score that is not a whole number',
      [
        { weight: 0.5, score: 140.5 },
        { weight: 0.5, score: 170 },
      ],
      'must be an integer, got 140.5',
    ],
    ['no parts', [], 'must be a non-empty list'],
  ])('Law 12C1(c) a weighted score with %s is refused with the field named', (_, w, message) => {
    const bad: TravellerLine[] = [...board(1, [170, 140]), { ...weighted, weighted: w }];
    expect(() => scoreMatchpointSession(bad, mp())).toThrow(ScoringInputError);
    expect(() => scoreMatchpointSession(bad, mp())).toThrow(message);
    expect(() => scoreMatchpointSession(bad, mp())).toThrow(
      expect.objectContaining({ field: expect.stringMatching(/^lines\[2\]\.weighted/) }),
    );
  });
});

describe('director-set scores (awarded lines)', () => {
  // Board 1: four real results and a line whose points the director set (n = 4 real results;
  // five lines, so N = 5 and top 8).
  const awarded = (ns: number, ew: number, top?: number): TravellerLine => ({
    board: 1,
    nsPair: 'N5',
    ewPair: 'E5',
    awarded: top === undefined ? { ns, ew } : { ns, ew, top },
  });

  it('STD-NEUBERG points on the board’s full top are carried as given (not matchpointed; the two sides need not add up to the top)', () => {
    const r = scoreMatchpointSession([...board(1, [170, 140, 140, 110]), awarded(5, 2.5)], mp());
    expect(r.fullTop).toBe(8);
    expect(boardOf(r, 1, 'N5').score.toString()).toBe('5');
    expect(boardOf(r, 1, 'E5').score.toString()).toBe('5/2');
    expect(boardOf(r, 1, 'N5').artificial).toBe(true);
  });

  it('STD-NEUBERG 23 and 11 on a top of 40 are scaled to the board’s top of 8: 4.6 and 2.2', () => {
    const r = scoreMatchpointSession(
      [...board(1, [170, 140, 140, 110]), awarded(23, 11, 40)],
      mp(),
    );
    expect(boardOf(r, 1, 'N5').score.equals(Fraction.fromDecimal(4.6))).toBe(true);
    expect(boardOf(r, 1, 'E5').score.equals(Fraction.fromDecimal(2.2))).toBe(true);
  });

  it('STD-NEUBERG an awarded line is left out of n (the 4 real results are factored to 5) but counts in N as a line', () => {
    const r = scoreMatchpointSession([...board(1, [170, 140, 140, 110]), awarded(4, 4)], mp());
    // +170: MP 6 of 6 among 4 → F = (7·5 − 4)/4 = 31/4
    expect(boardOf(r, 1, 'N1').score.equals(Fraction.of(31, 4))).toBe(true);
    // another board with 4 real results only is factored to N = 5 too
    const r2 = scoreMatchpointSession(
      [...board(1, [170, 140, 140, 110]), awarded(4, 4), ...board(2, [50, 100, 150, 200])],
      mp(),
    );
    expect(boardOf(r2, 2, 'N4').score.equals(Fraction.of(31, 4))).toBe(true);
  });

  it('STD-MP with 1 per result beaten the points are halved like the rest', () => {
    const r = scoreMatchpointSession(
      [...board(1, [170, 140, 140, 110]), awarded(23, 11, 40)],
      mp({ matchpointsPerResultBeaten: 1 }),
    );
    expect(boardOf(r, 1, 'N5').score.equals(Fraction.fromDecimal(2.3))).toBe(true);
    expect(boardOf(r, 1, 'N5').top).toBe(4);
  });

  it('STD-BUTLER in an IMP session the awarded IMPs are carried as given', () => {
    const r = scoreImpSession([...board(1, [170, 140, 140, 110]), awarded(3, -1.5)], {
      movement: 'two-winner',
      method: 'butler',
    });
    expect(r.boards.find((b) => b.pair === 'N5')!.score.equals(Fraction.of(3))).toBe(true);
    expect(r.boards.find((b) => b.pair === 'E5')!.score.equals(Fraction.of(-3, 2))).toBe(true);
    expect(r.datums[1]).toBe(140); // the datum is of the real scores only
  });

  it.each<[string, TravellerLine, string, string]>([
    [
      'more than the top',
      awarded(9, 1),
      'lines[4].awarded.ns',
      'must be between 0 and the top 8, got 9',
    ],
    [
      'more than its own top',
      awarded(20, 41, 40),
      'lines[4].awarded.ew',
      'must be between 0 and the top 40, got 41',
    ],
    ['negative matchpoints', awarded(-1, 1), 'lines[4].awarded.ns', 'got -1'],
    [
      'three decimals',
      awarded(1.234, 1),
      'lines[4].awarded.ns',
      'must be a number with at most 2 decimals, got 1.234',
    ],
    ['a top of 0', awarded(0, 0, 0), 'lines[4].awarded.top', 'must be a positive number'],
    [
      'a score as well',
      { ...awarded(4, 4), score: 140 },
      'lines[4]',
      'a line carries exactly one of score, artificial, awarded, weighted; got score, awarded',
    ],
  ])(
    'STD-NEUBERG an awarded line with %s is refused with the field named',
    (_, l, field, message) => {
      const lines = [...board(1, [170, 140, 140, 110]), l];
      expect(() => scoreMatchpointSession(lines, mp())).toThrow(message);
      expect(() => scoreMatchpointSession(lines, mp())).toThrow(expect.objectContaining({ field }));
    },
  );
});

describe('STD-NEUBERG sitOutLines, a sit-out against a phantom', () => {
  // Twelve NS pairs, eleven EW pairs and a phantom: on each board N12 sits out against the
  // phantom (an artificial 60/40 line marked sitOut). N1 is top on every board.
  const lines: TravellerLine[] = [];
  for (let b = 1; b <= 2; b++) {
    lines.push(...board(b, [620, 170, 170, 150, 140, 140, 130, 120, 110, 100, -50]));
    lines.push({
      board: b,
      nsPair: 'N12',
      ewPair: 'PHANTOM',
      artificial: { ns: 60, ew: 40 },
      sitOut: true,
    });
  }

  it("STD-NEUBERG 'in-field' (Compscore, the default): the sit-out counts in N, 11 results are factored to 12 and 100 % becomes 99.59 %", () => {
    const r = scoreMatchpointSession(lines, mp());
    expect(r.fullTop).toBe(22);
    // F = (21·12 − 11)/11 = 241/11 of 22
    expect(boardOf(r, 1, 'N1').score.equals(Fraction.of(241, 11))).toBe(true);
    expect(pairOf(r, 'N1').published).toBe(99.59);
  });

  it("STD-NEUBERG 'out-of-field' (Pary): N = 11, the top stays 100 %, the sit-out gets 60 % of the top of 20", () => {
    const r = scoreMatchpointSession(lines, mp({ sitOutLines: 'out-of-field' }));
    expect(r.fullTop).toBe(20);
    expect(pairOf(r, 'N1').published).toBe(100);
    expect(boardOf(r, 1, 'N12').score.equals(Fraction.of(12))).toBe(true);
  });

  it("STD-NEUBERG 'out-of-field' counts an artificial line that is not a sit-out", () => {
    const notSitOut = lines.map((l) => (l.sitOut ? { ...l, sitOut: undefined } : l));
    const r = scoreMatchpointSession(notSitOut, mp({ sitOutLines: 'out-of-field' }));
    expect(pairOf(r, 'N1').published).toBe(99.59);
  });

  it('STD-NEUBERG a fixed neubergExpected is checked against the lines that count', () => {
    expect(() =>
      scoreMatchpointSession(lines, mp({ sitOutLines: 'out-of-field', neubergExpected: 11 })),
    ).not.toThrow();
    expect(() => scoreMatchpointSession(lines, mp({ neubergExpected: 11 }))).toThrow(
      'STD-NEUBERG: neubergExpected is 11 but a board has 12 results',
    );
  });

  it('STD-NEUBERG sitOut on a line that is not artificial, or not a boolean, is refused; false is no sit-out', () => {
    const bad = [line(1, 'N1', 'E1', 100), { ...line(1, 'N2', 'E2', 100), sitOut: true }];
    expect(() => scoreMatchpointSession(bad, mp())).toThrow(
      expect.objectContaining({ field: 'lines[1].sitOut', rule: 'STD-NEUBERG' }),
    );
    const notBoolean = lines.map((l) => (l.sitOut ? { ...l, sitOut: 'yes' as never } : l));
    expect(() => scoreMatchpointSession(notBoolean, mp())).toThrow(
      'must be a boolean, true on an artificial line only (a sit-out against a phantom), got yes',
    );
    const no = lines.map((l) => (l.sitOut ? { ...l, sitOut: false } : l));
    const r = scoreMatchpointSession(no, mp({ sitOutLines: 'out-of-field' }));
    expect(pairOf(r, 'N1').published).toBe(99.59);
    expect(() => scoringSettings({ sitOutLines: 'out' as 'in-field' })).toThrow(
      expect.objectContaining({ field: 'sitOutLines' }),
    );
  });
});

describe('STD-BUTLER given datums and artificial IMPs in tenths', () => {
  const lines: TravellerLine[] = [
    ...board(1, [170, 140, 140, 110]),
    { board: 1, nsPair: 'N5', ewPair: 'E5', artificial: { ns: 'A+', ew: 'A-' } },
  ];
  const tenths = { artificialImps: { '60': 1.2, '50': 0, '40': -1.2 } };

  it('DSB-16d artificial awards of ±1.2 IMPs where the rulebook says so', () => {
    const r = scoreImpSession(lines, {
      movement: 'two-winner',
      method: 'butler',
      settings: tenths,
    });
    const s = (p: string) => r.boards.find((b) => b.pair === p)!.score;
    expect(s('N5').equals(Fraction.of(6, 5))).toBe(true);
    expect(s('E5').equals(Fraction.of(-6, 5))).toBe(true);
    expect(r.pairs.find((p) => p.pair === 'N5')!.published).toBe(1.2);
  });

  it('DSB-16d artificialImps in hundredths, or beyond ±24, are refused by name', () => {
    expect(() => scoringSettings({ artificialImps: { '60': 1.25 } })).toThrow(
      expect.objectContaining({ field: 'artificialImps.60', rule: 'STD-BUTLER' }),
    );
    expect(() => scoringSettings({ artificialImps: { '60': 25 } })).toThrow(
      'must be a multiple of 0.1 IMP between −24 and 24, got 25',
    );
    expect(() => scoringSettings({ artificialImps: { '60': 1.1, '40': -0.3 } })).not.toThrow();
  });

  it('DSB-16b a datum given for the board (the director’s or the program’s) is used as given', () => {
    const r = scoreImpSession(lines, {
      movement: 'two-winner',
      method: 'butler',
      datums: { 1: 150 },
      settings: tenths,
    });
    expect(r.datums[1]).toBe(150);
    // 170 − 150 = 20 → 1 IMP; 110 − 150 = −40 → −1
    expect(r.boards.find((b) => b.pair === 'N1')!.score.equals(Fraction.of(1))).toBe(true);
    expect(r.boards.find((b) => b.pair === 'N4')!.score.equals(Fraction.of(-1))).toBe(true);
  });

  it.each<[unknown, string]>([
    [
      145,
      'STD-BUTLER: datums[1] must be a multiple of 10 (a datum is NS points rounded to the nearest 10), got 145',
    ],
    [142.5, 'STD-BUTLER: datums[1] must be an integer, got 142.5'],
    ['140', 'STD-BUTLER: datums[1] must be an integer, got 140'],
  ])('STD-BUTLER a given datum of %p is refused with a clear error', (datum, message) => {
    expect(() =>
      scoreImpSession(lines, {
        movement: 'two-winner',
        method: 'butler',
        datums: { 1: datum as number },
      }),
    ).toThrow(message);
  });
});

describe('STD-NEUBERG factoredRounding', () => {
  // A Mitchell of 19 tables, one board with 18 results (N = 19, top 36). On board 2, N19 did
  // not play; N1 is bottom alone (MP 0) and N2 second from bottom (MP 2):
  // exact F = (MP + 1)·19/18 − 1 = 1/18 = 0.0556 and 39/18 = 2.1667.
  const scores19 = Array.from({ length: 19 }, (_, t) => 10 * t);
  const lines = [...board(1, scores19), ...board(2, scores19.slice(0, 18))];

  it("STD-NEUBERG 'exact' (the default): 1/18 is kept exact, published to 2 decimals as 0.06; its EW 35.94", () => {
    const r = scoreMatchpointSession(lines, mp());
    expect(boardOf(r, 2, 'N1').score.equals(Fraction.of(1, 18))).toBe(true);
    expect(boardOf(r, 2, 'E1').score.equals(Fraction.of(647, 18))).toBe(true);
  });

  it("STD-NEUBERG 'percent-hundredths': the factored score held as a percentage of the top to 2 decimals, so 0.0556 → 0.15 % → 0.054 (published .05) and its EW 35.946 (.95), as Compscore published 416.05 and 456.95", () => {
    const r = scoreMatchpointSession(lines, mp({ factoredRounding: 'percent-hundredths' }));
    expect(boardOf(r, 2, 'N1').score.equals(Fraction.fromDecimal(0.054))).toBe(true);
    expect(boardOf(r, 2, 'E1').score.equals(Fraction.fromDecimal(35.946))).toBe(true);
    // a pair with 416 whole matchpoints elsewhere: 416.054 → 416.05 (exact 416.0556 → 416.06)
    expect(
      Fraction.of(416)
        .add(boardOf(r, 2, 'N1').score)
        .round(2),
    ).toBe(416.05);
    expect(
      Fraction.of(421)
        .add(boardOf(r, 2, 'E1').score)
        .round(2),
    ).toBe(456.95);
    // MP 2: 6.02 % → 2.1672, the same 2 decimals as exact 2.1667
    expect(boardOf(r, 2, 'N2').score.equals(Fraction.fromDecimal(2.1672))).toBe(true);
    // an unfactored board is untouched
    expect(boardOf(r, 1, 'N2').score.equals(Fraction.of(2))).toBe(true);
  });

  it("STD-NEUBERG 'percent-hundredths' changes a 2-decimal figure only for NS matchpoints 0, 9, 16, 18, 25, 34 of 34 (and their EW): the only candidate found that leaves the other lines of such a board as exact rounding gives them", () => {
    const changed: number[] = [];
    // every NS matchpoint score 0–34 a result among 18 can have (ties give the odd ones)
    for (let m = 0; m <= 34; m++) {
      const exact = Fraction.of((m + 1) * 19 - 18, 18);
      const pct = Fraction.of(Math.floor((20000 * ((m + 1) * 19 - 18) + 18 * 36) / (2 * 18 * 36)));
      const held = pct.mulInt(36).div(Fraction.of(10000));
      if (held.round(2) !== exact.round(2)) changed.push(m);
      const ew = Fraction.of(36).sub(exact);
      const ewPct = Fraction.of(
        Math.floor((20000 * (36 * 18 - ((m + 1) * 19 - 18)) + 18 * 36) / (2 * 18 * 36)),
      );
      expect(ewPct.mulInt(36).div(Fraction.of(10000)).round(2) !== ew.round(2)).toBe(
        held.round(2) !== exact.round(2),
      );
    }
    expect(changed).toEqual([0, 9, 16, 18, 25, 34]);
  });

  it('STD-NEUBERG explainPublishedPairs says which reading reproduces a published total, and when none does (unexplained by the engine)', () => {
    const options = mp({ matchpointTotal: 'sum' });
    // N1: 0 on board 1 and 1/18 on board 2: exact 0.0556
    const [a, b, c, d] = explainPublishedPairs(lines, options, [
      { pair: 'N1', total: 0.06 },
      { pair: 'N1', total: 0.05 },
      { pair: 'N1', total: 0.07 },
      { pair: 'N2', total: 4.17, percentage: 5.79 }, // 2 + 39/18 = 4.1667 of 72
    ]);
    expect(a).toEqual({ pair: 'N1', explainedBy: ['exact'], agreesAsScored: true });
    expect(b).toEqual({ pair: 'N1', explainedBy: ['percent-hundredths'], agreesAsScored: false });
    expect(c).toEqual({ pair: 'N1', explainedBy: [], agreesAsScored: false });
    expect(d!.explainedBy).toEqual(['exact', 'percent-hundredths']);
    expect(() => explainPublishedPairs(lines, options, [{ pair: 'X9', total: 1 }])).toThrow(
      'STD-MP: published[0].pair names pair X9, which has no line in the session',
    );
  });

  it('STD-NEUBERG a bad factoredRounding is refused by name', () => {
    expect(() => scoringSettings({ factoredRounding: 'nearest-0.05' as 'exact' })).toThrow(
      expect.objectContaining({ field: 'factoredRounding' }),
    );
  });
});

describe('line kinds and settings at the edges', () => {
  it('STD-MP a line with none of score, artificial, awarded, weighted names them all', () => {
    const bad = [{ board: 1, nsPair: 'A', ewPair: 'B', sitOut: true } as TravellerLine];
    expect(() => scoreMatchpointSession(bad, mp())).toThrow(
      'a line carries exactly one of score, artificial, awarded, weighted; got none',
    );
  });

  it('the defaults are Compscore’s', () => {
    expect(scoringSettings()).toMatchObject({
      sitOutLines: 'in-field',
      sessionPercentage: 'total-over-tops',
      matchpointTotal: 'scaled',
      factoredRounding: 'exact',
    });
  });

  it('Law 12C average-plus against the pair’s own percentage counts its weighted results', () => {
    const lines: TravellerLine[] = [
      ...board(1, [100, 200]),
      {
        board: 2,
        nsPair: 'N1',
        ewPair: 'E1',
        weighted: [
          { weight: 0.5, score: 300 },
          { weight: 0.5, score: 400 },
        ],
      },
      line(2, 'N2', 'E2', 100),
      { board: 3, nsPair: 'N1', ewPair: 'E1', artificial: { ns: 'A+', ew: 'A-' } },
      line(3, 'N2', 'E2', 100),
    ];
    const r = scoreMatchpointSession(lines, mp());
    // N1: board 1 0 of 2 (0 %); board 2, both parts beat 100: 2 of 2 (100 %). Own 50 %, so
    // A+ stays 60 % of the top of 2 = 1.2; counting only real boards it would be 60 % too,
    // so also check A−: min(40 %, own 50 %) = 40 % → 0.8, against 0 % without board 2.
    expect(boardOf(r, 3, 'N1').score.equals(Fraction.fromDecimal(1.2))).toBe(true);
    const minus = scoreMatchpointSession(
      lines.map((l) =>
        l.artificial ? { ...l, artificial: { ns: 'A-' as const, ew: 'A+' as const } } : l,
      ),
      mp(),
    );
    expect(boardOf(minus, 3, 'N1').score.equals(Fraction.fromDecimal(0.8))).toBe(true);
  });
});
