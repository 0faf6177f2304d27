import { calendarFrom, rulingSession, sessionTimeOfFact } from '../domain/calendar';
import type { Deadline, PendingDeadline } from '../domain/deadline';
import {
  decisionDeadline,
  escalationDeadline,
  judgeAppeal,
  judgeCorrection,
  offsetOf,
  type ClubDeadlines,
} from '../domain/judge';
import { leagueDeadlines, matchDayOf, rulingMatchDay } from '../domain/club-deadlines';
import type { CorrectionTarget } from '../facts/corrections';
import { buildRulebookHistory } from '../../../rulebooks/rulebook-facts';
import type { ClubLogPart, CorrectionLogState, FactRef } from './correction-log';

/**
 * The states of the log. A correction: `pending` (notified, undecided, in time),
 * `rejected-late` (notified after its deadline and not decided: recorded, shown rejected by the
 * rule, "rejected: late (NZ-13)"), `accepted`, `accepted-late` (with the director's reason),
 * `rejected`, `superseded` (a later correction of the same fact replaced it before a decision).
 * An appeal: `lodged`, `refused-out-of-time` (received after its deadline and never heard:
 * recorded, shown refused by the rule, "refused: out of time (LCBA-10.2)"), `upheld`,
 * `dismissed` (an appeal out of time heard anyway says so, with the board's recorded reason),
 * `escalated`.
 */
export type CorrectionEntryState =
  | 'pending'
  | 'accepted'
  | 'accepted-late'
  | 'rejected'
  | 'rejected-late'
  | 'superseded'
  | 'lodged'
  | 'refused-out-of-time'
  | 'upheld'
  | 'dismissed'
  | 'escalated';

export interface CorrectionLogEntry {
  kind: 'correction' | 'appeal';
  id: string;
  state: CorrectionEntryState;
  /** The state as a person reads it: "rejected: late (NZ-13)". */
  summary: string;
  /** When it was notified (a correction's occurredAt) or received (an appeal). */
  at: string;
  /** Whether it came after its deadline (derived, never stored). */
  late: boolean;
  deadline?: Deadline;
  /**
   * A deadline the rulebook sets that cannot be placed yet: PIN-R28 before the session's score
   * is recorded (in time until it is), PIN-R26 for a ruling with no rubber end.
   */
  deadlinePending?: PendingDeadline;
  /** The rule of its deadline or decision (NZ-13, DSB-20.3, LCBA-10.2 …). */
  rule?: string;
  by: string;
  /** A correction's target: the fact it corrects. */
  target?: CorrectionTarget;
  /** The target's time as the correction corrects it (an absence's notice, DSB-9.1), if it does. */
  correctedOccurredAt?: string;
  supersededBy?: string;
  supersedes?: string[];
  /** An appeal's object: a ruling (with its decision) or a published decision. */
  against?: { rulingId?: string; decision?: string; publishedAt?: string; ruling?: string };
  decision?: {
    type: string;
    by: string;
    at: string;
    reason?: string;
    rule?: string;
    lateAcceptedBecause?: string;
    /** An appeal out of time heard anyway: the board's recorded reason. */
    heardLateBecause?: string;
    outcome?: string;
    deposit?: string;
    frivolous?: boolean;
  };
  /**
   * An appeal: when the appeal body must decide by (DSB-20.3: within a week), if it must; not
   * for an appeal refused out of time (the board does not hear it).
   */
  decideBy?: Deadline;
  /** An appeal decided: when an escalation must be received by (LCBA-10.2(2)), if one may be. */
  escalateBy?: Deadline;
  deposit?: { amount: number; currency: string };
  /** The facts behind it, in ledger order (the ruling's too, for an appeal against one). */
  facts: FactRef[];
}

export interface CorrectionLog {
  clubId: string;
  /** A league's log: its organising club (whose rulebook and zone it reads). */
  league?: { leagueId: string; organiser: string };
  /** The club's zone the deadlines are counted in (or the offset of its facts, when unknown). */
  timeZone: string;
  entries: CorrectionLogEntry[];
}

/** The club's deadlines as the log reads them: over its own fold, as the deciders over theirs. */
function deadlinesOf(
  state: CorrectionLogState,
  clubId: string,
  part: ClubLogPart,
  fallbackAt: string,
): ClubDeadlines {
  if (part.organiser !== undefined) {
    // A league's, by its organiser's rulebook in force and zone, from the match day.
    const organiser = state.clubs[part.organiser];
    let history: ReturnType<typeof buildRulebookHistory> | undefined;
    return leagueDeadlines(
      (date) =>
        (history ??= buildRulebookHistory(organiser?.rulebook ?? [], { unusable: 'skip' })).inForce(
          date,
        ),
      organiser?.timeZone,
      fallbackAt,
    );
  }
  const calendars = Object.values(state.competitions)
    .filter((c) => c.competition.clubId === clubId)
    .map(calendarFrom);
  const scoredDate = (streamId: string) => {
    const s = state.sessions[streamId];
    return s?.clubId === clubId ? s.date : undefined;
  };
  let history: ReturnType<typeof buildRulebookHistory> | undefined;
  return {
    zone: part.timeZone ?? offsetOf(fallbackAt),
    rulebookOn: (date) =>
      (history ??= buildRulebookHistory(part.rulebook, { unusable: 'skip' })).inForce(date)?.params,
    // A teams event's match is dated by its own fact, as the deciders read it.
    sessionOfTarget: (streamId, corrected) =>
      sessionTimeOfFact({ streamId, data: corrected }, calendars, scoredDate) ??
      matchDayOf(corrected),
    sessionOfRuling: (ruling) =>
      rulingSession(ruling, calendars, scoredDate) ?? rulingMatchDay(ruling),
  };
}

const lateText = (rule: string | undefined) => `late${rule ? ` (${rule})` : ''}`;
const outOfTime = (rule: string | undefined) => `out of time${rule ? ` (${rule})` : ''}`;

/** Every correction and appeal of a club, in the order notified, with its state and deadline. */
export function correctionLogOf(state: CorrectionLogState, clubId: string): CorrectionLog {
  const part = state.clubs[clubId];
  if (!part) return { clubId, timeZone: 'UTC', entries: [] };
  const first = Object.values(part.stream.corrections)[0]?.notifiedAt ?? '';
  const club = deadlinesOf(state, clubId, part, first);
  const entries: CorrectionLogEntry[] = [];
  const corrections = Object.entries(part.stream.corrections);
  // The latest correction of each target supersedes the earlier ones.
  const latestOf = new Map<string, string>();
  for (const [id, c] of corrections) latestOf.set(c.notified.target.eventId, id);
  for (const [id, c] of corrections) {
    const judged = judgeCorrection(club, c);
    const rule = judged.deadline?.rule ?? judged.params?.rule;
    const latest = latestOf.get(c.notified.target.eventId)!;
    const index = corrections.findIndex(([x]) => x === id);
    const earlier = corrections
      .slice(0, index)
      .filter(([, o]) => o.notified.target.eventId === c.notified.target.eventId)
      .map(([other]) => other);
    let entryState: CorrectionEntryState;
    let summary: string;
    const dec = c.decision;
    if (dec?.type === 'CorrectionAccepted') {
      const because = dec.data.lateAcceptedBecause;
      entryState = judged.late ? 'accepted-late' : 'accepted';
      summary = judged.late ? `accepted although ${lateText(rule)}: ${because ?? ''}` : 'accepted';
    } else if (dec?.type === 'CorrectionRejected') {
      entryState = 'rejected';
      summary = `rejected${dec.data.rule ? ` (${dec.data.rule})` : ''}: ${dec.data.reason}`;
    } else if (latest !== id) {
      entryState = 'superseded';
      summary = `superseded by ${latest}`;
    } else if (judged.late) {
      entryState = 'rejected-late';
      summary = `rejected: ${lateText(rule)}`;
    } else {
      entryState = 'pending';
      summary = 'pending';
    }
    entries.push({
      kind: 'correction',
      id,
      state: entryState,
      summary,
      at: c.notifiedAt,
      late: judged.late,
      ...(judged.deadline ? { deadline: judged.deadline } : {}),
      ...(rule ? { rule } : {}),
      by: c.notified.notifiedBy,
      target: c.notified.target,
      ...(c.notified.correctedOccurredAt !== undefined
        ? { correctedOccurredAt: c.notified.correctedOccurredAt }
        : {}),
      ...(latest !== id ? { supersededBy: latest } : {}),
      ...(earlier.length ? { supersedes: earlier } : {}),
      ...(dec
        ? {
            decision: {
              type: dec.type,
              by: dec.data.by,
              at: dec.at,
              ...(dec.data.reason !== undefined ? { reason: dec.data.reason } : {}),
              ...(dec.type === 'CorrectionRejected' && dec.data.rule
                ? { rule: dec.data.rule }
                : {}),
              ...(dec.type === 'CorrectionAccepted' && dec.data.lateAcceptedBecause
                ? { lateAcceptedBecause: dec.data.lateAcceptedBecause }
                : {}),
            },
          }
        : {}),
      facts: part.facts[`correction:${id}`] ?? [],
    });
  }
  for (const [id, a] of Object.entries(part.stream.appeals)) {
    const rulingId = a.lodged.against.rulingId;
    const ruling = rulingId !== undefined ? part.stream.rulings[rulingId] : undefined;
    const judged = judgeAppeal(club, a.lodged, ruling?.data, ruling?.at);
    const outcome = a.decided?.data.outcome;
    const refused = judged.late && !a.decided;
    const entryState: CorrectionEntryState = a.escalated
      ? 'escalated'
      : (outcome ?? (refused ? 'refused-out-of-time' : 'lodged'));
    const heardLate = judged.late && a.decided ? a.decided.data.heardLateBecause : undefined;
    const summary =
      entryState === 'escalated'
        ? `escalated after being ${outcome}`
        : outcome
          ? `${outcome}${judged.late ? ` although ${outOfTime(judged.deadline?.rule)}: ${heardLate ?? ''}` : ''}${a.decided!.data.deposit ? `, deposit ${a.decided!.data.deposit}` : ''}${a.decided!.data.frivolous ? ', frivolous' : ''}`
          : refused
            ? `refused: ${outOfTime(judged.deadline?.rule)}`
            : 'lodged, awaiting decision';
    const decideBy =
      judged.params && !refused
        ? decisionDeadline(judged.params, a.lodged.receivedAt, club.zone)
        : undefined;
    const escalateBy =
      judged.params && a.decided
        ? escalationDeadline(judged.params, a.decided.data.decidedAt, club.zone)
        : undefined;
    entries.push({
      kind: 'appeal',
      id,
      state: entryState,
      summary,
      at: a.lodged.receivedAt,
      late: judged.late,
      ...(judged.deadline ? { deadline: judged.deadline } : {}),
      ...(judged.pending ? { deadlinePending: judged.pending } : {}),
      ...((judged.deadline ?? judged.pending)?.rule
        ? { rule: (judged.deadline ?? judged.pending)!.rule }
        : {}),
      by: a.lodged.by,
      against: {
        ...a.lodged.against,
        ...(ruling ? { ruling: ruling.data.decision } : {}),
      },
      ...(a.decided
        ? {
            decision: {
              type: 'AppealDecided',
              by: a.decided.data.by,
              at: a.decided.data.decidedAt,
              outcome: a.decided.data.outcome,
              ...(a.decided.data.deposit ? { deposit: a.decided.data.deposit } : {}),
              ...(a.decided.data.frivolous !== undefined
                ? { frivolous: a.decided.data.frivolous }
                : {}),
              ...(a.decided.data.heardLateBecause !== undefined
                ? { heardLateBecause: a.decided.data.heardLateBecause }
                : {}),
            },
          }
        : {}),
      ...(decideBy ? { decideBy } : {}),
      ...(escalateBy ? { escalateBy } : {}),
      ...(a.lodged.deposit ? { deposit: a.lodged.deposit } : {}),
      facts: [
        ...(rulingId !== undefined ? (part.facts[`ruling:${rulingId}`] ?? []) : []),
        ...(part.facts[`appeal:${id}`] ?? []),
      ],
    });
  }
  // In ledger order: each by the first fact behind it of its own (an appeal's lodging).
  const firstOwn = (e: CorrectionLogEntry) =>
    e.facts.find((f) => f.type !== 'RulingGiven')?.position ?? Number.MAX_SAFE_INTEGER;
  entries.sort((a, b) => firstOwn(a) - firstOwn(b));
  return {
    clubId,
    ...(part.organiser !== undefined
      ? { league: { leagueId: clubId, organiser: part.organiser } }
      : {}),
    timeZone: club.zone,
    entries,
  };
}
