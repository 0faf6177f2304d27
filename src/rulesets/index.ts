import { dsbGroenlo2014Ruleset } from './dsb-groenlo-2014';
import { nzClubRuleset } from './nz-club';
import { registerRuleset } from './registry';

/** The rulesets the ledger ships: one folder each, one line here. */
registerRuleset(nzClubRuleset);
registerRuleset(dsbGroenlo2014Ruleset);

export {
  cPointsTableNames,
  cPointsTableOf,
  decideOptionsOf,
  nzClubRulesOf,
  registerRuleset,
  tableOf,
} from './registry';
export type {
  CPointsRequest,
  CPointsTable,
  CPointsView,
  FormatTable,
  PrintedRow,
  Ruleset,
  StandingsBodies,
  StandingsRequest,
  StandingsView,
} from './ruleset';
