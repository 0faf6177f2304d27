import { dsbGroenlo2014 } from '../../src/rulesets/dsb-groenlo-2014/preset';
import { nzClub } from '../../src/rulesets/nz-club/preset';
import { RulebookChangeError, RulebookHistory, type Json } from '../../src/rulebooks/rulebook';
import { scoringParamsIssue, scoringSettingsOf } from '../../src/rulebooks/scoring-params';
import { DEFAULT_SCORING_SETTINGS } from '../../src/scoring';

/** The `scoring` group of both presets: a club's scoring conventions, amendable by path. */
describe.each([nzClub, dsbGroenlo2014])(
  'the $id preset: scoring settings are parameters',
  (preset) => {
    const history = () => {
      const h = new RulebookHistory();
      h.adopt(preset as never, {}, '2026-01-01');
      return h;
    };
    const amend = (changes: Record<string, Json>) => () => history().amend(changes, '2026-06-01');

    it('STD-MP STD-NEUBERG the defaults are the scoring engine’s (the leading programs’ conventions), plain JSON', () => {
      expect(preset.params.scoring).toEqual(DEFAULT_SCORING_SETTINGS);
      expect(JSON.parse(JSON.stringify(preset.params.scoring))).toEqual(preset.params.scoring);
      expect(scoringParamsIssue(preset.params.scoring)).toBeUndefined();
      expect(scoringSettingsOf(preset.params)).toEqual(DEFAULT_SCORING_SETTINGS);
    });

    it('STD-NEUBERG an amendment turning Neuberg off, fixing 60/40 or naming N counts from its effective date', () => {
      const h = history();
      h.amend(
        {
          'scoring.factoring': 'none',
          'scoring.averagePlusMinus': 'fixed',
          'scoring.neubergExpected': 12,
        },
        '2026-06-01',
      );
      expect(scoringSettingsOf(h.inForce('2026-05-31')!.params)).toEqual(DEFAULT_SCORING_SETTINGS);
      expect(scoringSettingsOf(h.inForce('2026-06-01')!.params)).toMatchObject({
        factoring: 'none',
        averagePlusMinus: 'fixed',
        neubergExpected: 12,
        matchpointsPerResultBeaten: 2,
      });
      h.amend({ 'scoring.neubergExpected': 'max-results' }, '2026-07-01');
      expect(h.inForce('2026-07-01')!.params.scoring).toMatchObject({
        neubergExpected: 'max-results',
      });
    });

    it.each<[string, Record<string, Json>, string]>([
      [
        'STD-NEUBERG factoring',
        { 'scoring.factoring': 'neubreg' },
        'rulebook parameter scoring.factoring: must be "neuberg" or "none", not "neubreg"',
      ],
      [
        'STD-NEUBERG factoring of the wrong kind',
        { 'scoring.factoring': false },
        'rulebook parameter scoring.factoring: must be a string, not a boolean',
      ],
      [
        'Law 12C averagePlusMinus',
        { 'scoring.averagePlusMinus': '60/40' },
        'rulebook parameter scoring.averagePlusMinus: must be "fixed" or "law12c", not "60/40"',
      ],
      [
        'Law 12C averagePlusPercent',
        { 'scoring.averagePlusPercent': 120 },
        'rulebook parameter scoring.averagePlusPercent: must be a percentage 0–100',
      ],
      [
        'STD-NEUBERG neubergExpected',
        { 'scoring.neubergExpected': 0 },
        'rulebook parameter scoring.neubergExpected: must be "max-results" or a positive integer, not 0',
      ],
      [
        'STD-NEUBERG neubergExpected keyword',
        { 'scoring.neubergExpected': 'max' },
        'rulebook parameter scoring.neubergExpected: must be "max-results" or a positive integer, not "max"',
      ],
      [
        'STD-NEUBERG neubergExpected of the wrong kind',
        { 'scoring.neubergExpected': true },
        'rulebook parameter scoring.neubergExpected: must be a string or a number, not a boolean',
      ],
      [
        'STD-MP matchpointsPerResultBeaten',
        { 'scoring.matchpointsPerResultBeaten': 3 },
        'rulebook parameter scoring.matchpointsPerResultBeaten: must be 1 or 2, not 3',
      ],
      [
        'STD-MP placeDecimals',
        { 'scoring.placeDecimals': 2.5 },
        'rulebook parameter scoring.placeDecimals: must be an integer 0–6',
      ],
      [
        'STD-BUTLER butlerDrop',
        { 'scoring.butlerDrop': [{ fromResults: 3 }] },
        'rulebook parameter scoring.butlerDrop: must be a non-empty list of { fromResults: integer ≥ 1, drop: integer ≥ 0 }',
      ],
      [
        'DSB-16d artificialImps in hundredths (STD-BUTLER allows tenths only)',
        { 'scoring.artificialImps': { '60': 2.25 } },
        'rulebook parameter scoring.artificialImps: must map percentages 0–100, written as numbers are (60, 47.5; not 60.0 or 060), to IMPs in tenths (−24 … 24: 2, 1.2, −0.5)',
      ],
      [
        'DSB-16d artificialImps keyed 60.0 (the engine looks up 60)',
        { 'scoring.artificialImps': { '60.0': 2 } },
        'rulebook parameter scoring.artificialImps: must map percentages 0–100, written as numbers are (60, 47.5; not 60.0 or 060), to IMPs in tenths (−24 … 24: 2, 1.2, −0.5)',
      ],
      [
        'DSB-16d artificialImps keyed 060',
        { 'scoring.artificialImps': { '060': 2 } },
        'rulebook parameter scoring.artificialImps: must map percentages 0–100, written as numbers are (60, 47.5; not 60.0 or 060), to IMPs in tenths (−24 … 24: 2, 1.2, −0.5)',
      ],
      [
        'STD-CROSSIMP crossImpDivisor',
        { 'scoring.crossImpDivisor': 'n' },
        'rulebook parameter scoring.crossImpDivisor: must be "n-1" or "none", not "n"',
      ],
      [
        'STD-NEUBERG sitOutLines',
        { 'scoring.sitOutLines': 'outside' },
        'rulebook parameter scoring.sitOutLines: must be "in-field" or "out-of-field", not "outside"',
      ],
      [
        'STD-MP sessionPercentage',
        { 'scoring.sessionPercentage': 'mean' },
        'rulebook parameter scoring.sessionPercentage: must be "total-over-tops" or "mean-of-boards", not "mean"',
      ],
      [
        'STD-MP matchpointTotal',
        { 'scoring.matchpointTotal': 'scaled-up' },
        'rulebook parameter scoring.matchpointTotal: must be "scaled" or "sum", not "scaled-up"',
      ],
      [
        'STD-NEUBERG factoredRounding',
        { 'scoring.factoredRounding': 'nearest-0.05' },
        'rulebook parameter scoring.factoredRounding: must be "exact" or "percent-hundredths", not "nearest-0.05"',
      ],
      ['a setting the engine has not', { 'scoring.neuberg': 'none' }, 'no such parameter'],
      [
        'the whole group, short of a setting',
        { scoring: { factoring: 'none' } },
        'rulebook parameter scoring.matchpointsPerResultBeaten: is missing',
      ],
      [
        'the whole group, with a setting the engine has not',
        { scoring: { ...DEFAULT_SCORING_SETTINGS, neuberg: true } as never },
        'rulebook parameter scoring.neuberg: no such parameter',
      ],
    ])('%s: a bad scoring parameter is refused with its dotted path', (_, changes, message) => {
      expect(amend(changes)).toThrow(RulebookChangeError);
      expect(amend(changes)).toThrow(message);
      // The same check on adoption (RulebookAdopted overrides).
      expect(() => new RulebookHistory().adopt(preset as never, changes, '2026-01-01')).toThrow(
        message,
      );
    });

    it('the new settings are amended by path, artificial IMPs in tenths, and a whole group written before them still applies (their defaults fill in)', () => {
      const h = history();
      h.amend(
        {
          'scoring.sitOutLines': 'out-of-field',
          'scoring.sessionPercentage': 'mean-of-boards',
          'scoring.matchpointTotal': 'sum',
          'scoring.factoredRounding': 'percent-hundredths',
          'scoring.artificialImps': { '60': 1.2, '50': 0, '40': -1.2 },
        },
        '2026-06-01',
      );
      expect(scoringSettingsOf(h.inForce('2026-06-01')!.params)).toMatchObject({
        sitOutLines: 'out-of-field',
        sessionPercentage: 'mean-of-boards',
        matchpointTotal: 'sum',
        factoredRounding: 'percent-hundredths',
        artificialImps: { '60': 1.2, '50': 0, '40': -1.2 },
      });
      const {
        sitOutLines: _a,
        sessionPercentage: _b,
        matchpointTotal: _c,
        factoredRounding: _d,
        ...before
      } = DEFAULT_SCORING_SETTINGS;
      const old = history();
      old.amend({ scoring: { ...before, factoring: 'none' } as never }, '2026-06-01');
      expect(scoringSettingsOf(old.inForce('2026-06-01')!.params)).toEqual({
        ...DEFAULT_SCORING_SETTINGS,
        factoring: 'none',
      });
    });

    it('STD-BUTLER DSB-16d the butler bands and the artificial-score IMPs are replaced as a whole', () => {
      const h = history();
      h.amend(
        {
          'scoring.butlerDrop': [
            { fromResults: 1, drop: 0 },
            { fromResults: 3, drop: 1 },
            { fromResults: 10, drop: 2 },
          ],
          'scoring.artificialImps': { '60': 3, '50': 0, '40': -3 },
        },
        '2026-06-01',
      );
      expect(scoringSettingsOf(h.inForce('2026-06-01')!.params)).toMatchObject({
        butlerDrop: [
          { fromResults: 1, drop: 0 },
          { fromResults: 3, drop: 1 },
          { fromResults: 10, drop: 2 },
        ],
        artificialImps: { '60': 3, '50': 0, '40': -3 },
      });
    });
  },
);
