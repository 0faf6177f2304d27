import type { ScoringSettings } from '../../scoring';

/**
 * The conventions of the scoring programs whose files `check` reads: each a set of the
 * engine's settings (src/scoring/settings.ts, docs/scoring.md "Conventions").
 */
export interface ProgramConventions {
  /** Shown in the report. */
  name: string;
  /** The profile chosen: 'Compscore', 'Pary' or 'defaults'. */
  profile: 'Compscore' | 'Pary' | 'defaults';
  /** Scoring settings passed to the engine (src/scoring/settings.ts). */
  settings: Partial<ScoringSettings>;
}

const COMPSCORE_SETTINGS = {
  matchpointsPerResultBeaten: 2,
  placeDecimals: 2,
  factoring: 'neuberg',
  matchpointTotal: 'scaled',
  sitOutLines: 'in-field',
  sessionPercentage: 'total-over-tops',
  factoredRounding: 'percent-hundredths',
  arithmetic: 'float64',
} satisfies Partial<ScoringSettings>;

const PARY_SETTINGS = {
  sitOutLines: 'out-of-field',
  sessionPercentage: 'mean-of-boards',
} satisfies Partial<ScoringSettings>;

/** The conventions of the program named in the file (PROGRAM_NAME; PBN: Program/Generator). */
export function conventionsFor(program?: { name: string }): ProgramConventions {
  const name = program?.name ?? '';
  if (/compscore/i.test(name)) {
    return {
      name: 'Compscore: matchpoints 2/1 per result, Neuberg to the most results on a board, percentages and places ("1224", per field) on 2 decimals rounded from the double (arithmetic float64), TOTAL_SCORE = percentage × most boards played in the field × top; butler datum = mean without the top and bottom score, to the nearest 10',
      profile: 'Compscore',
      settings: COMPSCORE_SETTINGS,
    };
  }
  if (/^pary\b/i.test(name.trim())) {
    return {
      name: 'Pary: matchpoints 2/1 per result, Neuberg to the most results on a board, a sit-out against a phantom left out of the field (sitOutLines out-of-field), session percentage = mean of the board percentages (sessionPercentage mean-of-boards)',
      profile: 'Pary',
      settings: PARY_SETTINGS,
    };
  }
  return {
    name: 'RULES.md defaults: matchpoints 2/1, Neuberg, 2-decimal percentages and "1224" places per field, TOTAL_SCORE = percentage × most boards played in the field × top',
    profile: 'defaults',
    settings: {},
  };
}
