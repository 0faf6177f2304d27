export { leagues, type LeagueRecord, type LeaguesState } from './state';
export {
  leagueRulesIn,
  leagueTableOf,
  matchOf,
  UnknownLeagueError,
  type LeagueCorrectionView,
  type LeagueDivisionTable,
  type LeagueTableRow,
  type LeagueWarning,
  type LeagueMatchView,
  type LeagueQuery,
  type LeagueTableView,
  type LeagueTeamView,
  type MatchStatus,
} from './queries';
