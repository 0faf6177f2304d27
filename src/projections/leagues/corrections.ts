import { CORRECTION_FACT_TYPES } from '../../domain/corrections/decider';
import { CORRECTION_STREAM_PREFIX } from '../../domain/corrections/streams';
import { dict } from '../../domain/dict';
import { leagueStreamId } from '../../domain/league/streams';
import type { RecordedEvent } from '../../events/envelope';
import type { SeasonFact } from '../../rulesets/lcba-league/season';

/**
 * Issue 18: a league's corrections of its matches, on `corrections-<leagueId>` (each fact
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

/** What of a league's record its corrections change (state.ts's LeagueRecord). */
interface CorrectedLeague {
  leagueId: string;
  facts: SeasonFact[];
  corrections?: Record<string, LeagueCorrection>;
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
      const original = league.facts[i]!;
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
  }
}
