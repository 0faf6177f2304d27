import { PINNER_VISITOR_DEFAULTS } from './visitor-defaults';
import { type VisitorParams } from '../../contexts/membership/model';
import type { Preset } from '../../rulebooks/rulebook';
import {
  PINNER_APPEALS,
  deadlineGroup,
  type AppealParams,
  type CorrectionParams,
} from '../../rulebooks/deadlines';
import { engineScoringParams, type ScoringParams } from '../../rulebooks/scoring-params';
import { PINNER_MEETINGS, type PinnerMeetingsParams } from './meetings/params';
import { PINNER_RUBBER, type PinnerRubberParams } from './rubber/params';

/**
 * Pinner BC's membership rules (R7–R13) and constitution (C3–C18), April 2018 (seed 003), as
 * RULES.md reads them. Every number and every "PIN reading" is a parameter, so that the
 * committee's amendment changes it from a date and a replay recomputes the register.
 */
export type PinnerMembershipParams = {
  /** PIN-C6/C7: displayed at least this many days: considered on display + 7 or later. */
  displayDays: number;
  /** PIN-C3 "above the age of sixteen", read: this age or older on the day of election. */
  minAge: number;
  /** PIN-R8 Student "aged between 16 and 25": from the 16th birthday to the day before the 26th. */
  student: { fromAge: number; belowAge: number };
  /** PIN-R8/C17: Restricted for this many years from election, then Full. */
  restrictedYears: number;
  /**
   * Reading (R8): an election on 29 February ends its Restricted year on 28 February
   * ('feb-28', default) or 1 March ('mar-1') of a year without one.
   */
  leapDay: 'feb-28' | 'mar-1';
  /** Reading (R9): "no person will be admitted" covers entry as a visitor too (true). */
  barredAsVisitor: boolean;
  /**
   * PIN-R8/C17: a Restricted member's session in an event the committee restricted her from:
   * 'refuse' (default: not recorded while the restriction stands, as PIN-R10 refuses a visitor)
   * or 'flag' (recorded, the duty member having let her play, and shown as a verdict on her page).
   */
  restrictedPlay: 'refuse' | 'flag';
};

/**
 * visitors/'s settings (`VisitorParams`, src/contexts/membership/model.ts): PIN-R10's six
 * sessions, PIN-R12's ages, NZ-10's three visits, the year. A mapped copy of the interface: a
 * preset's parameters are plain JSON objects.
 */
export type PinnerVisitorParams = { [K in keyof VisitorParams]: VisitorParams[K] };

export type PinnerParams = {
  membership: PinnerMembershipParams;
  visitors: PinnerVisitorParams;
  /** STD-MP …: the duplicate sessions' conventions, the engine's defaults. */
  scoring: ScoringParams;
  /** The Pinner rules set no correction deadline of their own: none. */
  corrections: CorrectionParams;
  /** PIN-R26 (rubber bridge), PIN-R28 (duplicate, Law 92B): ../deadlines.ts. */
  appeals: AppealParams;
  /** PIN-C20..C37: general meetings (./meetings/params.ts). */
  meetings: PinnerMeetingsParams;
  /** PIN-R21..R25: the rotation at rubber bridge (./rubber/params.ts). */
  rubber: PinnerRubberParams;
  /**
   * PIN-R6: the EBU licence level conventions are restricted to at duplicate sessions and
   * competitions played at the club (`level`), and on a Thursday evening (`thursdayEveningLevel`),
   * a session starting at `eveningFrom` (HH:MM, club time) or later being an evening's (a reading).
   */
  conventions: { level: number; thursdayEveningLevel: number; eveningFrom: string };
};

/** PIN-R13: the club's duplicate sessions (normal events) and its special events (enhanced money). */
export const PINNER_FORMATS = ['pinner-duplicate', 'pinner-special-event'] as const;

/** The Pinner rules name no correction period; a correction is never late. */
const PINNER_CORRECTIONS: CorrectionParams = {
  rule: '',
  until: 'none',
  deadlineDays: 0,
  sessionStart: '19:30',
  minutesBeforeNextSession: 0,
};

const licenceLevelProblem = (v: unknown) =>
  Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 5
    ? undefined
    : `must be an EBU licence level, a whole number 1 to 5, not ${JSON.stringify(v)}`;

export const pinner2018: Preset<PinnerParams> = {
  id: 'pinner-2018',
  source: 'Pinner Bridge Club, Rules and Constitution, April 2018 (seeds/003)',
  // Duplicate sessions and special events (PIN-R6, PIN-R13): ./pairs.
  formats: [...PINNER_FORMATS],
  params: {
    membership: {
      displayDays: 7,
      minAge: 16,
      student: { fromAge: 16, belowAge: 26 },
      restrictedYears: 1,
      leapDay: 'feb-28',
      barredAsVisitor: true,
      restrictedPlay: 'refuse',
    },
    // PIN-R12, PIN-R8: table money by who plays; the rules set no amounts (the club's own).
    visitors: {
      ...structuredClone(PINNER_VISITOR_DEFAULTS),
      tableMoney: { currency: 'GBP', member: null, student: null, visitor: null },
    },
    scoring: engineScoringParams(),
    corrections: deadlineGroup(PINNER_CORRECTIONS),
    appeals: deadlineGroup(PINNER_APPEALS),
    meetings: structuredClone(PINNER_MEETINGS),
    rubber: structuredClone(PINNER_RUBBER),
    conventions: { level: 4, thursdayEveningLevel: 2, eveningFrom: '17:00' },
  },
  checks: {
    // PIN-R6: an EBU licence level (1 to 5) and an evening's start.
    'conventions.level': licenceLevelProblem,
    'conventions.thursdayEveningLevel': licenceLevelProblem,
    'conventions.eveningFrom': (v) =>
      typeof v === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(v)
        ? undefined
        : `must be a time HH:MM, not ${JSON.stringify(v)}`,
    // PIN-R8/C17: how a session in a restricted event is decided (a setting of the club's).
    'membership.restrictedPlay': (v) =>
      v === 'refuse' || v === 'flag'
        ? undefined
        : `must be "refuse" or "flag", not ${JSON.stringify(v)}`,
    // PIN-R8, C3, R12: how a 29 February birthday counts in a common year (a reading).
    'membership.leapDay': (v) =>
      v === 'feb-28' || v === 'mar-1'
        ? undefined
        : `must be "feb-28" or "mar-1", not ${JSON.stringify(v)}`,
  },
};
