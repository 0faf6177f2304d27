import {
  application,
  clubFacts,
  existing,
  fact,
  FOUNDERS,
  played,
} from '../domain/membership/support';
import { GatedLedger } from '../support/gated-ledger';
import type { Proposed } from '../support/nz-club';

/**
 * A small Pinner year through the gate (club `pinner`, pinner-2018 from 2018-01-01;
 * ann, bob, cat, dan full members elected 2010-05-01):
 * - fay applies on 2018-03-01, displayed that day, elected on 03-08 (the seventh day exactly):
 *   Restricted to 2019-03-07, Full from 2019-03-08 (PIN-R8);
 * - gus applies on 03-01; his seconder bob withdraws on 03-03 and dan replaces him on 03-04
 *   (the display restarts: considered from 03-11, PIN-C7); cat objects on 03-05 (PIN-C8);
 *   still pending;
 * - ian applies on 03-01 and is rejected on 03-08 (PIN-R9: barred for ever);
 * - hal is invited to Honorary membership on 04-01 (subscription waived), tim accepted as a
 *   Temporary member on 04-01 (no vote);
 * - vic, a visitor, plays 7 sessions in 2018 and one on 2019-01-01 (the year boundary); eve
 *   (born 2005-03-10) plays 7 under ann's supervision (under 16: exempt, PIN-R12).
 */
export async function pinnerYear(): Promise<GatedLedger> {
  const ledger = new GatedLedger();
  await ledger.append(...pinnerYearFacts());
  return ledger;
}

/** The year's facts as proposed (the club, its rulebook and founders first). */
export function pinnerYearFacts(): Proposed[] {
  return [
    ...clubFacts(),
    ...FOUNDERS,
    ...application('a-fay', 'fay'),
    ...application('a-gus', 'gus'),
    ...application('a-ian', 'ian'),
    fact('SupportWithdrawn', { applicationId: 'a-gus', role: 'seconder', on: '2018-03-03' }),
    fact('SupportReplaced', {
      applicationId: 'a-gus',
      role: 'seconder',
      by: 'dan',
      on: '2018-03-04',
    }),
    fact('ObjectionLodged', {
      applicationId: 'a-gus',
      by: 'cat',
      on: '2018-03-05',
      grounds: 'Slow play at the Thursday duplicate.',
    }),
    fact('ApplicationConsidered', { applicationId: 'a-fay', on: '2018-03-08' }),
    fact('MemberElected', { applicationId: 'a-fay', on: '2018-03-08' }),
    fact('ApplicationConsidered', { applicationId: 'a-ian', on: '2018-03-08' }),
    fact('ApplicationRejected', { applicationId: 'a-ian', on: '2018-03-08' }),
    fact('HonoraryMembershipInvited', { person: 'hal', name: 'Hal Honorary', on: '2018-04-01' }),
    fact('TemporaryMembershipAccepted', { person: 'tim', name: 'Tim Temporary', on: '2018-04-01' }),
    ...VIC_2018.map((d) => played('vic', d, { name: 'Vic Visitor' })),
    played('vic', '2019-01-01'),
    ...VIC_2018.map((d) =>
      played('eve', d, { birthDate: '2005-03-10', supervisedBy: 'ann', name: 'Eve Junior' }),
    ),
  ];
}

/** vic's seven sessions of 2018: the 7th (12-31) may be refused (PIN-R10). */
export const VIC_2018 = [
  '2018-05-01',
  '2018-05-08',
  '2018-05-15',
  '2018-05-22',
  '2018-05-29',
  '2018-06-05',
  '2018-12-31',
];

export { existing };
