import {
  DEFAULT_SCORING_SETTINGS,
  ScoringInputError,
  artificialImps,
  butlerDatum,
  butlerDropCount,
  butlerImps,
  crossImps,
  crossImpsHundredths,
  scoringSettings,
} from '../../src/scoring';

describe('STD-BUTLER the datum', () => {
  it('STD-BUTLER mean without the single top and bottom: 4 results 170, 140, 150, 180 → 160', () => {
    expect(butlerDatum([170, 140, 150, 180])).toBe(160);
  });

  // Halves are rounded away from zero, as the published Compscore datums show.
  it.each([
    [[-490, -460, -430, 50], -450], // mean −445
    [[-680, -170, 100, 100], -40], // mean −35
    [[-200, -100, 170, 620], 40], // mean 35
    [[-100, -90, 100, 100], 10], // mean 5
    [[-670, -110, 100, 500], -10], // mean −5
    [[-1430, -1390, -680, -680], -1040], // mean −1035
  ])('STD-BUTLER %p has datum %i (nearest 10, halves away from zero)', (scores, datum) => {
    expect(butlerDatum(scores)).toBe(datum);
  });

  it('STD-BUTLER rounds to the nearest 10 below a half: mean 123.3 → 120, 126.7 → 130', () => {
    expect(butlerDatum([0, 100, 120, 150, 1000])).toBe(120);
    expect(butlerDatum([0, 100, 130, 150, 1000])).toBe(130);
  });

  it('STD-BUTLER a datum of 0 is +0, never −0', () => {
    expect(Object.is(butlerDatum([-10, 0, 0, 10]), 0)).toBe(true);
    expect(Object.is(butlerDatum([-40, -4, 0, 20]), 0)).toBe(true); // mean −2
  });

  it('STD-BUTLER with 1 or 2 results nothing is dropped by default', () => {
    expect(butlerDatum([420])).toBe(420);
    expect(butlerDatum([420, -50])).toBe(190); // mean 185 → 190
    expect(butlerDropCount(2, DEFAULT_SCORING_SETTINGS.butlerDrop)).toBe(0);
    expect(butlerDropCount(3, DEFAULT_SCORING_SETTINGS.butlerDrop)).toBe(1);
  });

  it('STD-BUTLER setting: drop 2 at each end from 10 results', () => {
    const s = scoringSettings({
      butlerDrop: [
        { fromResults: 1, drop: 0 },
        { fromResults: 3, drop: 1 },
        { fromResults: 10, drop: 2 },
      ],
    });
    const scores = [-2000, -1000, 100, 100, 100, 100, 100, 100, 3000, 4000];
    expect(butlerDatum(scores, s)).toBe(100);
    expect(butlerDatum(scores)).toBe(330); // default drops 1: (−1000 + 6·100 + 3000) / 8 = 325
  });

  it('STD-BUTLER each line scores IMP(score − datum) for NS, the negative for EW', () => {
    expect(butlerImps(170, 160)).toBe(0);
    expect(butlerImps(140, 160)).toBe(-1);
    expect(butlerImps(-50, 620)).toBe(-12);
    expect(-butlerImps(-50, 620)).toBe(12);
  });

  it('STD-BUTLER bad input is named', () => {
    expect(() => butlerDatum([])).toThrow(expect.objectContaining({ field: 'nsScores' }));
    expect(() => butlerDatum([100, 0.5])).toThrow(
      expect.objectContaining({ field: 'nsScores[1]' }),
    );
    expect(() => butlerImps(100, 12.5)).toThrow(expect.objectContaining({ field: 'datum' }));
  });
});

describe('STD-BUTLER artificial scores (DSB-16d mapping as the default setting)', () => {
  it('STD-BUTLER an artificial 50/50 scores 0 IMPs', () => {
    expect(artificialImps(50)).toBe(0);
    expect(artificialImps('A')).toBe(0);
  });

  it('DSB-16d 60 % → +2, 55 → +1, 50 → 0, 45 → −1, 40 → −2', () => {
    expect([60, 55, 50, 45, 40].map((p) => artificialImps(p))).toEqual([2, 1, 0, -1, -2]);
    expect(artificialImps('A+')).toBe(2);
    expect(artificialImps('A-')).toBe(-2);
  });

  it('STD-BUTLER a percentage with no IMP value in the setting is refused', () => {
    expect(() => artificialImps(70)).toThrow(ScoringInputError);
    expect(() => artificialImps(101)).toThrow(expect.objectContaining({ field: 'award' }));
  });

  it('STD-BUTLER setting: a club that gives ±3 for average-plus/minus', () => {
    const s = scoringSettings({ artificialImps: { '60': 3, '50': 0, '40': -3 } });
    expect(artificialImps('A+', s)).toBe(3);
  });
});

describe('STD-CROSSIMP each result against every other, averaged', () => {
  it('STD-CROSSIMP three results 620, 170, 170: 620 wins 10 twice → 10.00; the 170s score −5.00', () => {
    expect(crossImps([620, 170, 170])).toEqual([10, -5, -5]);
  });

  it('STD-CROSSIMP kept to 2 decimals: 4 results 420, 450, −50, 420', () => {
    // 420: 0 − ... IMP(420−450)=−1, IMP(420+50)=10, IMP(0)=0 → 9/3 = 3.00
    // 450: 1 + 11 + 1 = 13/3 = 4.33; −50: −10 −11 −10 = −31/3 = −10.33
    expect(crossImps([420, 450, -50, 420])).toEqual([3, 4.33, -10.33, 3]);
  });

  it('STD-CROSSIMP halves round away from zero at the 2nd decimal (±1/8 → ±0.13)', () => {
    // 9 results: one scores +1 IMP against one other and ties the rest → 1/8 = 0.125
    const scores = [20, 0, 20, 20, 20, 20, 20, 20, 20];
    const out = crossImps(scores);
    expect(out[1]).toBe(-1); // loses 1 IMP to 8 others → −8/8
    expect(crossImps([20, 0, 0, 0, 0, 0, 0, 0, 0])[1]).toBe(-0.13);
    expect(crossImps([20, 0, 0, 0, 0, 0, 0, 0, 0])[0]).toBe(1);
  });

  it('STD-CROSSIMP setting: no divisor gives the plain sum', () => {
    const s = scoringSettings({ crossImpDivisor: 'none' });
    expect(crossImps([620, 170, 170], s)).toEqual([20, -10, -10]);
  });

  it('STD-CROSSIMP a lone result scores 0; NS and EW sum to zero on a board', () => {
    expect(crossImps([420])).toEqual([0]);
    const h = crossImpsHundredths([420, 450, -50, 420, 170]);
    h.forEach((x) => expect(Number.isInteger(x)).toBe(true));
    expect(crossImps([100, 200]).reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('STD-CROSSIMP bad input is named', () => {
    expect(() => crossImps([1.5])).toThrow(expect.objectContaining({ field: 'nsScores[0]' }));
  });
});
