import { Matches } from 'class-validator';

/** Ids of clubs, players, pairs, competitions: safe in stream ids and URLs. */
export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:@-]{0,99}$/;

export const IsLedgerId = (what: string) =>
  Matches(ID_PATTERN, { message: `${what} must be letters, digits and _ . : @ -` });

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
