// A correction notified and decided (NZ-13, DSB-9.1): its target, its content, its deadline.
import {
  CORRECTABLE_TYPES,
  TIME_CORRECTABLE_TYPES,
  type CorrectionAcceptedData,
  type CorrectionNotifiedData,
} from '../facts/corrections';
import type { DecidedFact } from '../../../kernel/decider';
import { leagueStreamId } from '../../league';
import { clubTime } from '../../../kernel/club-time';
import { COMPETITION_HOME } from '../../pairs';
import type { ClubContext, StoredFact } from '../../club-context';
import { RuleViolation } from '../../../kernel/rule-violation';
import { SESSION_STREAM_PREFIX } from '../../pairs';
import { judgeCorrection } from './judge';
import type { CorrectionsState } from './state';
import { clubDeadlines } from './club-deadlines';
import { checkScorable, checkUnplayedCorrection } from './league-corrections';
import { ledger, show } from './refusals';

/** Whether a stored fact is the club's: its competition's or its scored session's. */
function ofTheClub(stored: StoredFact, club: ClubContext, clubId: string, league = false): boolean {
  const d = (stored.data ?? {}) as Record<string, unknown>;
  if (league) return stored.streamId === leagueStreamId(clubId) && d.leagueId === clubId;
  if (typeof d.clubId === 'string' && d.clubId !== clubId) return false;
  if (stored.streamId.startsWith(COMPETITION_HOME.prefix)) {
    const id = stored.streamId.slice(COMPETITION_HOME.prefix.length);
    return club.competitionsOf(clubId).some((c) => c.competition?.competitionId === id);
  }
  if (stored.streamId.startsWith(SESSION_STREAM_PREFIX))
    return club.sessionOf(clubId, stored.streamId) !== undefined;
  // Any other stream (a teams event's): the club its first fact names.
  return club.clubOfStream?.(stored.streamId) === clubId;
}

export function decideNotified(
  d: CorrectionNotifiedData,
  occurredAt: string,
  state: CorrectionsState,
  club: ClubContext,
  clubId: string,
  league: boolean,
): void {
  if (state.corrections[d.correctionId]) {
    throw ledger(
      `correction ${d.correctionId} is notified already in this stream: a correction of it is a new correction (its own correctionId) of the same target`,
      'data.correctionId',
    );
  }
  if (!CORRECTABLE_TYPES[d.target.type]) {
    throw ledger(
      `a ${d.target.type} cannot be corrected: the correctable facts are ${Object.keys(CORRECTABLE_TYPES).join(', ')}${d.target.type === 'CorrectionNotified' ? ' (a correction of a correction names the same target as the correction it replaces)' : ''}`,
      'data.target.type',
    );
  }
  const stored = club.factById?.(d.target.eventId);
  if (!stored) {
    throw ledger(
      `no fact with event id ${d.target.eventId} is in the ledger`,
      'data.target.eventId',
    );
  }
  if (stored.type !== d.target.type) {
    throw ledger(
      `event ${d.target.eventId} is a ${stored.type}, not a ${d.target.type}`,
      'data.target.type',
    );
  }
  if (stored.streamId !== d.target.streamId) {
    throw ledger(
      `event ${d.target.eventId} is stored in ${stored.streamId}, not ${d.target.streamId}`,
      'data.target.streamId',
    );
  }
  if (!league && stored.streamId === leagueStreamId(clubId)) {
    throw ledger(
      `event ${d.target.eventId} is league ${clubId}'s, and ${clubId} is a club's id too: a league whose id is a club's cannot keep its corrections on corrections-${clubId}`,
      'data.clubId',
    );
  }
  if (!ofTheClub(stored, club, clubId, league)) {
    throw ledger(
      `event ${d.target.eventId} (${stored.streamId}) is not a fact of club ${clubId}: a club corrects its own competitions', scored sessions' and teams events' facts`,
      'data.target.eventId',
    );
  }
  checkReplacement(stored, d.corrected, club, d.correctedOccurredAt);
  if (league && stored.type === 'MatchResultRecorded') checkScorable(d.corrected, club, clubId);
  // As the league's rules refuse a MatchUnplayed itself (the LCBA's 7.5: one side offends).
  if (league && stored.type === 'MatchUnplayed') checkUnplayedCorrection(d.corrected, club, clubId);
  const time = d.correctedOccurredAt;
  if (time !== undefined) {
    if (!TIME_CORRECTABLE_TYPES[stored.type]) {
      throw ledger(
        `a ${stored.type}'s time is not read by any table: only the time of ${Object.keys(TIME_CORRECTABLE_TYPES).join(', ')} may be corrected (an absence's notice, DSB-9.1)`,
        'data.correctedOccurredAt',
      );
    }
    if (Date.parse(time) > Date.parse(occurredAt)) {
      throw ledger(
        `correctedOccurredAt ${time} is after the correction itself (${occurredAt}): a ${stored.type} cannot be corrected to a time that has not happened yet`,
        'data.correctedOccurredAt',
      );
    }
  }
  // The same instant read the same on the club's clock (the tables read the wall clock an
  // instant is written in, `clubTime`): a time that changes neither changes nothing.
  const sameTime =
    time === undefined ||
    (Date.parse(time) === Date.parse(stored.occurredAt) &&
      clubTime(time) === clubTime(stored.occurredAt));
  if (sameData(d.corrected, stored.data ?? {}) && sameTime) {
    throw ledger(
      `corrected is the ${stored.type} as recorded${time !== undefined ? `, at the time recorded (${stored.occurredAt})` : ''}: the correction changes nothing`,
      'data.corrected',
    );
  }
}

/**
 * A stored fact's replacement (a correction's content, an upheld appeal's corrected match): a
 * valid fact of its type, keeping the fields that identify it, and one its own stream's decider
 * would accept in its place. Each refusal names the field inside `data.corrected`.
 */
export function checkReplacement(
  stored: StoredFact,
  corrected: Record<string, unknown>,
  club: ClubContext,
  occurredAt?: string,
): void {
  const issues = club.factIssues(stored.type, corrected) ?? [];
  if (issues.length) {
    const first = issues[0];
    throw ledger(
      `corrected is not a valid ${stored.type}: ${issues.map((i) => `${i.field || '(data)'} ${i.message}`).join('; ')}`,
      first.field ? `data.corrected.${first.field}` : 'data.corrected',
    );
  }
  const original = (stored.data ?? {}) as Record<string, unknown>;
  for (const f of CORRECTABLE_TYPES[stored.type] ?? []) {
    if (show(corrected[f]) !== show(original[f])) {
      throw ledger(
        `${f} identifies the ${stored.type} corrected: it must stay ${show(original[f])}, not ${show(corrected[f])} (a different ${f} is a different fact)`,
        `data.corrected.${f}`,
      );
    }
  }
  // Judged as the fact it corrects was: by its own stream's decider, in its place.
  const refused = club.replacementViolation?.(stored.id, corrected, occurredAt);
  if (refused) {
    const field = refused.field?.startsWith('data.') ? refused.field.slice(5) : undefined;
    throw new RuleViolation(
      refused.rule,
      `corrected would be refused as the ${stored.type} it replaces: ${refused.reason}`,
      field ? `data.corrected.${field}` : 'data.corrected',
    );
  }
}

const sortedJson = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(
          Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : x,
  );
const sameData = (a: unknown, b: unknown) => sortedJson(a) === sortedJson(b);

/** The latest correction notified of the same target, when it is not this one. */
function supersededBy(state: CorrectionsState, correctionId: string): string | undefined {
  const own = state.corrections[correctionId];
  let latest: string | undefined;
  for (const id in state.corrections) {
    if (state.corrections[id].notified.target.eventId === own.notified.target.eventId) latest = id;
  }
  return latest !== correctionId ? latest : undefined;
}

export function decideDecision(
  fact: DecidedFact,
  state: CorrectionsState,
  club: ClubContext,
  clubId: string,
  league: boolean,
): void {
  const d = fact.data as CorrectionAcceptedData;
  const c = state.corrections[d.correctionId];
  if (!c) {
    throw ledger(
      `correction ${d.correctionId} was never notified: no CorrectionNotified of it in this stream`,
      'data.correctionId',
    );
  }
  if (c.decision) {
    throw ledger(
      `correction ${d.correctionId} is decided already (${c.decision.type} at ${c.decision.at}): one decision per correction; a new correction of the same fact supersedes it`,
      'data.correctionId',
    );
  }
  if (fact.type !== 'CorrectionAccepted') return;
  const later = supersededBy(state, d.correctionId);
  if (later) {
    throw ledger(
      `correction ${d.correctionId} is superseded by correction ${later} of the same fact: decide that one`,
      'data.correctionId',
    );
  }
  const judged = judgeCorrection(clubDeadlines(club, clubId, c.notifiedAt, league), c);
  if (judged.late && d.lateAcceptedBecause === undefined) {
    throw new RuleViolation(
      judged.deadline!.rule,
      `correction ${d.correctionId} was notified at ${c.notifiedAt}, after its deadline ${judged.deadline!.at} (${judged.deadline!.basis}): a late correction is accepted only with lateAcceptedBecause, the director's recorded reason`,
      'data.lateAcceptedBecause',
    );
  }
}
