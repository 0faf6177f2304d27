import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Fraction, publishedFigure, scoringSettings } from '../../src/scoring';
import { checkSession, conventionsFor } from '../../src/import/check/check-session';
import { parseUsebio } from '../../src/import/usebio/parse';

/**
 * STD-MP `arithmetic`: a pair's published percentage and total, rounded from the exact value
 * ('exact', the default: halves away from zero) or as a program computing in binary floating
 * point prints them ('float64': the nearest double, rounded as it lies). Compscore publishes
 * 68.42 for a total whose exact value is 68.425 — the double 68.42499999999999716 — and its
 * profile in `check` reads figures so.
 */
const f = (text: string) => Fraction.fromDecimal(Number(text), 6);

describe('STD-MP arithmetic: a published figure rounded from the exact value or from the double', () => {
  it('STD-MP 68.425 is 68.43 exactly (halves away from zero) and 68.42 as a double prints', () => {
    expect(publishedFigure(f('68.425'), 2)).toBe(68.43);
    expect(publishedFigure(f('68.425'), 2, 'exact')).toBe(68.43);
    expect(publishedFigure(f('68.425'), 2, 'float64')).toBe(68.42);
  });

  it('STD-MP a half the double holds exactly (0.125, 52.375) rounds up in both', () => {
    expect(publishedFigure(Fraction.of(1, 8), 2, 'float64')).toBe(0.13);
    expect(publishedFigure(Fraction.of(419, 8), 2, 'float64')).toBe(52.38);
    expect(publishedFigure(Fraction.of(419, 8), 2, 'exact')).toBe(52.38);
  });

  it('STD-MP the side of the half the double lies on decides: 1.005 is 1.00499… (1.00), 49.935 is 49.93500…23 (49.94)', () => {
    expect(publishedFigure(f('1.005'), 2, 'float64')).toBe(1);
    expect(publishedFigure(f('49.935'), 2, 'float64')).toBe(49.94);
  });

  it('STD-MP negative figures (an IMP total) round by magnitude in both', () => {
    expect(publishedFigure(f('-68.425'), 2, 'exact')).toBe(-68.43);
    expect(publishedFigure(f('-68.425'), 2, 'float64')).toBe(-68.42);
  });

  it('STD-MP a figure not at a half is the same in both, at 0 and 4 decimals too', () => {
    expect(publishedFigure(Fraction.of(2, 3), 2, 'float64')).toBe(0.67);
    expect(publishedFigure(Fraction.of(2, 3), 4, 'float64')).toBe(0.6667);
    expect(publishedFigure(Fraction.of(5, 2), 0, 'exact')).toBe(3);
  });

  it('STD-MP bad input: an arithmetic the engine does not know is refused naming the setting', () => {
    expect(() => scoringSettings({ arithmetic: 'float32' as 'exact' })).toThrow(
      expect.objectContaining({ field: 'arithmetic', rule: 'STD-MP' }),
    );
  });
});

describe("STD-MP check: Compscore's figures are read as its doubles print them", () => {
  // A synthetic Compscore Mitchell (test/fixtures/usebio/mp-neuberg-rounding.xml): pair 19EW's
  // exact percentage is 49.925, published 49.92 as the double prints it.
  const session = () =>
    parseUsebio(readFileSync(join(__dirname, '../fixtures/usebio/mp-neuberg-rounding.xml'), 'utf8'))
      .sessions[0]!;

  it("STD-MP Compscore's profile reads figures in float64, and every published number agrees", () => {
    expect(conventionsFor({ name: 'Compscore3' }).settings).toMatchObject({
      arithmetic: 'float64',
    });
    const r = checkSession(session());
    expect(r.mismatches).toEqual([]);
    const p = r.comparisons.find((c) => c.what === 'pair 19EW percentage')!;
    expect(p).toMatchObject({ published: 49.92, agrees: true });
    expect(p.ours).toBeCloseTo(49.925, 9);
  });

  it('STD-MP under exact arithmetic the same figure is unexplained, and the reading that reproduces it is named', () => {
    const compscore = conventionsFor({ name: 'Compscore3' });
    const r = checkSession(session(), {
      ...compscore,
      settings: { ...compscore.settings, arithmetic: 'exact' },
    });
    expect(r.mismatches.map((m) => m.what).sort()).toEqual([
      'pair 10EW percentage',
      'pair 10NS percentage',
      'pair 19EW percentage',
      'pair 1NS percentage',
    ]);
    expect(r.mismatches.every((m) => m.reproducedBy?.includes("arithmetic 'float64'"))).toBe(true);
  });
});
