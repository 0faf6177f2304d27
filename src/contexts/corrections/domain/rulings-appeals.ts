// Rulings, rubbers and appeals (PIN-R26, PIN-R28, DSB-20.3, LCBA-10.2): lodged, decided, escalated.
import {
  type AppealDecidedData,
  type AppealEscalatedData,
  type AppealLodgedData,
  type RulingGivenData,
} from '../facts/corrections';
import type { DecidedFact } from '../../../kernel/decider';
import { appealParamsOf, correctionParamsOf, rulingParamsFor } from '../../../rulebooks/deadlines';
import type { ClubContext } from '../../club-context';
import { RuleViolation } from '../../../kernel/rule-violation';
import { calendarOf } from './calendar';
import { escalationDeadline, judgeAppeal } from './judge';
import { isLate, wallClockInstant, wallClockOf } from './deadline';
import type { AppealRecord, CorrectionsState } from './state';
import { clubDeadlines } from './club-deadlines';
import { checkCorrectedByAppeal } from './league-corrections';
import { checkMatchCorrectedByAppeal, decideMatchRuling } from './match-rulings';
import { ledger, show } from './refusals';
import { rubberStreamId, type RubberSessionState } from '../../rubber';

export function decideRuling(
  d: RulingGivenData,
  occurredAt: string,
  state: CorrectionsState,
  club: ClubContext,
  clubId: string,
): void {
  if (state.rulings[d.rulingId]) {
    throw ledger(`ruling ${d.rulingId} is recorded already in this stream`, 'data.rulingId');
  }
  // A ruling on a match of one of the club's teams events names the match, not a session.
  if (d.match !== undefined) return decideMatchRuling(d, club, clubId);
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
  if (d.rubber?.sessionId !== undefined) checkRecordedRubber(d.rubber, club, clubId);
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

/**
 * PIN-R26: a ruling naming the evening it was given in names a rubber that evening records: a
 * RubberCompleted at its table at `endedAt`, so the appeal's deadline is the recorded end.
 */
function checkRecordedRubber(
  rubber: NonNullable<RulingGivenData['rubber']>,
  club: ClubContext,
  clubId: string,
): void {
  const evening = club.streamState?.(rubberStreamId(rubber.sessionId!)) as
    RubberSessionState | undefined;
  if (evening?.opened?.clubId !== clubId) {
    throw ledger(
      `club ${clubId} has no rubber session ${rubber.sessionId!} (RubberSessionOpened)`,
      'data.rubber.sessionId',
    );
  }
  if (rubber.table === undefined) {
    throw ledger(
      `name the table of session ${rubber.sessionId!} the rubber was played at`,
      'data.rubber.table',
    );
  }
  const ends = evening.rubbersCompleted.filter((r) => r.table === rubber.table);
  if (!ends.some((r) => Date.parse(r.at) === Date.parse(rubber.endedAt))) {
    throw ledger(
      `session ${rubber.sessionId!} records no rubber completed at table ${rubber.table} at ${rubber.endedAt} (${ends.length ? `its rubbers there ended at ${ends.map((r) => r.at).join(', ')}` : 'none completed there'})`,
      'data.rubber.endedAt',
    );
  }
}

export function decideAppeal(
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

export function decideAppealDecision(
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
  if (league) checkCorrectedByAppeal(d, a, state, club, clubId, league);
  else checkMatchCorrectedByAppeal(d, a, state, club);
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

export function decideEscalation(
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
