// A club director's ruling on a match of one of the club's teams events, and the upheld appeal
// that corrects that match: the teams events' share of the corrections context (NZ-13, DSB-20.3).
import {
  CLUB_MATCH_DAYS,
  type AppealDecidedData,
  type RulingGivenData,
} from '../facts/corrections';
import type { ClubContext } from '../../club-context';
import { isLeagueStream } from '../../league';
import { checkReplacement } from './corrections-notified';
import type { AppealRecord, CorrectionsState } from './state';
import { ledger, show } from './refusals';

/**
 * A ruling on a match names the match fact (by event id), its stream, its match id (`fixtureId`)
 * and its day, as the stored fact has them: the appeal's deadline counts from that day. A
 * session's fields are not part of it; a league's match is ruled on from the league's stream.
 */
export function decideMatchRuling(d: RulingGivenData, club: ClubContext, clubId: string): void {
  const m = d.match!;
  for (const f of ['competitionId', 'session', 'sessionStreamId', 'awarded', 'rubber'] as const) {
    if (d[f] !== undefined) {
      throw ledger(
        `a ruling on a match names the match (match), not a session: ${f} is not part of it (an upheld appeal gives the match's corrected result)`,
        `data.${f}`,
      );
    }
  }
  const stored = club.factById?.(m.eventId);
  if (!stored) {
    throw ledger(`no fact with event id ${m.eventId} is in the ledger`, 'data.match.eventId');
  }
  if (isLeagueStream(stored.streamId)) {
    throw ledger(
      `a ruling on a league's match is given on that league's corrections stream (corrections-<leagueId>), not corrections-${clubId}`,
      'data.match',
    );
  }
  const dayField = CLUB_MATCH_DAYS[stored.type];
  if (dayField === undefined) {
    throw ledger(
      `event ${m.eventId} is a ${stored.type}: a club's ruling names a match of one of its teams events (${Object.keys(CLUB_MATCH_DAYS).join(' or ')})`,
      'data.match.eventId',
    );
  }
  if (stored.streamId !== m.streamId) {
    throw ledger(
      `event ${m.eventId} is stored in ${stored.streamId}, not ${m.streamId}`,
      'data.match.streamId',
    );
  }
  if (club.clubOfStream?.(stored.streamId) !== clubId) {
    throw ledger(
      `event ${m.eventId} (${stored.streamId}) is not a match of club ${clubId}'s: a club's director rules on its own events' matches`,
      'data.match.eventId',
    );
  }
  const sd = (stored.data ?? {}) as Record<string, unknown>;
  if (sd.matchId !== m.fixtureId) {
    throw ledger(
      `event ${m.eventId} is match ${show(sd.matchId)}, not ${m.fixtureId}`,
      'data.match.fixtureId',
    );
  }
  if (sd[dayField] !== m.playedOn) {
    throw ledger(
      `match ${m.fixtureId} is of ${show(sd[dayField])} (its ${stored.type}'s ${dayField}): an appeal's deadline counts from then, not from ${m.playedOn}`,
      'data.match.playedOn',
    );
  }
}

/**
 * An upheld appeal against a ruling on a club's match gives the match as decided: the whole
 * fact in its own schema, the same match, and one the event's decider accepts in its place
 * (NZ-14's substitutes, a fifth player …), as a correction's content is judged. An appeal on
 * a session's ruling gives no corrected match (its upheld decision gives `adjusted`).
 */
export function checkMatchCorrectedByAppeal(
  d: AppealDecidedData,
  a: AppealRecord,
  state: CorrectionsState,
  club: ClubContext,
): void {
  const rulingId = a.lodged.against.rulingId;
  const match = rulingId !== undefined ? state.rulings[rulingId]?.data.match : undefined;
  if (match && d.adjusted !== undefined) {
    throw ledger(
      `appeal ${d.appealId} is against a ruling on match ${match.fixtureId}: an upheld appeal gives the match as decided (corrected), not a session's adjusted score`,
      'data.adjusted',
    );
  }
  const corrected = d.corrected;
  if (corrected === undefined) return;
  if (!match) {
    throw ledger(
      `appeal ${d.appealId} is not against a ruling on a match (${rulingId !== undefined ? `ruling ${rulingId} names none` : 'it is against no ruling'}): it has no match to correct; an upheld appeal on a session gives adjusted`,
      'data.corrected',
    );
  }
  const stored = club.factById?.(match.eventId);
  if (!stored) {
    throw ledger(
      `no fact with event id ${match.eventId} (the match ruling ${rulingId} names) is in the ledger`,
      'data.corrected',
    );
  }
  checkReplacement(stored, corrected, club);
}
