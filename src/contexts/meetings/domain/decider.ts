import type { Decider } from '../../../kernel/decider';
import type { ClubContext } from '../../club-context';
import { membersStreamId } from '../../membership';
import { MEETINGS_FACT_TYPES } from '../facts/catalogue';
import { decideMeetingsFact } from './decide';
import { evolveMeetings, initialMeetingsState, type MeetingsState } from './state';
import { clubOfMeetingsStream, isMeetingsStream, MEETINGS_HOME } from './streams';

export { MEETINGS_FACT_TYPES };

/**
 * The meetings context: a club's stream `meetings-<clubId>` holds its general meetings (called,
 * noticed, their motions, nominations, attendance, votes and ballots) and its officers recorded;
 * each fact names the stream's club. Each is decided on its own day by the meeting rules the
 * club's rulebook in force then is read by (rules.ts: Pinner's, src/rulesets/pinner/meetings),
 * over the club's register (its members stream, read as the membership decider folds it).
 */
export const meetingsDecider: Decider<MeetingsState, ClubContext> = {
  name: 'meetings',
  owns: isMeetingsStream,
  streams: 'meetings-<clubId>',
  factTypes: MEETINGS_FACT_TYPES,
  homeOf: () => MEETINGS_HOME,
  readsClub: () => true,
  // PIN-C21..C29, C34: who is a member (and of which class) on the fact's day.
  readsStreams: (_fact, streamId) => [membersStreamId(clubOfMeetingsStream(streamId))],
  initialState: initialMeetingsState,
  evolve: (state, fact) => evolveMeetings(state, fact),
  decide: (fact, state, club, streamId) => decideMeetingsFact(fact, state, club, streamId),
};
