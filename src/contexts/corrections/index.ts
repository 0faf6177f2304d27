/**
 * The corrections context's door: what another context may use of its facts and decisions. Its
 * read services' door is ./read/index.ts.
 */
export { CORRECTION_FACT_TYPES } from './domain/decider';
export {
  CORRECTION_STREAM_PREFIX,
  PUBLICATION_STREAM_PREFIX,
  correctionsStreamId,
} from './domain/streams';
export {
  correctedStreamOf,
  correctionClubOf,
  foldCorrectionInto,
  type CorrectableFact,
  type NotifiedCorrections,
} from './replaced-facts';
