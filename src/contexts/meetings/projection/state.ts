import { RULEBOOK_HISTORY_TYPES } from '../../../rulebooks/rulebook-facts';
import { CORRECTION_FACT_TYPES } from '../../corrections';
import { MEMBERSHIP_FACT_TYPES } from '../../membership';
import { dict } from '../../../kernel/dict';
import type { RecordedEvent } from '../../../kernel/envelope';
import { recordPartitions, type Projection } from '../../../kernel/projection';
import {
  rulebookClubOf,
  rulebookFactOf,
  type RulebookFactRecord,
} from '../../../rulebooks/rulebook-facts';
import { membersClubOf, type MembershipFactIn } from '../../membership';
import { MEETINGS_FACT_TYPES } from '../facts/catalogue';
import { clubOfMeetingsStream, isMeetingsStream, meetingsStreamId } from '../domain/streams';
import {
  correctionClubOf,
  foldCorrectionInto,
  type CorrectableFact,
  type NotifiedCorrections,
} from '../../corrections';

/** A fact of the meetings stream as read: an accepted correction's content in its place. */
export type MeetingsFactRecord = CorrectableFact;

/** A club's meetings stream and its members stream, as recorded, in ledger order. */
export interface ClubMeetingsRecord {
  clubId: string;
  position: number;
  meetings: MeetingsFactRecord[];
  /** Corrections of its meetings facts notified on `corrections-<clubId>`, by id. */
  corrections?: NotifiedCorrections;
  /** The register's facts: a quorum and a vote are counted from the register of their day. */
  members: MembershipFactIn[];
}

export interface MeetingsReadState {
  clubs: Record<string, ClubMeetingsRecord>;
  rulebooks: Record<string, RulebookFactRecord[]>;
}

const CLUB_KEY = 'club:';
const RULEBOOK_KEY = 'rulebook:';

/** A meetings fact read where the decider placed it: on `meetings-<clubId>` of its club. */
function meetingsClubOf(event: RecordedEvent): string | undefined {
  if (!MEETINGS_FACT_TYPES.has(event.type) || !isMeetingsStream(event.streamId)) return undefined;
  const clubId = clubOfMeetingsStream(event.streamId);
  return (event.data as { clubId?: unknown } | null)?.clubId === clubId ? clubId : undefined;
}

const clubRecord = (state: MeetingsReadState, clubId: string) =>
  (state.clubs[clubId] ??= { clubId, position: 0, meetings: [], members: [] });

/**
 * The general meetings read model. Per club, the facts of its meetings stream and of its
 * members stream, kept as recorded, and its rulebook facts. Nothing derived is kept: a
 * meeting's quorum, each vote's result, the officers in office depend on the register and the
 * rulebook of their day, so every answer folds the club's facts with its meeting rules when
 * asked (queries.ts), a few hundred facts a club.
 */
export const meetingsProjection: Projection<MeetingsReadState> = {
  name: 'meetings',
  // What apply reads (the rest leaves the state as it is): the meetings, members, rulebooks and corrections.
  reads: new Set([
    ...MEETINGS_FACT_TYPES,
    ...MEMBERSHIP_FACT_TYPES,
    ...RULEBOOK_HISTORY_TYPES,
    ...CORRECTION_FACT_TYPES,
  ]),
  version: 1,
  // Folds its own context's facts only; every other fact passes by a look at its type.
  rebuildWeight: 0.4,
  initial: () => ({ clubs: dict(), rulebooks: dict() }),
  partitions: recordPartitions<MeetingsReadState>(
    [
      [RULEBOOK_KEY, (s) => s.rulebooks],
      [CLUB_KEY, (s) => s.clubs],
    ],
    (event) => {
      const club = meetingsClubOf(event) ?? membersClubOf(event) ?? correctionClubOf(event);
      if (club !== undefined) return [CLUB_KEY + club];
      const rb = rulebookClubOf(event);
      return rb !== undefined ? [RULEBOOK_KEY + rb] : [];
    },
  ),
  apply(state, event) {
    const meetingsClub = meetingsClubOf(event);
    if (meetingsClub !== undefined) {
      const r = clubRecord(state, meetingsClub);
      r.position = event.position;
      r.meetings.push({ id: event.id, type: event.type, data: event.data });
      return state;
    }
    const correctionsClub = correctionClubOf(event);
    if (correctionsClub !== undefined) {
      const r = state.clubs[correctionsClub];
      if (r) {
        r.position = event.position;
        r.corrections = foldCorrectionInto(
          r.corrections,
          r.meetings,
          meetingsStreamId(r.clubId),
          event,
        );
      }
      return state;
    }
    const membersClub = membersClubOf(event);
    if (membersClub !== undefined) {
      const r = clubRecord(state, membersClub);
      r.position = event.position;
      r.members.push({ type: event.type, data: event.data } as MembershipFactIn);
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
