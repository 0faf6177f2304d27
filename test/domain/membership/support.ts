import { v7 } from 'uuid';
import { GatedLedger } from '../../support/gated-ledger';
import type { Proposed } from '../../support/nz-club';

/**
 * Pinner BC (`club-pinner`) adopts pinner-2018 on 2018-01-01; its membership stream is
 * `members-pinner`. Members on the register from before: ann, bob, cat, dan (full, elected
 * 2010-05-01), eve (born 2005-03-10: a junior who is not a member). Facts as the secretary
 * proposes them.
 */
export const MEMBERS = 'members-pinner';

export function fact(type: string, data: Record<string, unknown>, streamId = MEMBERS): Proposed {
  return {
    streamId,
    id: v7(),
    type,
    occurredAt: '2018-06-01T12:00:00+01:00',
    data: streamId === MEMBERS ? { clubId: 'pinner', ...data } : data,
    metadata: {},
  };
}

export const clubFacts = (preset = 'pinner-2018', overrides = {}): Proposed[] => [
  fact(
    'ClubRegistered',
    { clubId: 'pinner', name: 'Pinner BC', timeZone: 'Europe/London' },
    'club-pinner',
  ),
  fact(
    'RulebookAdopted',
    { clubId: 'pinner', preset, overrides, effectiveFrom: '2018-01-01' },
    'club-pinner',
  ),
];

export const existing = (person: string, electedOn = '2010-05-01', extra = {}) =>
  fact('ExistingMemberRecorded', {
    person,
    name: `Member ${person}`,
    electedOn,
    class: 'full',
    ...extra,
  });

export const FOUNDERS: Proposed[] = ['ann', 'bob', 'cat', 'dan'].map((p) => existing(p));

export const applied = (
  applicationId: string,
  person: string,
  appliedOn = '2018-03-01',
  extra = {},
) =>
  fact('MembershipApplied', {
    applicationId,
    person,
    name: `Candidate ${person}`,
    birthDate: '1970-01-01',
    classApplied: 'full',
    appliedOn,
    ...extra,
  });

export const proposed = (
  applicationId: string,
  proposer = 'ann',
  seconder = 'bob',
  on = '2018-03-01',
) => fact('ApplicationProposed', { applicationId, proposer, seconder, on });

export const signed = (applicationId: string, by = 'cat', on = '2018-03-01') =>
  fact('ApplicationSigned', { applicationId, by, on });

export const displayed = (applicationId: string, on = '2018-03-01') =>
  fact('ApplicationDisplayed', { applicationId, on });

export const elected = (applicationId: string, on = '2018-03-08') =>
  fact('MemberElected', { applicationId, on });

export const rejected = (applicationId: string, on = '2018-03-08') =>
  fact('ApplicationRejected', { applicationId, on });

/** A complete application, displayed on 1 March 2018 (may be considered from 8 March). */
export const application = (applicationId: string, person: string, extra = {}): Proposed[] => [
  applied(applicationId, person, '2018-03-01', extra),
  proposed(applicationId),
  signed(applicationId),
  displayed(applicationId),
];

export const played = (person: string, date: string, extra: Record<string, unknown> = {}) =>
  fact('SessionPlayedAtClub', {
    person,
    date,
    event: { id: `pairs-${date}`, special: false },
    ...extra,
  });

/** A ledger holding Pinner BC, its rulebook and its four members. */
export async function pinner(preset = 'pinner-2018', overrides = {}): Promise<GatedLedger> {
  const ledger = new GatedLedger();
  await ledger.append(...clubFacts(preset, overrides), ...FOUNDERS);
  return ledger;
}

export const accepts = (ledger: GatedLedger, ...facts: Proposed[]) =>
  expect(ledger.append(...facts)).resolves.toBeUndefined();
