import { clubChampionship, type ChampionshipRow, type PlacingAward } from './standings';
import {
  lastScoredOf,
  rulebookOn,
  scoredCompetition,
  type QueryOptions,
} from '../../contexts/pairs/projection/query-context';
import {
  correctionNotesOf,
  correctionRulesOf,
  withCorrectionNotes,
  type CorrectionNote,
  type CorrectionRules,
} from '../../contexts/pairs/projection/corrections';
import type { CompetitionState } from '../../contexts/pairs/domain/state';
import { clubPairsCompetitions, dsbRosterOf, finalRankingOf, inPlay } from './context';
import type { CompetitionsState } from '../../contexts/pairs/projection/state';
import type { ChampionshipHeading } from '../../contexts/pairs/ruleset';

/** DSB-11's body of a club championship: the placing points awarded and the season's table. */
export interface DsbChampionshipBody {
  awards: PlacingAward[];
  table: ChampionshipRow[];
}

declare module '../../contexts/pairs/ruleset' {
  interface ChampionshipViews {
    dsb: DsbChampionshipBody;
  }
}

export type ChampionshipView = ChampionshipHeading & DsbChampionshipBody;

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
  // A placing or a season total read from a result an accepted correction or an
  // appeal upheld changed names the original fact, the correction or appeal, and the rule.
  const notes = correctionNotesByCompetition(
    state,
    finished,
    correctionRulesOf(rulebook.params, { correction: 'DSB-20.3', appeal: 'DSB-20.3' }),
  );
  return {
    clubId,
    season,
    competitions: finished.map((c) => c.competition!.competitionId),
    rulebook: { preset: rulebook.preset, effectiveFrom: rulebook.effectiveFrom },
    position: state.position,
    awards: withCorrectionNotes(awards, notes.award, (a) => `${a.competitionId}/${a.pairId}`),
    table: withCorrectionNotes(table, notes.season, (r) => r.pairId),
  };
}

/**
 * The correction notes of the season's competitions, as the standings give them:
 * on a placing award (`competitionId/pairId`) its competition's notes for the pair, word for
 * word; on the season's row every competition's notes for the pair, in the season's order, each
 * headed by its competition as the DSB-11.5 entries are. Empty for a club without corrections.
 */
function correctionNotesByCompetition(
  state: CompetitionsState,
  competitions: CompetitionState[],
  rules: CorrectionRules,
): { award: Map<string, CorrectionNote[]>; season: Map<string, CorrectionNote[]> } {
  const award = new Map<string, CorrectionNote[]>();
  const season = new Map<string, CorrectionNote[]>();
  for (const c of competitions) {
    const id = c.competition!.competitionId;
    for (const [pairId, list] of correctionNotesOf(state, c, rules)) {
      award.set(`${id}/${pairId}`, list);
      const headed = list.map((n) => ({ ...n, effect: `${id}: ${n.effect}` }));
      const before = season.get(pairId);
      season.set(pairId, before ? [...before, ...headed] : headed);
    }
  }
  return { award, season };
}
