/**
 * A club's members and visitors, as the membership context publishes them whatever rules read
 * them (first written for Pinner BC, seed 003, RULES.md PIN-*, and the NZ club's visitors,
 * NZ-10). The shapes the context and the rules hand each other, pure data:
 *
 * - the rules' `registerOf` folds the membership facts into the register as of a date: `Register`;
 * - visitors/ counts the sessions each visitor played per year and gives the verdicts (PIN-R10,
 *   PIN-R12, NZ-10) and prize eligibility (PIN-R13, NZ-10): `VisitorInput` → `VisitorVerdicts`.
 *
 * The facts (src/contexts/membership/facts/membership.ts) and the projections turn recorded facts into
 * these inputs. Dates are club dates `YYYY-MM-DD`.
 */

export type PersonId = string;

/** PIN-R8's classes; `restricted` is derived (the first year after election), never recorded. */
export const MEMBER_CLASSES = [
  'full',
  'restricted',
  'student',
  'honorary',
  'temporary',
  'non-playing',
] as const;
export type MemberClass = (typeof MEMBER_CLASSES)[number];

/** Where a rule's answer came from, for `explain`. */
export interface Because {
  rule: string;
  text: string;
}

// ---------------------------------------------------------------------------------------------
// register/: the register as of a date.

export type Standing = 'member' | 'applicant' | 'rejected' | 'resigned' | 'terminated' | 'expelled';

export interface RegisterEntry {
  person: PersonId;
  name: string;
  standing: Standing;
  /** The class on the date asked (members only), and the date it started. */
  class?: MemberClass;
  classFrom?: string;
  /** PIN-R8: a Temporary member has no vote at general meetings. */
  votes: boolean;
  /** PIN-R8: an Honorary member pays no subscription. */
  subscription: 'due' | 'waived' | 'none';
  electedOn?: string;
  /** PIN-R9: never admitted again (rejected, or removed by the committee). */
  barredForEver: boolean;
  because: Because[];
  /** Each class of the current (or last) membership up to the date asked, with its first day. */
  /** Each class with its first day and why it started then (PIN-R8). */
  classes?: { class: MemberClass; from: string; because?: Because }[];
  /** PIN-R8: the events a Restricted member may not play (while Restricted). */
  restrictedEvents?: string[];
  /** The day the membership ended (resigned, terminated, expelled): a member until the day before. */
  endedOn?: string;
}

/** PIN-C8: an objection as recorded: by whom, when, its grounds, how it was made. */
export interface Objection {
  by: PersonId;
  on: string;
  grounds: string;
  form: 'written' | 'oral';
  signed: boolean;
}

/** An application not yet decided: its display, the day it may first be considered, objections. */
export interface PendingApplication {
  applicationId: string;
  person: PersonId;
  displayedOn?: string;
  /** PIN-C6/C7: displayed at least `displayDays` days before consideration (restarted by an amendment). */
  considerFrom?: string;
  /** PIN-C8: every objection recorded, each valid or not (with why not). */
  objections: (Objection & { valid: boolean; because?: Because })[];
  /** PIN-C8: the objections that count ("in writing and signed by the member"). */
  validObjections: number;
  because: Because[];
  /** PIN-C5: the proposer and seconder in place on the date asked; PIN-R7: the signature. */
  proposer?: PersonId;
  seconder?: PersonId;
  signedBy?: PersonId;
  /** The days the committee considered it (PIN-C9: no reason is stored for its outcome). */
  consideredOn?: string[];
}

/** A class a member held from a day, and why (the register's class history). */
export interface ClassChange {
  class: MemberClass;
  from: string;
  because: Because;
}

export interface Register {
  asOf: string;
  entries: RegisterEntry[];
  pending: PendingApplication[];
}

// ---------------------------------------------------------------------------------------------
// visitors/: sessions played, per year, and what they mean for a visitor.

/** One session a person played at the club (a seating fact of any competition counts too). */
export interface Visit {
  person: PersonId;
  date: string;
  /** The event played (its prize kind decides PIN-R13). */
  event: { id: string; special: boolean };
  /** PIN-R12: the adult member supervising an under-16 player. */
  supervisedBy?: PersonId;
}

/** What visitors/ needs of each person: whether a member on a date, age, applications. */
export interface VisitorPerson {
  person: PersonId;
  /** The spans the person was a member, [from, until) club dates; until absent: still is. */
  memberSpans: { from: string; until?: string }[];
  /** Date of birth when known; else whether over 16 was declared, from which date. */
  birthDate?: string;
  over16DeclaredOn?: string;
  /** Dates the person applied for membership (PIN-R10: an application stops the refusal). */
  appliedOn: string[];
  /** PIN-R9: never to be admitted (rejected or removed), from this date. */
  barredFrom?: string;
}

export interface VisitorInput {
  people: VisitorPerson[];
  visits: Visit[];
  /** PIN-R10 counts per calendar year; NZ-10 per club year starting on `yearStart` (MM-DD). */
  year: { kind: 'calendar' } | { kind: 'club-year'; yearStart: string };
  /** The year asked: '2018' (calendar) or '2018-04-01' (a club year's first day). */
  which: string;
}

export type VisitVerdict =
  /** PIN-R10: may be refused entry (6 sessions played this year, no application, 16 or over). */
  | 'may-be-refused'
  /** NZ-10: beyond the visits allowed in a year. */
  | 'over-limit'
  /** PIN-R9: never to be admitted. */
  | 'barred'
  /** PIN-R12: an under-16 player without a supervising adult member (the decider refuses it). */
  | 'unsupervised'
  | 'ok';

export interface VisitorRow {
  person: PersonId;
  /** Sessions played as a visitor in the year (as of each visit: see `visits`). */
  sessions: number;
  /** Each visit of the year with the count up to it and its verdict. */
  visits: {
    date: string;
    event: string;
    count: number;
    verdict: VisitVerdict;
    because: Because[];
  }[];
  verdict: VisitVerdict;
  because: Because[];
}

export interface VisitorVerdicts {
  year: string;
  rows: VisitorRow[];
}

/** PIN-R13 / NZ-10: whether a player may win the prizes of an event. */
export interface PrizeEligibility {
  person: PersonId;
  event: string;
  /** 'normal' prize money, 'enhanced' (special events), or none. */
  mayWin: 'all' | 'normal-only' | 'none';
  because: Because[];
}

/** The settings of visitors/ (RULES.md PIN-R10, PIN-R12, PIN-R13, NZ-10 and the PIN readings). */
export interface VisitorParams {
  /** PIN-R10: the sessions a visitor plays in a calendar year before entry may be refused (6). */
  sessions: number;
  /**
   * PIN-R10 "who has played 6 sessions ... may be refused entry to any further sessions":
   * 'after-sessions' (default) the 7th visit is the first that may be refused; 'at-sessions'
   * the 6th itself.
   */
  refuse: 'after-sessions' | 'at-sessions';
  /**
   * PIN-R12: under this age a player needs a supervising adult member and R10 does not apply
   * (16); 0 for a club whose rules know no young visitor (no age is read).
   */
  underAge: number;
  /** PIN-R12 "an adult Member": the supervisor's age when their birth date is known (18). */
  adultAge: number;
  /** NZ-10: at most this many visits a club year (3). */
  nzMaxVisits: number;
  /** Whose prize rule: PIN-R13 (visitors win normal money only) or NZ-10 (visitors win none). */
  prizes: 'pin-r13' | 'nz-10';
  /**
   * How the club counts: a calendar year (PIN-R10) or a club year from `yearStart` (NZ-10).
   * The kind also picks the limit: calendar → PIN-R10, club-year → NZ-10.
   */
  year: VisitorInput['year'];
  /**
   * The rule the limit is in the club's rulebook (absent: PIN-R10 for a calendar year, NZ-10
   * for a club year), cited by every verdict of the count.
   */
  limitRule?: string;
  /**
   * PIN readings: a 29 February birthday in a year without one ('feb-28' when absent). Not a
   * setting of its own: the readers copy the rulebook's `membership.leapDay` here, so that
   * ages are judged alike everywhere (register/dates.ts `ageOn`).
   */
  leapDay?: 'feb-28' | 'mar-1';
  /**
   * PIN-R12, PIN-R8: what a session costs a player (table money), when the club's rules say;
   * absent for a club whose rules do not (no table money is shown).
   */
  tableMoney?: TableMoneyParams;
}

/**
 * Table money by who plays (PIN-R8, PIN-R12), each a rate in the currency's minor unit (pence),
 * or null where the rulebook leaves the amount to the club (the seed's rules set none): under
 * `underAge` a player pays nothing (PIN-R12), a Student member the reduced rate (PIN-R8), another
 * member the member rate, a visitor the visitor rate.
 */
export type TableMoneyParams = {
  currency: string;
  member: number | null;
  student: number | null;
  visitor: number | null;
};

/** What one session cost a player and why. */
export interface TableMoney {
  pays: 'none' | 'member' | 'student' | 'visitor';
  /** In the currency's minor unit; null when the rulebook sets no amount for that rate. */
  amount: number | null;
  currency: string;
  because: Because[];
}

/** The event a prize is judged for; `date` absent: the person's sessions of it in the input. */
export interface PrizeEvent {
  id: string;
  special: boolean;
  date?: string;
}
