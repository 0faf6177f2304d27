import type { CorrectionFactData } from '../facts/corrections';
import type { Decider, DecidedFact } from '../../../kernel/decider';
import type { ClubContext } from '../../club-context';
import { decideCorrectionFact } from './decide';
import { evolveCorrections, initialCorrectionsState, type CorrectionsState } from './state';
import { CORRECTIONS_HOME, isCorrectionsStream } from './streams';
import { rubberStreamId } from '../../rubber';

interface Ref {
  eventId?: unknown;
  streamId?: unknown;
}

/** The stored fact a reference names, when it names one by event id. */
const refs = (ref: Ref | undefined) =>
  typeof ref?.eventId === 'string'
    ? [
        {
          eventId: ref.eventId,
          ...(typeof ref.streamId === 'string' ? { streamId: ref.streamId } : {}),
        },
      ]
    : [];

export const CORRECTION_FACT_TYPES: ReadonlySet<string> = new Set([
  'CorrectionNotified',
  'CorrectionAccepted',
  'CorrectionRejected',
  'RulingGiven',
  'AppealLodged',
  'AppealDecided',
  'AppealEscalated',
] satisfies Array<keyof CorrectionFactData>);

/**
 * The corrections context: a club's stream `corrections-<clubId>` holding its
 * corrections (notified, accepted, rejected), its directors' rulings and the appeals against
 * them (lodged, decided, escalated). Each fact names the stream's club (LEDGER, `data.clubId`:
 * the append use case's check). The decisions are src/contexts/corrections/domain/decide.ts's.
 */
export const correctionsDecider: Decider<CorrectionsState, ClubContext> = {
  name: 'corrections',
  owns: isCorrectionsStream,
  streams: 'corrections-<clubId>',
  factTypes: CORRECTION_FACT_TYPES,
  homeOf: () => CORRECTIONS_HOME,
  // Every decision reads the club: the target fact, its session, the rulebook in force.
  readsClub: () => true,
  readsFacts: (fact: DecidedFact, state: CorrectionsState) => {
    const d = (fact.data ?? {}) as {
      against?: { structure?: Ref };
      match?: Ref;
      target?: Ref;
      appealId?: unknown;
      corrected?: unknown;
    };
    // LCBA-2.5: an appeal against a league's structure reads its publication.
    if (fact.type === 'AppealLodged') return refs(d.against?.structure);
    // LCBA-10.2, and a teams event's match: a ruling reads the match result it is on.
    if (fact.type === 'RulingGiven') return refs(d.match);
    // An upheld appeal's corrected match is judged as the match it replaces: read that match.
    if (fact.type === 'AppealDecided' && d.corrected !== undefined) {
      const rulingId =
        typeof d.appealId === 'string'
          ? state.appeals[d.appealId]?.lodged.against.rulingId
          : undefined;
      return refs(rulingId !== undefined ? state.rulings[rulingId]?.data.match : undefined);
    }
    return fact.type === 'CorrectionNotified' ? refs(d.target) : [];
  },
  // PIN-R26: a ruling at rubber bridge naming its evening reads the evening's rubbers.
  readsStreams: (fact: DecidedFact) => {
    const sessionId = (fact.data as { rubber?: { sessionId?: unknown } } | null)?.rubber?.sessionId;
    return fact.type === 'RulingGiven' && typeof sessionId === 'string'
      ? [rubberStreamId(sessionId)]
      : [];
  },
  initialState: initialCorrectionsState,
  evolve: (state, fact) => evolveCorrections(state, fact),
  decide: (fact, state, club, streamId) => decideCorrectionFact(fact, state, club, streamId),
};
