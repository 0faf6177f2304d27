import { clubChampionship, type ChampionshipRow, type PlacingAward } from '../../standings/dsb';
import {
  lastScoredOf,
  rulebookOn,
  scoredCompetition,
  type QueryOptions,
} from '../../projections/competitions/query-context';
import { clubPairsCompetitions, dsbRosterOf, finalRankingOf, inPlay } from './context';
import type { CompetitionsState } from '../../projections/competitions/state';

export interface ChampionshipView {
  clubId: string;
  season: string;
  competitions: string[];
  rulebook: { preset: string; effectiveFrom: string };
  position: number;
  awards: PlacingAward[];
  table: ChampionshipRow[];
}

/** DSB-11: the club championship of a season, from its finished pairs competitions. */
export function championshipOf(
  state: CompetitionsState,
  clubId: string,
  season: string,
  options: QueryOptions = {},
): ChampionshipView {
  const mine = clubPairsCompetitions(state, clubId)
    .filter((c) => c.competition!.season === season)
    .map((c) => scoredCompetition(state, c.competition!.competitionId));
  const finished = mine.filter((c) => lastScoredOf(state, c) === c.competition!.sessions.length);
  const lastDate = finished.length
    ? [...finished[finished.length - 1].competition!.sessions].sort(
        (a, b) => b.session - a.session,
      )[0].date
    : `${season.slice(0, 4)}-12-31`;
  const rulebook = rulebookOn(state, clubId, lastDate, options.whatIf);
  const params = inPlay(rulebook, finished[0]?.competition!.groups);
  const { awards, table } = finished.length
    ? clubChampionship(
        params,
        { competitions: finished.map((c) => dsbRosterOf(state, c)) },
        (roster) =>
          finalRankingOf(state, scoredCompetition(state, roster.id), params, options.whatIf),
      )
    : { awards: [], table: [] };
  return {
    clubId,
    season,
    competitions: finished.map((c) => c.competition!.competitionId),
    rulebook: { preset: rulebook.preset, effectiveFrom: rulebook.effectiveFrom },
    position: state.position,
    awards,
    table,
  };
}
