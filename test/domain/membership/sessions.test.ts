import { accepts, existing, fact, pinner, played } from './support';

/**
 * PIN-R12: eve, born 2005-03-10, is 13 on 2018-06-01 and 16 from 2021-03-10; kim, born
 * 2001-01-01, a member aged 17 in 2018.
 */
async function club() {
  const ledger = await pinner();
  await ledger.append(existing('kim', '2017-02-01', { birthDate: '2001-01-01' }));
  return ledger;
}
const EVE = { birthDate: '2005-03-10' };

describe('PIN-R12 a player under 16 plays only under an adult member’s supervision', () => {
  it('PIN-R12: eve (13) supervised by ann, a member, is recorded', async () => {
    await accepts(await club(), played('eve', '2018-06-01', { ...EVE, supervisedBy: 'ann' }));
  });

  it('PIN-R12: eve unsupervised is refused naming data.supervisedBy, and nothing is written', async () => {
    const ledger = await club();
    await ledger.refuses(
      [played('eve', '2018-06-01', EVE)],
      'PIN-R12',
      'events[0].data.supervisedBy',
      /13/,
    );
  });

  it('PIN-R12: the supervisor must be a member that day, and an adult (kim, 17, is not)', async () => {
    const ledger = await club();
    await ledger.refuses(
      [played('eve', '2018-06-01', { ...EVE, supervisedBy: 'xavier' })],
      'PIN-R12',
      'events[0].data.supervisedBy',
      /not a member/,
    );
    await ledger.refuses(
      [played('eve', '2018-06-01', { ...EVE, supervisedBy: 'kim' })],
      'PIN-R12',
      'events[0].data.supervisedBy',
      /17/,
    );
    await accepts(ledger, played('eve', '2019-01-01', { ...EVE, supervisedBy: 'kim' }));
  });

  it('PIN-R12: on the 16th birthday (2021-03-10) eve plays unsupervised; the day before she may not', async () => {
    const ledger = await club();
    await ledger.refuses(
      [played('eve', '2021-03-09', EVE)],
      'PIN-R12',
      'events[0].data.supervisedBy',
    );
    await accepts(ledger, played('eve', '2021-03-10', EVE));
  });

  it('PIN-R12: a visitor of no known age, and an adult member, play unsupervised', async () => {
    await accepts(await club(), played('vic', '2018-06-01'), played('ann', '2018-06-01'));
  });

  it('PIN-R13: the event is named with whether it is special; a missing flag is refused by the schema', async () => {
    const ledger = await club();
    await expect(
      ledger.append(played('vic', '2018-06-01', { event: { id: 'xmas' } })),
    ).rejects.toMatchObject({ issues: [{ field: 'events[0].data.event.special' }] });
  });
});

describe('NZ-8c, NZ-8d, NZ-8g: the NZ facts of the membership stream', () => {
  it('NZ-8d: a member asked by the Secretary to play with a visitor; a non-member is refused naming data.member', async () => {
    const ledger = await club();
    await accepts(
      ledger,
      fact('VisitorPartnerAsked', { member: 'ann', visitor: 'vic', date: '2018-06-01' }),
    );
    await ledger.refuses(
      [fact('VisitorPartnerAsked', { member: 'vic', visitor: 'ann', date: '2018-06-01' })],
      'NZ-8d',
      'events[0].data.member',
    );
  });

  it('NZ-8c and NZ-8g: a guest’s number checked, a rank from a day; an unknown rank is refused naming data.rank', async () => {
    const ledger = await club();
    await accepts(
      ledger,
      fact('GuestNzcbaNumberChecked', {
        guest: 'g1',
        number: '12345',
        valid: true,
        checkedOn: '2018-06-01',
      }),
      fact('NzcbaRankRecorded', { person: 'ann', rank: 'intermediate', from: '2018-01-01' }),
    );
    await expect(
      ledger.append(
        fact('NzcbaRankRecorded', { person: 'ann', rank: 'master', from: '2018-01-01' }),
      ),
    ).rejects.toMatchObject({ issues: [{ field: 'events[0].data.rank' }] });
  });
});
