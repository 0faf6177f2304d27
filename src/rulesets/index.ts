import { dsbGroenlo2014Ruleset } from './dsb-groenlo-2014';
import { lcbaLeagueRules } from './lcba-league';
import { pinnerMeetingsRules, pinnerMembershipRules, pinnerRubberRules } from './pinner';
import { registerMembershipRules, registerVisitorLimits } from '../contexts/membership/rules';
import { nzClubVisitorLimits } from './nz-club/visitor-limits';
import { registerLeagueRules } from '../contexts/league/rules';
import { nzClubRuleset } from './nz-club';
import { pinnerPairsRuleset } from './pinner/pairs';
import { registerRuleset } from '../contexts/pairs/ruleset-registry';
import { registerClubPlayLimits } from '../contexts/pairs/play-limits';
import { nzClubPlayLimits } from './nz-club/play-limits/limits';
import { registerTeamsRules } from '../contexts/teams';
import { registerMeetingsRules } from '../contexts/meetings';
import { registerRubberRules } from '../contexts/rubber';
import { nzClubTeamsRules } from './nz-club/teams/teams-rules';
import { dsbViertallenRules } from './dsb-groenlo-2014/teams/teams-rules';

/** The rulesets the ledger ships: one folder each, one line here. */
registerRuleset(nzClubRuleset);
registerClubPlayLimits(nzClubPlayLimits);
registerRuleset(dsbGroenlo2014Ruleset);
registerLeagueRules(lcbaLeagueRules);
registerMembershipRules(pinnerMembershipRules);
registerMeetingsRules(pinnerMeetingsRules);
registerRubberRules(pinnerRubberRules);
registerRuleset(pinnerPairsRuleset);
registerVisitorLimits(nzClubVisitorLimits);
registerTeamsRules(nzClubTeamsRules);
registerTeamsRules(dsbViertallenRules);

export {
  cPointsTableNames,
  cPointsTableOf,
  decideOptionsOf,
  registerRuleset,
  tableOf,
} from '../contexts/pairs/ruleset-registry';
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
} from '../contexts/pairs/ruleset';
