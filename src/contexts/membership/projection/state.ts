import { RULEBOOK_HISTORY_TYPES } from '../../../rulebooks/rulebook-facts';
import { dict } from '../../../kernel/dict';
import { MEMBERSHIP_FACT_TYPES } from '../domain/decider';
import { clubOfMembersStream, isMembersStream } from '../domain/streams';
import type { RecordedEvent } from '../../../kernel/envelope';
import {
  rulebookClubOf,
  rulebookFactOf,
  type RulebookFactRecord,
} from '../../../rulebooks/rulebook-facts';
import type { MembershipFactIn } from '../register-fold';
import { recordPartitions, type Projection } from '../../../kernel/projection';

/** One club's membership stream: its facts as recorded (type and data), in ledger order. */
export interface ClubMembershipRecord {
  clubId: string;
  /** The ledger position of the club's latest membership fact. */
  position: number;
  facts: MembershipFactIn[];
}

export interface MembershipReadState {
  clubs: Record<string, ClubMembershipRecord>;
  /** Every club's rulebook facts (a few a club): the register's and visitors' settings. */
  rulebooks: Record<string, RulebookFactRecord[]>;
}

const CLUB_KEY = 'members:';
const RULEBOOK_KEY = 'rulebook:';

/**
 * A membership fact read where the decider placed it: on `members-<clubId>` of the club its
 * data names (the decider refuses any other; one found elsewhere is not read, MEMBERS_HOME).
 */
export function membersClubOf(event: RecordedEvent): string | undefined {
  if (!MEMBERSHIP_FACT_TYPES.has(event.type) || !isMembersStream(event.streamId)) return undefined;
  const clubId = clubOfMembersStream(event.streamId);
  return (event.data as { clubId?: unknown } | null)?.clubId === clubId ? clubId : undefined;
}

/**
 * The membership read model. Per club, the facts of its `members-<clubId>` stream,
 * kept as recorded (type and data: each fact's own dates are in its data), and the clubs'
 * rulebook facts. No register is kept: classes are derived (Restricted for the first year
 * after election, then Full, PIN-R8) and depend on the day asked, so every answer folds the
 * facts with the ruleset's pure functions (`registerOf`, `visitorVerdicts`) when asked
 * (queries.ts).
 */
export const membership: Projection<MembershipReadState> = {
  name: 'membership',
  // What apply reads (the rest leaves the state as it is): the members' streams and rulebooks.
  reads: new Set([...MEMBERSHIP_FACT_TYPES, ...RULEBOOK_HISTORY_TYPES]),
  version: 1,
  // Folds its own context's facts only; every other fact passes by a look at its type.
  rebuildWeight: 0.4,
  initial: () => ({ clubs: dict(), rulebooks: dict() }),
  partitions: recordPartitions<MembershipReadState>(
    [
      [RULEBOOK_KEY, (s) => s.rulebooks],
      [CLUB_KEY, (s) => s.clubs],
    ],
    (event) => {
      const club = membersClubOf(event);
      if (club !== undefined) return [CLUB_KEY + club];
      const rb = rulebookClubOf(event);
      return rb !== undefined ? [RULEBOOK_KEY + rb] : [];
    },
  ),
  apply(state, event) {
    const clubId = membersClubOf(event);
    if (clubId !== undefined) {
      const club = (state.clubs[clubId] ??= { clubId, position: 0, facts: [] });
      club.position = event.position;
      club.facts.push({ type: event.type, data: event.data });
      return state;
    }
    const rb = rulebookClubOf(event);
    if (rb !== undefined) {
      const fact = rulebookFactOf(event.type, event.data, event.position);
      if (fact) (state.rulebooks[rb] ??= []).push(fact);
    }
    return state;
  },
};
