/**
 * PIN-R6: "At all duplicate sessions (except Thursday evenings) and competitions played at the
 * Club, other than those sponsored by an outside body such as the EBU, conventions are
 * restricted to those holding a Level 4 Licence. On a Thursday evening conventions are
 * restricted to those holding a Level 2 Licence." The level in force for a session is the
 * rulebook's for the session's day and start; a session held under another level needs the
 * committee's decision. Pure.
 */
import { RuleViolation } from '../../../kernel/rule-violation';
import type { SessionHeld } from '../../../contexts/pairs/domain/facts';
import type { PinnerParams } from '../preset';

export type Conventions = PinnerParams['conventions'];

/** The level in force for a session, and why; `null` when an outside sponsor's governs. */
export interface LicenceLevel {
  rule: 'PIN-R6';
  level: number | null;
  reason: string;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const weekdayOf = (date: string): string => WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()]!;

/**
 * The licence level conventions are restricted to at a session on `date` starting at
 * `startTime` (club time; unknown: not an evening's), unless `sponsoredBy` an outside body.
 */
export function licenceLevelOf(
  date: string,
  startTime: string | undefined,
  conventions: Conventions,
  sponsoredBy?: string,
): LicenceLevel {
  if (sponsoredBy !== undefined) {
    return {
      rule: 'PIN-R6',
      level: null,
      reason: `sponsored by ${sponsoredBy}, an outside body: its own level governs, not the club's`,
    };
  }
  const day = weekdayOf(date);
  const evening = startTime !== undefined && startTime >= conventions.eveningFrom;
  if (day === 'Thursday' && evening) {
    return {
      rule: 'PIN-R6',
      level: conventions.thursdayEveningLevel,
      reason: `a Thursday evening session (starting ${startTime}, evenings from ${conventions.eveningFrom}): Level ${conventions.thursdayEveningLevel}`,
    };
  }
  const when = startTime !== undefined ? ` starting ${startTime}` : '';
  return {
    rule: 'PIN-R6',
    level: conventions.level,
    reason: `a duplicate session on a ${day}${when}: Level ${conventions.level}`,
  };
}

/**
 * The refusal of a session held as `held` records it under the rulebook's `conventions`: a
 * level other than the one in force without the committee's decision, or with a decision dated
 * after the session; a decision that names no level. Undefined: accepted.
 */
export function heldUnderAnotherLevel(
  held: SessionHeld,
  startTime: string | undefined,
  conventions: Conventions,
): RuleViolation | undefined {
  const { conventionsLevel: recorded, levelDecidedOn: decided, date } = held;
  if (recorded === undefined) {
    return decided === undefined
      ? undefined
      : new RuleViolation(
          'PIN-R6',
          `a committee decision of ${decided} is recorded, but not the level it decided`,
          'data.conventionsLevel',
        );
  }
  const inForce = licenceLevelOf(date, startTime, conventions, held.sponsoredBy);
  if (inForce.level === null || inForce.level === recorded) return undefined;
  if (decided === undefined) {
    return new RuleViolation(
      'PIN-R6',
      `session ${held.session} on ${date} is ${inForce.reason}: conventions are restricted to Level ${inForce.level}; Level ${recorded} needs the committee's decision (levelDecidedOn)`,
      'data.conventionsLevel',
    );
  }
  if (decided > date) {
    return new RuleViolation(
      'PIN-R6',
      `the committee's decision of ${decided} came after session ${held.session} on ${date}: it cannot have set its level`,
      'data.levelDecidedOn',
    );
  }
  return undefined;
}
