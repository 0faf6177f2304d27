import {
  applyChanges,
  RulebookChangeError,
  RulebookHistory,
  type Preset,
} from '../../src/rulebooks/rulebook';

const preset: Preset<{ series: { counted: number; cap: number }; name: string }> = {
  id: 'test-club',
  source: 'a test',
  formats: [],
  params: { series: { counted: 9, cap: 55 }, name: 'x' },
};

describe('rulebooks as versioned parameters', () => {
  it('applies a change by its dotted path and leaves the preset untouched', () => {
    const p = applyChanges(preset.params, { 'series.counted': 8 });
    expect(p.series.counted).toBe(8);
    expect(preset.params.series.counted).toBe(9);
  });

  it('refuses a path that names no parameter, and a value of the wrong kind', () => {
    expect(() => applyChanges(preset.params, { 'series.best': 8 })).toThrow(RulebookChangeError);
    expect(() => applyChanges(preset.params, { 'series.counted': '8' })).toThrow(
      /series.counted: must be a number, not a string/,
    );
    expect(() => applyChanges(preset.params, { 'name.x': 1 })).toThrow(/no such parameter/);
  });

  it('refuses a path through a name every object has (constructor, __proto__, toString): no parameter is called so', () => {
    for (const path of [
      'constructor',
      'series.constructor',
      'series.toString',
      'scoring.__proto__',
    ]) {
      expect(() => applyChanges(preset.params, { [path]: 1 })).toThrow(
        new RulebookChangeError(path, 'no such parameter'),
      );
    }
    const parsed = JSON.parse('{"__proto__": {"counted": 1}}') as Record<string, number>;
    expect(() => applyChanges(preset.params, parsed)).toThrow(/__proto__: no such parameter/);
    expect(({} as { counted?: number }).counted).toBeUndefined();
  });

  it('resolves the version in force on a date: an amendment counts from its effective date', () => {
    const h = new RulebookHistory<typeof preset.params>();
    h.adopt(preset, {}, '2026-01-01');
    h.amend({ 'series.counted': 8 }, '2026-06-01');
    expect(h.inForce('2025-12-31')).toBeUndefined();
    expect(h.inForce('2026-05-31')!.params.series.counted).toBe(9);
    expect(h.inForce('2026-06-01')!.params.series.counted).toBe(8);
  });

  it('an amendment dated before a later one is carried into it', () => {
    const h = new RulebookHistory<typeof preset.params>();
    h.adopt(preset, {}, '2026-01-01');
    h.amend({ 'series.cap': 50 }, '2026-09-01');
    h.amend({ 'series.counted': 8 }, '2026-03-01');
    expect(h.inForce('2026-09-02')!.params.series).toEqual({ counted: 8, cap: 50 });
  });

  it('refuses an amendment before any rulebook was adopted', () => {
    const h = new RulebookHistory();
    expect(() => h.amend({ x: 1 }, '2026-01-01')).toThrow(/no rulebook adopted/);
  });
  it('an earlier-dated amendment recorded later does not undo a later amendment of the same parameter', () => {
    const h = new RulebookHistory<typeof preset.params>();
    h.adopt(preset, {}, '2026-01-01');
    h.amend({ 'series.counted': 7 }, '2026-09-01');
    h.amend({ 'series.counted': 8, 'series.cap': 50 }, '2026-03-01');
    expect(h.inForce('2026-04-01')!.params.series).toEqual({ counted: 8, cap: 50 });
    expect(h.inForce('2026-09-02')!.params.series).toEqual({ counted: 7, cap: 50 });
  });
});
