import type { Json, Params } from './params';

/**
 * The deadlines of corrections and appeals, as rulebook parameters (two groups every
 * preset carries, `corrections` and `appeals`), so that an amendment changes them from a date
 * and a replay recomputes whether a correction was late. Plain JSON. Whether a correction or an
 * appeal is late is derived from these, never stored (src/contexts/corrections/domain/deadline.ts).
 */

/** How a deadline is counted from the session a correction or a ruling concerns. */
export const CORRECTION_UNTIL = [
  /** NZ-13: before the start of play of the same day or night `deadlineDays` later. */
  'session-start-after-days',
  /** DSB-20.3's reading: until `minutesBeforeNextSession` before the competition's next session. */
  'before-next-session',
  /** No deadline: every correction is on time. */
  'none',
] as const;

export type CorrectionParams = {
  /** The rule the deadline is (NZ-13): a late correction is shown rejected by it. */
  rule: string;
  until: (typeof CORRECTION_UNTIL)[number];
  /** session-start-after-days: how many days after the session (NZ-13: 7, the following week). */
  deadlineDays: number;
  /** The start of play (HH:MM, club time) when the session names none (a scored session). */
  sessionStart: string;
  /**
   * before-next-session: how long before the next session's start (DSB-20.3: 10 minutes). With
   * no next session, the deadline is `deadlineDays` after the session's start.
   */
  minutesBeforeNextSession: number;
};

export const RULING_APPEAL_UNTIL = [
  /** LCBA-10.2: received within `days` of the match (to the end of that day, club time). */
  'end-of-day-after-days',
  /** DSB-20.3: until `minutesBeforeNextSession` before the competition's next session. */
  'before-next-session',
  /** PIN-R26: before the end of the rubber the ruling was given in (its `rubber.endedAt`). */
  'before-end-of-rubber',
  /**
   * PIN-R28 read as Law 92B (2017), which the EBU applies: within `minutes` of the session's
   * official score being made available (the latest scored result fact of the session).
   */
  'minutes-after-score-available',
  'none',
] as const;

/** How an appeal against a ruling is timed, and what it costs. */
export type RulingAppealParams = {
  rule: string;
  until: (typeof RULING_APPEAL_UNTIL)[number];
  days: number;
  minutesBeforeNextSession: number;
  /** minutes-after-score-available: how long after the official score (PIN-R28: 30). */
  minutes?: number;
  deposit: DepositParams;
};

/** A deposit an appeal carries (0: none is asked). */
export type DepositParams = { amount: number; currency: string };

export type AppealParams = {
  /** An appeal against a director's ruling (RulingGiven). */
  ruling: RulingAppealParams;
  /**
   * An appeal against a ruling given at rubber bridge (a RulingGiven with `rubber`), when the
   * club times it apart (Pinner: PIN-R26, before the end of the rubber); absent: `ruling`.
   */
  rubberRuling?: RulingAppealParams;
  /** An appeal against a published decision (LCBA-2.5: the league structure). */
  publication: {
    rule: string;
    /** 'days-after-publication': within `days` of `publishedAt` (inclusive); or 'none'. */
    until: 'days-after-publication' | 'none';
    days: number;
    deposit: DepositParams;
  };
  /** An appeal against the decision on an appeal (LCBA-10.2(2): 14 days, £75). */
  escalation: {
    rule: string;
    /** 'days-after-decision': within `days` of `decidedAt` (inclusive); 'none'; or 'not-allowed'. */
    until: 'days-after-decision' | 'none' | 'not-allowed';
    days: number;
    deposit: DepositParams;
  };
  /** How long the appeal body has to decide (DSB-20.3: the board, within a week); 0: no limit. */
  decision: { rule: string; withinDays: number };
};

const NO_DEPOSIT = (currency: string): DepositParams => ({ amount: 0, currency });

/** NZ-13: before the start of play of the same day or night of the following week. */
export const NZ_CORRECTIONS: CorrectionParams = {
  rule: 'NZ-13',
  until: 'session-start-after-days',
  deadlineDays: 7,
  sessionStart: '19:30',
  minutesBeforeNextSession: 0,
};

/** The NZ club rules set no appeal deadline: none (the director's ruling is recorded). */
export const NZ_APPEALS: AppealParams = {
  ruling: {
    rule: '',
    until: 'none',
    days: 0,
    minutesBeforeNextSession: 0,
    deposit: NO_DEPOSIT('NZD'),
  },
  publication: { rule: '', until: 'none', days: 0, deposit: NO_DEPOSIT('NZD') },
  escalation: { rule: '', until: 'none', days: 0, deposit: NO_DEPOSIT('NZD') },
  decision: { rule: '', withinDays: 0 },
};

/**
 * DSB's reading (docs/rules-dsb.md): the Groenlo rules set no correction deadline of their own;
 * a correction of a published result is read as an objection (DSB-20.3): until 10 minutes
 * before the competition's next session (the last session: 7 days after its start).
 */
export const DSB_CORRECTIONS: CorrectionParams = {
  rule: 'DSB-20.3',
  until: 'before-next-session',
  deadlineDays: 7,
  sessionStart: '19:30',
  minutesBeforeNextSession: 10,
};

/** DSB-20.3: an objection until 10 minutes before the next session; the board decides within a week. */
export const DSB_APPEALS: AppealParams = {
  ruling: {
    rule: 'DSB-20.3',
    until: 'before-next-session',
    days: 7,
    minutesBeforeNextSession: 10,
    deposit: NO_DEPOSIT('EUR'),
  },
  publication: { rule: '', until: 'none', days: 0, deposit: NO_DEPOSIT('EUR') },
  escalation: { rule: 'DSB-20.3', until: 'not-allowed', days: 0, deposit: NO_DEPOSIT('EUR') },
  decision: { rule: 'DSB-20.3', withinDays: 7 },
};

/**
 * The LCBA's appeals (RULES.md, seed 001), for the LCBA preset to take as its
 * `appeals` group: LCBA-10.2 within 7 days of the match; LCBA-2.5 within 5 days of the
 * structure's publication, £40; LCBA-10.2(2) within 14 days of receiving the decision, £75.
 */
export const LCBA_APPEALS: AppealParams = {
  ruling: {
    rule: 'LCBA-10.2',
    until: 'end-of-day-after-days',
    days: 7,
    minutesBeforeNextSession: 0,
    deposit: NO_DEPOSIT('GBP'),
  },
  publication: {
    rule: 'LCBA-2.5',
    until: 'days-after-publication',
    days: 5,
    deposit: { amount: 40, currency: 'GBP' },
  },
  escalation: {
    rule: 'LCBA-10.2',
    until: 'days-after-decision',
    days: 14,
    deposit: { amount: 75, currency: 'GBP' },
  },
  decision: { rule: '', withinDays: 0 },
};

/** The LCBA's reading of corrections: a correction of a match is an appeal (LCBA-10.2, 7 days). */
export const LCBA_CORRECTIONS: CorrectionParams = {
  rule: 'LCBA-10.2',
  until: 'session-start-after-days',
  deadlineDays: 7,
  sessionStart: '19:30',
  minutesBeforeNextSession: 0,
};

/**
 * Pinner BC's appeals (RULES.md, seed 003), for the Pinner preset to take as its
 * `appeals` group. Duplicate sessions: PIN-R28, "as standard E.B.U. procedures", read as Law
 * 92B (2017): within 30 minutes of the session's official score being made available. Rubber
 * bridge: PIN-R26, the intention to appeal indicated before the end of the rubber. The rules set
 * no deposit, no escalation (the Appeals Committee appointed by the Main Committee decides) and
 * no time for the decision.
 */
export const PINNER_APPEALS: AppealParams = {
  ruling: {
    rule: 'PIN-R28',
    until: 'minutes-after-score-available',
    days: 0,
    minutesBeforeNextSession: 0,
    minutes: 30,
    deposit: NO_DEPOSIT('GBP'),
  },
  rubberRuling: {
    rule: 'PIN-R26',
    until: 'before-end-of-rubber',
    days: 0,
    minutesBeforeNextSession: 0,
    deposit: NO_DEPOSIT('GBP'),
  },
  publication: { rule: '', until: 'none', days: 0, deposit: NO_DEPOSIT('GBP') },
  escalation: { rule: '', until: 'none', days: 0, deposit: NO_DEPOSIT('GBP') },
  decision: { rule: '', withinDays: 0 },
};

/** The params an appeal against a ruling is judged by: a rubber's own, else the ruling's. */
export const rulingParamsFor = (params: AppealParams, rubber: boolean): RulingAppealParams =>
  (rubber ? params.rubberRuling : undefined) ?? params.ruling;

/** A fresh JSON copy of a group, for a preset's params (a preset must not share objects). */
export const deadlineGroup = <T>(group: T): T => structuredClone(group);

const isObject = (v: Json | undefined): v is { [k: string]: Json } =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const isCount = (v: Json | undefined): v is number => Number.isInteger(v) && (v as number) >= 0;

/**
 * A rulebook's `corrections` group, or NZ-13's when it has none (a ruleset registered with no
 * corrections group): a group whose values are not of their kind is read as none (the rulebook's checks
 * name it; the deciders never invent a deadline from it).
 */
export function correctionParamsOf(params: Params | undefined): CorrectionParams | undefined {
  const g = params?.corrections;
  if (g === undefined) return undefined;
  if (!isObject(g)) return undefined;
  const ok =
    typeof g.rule === 'string' &&
    (CORRECTION_UNTIL as readonly Json[]).includes(g.until) &&
    Number.isInteger(g.deadlineDays) &&
    (g.deadlineDays as number) >= 0 &&
    typeof g.sessionStart === 'string' &&
    /^([01]\d|2[0-3]):[0-5]\d$/.test(g.sessionStart) &&
    Number.isInteger(g.minutesBeforeNextSession) &&
    (g.minutesBeforeNextSession as number) >= 0;
  return ok ? (g as unknown as CorrectionParams) : undefined;
}

/** A rulebook's `appeals` group, when it has a well-formed one. */
export function appealParamsOf(params: Params | undefined): AppealParams | undefined {
  const g = params?.appeals;
  if (!isObject(g)) return undefined;
  const parts = ['ruling', 'publication', 'escalation', 'decision'] as const;
  if (!parts.every((p) => isObject(g[p]))) return undefined;
  const rulings = g.rubberRuling === undefined ? ['ruling'] : ['ruling', 'rubberRuling'];
  for (const p of rulings) {
    const r = g[p];
    if (!isObject(r) || !(RULING_APPEAL_UNTIL as readonly Json[]).includes(r.until))
      return undefined;
    // minutes-after-score-available counts `minutes`: without a whole number of them, none.
    const minutes = r.minutes;
    if (r.until === 'minutes-after-score-available' && !isCount(minutes)) return undefined;
    if (minutes !== undefined && !isCount(minutes)) return undefined;
  }
  for (const p of [...rulings, 'publication', 'escalation']) {
    const part = g[p] as Record<string, Json>;
    if (typeof part.rule !== 'string' || !Number.isInteger(part.days) || (part.days as number) < 0)
      return undefined;
    const dep = part.deposit;
    if (!isObject(dep) || typeof dep.amount !== 'number' || typeof dep.currency !== 'string')
      return undefined;
  }
  return g as unknown as AppealParams;
}
