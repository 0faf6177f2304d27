import { Matches, ValidateBy } from 'class-validator';
import { isDay, isInstant } from './instant';

/** Ids of clubs, players, pairs, competitions: safe in stream ids and URLs. */
export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:@-]{0,99}$/;

export const IsLedgerId = (what: string) =>
  Matches(ID_PATTERN, { message: `${what} must be letters, digits and _ . : @ -` });

/** Each of a list of ids (a team's players, a table's units), as `IsLedgerId` reads one. */
export const EachId = (what: string) =>
  Matches(ID_PATTERN, {
    each: true,
    message: `each ${what} must be letters, digits and _ . : @ -`,
  });

/** A calendar day, `YYYY-MM-DD`, that the calendar has (not 2026-02-30, not year 0000). */
export const IsDay = (what: string) =>
  ValidateBy({
    name: 'isDay',
    validator: {
      validate: isDay,
      defaultMessage: () => `${what} must be a calendar day YYYY-MM-DD`,
    },
  });
/** An instant, ISO 8601 with a date, a time and a zone (src/kernel/instant.ts). */
export const IsInstant = (what: string) =>
  ValidateBy({
    name: 'isInstant',
    validator: {
      validate: isInstant,
      defaultMessage: () => `${what} must be an ISO 8601 instant with a zone`,
    },
  });

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * One of a list read when a fact is validated, not when the class is declared: the presets and
 * formats registered (a ruleset may be registered after this module is loaded).
 */
export const IsOneOf = (values: () => readonly string[]) =>
  ValidateBy({
    name: 'isOneOf',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && values().includes(value),
      defaultMessage: (args) =>
        `${args?.property} must be one of the following values: ${values().join(', ')}`,
    },
  });
