import {
  type AppealDecidedData,
  type CorrectionNotifiedData,
  type RulingGivenData,
} from '../facts/corrections';
import type { DecidedFact } from '../../../kernel/decider';
import type { ClubContext } from '../../club-context';
import type { CorrectionsState } from './state';
import { clubOfCorrectionsStream } from './streams';
import { decideDecision, decideNotified } from './corrections-notified';
import {
  LEAGUE_CORRECTION_TYPES,
  decideLeagueRuling,
  isLeagueCorrections,
} from './league-corrections';
import { ledger, show } from './refusals';
import {
  decideAppeal,
  decideAppealDecision,
  decideEscalation,
  decideRuling,
} from './rulings-appeals';

/**
 * Decides one fact of a club's corrections stream. Each refusal names the rule
 * (LEDGER, or the rulebook's deadline rule: NZ-13, LCBA-10.2, LCBA-2.5, DSB-20.3) and the field.
 */
export function decideCorrectionFact(
  fact: DecidedFact,
  state: CorrectionsState,
  club: ClubContext,
  streamId: string,
): DecidedFact[] {
  const clubId = clubOfCorrectionsStream(streamId);
  const league = !club.isRegistered(clubId) && isLeagueCorrections(fact, state, clubId, club);
  if (!club.isRegistered(clubId) && !league) {
    throw ledger(
      `club ${clubId} is not registered: no ClubRegistered in club-${clubId}; a club registers, then records its corrections, rulings and appeals (a league's stream corrections-<leagueId> takes corrections of its matches)`,
      'data.clubId',
    );
  }
  if (league && !LEAGUE_CORRECTION_TYPES.has(fact.type)) {
    throw ledger(
      `corrections-${clubId} is league ${clubId}'s: it takes corrections of the league's matches, rulings on them and appeals (LCBA-10.2), and appeals against its structure (LCBA-2.5)`,
      'type',
    );
  }
  const named = (fact.data as { leagueId?: unknown }).leagueId;
  if (league ? named !== clubId : named !== undefined) {
    throw ledger(
      league
        ? `corrections-${clubId} is league ${clubId}'s: each of its facts names leagueId ${clubId}, not ${show(named)}`
        : `corrections-${clubId} is club ${clubId}'s: its facts name no leagueId (a league's corrections are on corrections-<leagueId>)`,
      'data.leagueId',
    );
  }
  switch (fact.type) {
    case 'CorrectionNotified':
      decideNotified(
        fact.data as CorrectionNotifiedData,
        fact.occurredAt,
        state,
        club,
        clubId,
        league,
      );
      break;
    case 'CorrectionAccepted':
    case 'CorrectionRejected':
      decideDecision(fact, state, club, clubId, league);
      break;
    case 'RulingGiven':
      if (league) decideLeagueRuling(fact.data as RulingGivenData, state, club, clubId);
      else decideRuling(fact.data as RulingGivenData, fact.occurredAt, state, club, clubId);
      break;
    case 'AppealLodged':
      decideAppeal(fact, state, club, clubId, league);
      break;
    case 'AppealDecided':
      decideAppealDecision(fact.data as AppealDecidedData, state, club, clubId, league);
      break;
    case 'AppealEscalated':
      decideEscalation(fact, state, club, clubId, league);
      break;
  }
  return [fact];
}
