import { accepts, applied, existing, fact, pinner, played } from './support';

/**
 * PIN-R12 (the example year's hole): the decider knows a player is under 16 from any
 * earlier fact of the club that gives the birth date, not only the register's or the session's
 * own. eve, born 2005-03-10, is 13 in 2018 and 16 from 2021-03-10; ann is an adult member.
 */
const EVE = { birthDate: '2005-03-10' };

describe('PIN-R12 an under-16 known from an earlier fact plays only supervised', () => {
  it('PIN-R12: eve’s birth date given in an earlier session: her unsupervised session without one is refused naming data.supervisedBy, nothing written', async () => {
    const ledger = await pinner();
    await accepts(ledger, played('eve', '2018-06-01', { ...EVE, supervisedBy: 'ann' }));
    await ledger.refuses(
      [played('eve', '2018-06-08')],
      'PIN-R12',
      'events[0].data.supervisedBy',
      /13 on 2018-06-08/,
    );
    await accepts(ledger, played('eve', '2018-06-08', { supervisedBy: 'ann' }));
  });

  it('PIN-R12: a birth date given in an earlier session counts whatever the dates: a later fact dated before it is judged too', async () => {
    const ledger = await pinner();
    await accepts(ledger, played('eve', '2018-09-01', { ...EVE, supervisedBy: 'ann' }));
    await ledger.refuses([played('eve', '2018-02-01')], 'PIN-R12', 'events[0].data.supervisedBy');
  });

  it('PIN-R12: the same session in one batch after the one giving the birth date is refused; the whole batch is not written', async () => {
    const ledger = await pinner();
    await ledger.refuses(
      [played('eve', '2018-06-01', { ...EVE, supervisedBy: 'ann' }), played('eve', '2018-06-08')],
      'PIN-R12',
      'events[1].data.supervisedBy',
    );
  });

  it('PIN-R12: a birth date given in an application (pending) is read for a session', async () => {
    const ledger = await pinner('pinner-2018', { 'membership.minAge': 12 });
    await accepts(ledger, applied('a1', 'eve', '2018-03-01', EVE));
    await ledger.refuses([played('eve', '2018-06-01')], 'PIN-R12', 'events[0].data.supervisedBy');
  });

  it('PIN-R12: a birth date given when a person was admitted Non-playing is read for a session', async () => {
    const ledger = await pinner('pinner-2018', { 'membership.minAge': 12 });
    await accepts(
      ledger,
      fact('NonPlayingMembershipAccepted', {
        person: 'eve',
        on: '2018-03-01',
        name: 'Eve',
        ...EVE,
      }),
      fact('MemberResigned', { person: 'eve', on: '2018-05-01' }),
    );
    await ledger.refuses([played('eve', '2018-06-01')], 'PIN-R12', 'events[0].data.supervisedBy');
  });

  it('PIN-R12 edge: on the 16th birthday (2021-03-10) the player known from an earlier session plays unsupervised; the day before not', async () => {
    const ledger = await pinner();
    await accepts(ledger, played('eve', '2018-06-01', { ...EVE, supervisedBy: 'ann' }));
    await ledger.refuses([played('eve', '2021-03-09')], 'PIN-R12', 'events[0].data.supervisedBy');
    await accepts(ledger, played('eve', '2021-03-10'));
  });

  it('PIN-R12: a supervisor’s age known from an earlier session counts: kim (born 2001, 17 in 2018) does not supervise', async () => {
    const ledger = await pinner();
    await accepts(
      ledger,
      played('kim', '2017-01-10', { birthDate: '2001-01-01', supervisedBy: 'ann' }),
      existing('kim', '2017-02-01'),
    );
    await ledger.refuses(
      [played('eve', '2018-06-01', { ...EVE, supervisedBy: 'kim' })],
      'PIN-R12',
      'events[0].data.supervisedBy',
      /17/,
    );
  });
});

describe('LEDGER: a visitor known by a session only', () => {
  it('LEDGER: a visitor whose session gave a birth date but no name is not on the register: invited Honorary without a name is refused naming data.name', async () => {
    const ledger = await pinner();
    await accepts(ledger, played('vic', '2018-01-05', { birthDate: '1980-02-02' }));
    await ledger.refuses(
      [fact('HonoraryMembershipInvited', { person: 'vic', on: '2018-05-01' })],
      'LEDGER',
      'events[0].data.name',
    );
  });
});

describe('LEDGER: two facts giving a person different birth dates', () => {
  it('LEDGER: a session giving another birth date than an earlier session is refused naming data.birthDate, nothing written', async () => {
    const ledger = await pinner();
    await accepts(ledger, played('eve', '2018-06-01', { ...EVE, supervisedBy: 'ann' }));
    await ledger.refuses(
      [played('eve', '2018-06-08', { birthDate: '2000-01-01' })],
      'LEDGER',
      'events[0].data.birthDate',
      /2005-03-10/,
    );
    // The same birth date again is accepted.
    await accepts(ledger, played('eve', '2018-06-08', { ...EVE, supervisedBy: 'ann' }));
  });

  it('LEDGER: an application giving another birth date than the sessions is refused naming data.birthDate', async () => {
    const ledger = await pinner();
    await accepts(ledger, played('vic', '2018-01-05', { birthDate: '1980-02-02' }));
    await ledger.refuses(
      [applied('a1', 'vic', '2018-03-01', { birthDate: '1981-02-02' })],
      'LEDGER',
      'events[0].data.birthDate',
    );
    await accepts(ledger, applied('a1', 'vic', '2018-03-01', { birthDate: '1980-02-02' }));
  });

  it('LEDGER: a member recorded with one birth date, then a session or an admission giving another, is refused naming data.birthDate', async () => {
    const ledger = await pinner();
    await accepts(ledger, existing('kim', '2017-02-01', { birthDate: '1990-01-01' }));
    await ledger.refuses(
      [played('kim', '2018-06-01', { birthDate: '1991-01-01' })],
      'LEDGER',
      'events[0].data.birthDate',
    );
    await ledger.refuses(
      [
        fact('TemporaryMembershipAccepted', {
          person: 'kim',
          on: '2018-06-01',
          birthDate: '1991-01-01',
        }),
      ],
      'LEDGER',
      'events[0].data.birthDate',
    );
  });

  it('LEDGER: a birth date making the person under 16 on the day they declared themselves over 16 is refused naming data.birthDate; one 16 or over that day is kept', async () => {
    const ledger = await pinner();
    await accepts(
      ledger,
      applied('a1', 'vic', '2018-03-01', { birthDate: undefined, over16Declared: true }),
    );
    await ledger.refuses(
      [played('vic', '2018-06-01', { birthDate: '2002-03-02', supervisedBy: 'ann' })],
      'LEDGER',
      'events[0].data.birthDate',
      /over 16/,
    );
    await accepts(ledger, played('vic', '2018-06-01', { birthDate: '2002-03-01' }));
  });

  it('LEDGER bad input: a session giving a birth date after its own date is refused naming data.birthDate', async () => {
    const ledger = await pinner();
    await ledger.refuses(
      [played('eve', '2018-06-01', { birthDate: '2018-06-02' })],
      'LEDGER',
      'events[0].data.birthDate',
    );
  });
});
