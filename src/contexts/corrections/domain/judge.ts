import type { AppealLodgedData, RulingGivenData } from '../facts/corrections';
import {
  appealParamsOf,
  correctionParamsOf,
  rulingParamsFor,
  type AppealParams,
  type CorrectionParams,
} from '../../../rulebooks/deadlines';
import type { Params } from '../../../rulebooks/params';
import {
  correctionDeadline,
  daysAfter,
  pendingRulingDeadline,
  rulingAppealDeadline,
  wallClockOf,
  type Deadline,
  type PendingDeadline,
  type SessionTime,
  type Zone,
} from './deadline';
import type { CorrectionRecord } from './state';

/**
 * What the deadlines of one club read: its zone, its rulebook in force on a day, the
 * session a corrected fact or a ruling concerns. The corrections decider answers it from the
 * club-wide context, the correction log from its own fold: one derivation for both.
 */
export interface ClubDeadlines {
  /** The club's time zone, or the offset its facts are written in when it registered none. */
  zone: Zone;
  rulebookOn(date: string): Params | undefined;
  /** The session a correction's target concerns (its stream and corrected identity fields). */
  sessionOfTarget(streamId: string, corrected: unknown): SessionTime | undefined;
  /** The session a ruling is on. */
  sessionOfRuling(ruling: RulingGivenData): SessionTime | undefined;
}

/** The offset an instant is written in (`+13:00`), the zone of last resort. */
export const offsetOf = (instant: string): Zone => {
  const m = /([+-]\d{2}:\d{2})$/.exec(instant);
  return m ? m[1] : '+00:00';
};

export interface CorrectionJudgement {
  /** The deadline, when the rulebook in force on the session's day sets one. */
  deadline?: Deadline;
  late: boolean;
  /** The `corrections` group it was judged by. */
  params?: CorrectionParams;
}

/** Whether a notified correction is late, by the rulebook in force on its session's day. */
export function judgeCorrection(club: ClubDeadlines, c: CorrectionRecord): CorrectionJudgement {
  const session = club.sessionOfTarget(c.notified.target.streamId, c.notified.corrected);
  if (!session) return { late: false };
  const params = correctionParamsOf(club.rulebookOn(session.date));
  if (!params) return { late: false };
  const deadline = correctionDeadline(params, session, club.zone);
  if (!deadline) return { late: false, params };
  return { deadline, late: isAfter(c.notifiedAt, deadline), params };
}

const isAfter = (at: string, d: Deadline) =>
  d.inclusive ? Date.parse(at) > Date.parse(d.at) : Date.parse(at) >= Date.parse(d.at);

export interface AppealJudgement {
  deadline?: Deadline;
  /** A deadline the rulebook sets that cannot be placed yet (PIN-R28 before the score). */
  pending?: PendingDeadline;
  late: boolean;
  /** The deposit the rulebook asks (amount 0: none), and the rule asking it. */
  deposit?: { amount: number; currency: string; rule: string };
  /** The day whose rulebook judged it (the session's, or the publication's). */
  day?: string;
  params?: AppealParams;
}

/** An appeal's deadline and deposit: against a ruling (by its session) or a published decision. */
export function judgeAppeal(
  club: ClubDeadlines,
  appeal: AppealLodgedData,
  ruling: RulingGivenData | undefined,
  rulingAt: string | undefined,
): AppealJudgement {
  if (appeal.against.rulingId !== undefined) {
    if (!ruling) return { late: false };
    const session: SessionTime = club.sessionOfRuling(ruling) ?? {
      // A ruling of no session (rubber bridge): the day the rubber ended, else the ruling's.
      date: wallClockOf(ruling.rubber?.endedAt ?? rulingAt ?? appeal.receivedAt, club.zone).date,
    };
    const params = appealParamsOf(club.rulebookOn(session.date));
    if (!params) return { late: false, day: session.date };
    const start = correctionParamsOf(club.rulebookOn(session.date))?.sessionStart ?? '19:30';
    const rulingParams = rulingParamsFor(params, ruling.rubber !== undefined);
    const time = ruling.rubber ? { rubber: ruling.rubber } : {};
    const deadline = rulingAppealDeadline(rulingParams, session, start, club.zone, time);
    const pending = deadline ? undefined : pendingRulingDeadline(rulingParams, session, time);
    return {
      ...(deadline ? { deadline } : {}),
      ...(pending ? { pending } : {}),
      late: deadline ? isAfter(appeal.receivedAt, deadline) : false,
      deposit: { ...rulingParams.deposit, rule: rulingParams.rule },
      day: session.date,
      params,
    };
  }
  const publishedAt = appeal.against.publishedAt;
  if (publishedAt === undefined) return { late: false };
  const day = wallClockOf(publishedAt, club.zone).date;
  const params = appealParamsOf(club.rulebookOn(day));
  if (!params) return { late: false, day };
  const p = params.publication;
  const deadline =
    p.until === 'days-after-publication'
      ? daysAfter(publishedAt, p.days, club.zone, p.rule, 'the publication of')
      : undefined;
  return {
    ...(deadline ? { deadline } : {}),
    late: deadline ? isAfter(appeal.receivedAt, deadline) : false,
    deposit: { ...p.deposit, rule: p.rule },
    day,
    params,
  };
}

/** An escalation's deadline (LCBA-10.2(2): within 14 days of the decision), by the appeal's rulebook. */
export function escalationDeadline(
  params: AppealParams,
  decidedAt: string,
  zone: Zone,
): Deadline | undefined {
  const e = params.escalation;
  return e.until === 'days-after-decision'
    ? daysAfter(decidedAt, e.days, zone, e.rule, 'the decision of')
    : undefined;
}

/** When the appeal body must decide by (DSB-20.3: within a week of the appeal), if it must. */
export function decisionDeadline(
  params: AppealParams,
  receivedAt: string,
  zone: Zone,
): Deadline | undefined {
  const d = params.decision;
  return d.withinDays > 0
    ? daysAfter(receivedAt, d.withinDays, zone, d.rule, 'the appeal received')
    : undefined;
}
