import { dict } from '../../../kernel/dict';
import type { NZ_RANKS } from '../../club';

/** A rank the club recorded for a player from a day (NzcbaRankRecorded), in ledger order. */
export interface RankFrom {
  from: string;
  rank: (typeof NZ_RANKS)[number];
}

/**
 * What the NZ standings and C points read of a club's membership stream
 * (`members-<clubId>`), kept compactly: the Secretary's requests to play with a visitor (NZ-8d),
 * the checks of a guest's NZCBA number (NZ-8c) and the players' dated NZCBA ranks (NZ-8g). The rest of that stream (applications,
 * classes, sessions played) is the membership read model's.
 */
export interface NzMembershipFacts {
  /** NZ-8d: `date|member|visitor` of each VisitorPartnerAsked. */
  asked: Record<string, true>;
  /** NZ-8c: each guest's GuestNzcbaNumberChecked, in ledger order: the day and the outcome. */
  checks: Record<string, Array<{ on: string; valid: boolean }>>;
  /** NZ-8g: each player's NzcbaRankRecorded, in ledger order: the day from and the rank. */
  ranks: Record<string, RankFrom[]>;
}

export const NZ_MEMBERSHIP_FACT_TYPES: ReadonlySet<string> = new Set([
  'VisitorPartnerAsked',
  'GuestNzcbaNumberChecked',
  'NzcbaRankRecorded',
]);

const askedKey = (date: string, member: string, visitor: string) => `${date}|${member}|${visitor}`;

/** Folds a VisitorPartnerAsked, GuestNzcbaNumberChecked or NzcbaRankRecorded into its club's facts. */
export function foldNzMembershipFact(
  clubs: Record<string, NzMembershipFacts>,
  type: string,
  d: Record<string, unknown>,
): void {
  const clubId = d.clubId as string;
  if (!Object.hasOwn(clubs, clubId))
    clubs[clubId] = { asked: dict(), checks: dict(), ranks: dict() };
  const facts = clubs[clubId]!;
  if (type === 'VisitorPartnerAsked') {
    facts.asked[askedKey(d.date as string, d.member as string, d.visitor as string)] = true;
  } else if (type === 'NzcbaRankRecorded') {
    const person = d.person as string;
    if (!Object.hasOwn(facts.ranks, person)) facts.ranks[person] = [];
    facts.ranks[person]!.push({ from: d.from as string, rank: d.rank as RankFrom['rank'] });
  } else {
    // Own keys only: a state read back from JSON has plain objects (a guest `constructor`).
    const guest = d.guest as string;
    if (!Object.hasOwn(facts.checks, guest)) facts.checks[guest] = [];
    facts.checks[guest]!.push({
      on: d.checkedOn as string,
      valid: d.valid as boolean,
    });
  }
}

/** NZ-8d: whether the Secretary asked `member` to play with `visitor` on `date`. */
export const secretaryAsked = (
  facts: NzMembershipFacts | undefined,
  date: string,
  member: string,
  visitor: string,
): boolean => facts !== undefined && Object.hasOwn(facts.asked, askedKey(date, member, visitor));

/**
 * NZ-8c: the check of `guest`'s NZCBA number in force on `date`: the latest checked on or
 * before it (two on one day: the later recorded). A check dated after the session does not
 * count; undefined when none does.
 */
export function nzcbaCheckOn(
  facts: NzMembershipFacts | undefined,
  guest: string,
  date: string,
): { on: string; valid: boolean } | undefined {
  let found: { on: string; valid: boolean } | undefined;
  const checks = facts && Object.hasOwn(facts.checks, guest) ? facts.checks[guest]! : [];
  for (const check of checks)
    if (check.on <= date && (found === undefined || check.on >= found.on)) found = check;
  return found;
}

/** NZ-8g: the ranks recorded for `person` (`nzcbaRankOn` picks the one in force on a day). */
export const nzcbaRanksOf = (
  facts: NzMembershipFacts | undefined,
  person: string,
): readonly RankFrom[] | undefined =>
  facts?.ranks && Object.hasOwn(facts.ranks, person) ? facts.ranks[person] : undefined;
