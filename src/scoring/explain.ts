import { ScoringInputError } from './errors';
import {
  type Movement,
  type SessionResult,
  type TravellerLine,
  scoreMatchpointSession,
} from './session-result';
import { FACTORED_ROUNDINGS, type FactoredRounding, type ScoringSettings } from './settings';

// No documented rule of Compscore's reproduces every factored total we were
// shown; `factoredRounding` names the readings the engine knows. A checker that compares a
// program's published pair figures with ours asks which readings reproduce each figure: one
// that none reproduces is unexplained by the engine, and said so rather than passed over.

/** A pair's published figures, as a results file gives them. */
export interface PublishedPairFigures {
  readonly pair: string;
  /** The published total (compared with `publishedTotal`, under the matchpointTotal given). */
  readonly total?: number;
  /** The published session percentage. */
  readonly percentage?: number;
}

export interface PairExplanation {
  readonly pair: string;
  /** The factoredRounding readings under which every published figure of the pair agrees. */
  readonly explainedBy: readonly FactoredRounding[];
  /** Whether the session's own settings (its factoredRounding) reproduce the pair's figures. */
  readonly agreesAsScored: boolean;
}

/**
 * STD-NEUBERG: for each pair's published figures, the factoredRounding
 * readings that reproduce them to `decimals` places (rounded halves away from zero, as
 * published). An empty `explainedBy` means the engine cannot explain the figure under any
 * reading it knows. A pair absent from the session is refused by name.
 */
export function explainPublishedPairs(
  lines: readonly TravellerLine[],
  options: { readonly movement: Movement; readonly settings?: Partial<ScoringSettings> },
  published: readonly PublishedPairFigures[],
  decimals = 2,
): PairExplanation[] {
  const asScored = options.settings?.factoredRounding ?? 'exact';
  const results = new Map<FactoredRounding, SessionResult>();
  for (const rounding of FACTORED_ROUNDINGS) {
    results.set(
      rounding,
      scoreMatchpointSession(lines, {
        movement: options.movement,
        settings: { ...options.settings, factoredRounding: rounding },
      }),
    );
  }
  return published.map((fig, i) => {
    const explainedBy = FACTORED_ROUNDINGS.filter((rounding) => {
      const row = results.get(rounding)!.pairs.find((p) => p.pair === fig.pair);
      if (row === undefined) {
        throw new ScoringInputError(
          `published[${i}].pair`,
          'STD-MP',
          `names pair ${fig.pair}, which has no line in the session`,
        );
      }
      const totalAgrees =
        fig.total === undefined || row.publishedTotal.round(decimals) === fig.total;
      const pctAgrees =
        fig.percentage === undefined || row.percentage.round(decimals) === fig.percentage;
      return totalAgrees && pctAgrees;
    });
    return { pair: fig.pair, explainedBy, agreesAsScored: explainedBy.includes(asScored) };
  });
}
