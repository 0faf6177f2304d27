import type { DecideOptions } from './decide-options';
import type { CompetitionCreated } from './facts';
import { RuleViolation } from '../rule-violation';

/**
 * Whether the club's rulebook in force on `day` (its options) could score a competition created
 * so: its format must be one the rulebook publishes (RULEBOOK, `data.format`), in the shape the
 * ruleset says its standings need (`FormatShape.created`: NZ-1, NZ-2, DSB-4, DSB-5, DSB-12.1,
 * at the field of CompetitionCreated). Undefined: scorable, or no rulebook in force that day
 * (nothing is judged). The competition decider asks it of each of a new competition's days,
 * the club decider of each day a rulebook fact changes for the club's competitions.
 */
export function shapeRefusalOn(
  c: CompetitionCreated,
  day: string,
  options: DecideOptions,
): RuleViolation | undefined {
  if (!options.formats) return undefined;
  const shape = options.formats[c.format];
  const inForce = `the ${options.rulebook ?? "club's"} rulebook in force on ${day}`;
  if (!shape) {
    return new RuleViolation(
      'RULEBOOK',
      `${c.format} is not a format of ${inForce} (${Object.keys(options.formats).join(', ')}): its standings could never be published`,
      'data.format',
    );
  }
  const refused = shape.created?.(c);
  return (
    refused && new RuleViolation(refused.rule, `${refused.reason} (${inForce})`, refused.field)
  );
}
