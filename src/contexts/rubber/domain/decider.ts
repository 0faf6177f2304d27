import type { Decider } from '../../../kernel/decider';
import type { ClubContext } from '../../club-context';
import { RUBBER_FACT_TYPES } from '../facts/catalogue';
import { decideRubberFact } from './decide';
import { evolveRubber, initialRubberState, type RubberSessionState } from './state';
import { isRubberStream, RUBBER_HOME } from './streams';

export { RUBBER_FACT_TYPES };

/**
 * The rubber-session context: an evening's stream `rubber-<sessionId>` holds who arrived, the
 * cuts, the tables made up, hands, rubbers, each Table Up and what replaces it. Each fact is
 * decided by the rubber rules of the club's rulebook in force on the session's day (rules.ts:
 * Pinner's, src/rulesets/pinner/rubber) over the evening as folded so far.
 */
export const rubberDecider: Decider<RubberSessionState, ClubContext> = {
  name: 'rubber',
  owns: isRubberStream,
  streams: 'rubber-<sessionId>',
  factTypes: RUBBER_FACT_TYPES,
  homeOf: () => RUBBER_HOME,
  readsClub: () => true,
  // A corrected cut or Table Up changes who sits where: what came after is judged again.
  redecidesAfterReplacement: true,
  initialState: initialRubberState,
  evolve: (state, fact) => evolveRubber(state, fact),
  decide: (fact, state, club, streamId) => decideRubberFact(fact, state, club, streamId),
};
