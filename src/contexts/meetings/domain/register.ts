import type { ClubContext } from '../../club-context';
import { membersOn, membersStreamId } from '../../membership';
import type { MemberOnDay } from '../rules';

/**
 * The club's members on a day, each with their vote at general meetings: the membership
 * context's register as of that day (PIN-R8: a Temporary member has none), read from the
 * club's members stream as its decider folded it (the meetings decider names the stream it
 * reads, `readsStreams`).
 */
export function membersOnDay(club: ClubContext, clubId: string, day: string): MemberOnDay[] {
  const state = club.streamState?.(membersStreamId(clubId));
  return state === undefined ? [] : membersOn(state, club.rulebookOn(clubId, day), day);
}
