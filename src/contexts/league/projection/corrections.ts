import { CORRECTION_FACT_TYPES } from '../../corrections';
import { CORRECTION_STREAM_PREFIX } from '../../corrections';
import { dict } from '../../../kernel/dict';
import { leagueStreamId } from '../domain/streams';
import type { RecordedEvent } from '../../../kernel/envelope';
import type { SeasonFact } from '../season';

/**
 * A league's corrections of its matches, on `corrections-<leagueId>` (each fact
 * names the league as `clubId` and `leagueId`). A notified correction changes nothing; accepted,
 * its content replaces the corrected fact's data where the fact stands in the season (ledger
 * order kept), marked `correctedBy`; a later accepted correction of the same fact replaces it
 * again. A replay to a position before the acceptance never sees it: the original stands.
 */
export interface LeagueCorrection {
  /** The CorrectionNotified's event id. */
  eventId: string;
  /** The event id of the fact corrected (a league fact of this league). */
  target: string;
  type: string;
  corrected: Record<string, unknown>;
  notifiedAt: string;
  status: 'pending' | 'accepted' | 'rejected';
  /** The ledger position of the decision, once decided. */
  decidedAt?: number;
}

/** The league a fact of a league's corrections stream is of; undefined for a club's. */
export function correctionsLeagueOf(event: RecordedEvent): string | undefined {
  if (!CORRECTION_FACT_TYPES.has(event.type)) return undefined;
  if (!event.streamId.startsWith(CORRECTION_STREAM_PREFIX)) return undefined;
  const id = event.streamId.slice(CORRECTION_STREAM_PREFIX.length);
  const d = event.data as { clubId?: unknown; leagueId?: unknown } | null;
  return id && d?.leagueId === id && d.clubId === id ? id : undefined;
}

/** LCBA-10.2: the appeal upheld whose corrected result a match is read from. */
export interface UpheldAppeal {
  appealId: string;
  /** The ruling on the match it was against, and that RulingGiven's event id. */
  rulingId: string;
  ruling: string;
  /** The AppealDecided's event id. */
  decision: string;
}

/** A league fact as its record keeps it: read from a correction, or from an upheld appeal. */
export type CorrectedSeasonFact = SeasonFact & { appeal?: UpheldAppeal };

/** A league's ruling on a match result, and the appeals lodged (by id: their rulings). */
export interface LeagueRulings {
  rulings: Record<string, { eventId: string; target: string }>;
  appeals: Record<string, { rulingId?: string }>;
}

/** What of a league's record its corrections change (state.ts's LeagueRecord). */
interface CorrectedLeague {
  leagueId: string;
  facts: CorrectedSeasonFact[];
  corrections?: Record<string, LeagueCorrection>;
  rulings?: LeagueRulings;
}

/** Folds one fact of the league's corrections stream into its record (in place). */
export function foldLeagueCorrection(league: CorrectedLeague, event: RecordedEvent): void {
  const d = event.data as Record<string, unknown>;
  const corrections = (league.corrections ??= dict());
  const id = d.correctionId as string;
  switch (event.type) {
    case 'CorrectionNotified': {
      const target = d.target as { eventId: string; streamId: string; type: string };
      if (target.streamId !== leagueStreamId(league.leagueId)) return;
      corrections[id] = {
        eventId: event.id,
        target: target.eventId,
        type: target.type,
        corrected: d.corrected as Record<string, unknown>,
        notifiedAt: event.occurredAt,
        status: 'pending',
      };
      return;
    }
    case 'CorrectionAccepted': {
      const c = corrections[id];
      if (!c || c.status !== 'pending') return;
      c.status = 'accepted';
      c.decidedAt = event.position;
      const i = league.facts.findIndex((f) => f.id === c.target);
      if (i < 0) return;
      const { appeal: _upheld, ...original } = league.facts[i]!;
      league.facts[i] = { ...original, data: c.corrected, correctedBy: id };
      return;
    }
    case 'CorrectionRejected': {
      const c = corrections[id];
      if (!c || c.status !== 'pending') return;
      c.status = 'rejected';
      c.decidedAt = event.position;
      return;
    }
    case 'RulingGiven': {
      const match = d.match as { eventId?: unknown } | undefined;
      if (typeof match?.eventId !== 'string') return;
      (league.rulings ??= { rulings: dict(), appeals: dict() }).rulings[d.rulingId as string] = {
        eventId: event.id,
        target: match.eventId,
      };
      return;
    }
    case 'AppealLodged': {
      const rulingId = (d.against as { rulingId?: unknown } | undefined)?.rulingId;
      if (typeof rulingId !== 'string') return;
      (league.rulings ??= { rulings: dict(), appeals: dict() }).appeals[d.appealId as string] = {
        rulingId,
      };
      return;
    }
    case 'AppealDecided': {
      // LCBA-10.2: an upheld appeal's corrected result replaces the match's, as an accepted
      // correction's does; dismissed (or upheld with no result), nothing changes.
      if (d.outcome !== 'upheld' || typeof d.corrected !== 'object' || d.corrected === null) return;
      const appealId = d.appealId as string;
      const rulingId = league.rulings?.appeals[appealId]?.rulingId;
      const ruling = rulingId !== undefined ? league.rulings?.rulings[rulingId] : undefined;
      if (!ruling) return;
      const i = league.facts.findIndex((f) => f.id === ruling.target);
      if (i < 0) return;
      const { correctedBy: _c, appeal: _a, ...original } = league.facts[i]!;
      league.facts[i] = {
        ...original,
        data: d.corrected,
        correctedBy: appealId,
        appeal: { appealId, rulingId: rulingId!, ruling: ruling.eventId, decision: event.id },
      };
      return;
    }
  }
}
