import type { Decider } from '../../kernel/decider';
import { nzPlayLimitViolation } from '../club/nz-play-limits';
import type { ClubContext } from '../context';
import { loneCrossResult } from './cross-substitution';
import { decide } from './decide';
import { NO_RULEBOOK_OPTIONS } from './decide-options';
import { COMPETITION_FACT_TYPES, COMPETITION_HOME, type CompetitionFact } from './facts';
import { evolve, initialCompetitionState, sessionDateOf, type CompetitionState } from './state';

/**
 * Facts that sit a player down (`seatsOfFact`): the club-wide limits (NZ-8e, NZ-10) judge
 * these. A naming seats the partnership's two at a session already linked to board results.
 */
const SEATING = new Set([
  'SessionResultRecorded',
  'SubstitutePlayed',
  'SessionScoredFromBoards',
  'PartnershipPlayersNamed',
]);

/**
 * Facts whose decision reads the club's rulebook in force on the session's day: the DSB-3
 * naming deadline, DSB-10.1's notice before the start, the session's rounds for a sit-out match
 * (DSB-4, DSB-22.5).
 */
const READS_RULEBOOK = new Set([
  'PartnershipPlayersNamed',
  'SubstitutePlayed',
  'SitOutMatchPlayed',
  // The shapes the rulebook's formats need (FormatShape): sessions, boards, a scored day.
  'CompetitionCreated',
  'SessionResultRecorded',
  'SessionHeld',
]);

/** The pairs context: a competition's stream, `competition-<competitionId>`. */
export const competitionDecider: Decider<CompetitionState, ClubContext> = {
  name: 'competition',
  owns: (streamId) => streamId.startsWith(COMPETITION_HOME.prefix),
  streams: 'competition-<competitionId>',
  factTypes: COMPETITION_FACT_TYPES,
  homeOf: () => COMPETITION_HOME,
  clubWide: true,
  initialState: initialCompetitionState,
  evolve: (state, fact) => void evolve(state, fact as CompetitionFact),
  readsClub: (fact) => SEATING.has(fact.type) || READS_RULEBOOK.has(fact.type),
  decide(proposed, state, club) {
    const fact = proposed as CompetitionFact;
    const clubId = state.competition?.clubId ?? (fact.data as { clubId: string }).clubId;
    const decided = decide(state, fact, optionsFor(state, fact, club), (date) =>
      club.optionsOn(clubId, date),
    );
    // The club-wide limits judge each fact that seats a player, before it is folded.
    const c = state.competition;
    if (c && decided.some((f) => SEATING.has(f.type))) {
      const view = club.clubView(c.clubId);
      for (const f of decided) {
        if (!SEATING.has(f.type)) continue;
        const refused = nzPlayLimitViolation(view, state, f);
        if (refused) throw refused;
      }
    }
    return decided;
  },
  settle: (state, batch) => loneCrossResult(state, batch as CompetitionFact[]),
};

/**
 * The options a fact is decided with: for a fact that reads the rulebook, those of the club's
 * rulebook in force on the session's day (as held, else planned: `sessionDateOf`, in the state
 * the batch has folded so far); with no rulebook that day, or for another fact, none.
 */
function optionsFor(state: CompetitionState, fact: CompetitionFact, club: ClubContext) {
  const c = state.competition;
  const session = (fact.data as { session?: unknown }).session;
  if (!READS_RULEBOOK.has(fact.type) || !c || typeof session !== 'number') {
    return NO_RULEBOOK_OPTIONS;
  }
  const date = sessionDateOf(state, session);
  return date === undefined ? NO_RULEBOOK_OPTIONS : club.optionsOn(c.clubId, date);
}
