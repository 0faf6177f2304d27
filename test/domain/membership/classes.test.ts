import { accepts, application, elected, existing, fact, pinner } from './support';

const student = (person: string, on: string) => fact('StudentMembershipOffered', { person, on });

describe('PIN-R8 Student membership: from the 16th birthday to the day before the 26th', () => {
  // sam, born 2002-03-08, elected on the 16th birthday; tom, born 1992-09-15, a member since 2010.
  async function club() {
    const ledger = await pinner();
    await ledger.append(
      ...application('a1', 'sam', { birthDate: '2002-03-08' }),
      elected('a1', '2018-03-08'),
      existing('tom', '2010-05-01', { birthDate: '1992-09-15' }),
    );
    return ledger;
  }

  it('PIN-R8: offered on the 16th birthday (2018-03-08) is allowed', async () => {
    await accepts(await club(), student('sam', '2018-03-08'));
  });

  it('PIN-R8: offered the day before the 26th birthday (2018-09-14) is allowed; on the 26th birthday refused naming data.on', async () => {
    const ledger = await club();
    await ledger.refuses([student('tom', '2018-09-15')], 'PIN-R8', 'events[0].data.on', /26/);
    await accepts(ledger, student('tom', '2018-09-14'));
  });

  it('PIN-R8: the day before the 16th birthday is refused (a club that admits members from 14, minAge 14)', async () => {
    const ledger = await pinner('pinner-2018', { 'membership.minAge': 14 });
    await ledger.append(existing('kid', '2018-01-01', { birthDate: '2003-05-02' }));
    await ledger.refuses([student('kid', '2019-05-01')], 'PIN-R8', 'events[0].data.on', /15/);
    await accepts(ledger, student('kid', '2019-05-02'));
  });

  it('PIN-R8: born on 29 February 1996, 26 on 28 February 2022 (a year without 29 February): offered on 27 February allowed, on 28 February refused naming data.on', async () => {
    const ledger = await pinner();
    await ledger.append(existing('lea', '2015-01-01', { birthDate: '1996-02-29' }));
    await ledger.refuses([student('lea', '2022-02-28')], 'PIN-R8', 'events[0].data.on', /26/);
    await accepts(ledger, student('lea', '2022-02-27'));
  });

  it('PIN-R8: an existing member recorded as a Student without a date of birth is refused naming data.birthDate (Student ends on the 26th birthday)', async () => {
    const ledger = await pinner();
    await ledger.refuses(
      [existing('stu', '2017-01-01', { class: 'student' })],
      'PIN-R8',
      'events[0].data.birthDate',
    );
  });

  it('PIN-R8: an existing member recorded as a Student elected at 26 or over is refused naming data.class; at 25 accepted', async () => {
    const ledger = await pinner();
    await ledger.refuses(
      [existing('stu', '2017-01-01', { class: 'student', birthDate: '1991-01-01' })],
      'PIN-R8',
      'events[0].data.class',
      /26/,
    );
    await accepts(
      ledger,
      existing('stu', '2017-01-01', { class: 'student', birthDate: '1991-01-02' }),
    );
  });

  it('PIN-C3: an existing member recorded as elected under 16 is refused naming data.electedOn', async () => {
    const ledger = await pinner();
    await ledger.refuses(
      [existing('kid', '2018-01-01', { birthDate: '2003-05-02' })],
      'PIN-C3',
      'events[0].data.electedOn',
    );
  });

  it('PIN-R8: a member with no date of birth recorded is refused naming data.person', async () => {
    const ledger = await club();
    await ledger.refuses([student('ann', '2018-06-01')], 'PIN-R8', 'events[0].data.person');
  });

  it('PIN-C13: a person not a member is refused', async () => {
    const ledger = await club();
    await ledger.refuses([student('zed', '2018-06-01')], 'PIN-C13', 'events[0].data.person');
  });

  it('PIN-R8: a Student application elected outside the ages is refused (born 1990, 28 on election)', async () => {
    const ledger = await pinner();
    await ledger.append(
      ...application('a1', 'old', { birthDate: '1990-01-01', classApplied: 'student' }),
    );
    await ledger.refuses([elected('a1')], 'PIN-R8', 'events[0].data.on');
  });
});

describe('PIN-R8 Honorary, Temporary and Non-playing membership', () => {
  it('PIN-C14: a non-member invited Honorary needs a name; with one, accepted', async () => {
    const ledger = await pinner();
    await ledger.refuses(
      [fact('HonoraryMembershipInvited', { person: 'vip', on: '2018-05-01' })],
      'LEDGER',
      'events[0].data.name',
    );
    await accepts(
      ledger,
      fact('HonoraryMembershipInvited', { person: 'vip', on: '2018-05-01', name: 'A Patron' }),
    );
  });

  it('PIN-C3: a person under 16 is not admitted Non-playing (born 2003-05-02: 15 on 2019-05-01, 16 on 2019-05-02)', async () => {
    const ledger = await pinner();
    const np = (on: string) =>
      fact('NonPlayingMembershipAccepted', {
        person: 'kid',
        on,
        name: 'Kid',
        birthDate: '2003-05-02',
      });
    await ledger.refuses([np('2019-05-01')], 'PIN-C3', 'events[0].data.on', /15/);
    await accepts(ledger, np('2019-05-02'));
  });

  it('PIN-C15: a member accepted as Temporary, a person accepted as Non-playing', async () => {
    const ledger = await pinner();
    await accepts(
      ledger,
      fact('TemporaryMembershipAccepted', { person: 'ann', on: '2018-05-01' }),
      fact('NonPlayingMembershipAccepted', { person: 'nip', on: '2018-05-01', name: 'Non Player' }),
    );
  });
});

describe('PIN-R8/C17 the Restricted year: events restricted and termination in the first year only', () => {
  // zoe elected 2018-03-08: Restricted until 2019-03-07, Full from 2019-03-08.
  async function club() {
    const ledger = await pinner();
    await ledger.append(...application('a1', 'zoe'), elected('a1', '2018-03-08'));
    return ledger;
  }
  const restrict = (on: string, person = 'zoe') =>
    fact('MemberEventsRestricted', { person, on, events: ['county-pairs'] });
  const terminate = (on: string, person = 'zoe') => fact('MembershipTerminated', { person, on });

  it('PIN-R8: events restricted on the Restricted year’s last day (2019-03-07) is allowed', async () => {
    await accepts(await club(), restrict('2019-03-07'));
  });

  it('PIN-R8: on 2019-03-08 (Full) restriction is refused naming data.person; so for a member since 2010', async () => {
    const ledger = await club();
    await ledger.refuses([restrict('2019-03-08')], 'PIN-R8', 'events[0].data.person', /full/);
    await ledger.refuses([restrict('2018-06-01', 'ann')], 'PIN-R8', 'events[0].data.person');
  });

  it('PIN-C17: terminated on 2019-03-07 is allowed; on 2019-03-08 refused naming data.on', async () => {
    const ledger = await club();
    await ledger.refuses([terminate('2019-03-08')], 'PIN-C17', 'events[0].data.on', /first year/);
    await accepts(ledger, terminate('2019-03-07'));
  });

  it('PIN-C17: an Honorary member (not elected) is not terminated: refused naming data.person', async () => {
    const ledger = await pinner();
    await ledger.append(
      fact('HonoraryMembershipInvited', { person: 'vip', on: '2018-05-01', name: 'A Patron' }),
    );
    await ledger.refuses([terminate('2018-06-01', 'vip')], 'PIN-C17', 'events[0].data.person');
  });

  it('PIN-R8: elected on 29 February 2020, Restricted until 27 February 2021: terminated on 28 February is refused', async () => {
    const ledger = await pinner();
    await ledger.append(
      fact('MembershipApplied', {
        applicationId: 'a9',
        person: 'leap',
        name: 'Leap Year',
        birthDate: '1980-01-01',
        classApplied: 'full',
        appliedOn: '2020-02-01',
      }),
      fact('ApplicationProposed', {
        applicationId: 'a9',
        proposer: 'ann',
        seconder: 'bob',
        on: '2020-02-01',
      }),
      fact('ApplicationSigned', { applicationId: 'a9', by: 'cat', on: '2020-02-01' }),
      fact('ApplicationDisplayed', { applicationId: 'a9', on: '2020-02-01' }),
      fact('MemberElected', { applicationId: 'a9', on: '2020-02-29' }),
    );
    await ledger.refuses([terminate('2021-02-28', 'leap')], 'PIN-C17', 'events[0].data.on');
    await accepts(ledger, terminate('2021-02-27', 'leap'));
  });

  it('PIN-C18: an expulsion without its reason is refused by the schema naming data.reason', async () => {
    const ledger = await club();
    await expect(
      ledger.append(fact('MemberExpelled', { person: 'zoe', on: '2019-05-01' })),
    ).rejects.toMatchObject({
      issues: [{ field: 'events[0].data.reason' }],
    });
  });

  it('LEDGER: a non-member does not resign, is not expelled or terminated', async () => {
    const ledger = await club();
    await ledger.refuses(
      [fact('MemberResigned', { person: 'xavier', on: '2018-06-01' })],
      'LEDGER',
      'events[0].data.person',
    );
    await ledger.refuses(
      [fact('MemberExpelled', { person: 'xavier', on: '2018-06-01', reason: 'r' })],
      'LEDGER',
      'events[0].data.person',
    );
  });
});
