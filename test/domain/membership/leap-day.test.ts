import {
  accepts,
  applied,
  displayed,
  elected,
  existing,
  fact,
  pinner,
  played,
  proposed,
  signed,
} from './support';

/**
 * MEMBERSHIP-FIXES 4: the decider judges every age (PIN-C3, PIN-R8 Student, PIN-R12)
 * with the rulebook's `membership.leapDay`: a 29 February birthday falls on 28 February
 * (pinner-2018's default) or on 1 March ('mar-1') in a year without one.
 */
const MAR1 = { 'membership.leapDay': 'mar-1' };

describe('PIN readings: a 29 February birthday at append (membership.leapDay)', () => {
  // A 16th birthday is always in a leap year: a club admitting from 18 shows the reading.
  const ADULTS = { 'membership.minAge': 18 };
  const pip = () => [
    applied('a1', 'pip', '2018-02-01', { birthDate: '2000-02-29' }),
    proposed('a1', 'ann', 'bob', '2018-02-01'),
    signed('a1', 'cat', '2018-02-01'),
    displayed('a1', '2018-02-01'),
  ];

  it('PIN-C3: born 2000-02-29, elected on 2018-02-28 by a club admitting from 18: 18 with feb-28 (allowed), 17 with mar-1 (refused naming data.on); elected on 1 March with mar-1', async () => {
    const feb = await pinner('pinner-2018', ADULTS);
    await feb.append(...pip());
    await accepts(feb, elected('a1', '2018-02-28'));

    const mar = await pinner('pinner-2018', { ...ADULTS, ...MAR1 });
    await mar.append(...pip());
    await mar.refuses([elected('a1', '2018-02-28')], 'PIN-C3', 'events[0].data.on', /17/);
    await accepts(mar, elected('a1', '2018-03-01'));
  });

  it('PIN-R8 Student: born 1996-02-29, offered on 2022-02-28 refused with feb-28 (26 that day), allowed with mar-1', async () => {
    const feb = await pinner();
    await feb.append(existing('lea', '2015-01-01', { birthDate: '1996-02-29' }));
    const offer = () => fact('StudentMembershipOffered', { person: 'lea', on: '2022-02-28' });
    await feb.refuses([offer()], 'PIN-R8', 'events[0].data.on', /26/);

    const mar = await pinner('pinner-2018', MAR1);
    await mar.append(existing('lea', '2015-01-01', { birthDate: '1996-02-29' }));
    await accepts(mar, offer());
    await mar.refuses(
      [fact('StudentMembershipOffered', { person: 'lea', on: '2022-03-01' })],
      'PIN-R8',
      'events[0].data.on',
    );
  });

  it('PIN-R12: kim (born 2000-02-29, a member) supervising eve (13) on 2018-02-28: an adult with feb-28 (accepted); 17 with mar-1 (refused naming data.supervisedBy)', async () => {
    const club = async (overrides = {}) => {
      const ledger = await pinner('pinner-2018', overrides);
      await ledger.append(existing('kim', '2017-01-01', { birthDate: '2000-02-29' }));
      return ledger;
    };
    const eve = (date: string) =>
      played('eve', date, { birthDate: '2005-03-10', supervisedBy: 'kim' });
    await accepts(await club(), eve('2018-02-28'));
    const mar = await club(MAR1);
    await mar.refuses([eve('2018-02-28')], 'PIN-R12', 'events[0].data.supervisedBy', /17/);
    await accepts(mar, eve('2018-03-01'));
  });
});
