import { catalogue } from '../../catalogue';
import {
  CORRECTABLE_TYPES,
  TIME_CORRECTABLE_TYPES,
  type AppealDecidedData,
  type AppealEscalatedData,
  type AppealLodgedData,
  type CorrectionAcceptedData,
  type CorrectionNotifiedData,
  type RulingGivenData,
} from '../facts/corrections';
import type { DecidedFact } from '../../../kernel/decider';
import { appealParamsOf, correctionParamsOf, rulingParamsFor } from '../../../rulebooks/deadlines';
import type { Params } from '../../../rulebooks/params';
import type { Rulebook } from '../../../rulebooks/rulebook';
import { ScoringInputError } from '../../../scoring';
import { leagueStreamId, rulesOfLeague, scoresFormat, type MatchInput } from '../../league';
import { clubTime } from '../../../kernel/club-time';
import { COMPETITION_HOME } from '../../pairs/domain/facts';
import type { ClubContext, StoredFact } from '../../club-context';
import { RuleViolation } from '../../../kernel/rule-violation';
import { SESSION_STREAM_PREFIX } from '../../pairs/domain/session-decider';
import { calendarOf, rulingSession, sessionTimeOfFact } from './calendar';
import {
  escalationDeadline,
  judgeAppeal,
  judgeCorrection,
  offsetOf,
  type ClubDeadlines,
} from './judge';
import { isLate, wallClockInstant, wallClockOf } from './deadline';
import type { AppealRecord, CorrectionsState } from './state';
import { clubOfCorrectionsStream } from './streams';

const ledger = (reason: string, field: string) => new RuleViolation('LEDGER', reason, field);

/** A league's match day, as its corrected fact says it (LCBA-10.2 counts from the match). */
function matchDayOf(corrected: unknown) {
  const d = (corrected ?? {}) as { playedOn?: unknown; on?: unknown };
  const date = typeof d.playedOn === 'string' ? d.playedOn : d.on;
  return typeof date === 'string' ? { date } : undefined;
}

/** The match a league's ruling is on: its day (LCBA-10.2's 7 days count from it). */
function rulingMatchDay(ruling: RulingGivenData) {
  const day = ruling.match?.playedOn;
  return typeof day === 'string' ? { date: day } : undefined;
}

/**
 * A league's deadlines, by its organising club's rulebook in force on the match's day
 * (an LCBA one: its `corrections` and `appeals` groups, amendments included) and in that club's
 * time zone; the league rules' own (their preset's) when the organiser has no league rulebook then, and the offset
 * the fact is written in when the context knows no organiser.
 */
export function leagueDeadlines(
  rulebookOn: (date: string) => Rulebook | undefined,
  zone: string | undefined,
  fallbackAt: string,
): ClubDeadlines {
  return {
    zone: zone ?? offsetOf(fallbackAt),
    rulebookOn: (date) => {
      const r = rulebookOn(date);
      const rules = rulesOfLeague(r);
      return scoresFormat(r, rules.format) ? r!.params : (rules.deadlineParams as Params);
    },
    sessionOfTarget: (_streamId, corrected) => matchDayOf(corrected),
    sessionOfRuling: rulingMatchDay,
  };
}

/**
 * The club's deadlines as the deciders read them: over the club-wide context. For a league's
 * corrections stream (`league`), the match's day and the organising club's rulebook and zone.
 */
export function clubDeadlines(
  club: ClubContext,
  clubId: string,
  fallbackAt: string,
  league = false,
): ClubDeadlines {
  if (league) {
    const organiser = club.leagueOf?.(clubId)?.clubId;
    return leagueDeadlines(
      (date) => (organiser !== undefined ? club.rulebookOn(organiser, date) : undefined),
      organiser !== undefined ? club.timeZoneOf?.(organiser) : undefined,
      fallbackAt,
    );
  }
  let calendars: ReturnType<typeof calendarsOf> | undefined;
  const calendarsNow = () => (calendars ??= calendarsOf(club, clubId));
  const scoredDate = (streamId: string) => club.sessionOf(clubId, streamId)?.date;
  return {
    zone: club.timeZoneOf?.(clubId) ?? offsetOf(fallbackAt),
    rulebookOn: (date) => club.rulebookOn(clubId, date)?.params,
    sessionOfTarget: (streamId, corrected) =>
      sessionTimeOfFact({ streamId, data: corrected }, calendarsNow(), scoredDate),
    sessionOfRuling: (ruling) => rulingSession(ruling, calendarsNow(), scoredDate),
  };
}

const calendarsOf = (club: ClubContext, clubId: string) =>
  club.competitionsOf(clubId).flatMap((c) => calendarOf(c) ?? []);

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

const LEAGUE_CORRECTION_TYPES = new Set([
  'CorrectionNotified',
  'CorrectionAccepted',
  'CorrectionRejected',
  // LCBA-10.2: a ruling on a match result; LCBA-10.2 and 2.5: the appeals, decisions, escalations.
  'RulingGiven',
  'AppealLodged',
  'AppealDecided',
  'AppealEscalated',
]);

/**
 * Whether `corrections-<id>` (of no registered club) is league `id`'s: the fact
 * corrects a fact of `league-<id>`, or the stream's corrections already do. A league's facts
 * are on `league-<id>` only once it is registered (the league decider), so such a target is
 * proof of the league.
 */
function isLeagueCorrections(
  fact: DecidedFact,
  state: CorrectionsState,
  id: string,
  club: ClubContext,
): boolean {
  if (club.leagueOf?.(id) !== undefined) return true;
  const own = leagueStreamId(id);
  if (fact.type === 'CorrectionNotified') {
    return (fact.data as Partial<CorrectionNotifiedData>).target?.streamId === own;
  }
  if ((fact.data as Partial<AppealLodgedData>).against?.structure?.streamId === own) return true;
  if ((fact.data as Partial<RulingGivenData>).match?.streamId === own) return true;
  for (const c in state.corrections) {
    if (state.corrections[c]!.notified.target.streamId === own) return true;
  }
  for (const a in state.appeals) {
    if (state.appeals[a]!.lodged.against.structure?.streamId === own) return true;
  }
  for (const r in state.rulings) {
    if (state.rulings[r]!.data.match?.streamId === own) return true;
  }
  return false;
}

/**
 * A corrected match result is one the league's match rules can score (LCBA-6.3,
 * 6.7, 7.2–7.4, FOUL), as the tables will: refused here, naming the field, rather than
 * breaking the league's table once accepted. Judged on the `match` group of the organiser's
 * rulebook in force on the match's day (the preset's when it has no league rulebook then).
 */
function checkScorable(
  corrected: Record<string, unknown>,
  club: ClubContext,
  leagueId: string,
): void {
  try {
    const { rules, params } = leagueMatchRules(club, leagueId, corrected.playedOn);
    rules.scoreMatch(corrected.result as unknown as MatchInput, params);
  } catch (e) {
    if (!(e instanceof ScoringInputError)) throw e;
    throw new RuleViolation(e.rule, e.message, `data.corrected.result.${e.field}`);
  }
}

/** The rules and parameters a league's tables score a match of that day by. */
function leagueMatchRules(club: ClubContext, leagueId: string, day: unknown) {
  const organiser = club.leagueOf?.(leagueId)?.clubId;
  const r =
    organiser !== undefined && typeof day === 'string'
      ? club.rulebookOn(organiser, day)
      : undefined;
  const rules = rulesOfLeague(r);
  return {
    rules,
    params: scoresFormat(r, rules.format) ? r!.params : (rules.preset.params as object),
  };
}

/**
 * LCBA-10.2: a league's ruling is on a match result: `match` names the league's
 * MatchResultRecorded (by event id), its fixture and its day, as the stored fact has them (the
 * appeal's 7 days count from that day). A session's fields are a club's, refused here.
 */
function decideLeagueRuling(
  d: RulingGivenData,
  state: CorrectionsState,
  club: ClubContext,
  leagueId: string,
): void {
  if (state.rulings[d.rulingId]) {
    throw ledger(`ruling ${d.rulingId} is recorded already in this stream`, 'data.rulingId');
  }
  for (const f of ['competitionId', 'session', 'sessionStreamId', 'awarded', 'rubber'] as const) {
    if (d[f] !== undefined) {
      throw ledger(
        `a league's ruling is on a match (match), not a club's session: ${f} is not part of it (an upheld appeal gives the match's corrected result)`,
        `data.${f}`,
      );
    }
  }
  const m = d.match;
  if (!m) {
    throw ledger(
      `corrections-${leagueId} is league ${leagueId}'s: a ruling here is on a match result: name its MatchResultRecorded (match: eventId, streamId, fixtureId, playedOn)`,
      'data.match',
    );
  }
  const stored = club.factById?.(m.eventId);
  if (!stored) {
    throw ledger(`no fact with event id ${m.eventId} is in the ledger`, 'data.match.eventId');
  }
  const sd = (stored.data ?? {}) as Record<string, unknown>;
  if (
    stored.type !== 'MatchResultRecorded' ||
    stored.streamId !== leagueStreamId(leagueId) ||
    m.streamId !== stored.streamId ||
    sd.leagueId !== leagueId
  ) {
    throw ledger(
      `event ${m.eventId} is a ${stored.type} in ${stored.streamId}, not a MatchResultRecorded of league ${leagueId} in ${leagueStreamId(leagueId)}: a league's ruling is on one of its match results`,
      'data.match.eventId',
    );
  }
  if (sd.fixtureId !== m.fixtureId) {
    throw ledger(
      `event ${m.eventId} is the result of fixture ${show(sd.fixtureId)}, not ${m.fixtureId}`,
      'data.match.fixtureId',
    );
  }
  if (sd.playedOn !== m.playedOn) {
    throw new RuleViolation(
      'LCBA-10.2',
      `fixture ${m.fixtureId} was played on ${show(sd.playedOn)} (its MatchResultRecorded): an appeal's 7 days run from then, not from ${m.playedOn}`,
      'data.match.playedOn',
    );
  }
}

/**
 * LCBA-10.2: an upheld appeal's corrected match result: against a ruling on a match,
 * the whole MatchResultRecorded in its own schema, of the same league and fixture, one the match
 * rules can score. On a club's stream, refused (a session's appeal gives `adjusted`).
 */
function checkCorrectedByAppeal(
  d: AppealDecidedData,
  a: AppealRecord,
  state: CorrectionsState,
  club: ClubContext,
  leagueId: string,
  league: boolean,
): void {
  if (league && d.adjusted !== undefined) {
    throw ledger(
      `a league's upheld appeal gives the match's corrected result (corrected), not a session's adjusted score`,
      'data.adjusted',
    );
  }
  const corrected = d.corrected;
  if (corrected === undefined) return;
  if (!league) {
    throw ledger(
      `corrected is a league match's result, given on a league's corrections stream; a club's upheld appeal gives adjusted`,
      'data.corrected',
    );
  }
  const rulingId = a.lodged.against.rulingId;
  const match = rulingId !== undefined ? state.rulings[rulingId]?.data.match : undefined;
  if (!match) {
    throw ledger(
      `appeal ${d.appealId} is not against a ruling on a match (it is against ${rulingId !== undefined ? `ruling ${rulingId}` : 'the structure'}): it has no match result to correct`,
      'data.corrected',
    );
  }
  const def = catalogue.get('MatchResultRecorded');
  const issues = def?.validate(corrected) ?? [];
  if (issues.length) {
    const first = issues[0];
    throw ledger(
      `corrected is not a valid MatchResultRecorded: ${issues.map((i) => `${i.field || '(data)'} ${i.message}`).join('; ')}`,
      first.field ? `data.corrected.${first.field}` : 'data.corrected',
    );
  }
  // The match's day too: the appeal's 7 days ran from it (CORRECTABLE_TYPES' reason).
  const expected: Record<string, unknown> = {
    leagueId,
    fixtureId: match.fixtureId,
    playedOn: match.playedOn,
  };
  for (const f of ['leagueId', 'fixtureId', 'playedOn']) {
    if (corrected[f] !== expected[f]) {
      throw ledger(
        `${f} identifies the match ruled on: it must stay ${show(expected[f])}, not ${show(corrected[f])}`,
        `data.corrected.${f}`,
      );
    }
  }
  checkScorable(corrected, club, leagueId);
}

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
  return false;
}

const show = (v: unknown) => JSON.stringify(v);

function decideNotified(
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
  const identity = CORRECTABLE_TYPES[d.target.type];
  if (!identity) {
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
      `event ${d.target.eventId} (${stored.streamId}) is not a fact of club ${clubId}: a club corrects its own competitions' and scored sessions' facts`,
      'data.target.eventId',
    );
  }
  const def = catalogue.get(stored.type);
  const issues = def?.validate(d.corrected) ?? [];
  if (issues.length) {
    const first = issues[0];
    throw ledger(
      `corrected is not a valid ${stored.type}: ${issues.map((i) => `${i.field || '(data)'} ${i.message}`).join('; ')}`,
      first.field ? `data.corrected.${first.field}` : 'data.corrected',
    );
  }
  const original = (stored.data ?? {}) as Record<string, unknown>;
  for (const f of identity) {
    if (show(d.corrected[f]) !== show(original[f])) {
      throw ledger(
        `${f} identifies the ${stored.type} corrected: it must stay ${show(original[f])}, not ${show(d.corrected[f])} (a different ${f} is a different fact)`,
        `data.corrected.${f}`,
      );
    }
  }
  if (league && stored.type === 'MatchResultRecorded') checkScorable(d.corrected, club, clubId);
  if (league && stored.type === 'MatchUnplayed') {
    // As the league decider refuses it on MatchUnplayed itself.
    if (d.corrected.rule === 'LCBA-7.5' && d.corrected.offender === 'both') {
      throw new RuleViolation(
        'LCBA-7.5',
        'the non-offending team withdraws: one side offends, not both',
        'data.corrected.offender',
      );
    }
  }
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
  if (sameData(d.corrected, original) && sameTime) {
    throw ledger(
      `corrected is the ${stored.type} as recorded${time !== undefined ? `, at the time recorded (${stored.occurredAt})` : ''}: the correction changes nothing`,
      'data.corrected',
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

function decideDecision(
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

function decideRuling(
  d: RulingGivenData,
  occurredAt: string,
  state: CorrectionsState,
  club: ClubContext,
  clubId: string,
): void {
  if (state.rulings[d.rulingId]) {
    throw ledger(`ruling ${d.rulingId} is recorded already in this stream`, 'data.rulingId');
  }
  if (d.competitionId !== undefined) {
    const c = club
      .competitionsOf(clubId)
      .find((x) => x.competition?.competitionId === d.competitionId);
    if (!c) {
      throw ledger(`club ${clubId} has no competition ${d.competitionId}`, 'data.competitionId');
    }
    if (d.session !== undefined && !calendarOf(c)?.sessions.some((s) => s.session === d.session)) {
      throw ledger(`competition ${d.competitionId} has no session ${d.session}`, 'data.session');
    }
  } else if (d.session !== undefined) {
    throw ledger('a session is of a competition: name its competitionId', 'data.competitionId');
  }
  if (d.sessionStreamId !== undefined && !club.sessionOf(clubId, d.sessionStreamId)) {
    throw ledger(
      `${d.sessionStreamId} is not a scored session of club ${clubId} (no movement naming the club)`,
      'data.sessionStreamId',
    );
  }
  const awardedBoard = (d.awarded as { board?: unknown } | undefined)?.board;
  if (d.match !== undefined) {
    throw ledger(
      `a ruling on a league's match is given on that league's corrections stream (corrections-<leagueId>), not corrections-${clubId}`,
      'data.match',
    );
  }
  if (d.board !== undefined && awardedBoard !== undefined && awardedBoard !== d.board) {
    throw ledger(
      `the score awarded is on board ${show(awardedBoard)}, the ruling on board ${d.board}`,
      'data.awarded.board',
    );
  }
  decideRubber(d, occurredAt, club, clubId);
}

/**
 * PIN-R26: a rubber's end is not before the ruling's session starts, and a rulebook that times
 * an appeal against this ruling by the end of its rubber needs that end: without it, the
 * ruling is refused by the rule (the appeal's deadline could never be placed).
 */
function decideRubber(
  d: RulingGivenData,
  occurredAt: string,
  club: ClubContext,
  clubId: string,
): void {
  const deadlines = clubDeadlines(club, clubId, occurredAt);
  const session = deadlines.sessionOfRuling(d);
  const endedAt = d.rubber?.endedAt;
  if (endedAt !== undefined && session) {
    const params = correctionParamsOf(deadlines.rulebookOn(session.date));
    const time = session.startTime || params?.sessionStart || '00:00';
    const start = wallClockInstant(session.date, time, deadlines.zone);
    if (Date.parse(endedAt) < start) {
      throw ledger(
        `the rubber ended at ${endedAt}, before the ruling's session started (${session.date} ${time}, ${deadlines.zone}): a rubber ends after the play it is part of`,
        'data.rubber.endedAt',
      );
    }
  }
  if (d.rubber) return;
  const day = session?.date ?? wallClockOf(occurredAt, deadlines.zone).date;
  const params = appealParamsOf(deadlines.rulebookOn(day));
  const r = params && rulingParamsFor(params, false);
  if (r?.until === 'before-end-of-rubber') {
    throw new RuleViolation(
      r.rule || 'LEDGER',
      `the rulebook in force on ${day} times an appeal against a ruling by the end of its rubber (${r.rule}): record the rubber and when it ended (rubber.endedAt)`,
      'data.rubber',
    );
  }
}

function decideAppeal(
  fact: DecidedFact,
  state: CorrectionsState,
  club: ClubContext,
  clubId: string,
  league: boolean,
): void {
  const d = fact.data as AppealLodgedData;
  if (state.appeals[d.appealId]) {
    throw ledger(`appeal ${d.appealId} is lodged already in this stream`, 'data.appealId');
  }
  checkStructure(d, club, clubId, league);
  const rulingId = d.against.rulingId;
  const ruling = rulingId !== undefined ? state.rulings[rulingId] : undefined;
  if (rulingId !== undefined && !ruling) {
    throw ledger(
      `an appeal against nothing: no ruling ${rulingId} is recorded in this stream (RulingGiven)`,
      'data.against.rulingId',
    );
  }
  const judged = judgeAppeal(
    clubDeadlines(club, clubId, d.receivedAt, league),
    d,
    ruling?.data,
    ruling?.at,
  );
  // An appeal out of time is recorded, never lost: its lateness is derived from receivedAt
  // (never stored), the log shows it "refused: out of time (<rule>)", and the board does not
  // hear it (its AppealDecided is refused without heardLateBecause). Its deposit is still the
  // rulebook's: a short one is refused, as for an appeal in time.
  checkDeposit(judged.deposit, d.deposit, `appeal ${d.appealId}`);
}

/**
 * LCBA-2.5: an appeal against a league's structure names its publication (the
 * league's LeagueStructurePublished, by event id) and is lodged on the league's corrections
 * stream; its `publishedAt` must be the instant that fact records, so the 5 days run from the
 * ledger's publication (a `publishedAt` of its own would move the window). Refused, not
 * dropped: every later judgement (the decision, the escalation, the log) reads `publishedAt`.
 */
function checkStructure(d: AppealLodgedData, club: ClubContext, clubId: string, league: boolean) {
  const ref = d.against.structure;
  if (!ref) {
    // A league's appeal against a ruling on a match (LCBA-10.2).
    if (league && d.against.rulingId === undefined) {
      throw ledger(
        `corrections-${clubId} is league ${clubId}'s: an appeal lodged here is against a ruling on a match (against.rulingId, LCBA-10.2) or its structure (LCBA-2.5): name its LeagueStructurePublished (against.structure)`,
        'data.against.structure',
      );
    }
    return;
  }
  if (!league) {
    throw ledger(
      `an appeal against league structure ${ref.streamId} is lodged on that league's corrections stream (corrections-<leagueId>), not corrections-${clubId}${club.isRegistered(clubId) ? `, club ${clubId}'s` : ''}`,
      'data.against.structure.streamId',
    );
  }
  const stored = club.factById?.(ref.eventId);
  if (!stored) {
    throw ledger(
      `no fact with event id ${ref.eventId} is in the ledger`,
      'data.against.structure.eventId',
    );
  }
  if (stored.type !== 'LeagueStructurePublished' || stored.streamId !== ref.streamId) {
    throw ledger(
      `event ${ref.eventId} is a ${stored.type} in ${stored.streamId}, not league ${clubId}'s LeagueStructurePublished in ${ref.streamId}`,
      'data.against.structure.eventId',
    );
  }
  const published = (stored.data as { publishedAt?: unknown }).publishedAt;
  if (
    typeof published === 'string' &&
    Date.parse(published) !== Date.parse(d.against.publishedAt!)
  ) {
    throw new RuleViolation(
      'LCBA-2.5',
      `the league structure was published at ${published} (its LeagueStructurePublished): the appeal's window runs from then, not from ${d.against.publishedAt}`,
      'data.against.publishedAt',
    );
  }
}

/** Whether a lodged appeal came after its deadline (LCBA-10.2, LCBA-2.5, DSB-20.3), derived. */
function judgeLodged(
  state: CorrectionsState,
  club: ClubContext,
  clubId: string,
  a: AppealRecord,
  league = false,
) {
  const rulingId = a.lodged.against.rulingId;
  const ruling = rulingId !== undefined ? state.rulings[rulingId] : undefined;
  return judgeAppeal(
    clubDeadlines(club, clubId, a.lodged.receivedAt, league),
    a.lodged,
    ruling?.data,
    ruling?.at,
  );
}

function checkDeposit(
  asked: { amount: number; currency: string; rule: string } | undefined,
  given: { amount: number; currency: string } | undefined,
  what: string,
): void {
  if (!asked || asked.amount <= 0) return;
  if (!given || given.currency !== asked.currency || given.amount < asked.amount) {
    throw new RuleViolation(
      asked.rule,
      `${what} needs a deposit of ${asked.amount} ${asked.currency}${given ? `, not ${given.amount} ${given.currency}` : ': none was given'}`,
      'data.deposit',
    );
  }
}

/** The appeal a decision or an escalation names; one never lodged is refused (LEDGER). */
function lodgedAppeal(state: CorrectionsState, appealId: string) {
  const a = state.appeals[appealId];
  if (!a) {
    throw ledger(
      `appeal ${appealId} was never lodged: no AppealLodged of it in this stream`,
      'data.appealId',
    );
  }
  return a;
}

function decideAppealDecision(
  d: AppealDecidedData,
  state: CorrectionsState,
  club: ClubContext,
  clubId: string,
  league: boolean,
): void {
  const a = lodgedAppeal(state, d.appealId);
  if (a.decided) {
    throw ledger(
      `appeal ${d.appealId} is decided already (${a.decided.data.outcome} at ${a.decided.data.decidedAt}): one decision per appeal; an appeal against it is AppealEscalated`,
      'data.appealId',
    );
  }
  const judged = judgeLodged(state, club, clubId, a, league);
  if (judged.late && d.heardLateBecause === undefined) {
    throw new RuleViolation(
      judged.deadline!.rule,
      `appeal ${d.appealId} was received at ${a.lodged.receivedAt}, after its deadline ${judged.deadline!.at} (${judged.deadline!.basis}): an appeal out of time is refused by ${judged.deadline!.rule} and the board does not hear it, unless heardLateBecause records why it is heard anyway`,
      'data.heardLateBecause',
    );
  }
  const paid = (a.lodged.deposit?.amount ?? 0) > 0;
  if (paid && d.deposit === undefined) {
    throw ledger(
      `appeal ${d.appealId} carried a deposit of ${a.lodged.deposit!.amount} ${a.lodged.deposit!.currency}: say whether it is returned or forfeited`,
      'data.deposit',
    );
  }
  if (!paid && d.deposit !== undefined) {
    throw ledger(`appeal ${d.appealId} carried no deposit to return or forfeit`, 'data.deposit');
  }
  checkCorrectedByAppeal(d, a, state, club, clubId, league);
  const stream = (d.adjusted as { sessionStreamId?: string } | undefined)?.sessionStreamId;
  if (stream !== undefined && !club.sessionOf(clubId, stream)) {
    throw ledger(
      `${stream} is not a scored session of club ${clubId}: the adjusted score applies to one`,
      'data.adjusted.sessionStreamId',
    );
  }
  if (Date.parse(d.decidedAt) < Date.parse(a.lodged.receivedAt)) {
    throw ledger(
      `appeal ${d.appealId} was received at ${a.lodged.receivedAt}: it cannot be decided before, at ${d.decidedAt}`,
      'data.decidedAt',
    );
  }
}

function decideEscalation(
  fact: DecidedFact,
  state: CorrectionsState,
  club: ClubContext,
  clubId: string,
  league: boolean,
): void {
  const d = fact.data as AppealEscalatedData;
  const a = lodgedAppeal(state, d.appealId);
  if (!a.decided) {
    const judged = judgeLodged(state, club, clubId, a, league);
    if (judged.late) {
      throw new RuleViolation(
        judged.deadline!.rule,
        `appeal ${d.appealId} was received at ${a.lodged.receivedAt}, after its deadline ${judged.deadline!.at} (${judged.deadline!.basis}): an appeal out of time is refused by ${judged.deadline!.rule} and was never heard, so there is no decision to escalate`,
        'data.appealId',
      );
    }
    throw ledger(
      `appeal ${d.appealId} is not decided yet: only a decision is escalated`,
      'data.appealId',
    );
  }
  if (a.escalated) {
    throw ledger(
      `appeal ${d.appealId} is escalated already (at ${a.escalated.data.receivedAt})`,
      'data.appealId',
    );
  }
  const deadlines = clubDeadlines(club, clubId, d.receivedAt, league);
  const ruling =
    a.lodged.against.rulingId !== undefined ? state.rulings[a.lodged.against.rulingId] : undefined;
  const judged = judgeAppeal(deadlines, a.lodged, ruling?.data, ruling?.at);
  const day = judged.day ?? wallClockOf(a.decided.data.decidedAt, deadlines.zone).date;
  const params = judged.params ?? appealParamsOf(deadlines.rulebookOn(day));
  if (!params) return;
  if (params.escalation.until === 'not-allowed') {
    throw new RuleViolation(
      params.escalation.rule || 'LEDGER',
      `the rulebook in force on ${day} takes no appeal against the decision on an appeal (${params.escalation.rule}: the board's decision is final)`,
      'data.appealId',
    );
  }
  const deadline = escalationDeadline(params, a.decided.data.decidedAt, deadlines.zone);
  if (deadline && isLate(d.receivedAt, deadline)) {
    throw new RuleViolation(
      deadline.rule,
      `the escalation of appeal ${d.appealId} was received at ${d.receivedAt}, after its deadline ${deadline.at} (${deadline.basis})`,
      'data.receivedAt',
    );
  }
  checkDeposit(
    { ...params.escalation.deposit, rule: params.escalation.rule },
    d.deposit,
    `the escalation of appeal ${d.appealId}`,
  );
}
