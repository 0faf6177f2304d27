import { standingsOf, cPointsOf, type QueryOptions } from '../../src/contexts/pairs/projection';
import { competitionsState, competitionState } from '../../src/audit/published';
import type { NzStanding } from '../../src/rulesets/nz-club/standings';
import type { GatedLedger } from './gated-ledger';
import { proposed } from './nz-club';

/**
 * Karori's membership stream (`members-karori`): the facts NZ-8c and NZ-8d read, as
 * a writer proposes them.
 */
const MEMBERS = 'members-karori';

/** A member on the register from before the ledger (the Secretary asks a member: NZ-8d). */
export const memberRecorded = (person: string, electedOn = '2020-01-01') =>
  proposed(MEMBERS, 'ExistingMemberRecorded', {
    clubId: 'karori',
    person,
    name: person,
    electedOn,
    class: 'full',
  });

/** NZ-8d: the Secretary asked `member` to play with `visitor` on `date`. */
export const asked = (member: string, visitor: string, date: string) =>
  proposed(MEMBERS, 'VisitorPartnerAsked', { clubId: 'karori', member, visitor, date });

/** NZ-8c: `guest`'s NZCBA number checked on `checkedOn`, valid or not. */
export const checked = (guest: string, valid: boolean, checkedOn: string, number = '123456') =>
  proposed(MEMBERS, 'GuestNzcbaNumberChecked', {
    clubId: 'karori',
    guest,
    number,
    valid,
    checkedOn,
  });

/**
 * A competition's standings rows by competitor, from the whole ledger; and the same from the
 * competition's slice of streams (what HTTP and the CLI read), which must agree.
 */
export async function rowsOf(
  ledger: GatedLedger,
  competitionId: string,
  options: QueryOptions = {},
): Promise<Record<string, NzStanding>> {
  const full = standingsOf(await competitionsState(ledger.store), competitionId, options);
  const slice = standingsOf(
    await competitionState(ledger.store, competitionId),
    competitionId,
    options,
  );
  expect(slice).toEqual(full);
  if (full.kind !== 'nz') throw new Error(`${competitionId} is not an NZ competition`);
  return Object.fromEntries(full.rows.map((r) => [r.competitor, r]));
}

/** The C points of a competition's sessions, from its slice. */
export async function cPointsFrom(ledger: GatedLedger, competitionId: string) {
  return cPointsOf(await competitionState(ledger.store, competitionId), competitionId);
}

/** The explain lines of a row with this rule, as `rule effect`. */
export const linesOf = (r: NzStanding, rule: string) =>
  r.explain.filter((e) => e.rule === rule).map((e) => e.effect);
