import {
  Fraction,
  ScoringInputError,
  type TravellerLine,
  competitionRanks,
  scoreImpSession,
  scoreMatchpointSession,
} from '../../src/scoring';

const line = (board: number, ns: string, ew: string, score: number): TravellerLine => ({
  board,
  nsPair: ns,
  ewPair: ew,
  score,
});

// A synthetic three-table Mitchell: NS pairs N1..N3, EW pairs E1..E3, boards 1–3, each played
// at every table (n = 3, top 4).
const mitchell: TravellerLine[] = [
  line(1, 'N1', 'E1', 420), line(1, 'N2', 'E2', 450), line(1, 'N3', 'E3', -50),
  line(2, 'N1', 'E2', -110), line(2, 'N2', 'E3', -110), line(2, 'N3', 'E1', 140),
  line(3, 'N1', 'E3', 100), line(3, 'N2', 'E1', -620), line(3, 'N3', 'E2', 100),
]; // prettier-ignore

const byPair = (r: ReturnType<typeof scoreMatchpointSession>) =>
  Object.fromEntries(r.pairs.map((p) => [p.pair, p]));

describe('Session result: matchpoint pairs (STD-MP, STD-NEUBERG)', () => {
  it('STD-MP per board per pair matchpoints on top 2(n − 1), NS and EW separately', () => {
    const r = scoreMatchpointSession(mitchell, { movement: 'two-winner' });
    const b1 = r.boards
      .filter((b) => b.board === 1)
      .map((b) => [b.pair, b.score.toString(), b.top]);
    expect(b1).toEqual([
      ['N1', '2', 4], ['E1', '2', 4],
      ['N2', '4', 4], ['E2', '0', 4],
      ['N3', '0', 4], ['E3', '4', 4],
    ]); // prettier-ignore
    expect(r.fullTop).toBe(4);
    expect(r.maxBoardsPlayed).toBe(3);
  });

  it('STD-MP percentage = Σ matchpoints / Σ tops; places "1224" per field (two-winner)', () => {
    const r = byPair(scoreMatchpointSession(mitchell, { movement: 'two-winner' }));
    // N1: 2 + 1 + 3 = 6 of 12 = 50 %; N2: 4 + 1 + 0 = 5 → 41.67 %; N3: 0 + 4 + 3 = 7 → 58.33 %
    expect(r['N1']!.total.toString()).toBe('6');
    expect(r['N1']!.published).toBe(50);
    expect(r['N2']!.published).toBe(41.67);
    expect(r['N3']!.published).toBe(58.33);
    expect([r['N3']!.place, r['N1']!.place, r['N2']!.place]).toEqual([1, 2, 3]);
    expect(r['N1']!.field).toBe('NS');
    expect(r['E1']!.field).toBe('EW');
    // E1: 2 + 0 + 4 = 6 → 50 %; E2: 0 + 3 + 1 = 4 → 33.33 %; E3: 4 + 3 + 1 = 8 → 66.67 %
    expect([r['E3']!.place, r['E1']!.place, r['E2']!.place]).toEqual([1, 2, 3]);
  });

  it('STD-MP total score in matchpoints = percentage × most boards played × full top', () => {
    const r = byPair(scoreMatchpointSession(mitchell, { movement: 'two-winner' }));
    expect(r['N2']!.totalScore.toString()).toBe('5'); // 5/12 × 3 × 4
  });

  it('STD-MP equal percentages share a place and the next place is skipped (1224)', () => {
    expect(competitionRanks([50, 60, 50, 40, 60])).toEqual([3, 1, 3, 5, 1]);
    const tied: TravellerLine[] = [
      line(1, 'A', 'X', 100), line(1, 'B', 'Y', 100), line(1, 'C', 'Z', 200),
    ]; // prettier-ignore
    const r = byPair(scoreMatchpointSession(tied, { movement: 'two-winner' }));
    expect([r['C']!.place, r['A']!.place, r['B']!.place]).toEqual([1, 2, 2]);
    expect([r['X']!.place, r['Y']!.place, r['Z']!.place]).toEqual([1, 1, 3]);
  });

  it('STD-MP a pair that sat out a round: percentage over the boards it played, total score scaled up', () => {
    // Four NS pairs, three EW pairs: N4 sits out board 3.
    const lines = [
      ...mitchell.filter((l) => l.board !== 3),
      line(1, 'N4', 'E4', 0), line(2, 'N4', 'E4', 0),
      line(3, 'N1', 'E3', 100), line(3, 'N2', 'E1', -620), line(3, 'N3', 'E2', 100),
      line(3, 'N5', 'E4', 0),
    ]; // prettier-ignore
    const r = byPair(scoreMatchpointSession(lines, { movement: 'two-winner' }));
    expect(r['N5']!.boardsPlayed).toBe(1);
    expect(r['N5']!.tops).toBe(6); // board 3 has 4 results, so N = 4 and every full top is 6
    expect(r['N1']!.tops).toBe(18); // 3 boards × full top 6
    // N5 on board 3: 100, -620, 100, 0 → beats -620 only = 2 of 6
    expect(r['N5']!.percentage.toString()).toBe('100/3');
    expect(r['N5']!.totalScore.toString()).toBe('6'); // 1/3 × 3 boards × 6
  });

  it('STD-NEUBERG a board with a missing result is factored to N = the largest number of results', () => {
    const lines = mitchell.filter((l) => !(l.board === 2 && l.nsPair === 'N3'));
    const r = scoreMatchpointSession(lines, { movement: 'two-winner' });
    const b2 = Object.fromEntries(
      r.boards.filter((b) => b.board === 2).map((b) => [b.pair, b.score.toString()]),
    );
    // n = 2 (−110, −110: MP 1 each of top 2), N = 3: (1 + 1)·3/2 − 1 = 2 of the full top 4
    expect(b2).toEqual({ N1: '2', E2: '2', N2: '2', E3: '2' });
  });

  it("STD-NEUBERG setting: a fixed expected count (the movement's) instead of the largest seen", () => {
    const r = scoreMatchpointSession(mitchell, {
      movement: 'two-winner',
      settings: { neubergExpected: 4 },
    });
    expect(r.fullTop).toBe(6);
    // board 1 N2 had the top 4 of 4: (4 + 1)·4/3 − 1 = 17/3
    expect(r.boards.find((b) => b.board === 1 && b.pair === 'N2')!.score.toString()).toBe('17/3');
    expect(() =>
      scoreMatchpointSession(mitchell, {
        movement: 'two-winner',
        settings: { neubergExpected: 2 },
      }),
    ).toThrow(expect.objectContaining({ field: 'neubergExpected' }));
  });

  it('STD-NEUBERG setting: no factoring scores each board on its own top (tops differ)', () => {
    const lines = mitchell.filter((l) => !(l.board === 2 && l.nsPair === 'N3'));
    const r = byPair(
      scoreMatchpointSession(lines, { movement: 'two-winner', settings: { factoring: 'none' } }),
    );
    expect(r['N1']!.tops).toBe(4 + 2 + 4);
  });

  it('STD-MP setting: 1 per result beaten (½ per tie) halves points and tops, not percentages', () => {
    const two = byPair(scoreMatchpointSession(mitchell, { movement: 'two-winner' }));
    const one = byPair(
      scoreMatchpointSession(mitchell, {
        movement: 'two-winner',
        settings: { matchpointsPerResultBeaten: 1 },
      }),
    );
    expect(one['N1']!.total.toString()).toBe('3');
    expect(one['N1']!.tops).toBe(6);
    expect(one['N2']!.percentage.equals(two['N2']!.percentage)).toBe(true);
  });
});

describe('Session result: artificial scores (STD-NEUBERG, Law 12C)', () => {
  // Board 3 at table N1–E3 could not be played: average-plus to NS, average-minus to EW.
  const lines: TravellerLine[] = mitchell.map((l) =>
    l.board === 3 && l.nsPair === 'N1'
      ? { board: 3, nsPair: 'N1', ewPair: 'E3', artificial: { ns: 'A+', ew: 'A-' } }
      : l,
  );

  it('STD-NEUBERG the artificial line is left out of n: the other two results are factored to N = 3', () => {
    const r = scoreMatchpointSession(lines, {
      movement: 'two-winner',
      settings: { averagePlusMinus: 'fixed' },
    });
    const b3 = Object.fromEntries(
      r.boards.filter((b) => b.board === 3).map((b) => [b.pair, b.score.toString()]),
    );
    // real: N2 −620 (MP 0), N3 100 (MP 2) of top 2 → (0+1)·3/2 − 1 = 1/2 and (2+1)·3/2 − 1 = 7/2
    expect(b3['N2']).toBe('1/2');
    expect(b3['N3']).toBe('7/2');
    // fixed: 60 % and 40 % of the full top 4
    expect(b3['N1']).toBe('12/5');
    expect(b3['E3']).toBe('8/5');
  });

  it("Law 12C average-plus is the better of 60 % and the pair's own percentage on its other boards", () => {
    const r = scoreMatchpointSession(lines, { movement: 'two-winner' }); // law12c is the default
    const b3 = Object.fromEntries(
      r.boards.filter((b) => b.board === 3).map((b) => [b.pair, b.score]),
    );
    // N1 on boards 1–2: 2 + 1 = 3 of 8 = 37.5 % → 60 % wins: 12/5
    expect(b3['N1']!.toString()).toBe('12/5');
    // E3 on boards 1–2: 4 + 3 = 7 of 8 = 87.5 % → average-minus is min(40 %, 87.5 %) = 40 %
    expect(b3['E3']!.toString()).toBe('8/5');
  });

  it("Law 12C average-minus is the worse of 40 % and the pair's own percentage", () => {
    const swapped = lines.map((l) =>
      l.artificial ? { ...l, artificial: { ns: 'A-' as const, ew: 'A+' as const } } : l,
    );
    const r = scoreMatchpointSession(swapped, { movement: 'two-winner' });
    const b3 = Object.fromEntries(
      r.boards.filter((b) => b.board === 3).map((b) => [b.pair, b.score]),
    );
    // N1: 37.5 % < 40 % → 37.5 % of 4 = 3/2; E3: 87.5 % > 60 % → 87.5 % of 4 = 7/2
    expect(b3['N1']!.toString()).toBe('3/2');
    expect(b3['E3']!.toString()).toBe('7/2');
  });

  it('STD-NEUBERG artificial percentages need not add up to 100 (50/50, 60/60, 40/40)', () => {
    const l2 = mitchell.map((l) =>
      l.board === 3 && l.nsPair === 'N1'
        ? { board: 3, nsPair: 'N1', ewPair: 'E3', artificial: { ns: 60, ew: 60 } }
        : l,
    );
    const r = scoreMatchpointSession(l2, { movement: 'two-winner' });
    const b3 = r.boards.filter((b) => b.artificial).map((b) => b.score.toString());
    expect(b3).toEqual(['12/5', '12/5']);
  });
});

describe('Session result: one-winner (Howell) and bad input', () => {
  const howell: TravellerLine[] = [
    line(1, '1', '2', 100), line(1, '3', '4', 200),
    line(2, '2', '3', -100), line(2, '4', '1', -100),
    line(3, '1', '3', 50), line(3, '2', '4', 400),
  ]; // prettier-ignore

  it('STD-MP in a one-winner movement all pairs are one field whatever direction they sat', () => {
    const r = scoreMatchpointSession(howell, { movement: 'one-winner' });
    expect(new Set(r.pairs.map((p) => p.field))).toEqual(new Set(['all']));
    expect(r.pairs.map((p) => p.place).sort()).toEqual([1, 1, 3, 3]);
  });

  it('STD-MP a pair in both directions of a two-winner movement is refused', () => {
    expect(() => scoreMatchpointSession(howell, { movement: 'two-winner' })).toThrow(
      expect.objectContaining({ field: 'movement' }),
    );
  });

  it('STD-MP bad lines are refused with the field named', () => {
    expect(() =>
      scoreMatchpointSession([line(0, 'A', 'B', 0)], { movement: 'one-winner' }),
    ).toThrow(expect.objectContaining({ field: 'lines[0].board' }));
    expect(() =>
      scoreMatchpointSession([{ board: 1, nsPair: 'A', ewPair: 'B' }], { movement: 'one-winner' }),
    ).toThrow(expect.objectContaining({ field: 'lines[0].score' }));
    expect(() =>
      scoreMatchpointSession([line(1, 'A', 'B', 0), line(1, 'A', 'C', 10)], {
        movement: 'one-winner',
      }),
    ).toThrow(ScoringInputError);
    expect(() => scoreMatchpointSession([], { movement: 'sideways' as 'one-winner' })).toThrow(
      expect.objectContaining({ field: 'movement' }),
    );
    expect(() =>
      scoreMatchpointSession(mitchell, {
        movement: 'two-winner',
        settings: { factoring: 'x' as 'none' },
      }),
    ).toThrow(expect.objectContaining({ field: 'factoring' }));
  });
});

describe('Session result: IMP pairs (STD-BUTLER, STD-CROSSIMP)', () => {
  // A synthetic four-table Howell board set mirroring a Compscore butler: datum = mean of the
  // middle two of four, rounded to 10 (halves away from zero).
  const lines: TravellerLine[] = [
    line(1, '1', '2', 170), line(1, '3', '4', 140), line(1, '5', '6', 150), line(1, '7', '8', 180),
    line(2, '2', '3', -490), line(2, '4', '5', -460), line(2, '6', '7', -430), line(2, '8', '1', 50),
  ]; // prettier-ignore

  it('STD-BUTLER datums, per-line IMPs (EW the negative) and totals', () => {
    const r = scoreImpSession(lines, { movement: 'one-winner', method: 'butler' });
    expect(r.datums).toEqual({ 1: 160, 2: -450 });
    const s = (board: number, pair: string) =>
      r.boards.find((b) => b.board === board && b.pair === pair)!.score.toNumber();
    expect(s(1, '3')).toBe(-1);
    expect(s(1, '4')).toBe(1);
    expect(s(2, '8')).toBe(11); // 50 − (−450) = 500
    expect(s(2, '1')).toBe(-11);
    const p = Object.fromEntries(r.pairs.map((x) => [x.pair, x]));
    expect(p['8']!.total.toNumber()).toBe(-1 + 11); // EW on board 1 against 180 − 160 = 20 → −1
    expect(p['8']!.place).toBe(1);
  });

  it('STD-BUTLER setting: a datum given by the director', () => {
    const r = scoreImpSession(lines, {
      movement: 'one-winner',
      method: 'butler',
      datums: { 1: 0 },
    });
    expect(r.datums[1]).toBe(0);
    expect(r.boards.find((b) => b.board === 1 && b.pair === '1')!.score.toNumber()).toBe(5);
  });

  it('STD-BUTLER an artificial 50/50 scores 0 IMPs; 60/40 gives +2/−2 (DSB-16d setting)', () => {
    const l2: TravellerLine[] = [
      ...lines,
      { board: 3, nsPair: '1', ewPair: '2', artificial: { ns: 50, ew: 50 } },
      { board: 3, nsPair: '3', ewPair: '4', artificial: { ns: 'A+', ew: 'A-' } },
    ];
    const r = scoreImpSession(l2, { movement: 'one-winner', method: 'butler' });
    const b3 = r.boards.filter((b) => b.board === 3).map((b) => b.score.toNumber());
    expect(b3).toEqual([0, 0, 2, -2]);
    expect(r.datums[3]).toBeUndefined();
  });

  it('STD-CROSSIMP board scores are exact Σ IMPs / (n − 1), totals rounded once', () => {
    const r = scoreImpSession(lines, { movement: 'one-winner', method: 'cross-imp' });
    const p = Object.fromEntries(r.pairs.map((x) => [x.pair, x]));
    // board 1: 170 vs 140, 150, 180 → 1 + 1 + 0 = 2/3;
    // board 2, EW against 50 vs −490, −460, −430 → −(11 + 11 + 10)/3 = −32/3
    const s = (board: number, pair: string) =>
      r.boards.find((b) => b.board === board && b.pair === pair)!.score;
    expect(s(1, '1').equals(Fraction.of(2, 3))).toBe(true);
    expect(s(2, '1').equals(Fraction.of(-32, 3))).toBe(true);
    expect(p['1']!.total.equals(Fraction.of(-10))).toBe(true);
    expect(p['1']!.published).toBe(-10);
  });

  it('STD-BUTLER a bad method or datum is refused by name', () => {
    expect(() =>
      scoreImpSession(lines, { movement: 'one-winner', method: 'x' as 'butler' }),
    ).toThrow(expect.objectContaining({ field: 'method' }));
    expect(() =>
      scoreImpSession(lines, { movement: 'one-winner', method: 'butler', datums: { 1: 1.5 } }),
    ).toThrow(expect.objectContaining({ field: 'datums[1]' }));
  });
});
