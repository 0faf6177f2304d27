import type { CorrectionFactData } from '../facts/corrections';
import type { Decider, DecidedFact } from '../../../kernel/decider';
import type { ClubContext } from '../../club-context';
import { decideCorrectionFact } from './decide';
import { evolveCorrections, initialCorrectionsState, type CorrectionsState } from './state';
import { CORRECTIONS_HOME, isCorrectionsStream } from './streams';

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
  readsFacts: (fact: DecidedFact) => {
    // LCBA-2.5: an appeal against a league's structure reads its publication.
    const structure = (
      fact.data as { against?: { structure?: { eventId?: unknown; streamId?: unknown } } } | null
    )?.against?.structure;
    if (fact.type === 'AppealLodged' && typeof structure?.eventId === 'string') {
      return [
        {
          eventId: structure.eventId,
          ...(typeof structure.streamId === 'string' ? { streamId: structure.streamId } : {}),
        },
      ];
    }
    // LCBA-10.2: a league's ruling reads the match result it is on.
    const match = (fact.data as { match?: { eventId?: unknown; streamId?: unknown } } | null)
      ?.match;
    if (fact.type === 'RulingGiven' && typeof match?.eventId === 'string') {
      return [
        {
          eventId: match.eventId,
          ...(typeof match.streamId === 'string' ? { streamId: match.streamId } : {}),
        },
      ];
    }
    const target = (fact.data as { target?: { eventId?: unknown; streamId?: unknown } } | null)
      ?.target;
    if (fact.type !== 'CorrectionNotified' || typeof target?.eventId !== 'string') return [];
    return [
      {
        eventId: target.eventId,
        ...(typeof target.streamId === 'string' ? { streamId: target.streamId } : {}),
      },
    ];
  },
  initialState: initialCorrectionsState,
  evolve: (state, fact) => evolveCorrections(state, fact),
  decide: (fact, state, club, streamId) => decideCorrectionFact(fact, state, club, streamId),
};
