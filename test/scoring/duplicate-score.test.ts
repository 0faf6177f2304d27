import {
  type Contract,
  type Doubling,
  type Level,
  type Seat,
  type Strain,
  ScoringInputError,
  checkReportedScore,
  contractScore,
  dealerOf,
  isVulnerable,
  nsScore,
  parseContract,
  vulnerabilityOf,
} from '../../src/scoring';

const c = (text: string, declarer: Seat = 'S'): Contract => parseContract(text, declarer)!;
const made = (text: string, tricks: number, vul: boolean) => contractScore(c(text), tricks, vul);

describe('STD-SCORE vulnerability from the board number (standard 16-board cycle)', () => {
  it('STD-SCORE boards 1-16 follow the standard cycle', () => {
    const expected = [
      'None', 'NS', 'EW', 'Both', 'NS', 'EW', 'Both', 'None',
      'EW', 'Both', 'None', 'NS', 'Both', 'None', 'NS', 'EW',
    ]; // prettier-ignore
    expect(Array.from({ length: 16 }, (_, i) => vulnerabilityOf(i + 1))).toEqual(expected);
  });

  it('STD-SCORE boards above 16 repeat the cycle (17 is 1, 32 is 16, 36 is 4)', () => {
    expect(vulnerabilityOf(17)).toBe('None');
    expect(vulnerabilityOf(18)).toBe('NS');
    expect(vulnerabilityOf(32)).toBe('EW');
    expect(vulnerabilityOf(36)).toBe('Both');
  });

  it('STD-SCORE dealer rotates N, E, S, W', () => {
    expect([1, 2, 3, 4, 5, 17].map(dealerOf)).toEqual(['N', 'E', 'S', 'W', 'N', 'N']);
  });

  it('STD-SCORE a seat is vulnerable when its side is', () => {
    expect(isVulnerable(2, 'N')).toBe(true);
    expect(isVulnerable(2, 'E')).toBe(false);
    expect(isVulnerable(3, 'W')).toBe(true);
    expect(isVulnerable(3, 'S')).toBe(false);
    expect(isVulnerable(4, 'E')).toBe(true);
    expect(isVulnerable(1, 'S')).toBe(false);
  });

  it('STD-SCORE rejects board 0, negative and fractional boards naming the field', () => {
    for (const bad of [0, -1, 1.5, NaN]) {
      expect(() => vulnerabilityOf(bad)).toThrow(ScoringInputError);
    }
    try {
      vulnerabilityOf(0);
    } catch (e) {
      expect(e).toBeInstanceOf(RangeError);
      expect((e as ScoringInputError).field).toBe('board');
      expect((e as ScoringInputError).rule).toBe('STD-SCORE');
    }
  });
});

describe('STD-SCORE Law 77 contracts made', () => {
  it.each([
    // [contract, tricks, vulnerable, score]
    ['1C', 7, false, 70],
    ['1D', 7, true, 70],
    ['2H', 8, false, 110],
    ['2S', 8, true, 110],
    ['1NT', 7, false, 90],
    ['1NT', 8, false, 120],
    ['2NT', 8, true, 120],
    ['3NT', 9, false, 400],
    ['3NT', 9, true, 600],
    ['3NT', 10, false, 430],
    ['3NT', 11, true, 660],
    ['4H', 10, false, 420],
    ['4S', 10, true, 620],
    ['4S', 11, true, 650],
    ['5C', 11, false, 400],
    ['5D', 11, true, 600],
    ['4C', 10, false, 130],
    ['4D', 11, true, 150],
    ['3S', 9, false, 140],
    ['3H', 10, true, 170],
    ['6H', 12, false, 980],
    ['6H', 12, true, 1430],
    ['6NT', 12, false, 990],
    ['6NT', 13, true, 1470],
    ['6C', 12, false, 920],
    ['6D', 12, true, 1370],
    ['7S', 13, false, 1510],
    ['7S', 13, true, 2210],
    ['7NT', 13, false, 1520],
    ['7NT', 13, true, 2220],
    ['7C', 13, true, 2140],
  ] as const)(
    'STD-SCORE %s taking %i tricks, vulnerable %s, scores %i',
    (text, tricks, vul, score) => {
      expect(made(text, tricks, vul)).toBe(score);
    },
  );
});

describe('STD-SCORE doubled and redoubled contracts made (insult 50/100)', () => {
  it.each([
    ['1CX', 7, false, 140],
    ['1CXX', 7, false, 230],
    ['1CXX', 7, true, 230],
    ['2HX', 8, false, 470],
    ['2HX', 8, true, 670],
    ['2DX', 8, false, 180],
    ['1NTX', 7, false, 180],
    ['1NTX', 8, false, 280],
    ['1NTX', 8, true, 380],
    ['1NTXX', 8, false, 760],
    ['1NTXX', 8, true, 1160],
    ['3NTX', 9, false, 550],
    ['3NTX', 10, true, 950],
    ['4SX', 10, true, 790],
    ['4SXX', 11, true, 1480],
    ['5DX', 11, false, 550],
    ['6HX', 12, false, 1210],
    ['7NTX', 13, true, 2490],
    ['7NTXX', 13, true, 2980],
  ] as const)(
    'STD-SCORE %s taking %i tricks, vulnerable %s, scores %i',
    (text, tricks, vul, score) => {
      expect(made(text, tricks, vul)).toBe(score);
    },
  );

  it('STD-SCORE doubled overtricks are 100/200 not vulnerable, 200/400 vulnerable', () => {
    expect(made('1SX', 8, false) - made('1SX', 7, false)).toBe(100);
    expect(made('1SX', 8, true) - made('1SX', 7, true)).toBe(200);
    expect(made('1SXX', 8, false) - made('1SXX', 7, false)).toBe(200);
    expect(made('1SXX', 8, true) - made('1SXX', 7, true)).toBe(400);
  });

  it('STD-SCORE the game bonus needs 100 contract points, doubled or not (2DX is a part score, 3DX a game)', () => {
    expect(made('2DX', 8, false)).toBe(80 + 50 + 50);
    expect(made('3DX', 9, false)).toBe(120 + 300 + 50);
  });
});

describe('STD-SCORE undertricks', () => {
  it.each([
    ['4S', 9, false, -50],
    ['4S', 9, true, -100],
    ['4S', 7, false, -150],
    ['4S', 6, true, -400],
    ['7NT', 0, false, -650],
    ['7NT', 0, true, -1300],
  ] as const)('STD-SCORE undoubled %s with %i tricks, vulnerable %s: %i', (t, n, v, s) => {
    expect(made(t, n, v)).toBe(s);
  });

  it('STD-SCORE doubled not vulnerable: 100, 300, 500, then +300 each', () => {
    expect([1, 2, 3, 4, 5, 6].map((down) => made('4SX', 10 - down, false))).toEqual([
      -100, -300, -500, -800, -1100, -1400,
    ]);
  });

  it('STD-SCORE doubled vulnerable: 200, 500, 800, then +300 each', () => {
    expect([1, 2, 3, 4, 5].map((down) => made('4SX', 10 - down, true))).toEqual([
      -200, -500, -800, -1100, -1400,
    ]);
  });

  it('STD-SCORE redoubled undertricks are twice the doubled ones', () => {
    expect([1, 2, 3, 4].map((down) => made('4SXX', 10 - down, false))).toEqual([
      -200, -600, -1000, -1600,
    ]);
    expect([1, 2, 3, 4].map((down) => made('4SXX', 10 - down, true))).toEqual([
      -400, -1000, -1600, -2200,
    ]);
  });

  it('STD-SCORE the extremes: 4SX-3 vulnerable 800, 7NTX-13 not vulnerable 3500, 7NTXX-13 vulnerable 7600', () => {
    expect(made('4SX', 7, true)).toBe(-800);
    expect(made('7NTX', 0, false)).toBe(-3500);
    expect(made('7NTXX', 0, true)).toBe(-7600);
  });
});

describe('STD-SCORE from the board: NS point of view, passed out, honours', () => {
  it('STD-SCORE the score is signed for NS: East declaring 4H= on board 1 is -420', () => {
    expect(nsScore({ board: 1, contract: c('4H', 'E'), tricks: 10 })).toBe(-420);
    expect(nsScore({ board: 1, contract: c('4H', 'N'), tricks: 10 })).toBe(420);
  });

  it('STD-SCORE vulnerability comes from the board number and declarer side', () => {
    // board 2: NS vulnerable
    expect(nsScore({ board: 2, contract: c('3NT', 'S'), tricks: 9 })).toBe(600);
    expect(nsScore({ board: 2, contract: c('3NT', 'W'), tricks: 9 })).toBe(-400);
    // board 19 = board 3: EW vulnerable, E goes 1 down doubled
    expect(nsScore({ board: 19, contract: c('2SX', 'E'), tricks: 7 })).toBe(200);
  });

  it('STD-SCORE a passed-out board scores 0 (tricks may be omitted)', () => {
    expect(nsScore({ board: 7, contract: null })).toBe(0);
    expect(Object.is(nsScore({ board: 7, contract: parseContract('PASS', 'N') }), 0)).toBe(true);
  });

  it('STD-SCORE honours are never counted: 4S= with all five honours is still 420', () => {
    expect(made('4S', 10, false)).toBe(420);
  });
});

describe('STD-SCORE checking a reported score', () => {
  it('STD-SCORE a reported score that agrees', () => {
    expect(checkReportedScore({ board: 1, contract: c('3D', 'N'), tricks: 9 }, 110)).toEqual({
      computedNsScore: 110,
      reportedNsScore: 110,
      agrees: true,
    });
  });

  it('STD-SCORE a reported score that disagrees is returned, not thrown, for the caller to show', () => {
    const check = checkReportedScore({ board: 1, contract: c('3NT', 'E'), tricks: 6 }, 140);
    expect(check).toEqual({ computedNsScore: 150, reportedNsScore: 140, agrees: false });
  });

  it('STD-SCORE a reported score must be an integer', () => {
    expect(() => checkReportedScore({ board: 1, contract: null }, 1.5)).toThrow(/reportedNsScore/);
  });
});

describe('STD-SCORE reading and validating contracts', () => {
  it('STD-SCORE parses traveller spellings', () => {
    expect(parseContract('3NT', 'N')).toEqual({
      level: 3,
      strain: 'NT',
      doubling: '',
      declarer: 'N',
    });
    expect(parseContract('3n', 'E')).toEqual({
      level: 3,
      strain: 'NT',
      doubling: '',
      declarer: 'E',
    });
    expect(parseContract('5DX', 'S')).toEqual({
      level: 5,
      strain: 'D',
      doubling: 'X',
      declarer: 'S',
    });
    expect(parseContract('1C xx', 'W')).toEqual({
      level: 1,
      strain: 'C',
      doubling: 'XX',
      declarer: 'W',
    });
    expect(parseContract('2H*', 'W')?.doubling).toBe('X');
    expect(parseContract('Pass', 'N')).toBeNull();
  });

  it('STD-SCORE rejects unreadable contracts', () => {
    for (const bad of ['8S', '0NT', '3Z', '', 'NT', '3NTXXX']) {
      expect(() => parseContract(bad, 'N')).toThrow(ScoringInputError);
    }
  });

  const good: Contract = { level: 4, strain: 'S', doubling: '', declarer: 'N' };
  it.each([
    ['level', { ...good, level: 8 as Level }],
    ['level', { ...good, level: 0 as Level }],
    ['level', { ...good, level: 2.5 as Level }],
    ['strain', { ...good, strain: 'Z' as Strain }],
    ['doubling', { ...good, doubling: 'XXX' as Doubling }],
    ['declarer', { ...good, declarer: 'Q' as Seat }],
  ])('STD-SCORE a bad %s is a ScoringInputError naming it', (field, contract) => {
    expect(() => contractScore(contract, 10, false)).toThrow(
      expect.objectContaining({ field, rule: 'STD-SCORE' }),
    );
  });

  it.each([-1, 14, 9.5])('STD-SCORE tricks %p outside 0..13 is rejected', (tricks) => {
    expect(() => contractScore(good, tricks, false)).toThrow(
      expect.objectContaining({ field: 'tricks' }),
    );
  });

  it('STD-SCORE vulnerable must be a boolean', () => {
    expect(() => contractScore(good, 10, 'yes' as unknown as boolean)).toThrow(
      expect.objectContaining({ field: 'vulnerable' }),
    );
  });
});
