// DSB Groenlo (seed 002, RULES.md § DSB): the pure computations of the pairs competitions,
// promotion and relegation, the club championship, the top-integral competition and sit-outs.
export * from './types';
export { DsbInputError } from './errors';
export { Rational } from './rational';
export { substituteScore, participationOf, groupStanding, competitionStandings } from './standings';
export {
  groupForNewPair,
  eligibilityOf,
  nextGroups,
  type NewPairMember,
  type GroupPlacement,
  type Eligibility,
  type WlRebalance,
  type GroupMove,
} from './groups';
export {
  placingPoints,
  clubChampionship,
  type SeasonInput,
  type SeasonRoster,
  type PlacingAward,
  type ChampionshipRow,
} from './championship';
export {
  topIntegralStandings,
  topIntegralSeeding,
  topIntegralSubstituteScore,
  type TopIntegralEntry,
  type TopIntegralPair,
  type TopIntegralInput,
  type TopIntegralRow,
  type TopIntegralStanding,
} from './top-integral';
export { sitOutReport, type SitOutReport } from './sit-outs';
