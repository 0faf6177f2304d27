import { accepts, entered, fact, fixture, league, lineUp, placed, players } from './support';

const nominate = (teamId: string, ps: string[], receivedOn = '2009-09-01', extra = {}) =>
  fact('TeamNominated', { teamId, players: ps, receivedOn, ...extra });

describe('LCBA-4.4/4.5 nominations of eight players for each team of a club but its lowest', () => {
  it('Oxford A (division 4, above Oxford B in division 5) nominates eight players', async () => {
    const ledger = await league();
    await accepts(ledger, nominate('oxford-a', players('ox', 8)));
  });

  it('LCBA-4.4: seven or nine players are refused naming data.players', async () => {
    const ledger = await league();
    await ledger.refuses(
      [nominate('oxford-a', players('ox', 7))],
      'LCBA-4.4',
      'events[0].data.players',
      /8 players/,
    );
    await ledger.refuses(
      [nominate('oxford-a', players('ox', 9))],
      'LCBA-4.4',
      'events[0].data.players',
    );
  });

  it('LCBA-4.4: the club’s lowest team, or the only team of a club, nominates none', async () => {
    const ledger = await league();
    await ledger.refuses(
      [nominate('oxford-b', players('ox', 8, 9))],
      'LCBA-4.4',
      'events[0].data.teamId',
      /lowest/,
    );
    await ledger.refuses(
      [nominate('reading-a', players('rd', 8))],
      'LCBA-4.4',
      'events[0].data.teamId',
      /one team/,
    );
  });

  it('LCBA-4.4: within one division the later letter is the lower team (Oxford C below Oxford B in division 5)', async () => {
    const ledger = await league();
    await ledger.append(entered('oxford-c', 'oxford', 'C'), placed('oxford-c', 5));
    await accepts(ledger, nominate('oxford-b', players('ox', 8, 9)));
    await ledger.refuses(
      [nominate('oxford-c', players('ox', 4, 17))],
      'LCBA-4.4',
      'events[0].data.teamId',
    );
  });

  it('LCBA-4.4: a player nominated for two teams is refused naming the player', async () => {
    const ledger = await league();
    await ledger.append(entered('oxford-c', 'oxford', 'C'), placed('oxford-c', 5));
    await ledger.append(nominate('oxford-a', players('ox', 8)));
    await ledger.refuses(
      [nominate('oxford-b', ['ox8', ...players('ox', 7, 9)])],
      'LCBA-4.4',
      'events[0].data.players[0]',
    );
  });

  it('LCBA-4.5: a change of nominations needs the LMSC’s consent', async () => {
    const ledger = await league();
    await ledger.append(nominate('oxford-a', players('ox', 8)));
    await ledger.refuses(
      [nominate('oxford-a', players('ox', 8, 2), '2009-10-01')],
      'LCBA-4.5',
      'events[0].data.changeConsentedBy',
    );
    await accepts(
      ledger,
      nominate('oxford-a', players('ox', 8, 2), '2009-10-01', { changeConsentedBy: 'LMSC' }),
    );
  });

  it('LEDGER: a player not registered', async () => {
    const ledger = await league();
    await ledger.refuses(
      [nominate('oxford-a', [...players('ox', 7), 'stranger'])],
      'LEDGER',
      'events[0].data.players[7]',
    );
  });
});

describe('LCBA-4.3 nobody plays for two clubs in a season without the LMSC’s approval', () => {
  const season = async () => {
    const ledger = await league();
    await ledger.append(
      fixture('f1', 'oxford-a', 'cam-a', '2009-09-16'),
      fixture('f2', 'reading-a', 'cam-a', '2009-09-23'),
      lineUp('f1', '2009-09-16', players('ox', 8), players('cam', 8)),
    );
    return ledger;
  };

  it('a player on Oxford’s line-up and then Reading’s without approval is refused naming LCBA-4.3 and the player', async () => {
    const ledger = await season();
    await ledger.refuses(
      [lineUp('f2', '2009-09-23', ['ox1', ...players('rd', 7)], players('cam', 8))],
      'LCBA-4.3',
      'events[0].data.home[0].playerId',
      /prior approval/,
    );
  });

  it('with the approval dated on the match day (prior) it is accepted', async () => {
    const ledger = await season();
    await ledger.append(
      fact('TwoClubsApproved', {
        playerId: 'ox1',
        clubs: ['oxford', 'reading'],
        approvedOn: '2009-09-23',
      }),
    );
    await accepts(
      ledger,
      lineUp('f2', '2009-09-23', ['ox1', ...players('rd', 7)], players('cam', 8)),
    );
  });

  it('an approval dated the day after the match is not prior: refused', async () => {
    const ledger = await season();
    await ledger.append(
      fact('TwoClubsApproved', {
        playerId: 'ox1',
        clubs: ['oxford', 'reading'],
        approvedOn: '2009-09-24',
      }),
    );
    await ledger.refuses(
      [lineUp('f2', '2009-09-23', ['ox1', ...players('rd', 7)], players('cam', 8))],
      'LCBA-4.3',
      'events[0].data.home[0].playerId',
    );
  });

  it('LEDGER: an approval naming a club with no team; a single club is refused by the schema', async () => {
    const ledger = await season();
    await ledger.refuses(
      [
        fact('TwoClubsApproved', {
          playerId: 'ox1',
          clubs: ['oxford', 'york'],
          approvedOn: '2009-09-01',
        }),
      ],
      'LEDGER',
      'events[0].data.clubs[1]',
    );
    await expect(
      ledger.append(
        fact('TwoClubsApproved', { playerId: 'ox1', clubs: ['oxford'], approvedOn: '2009-09-01' }),
      ),
    ).rejects.toThrow(/clubs/);
  });
});

describe('LCBA-4.2 subscription warnings: a warning, then a final warning', () => {
  const warn = (playerId: string, level: 'warning' | 'final', issuedOn: string) =>
    fact('SubscriptionWarningIssued', { playerId, level, issuedOn });

  it('a warning, then a final warning, is recorded', async () => {
    const ledger = await league();
    await accepts(ledger, warn('ox1', 'warning', '2009-10-01'), warn('ox1', 'final', '2009-11-01'));
    await ledger.refuses(
      [warn('ox1', 'final', '2009-11-05')],
      'LCBA-4.2',
      'events[0].data.level',
      /already/,
    );
  });

  it('a final warning with no warning before it is refused', async () => {
    const ledger = await league();
    await ledger.refuses(
      [warn('ox1', 'final', '2009-11-01')],
      'LCBA-4.2',
      'events[0].data.level',
      /never warned/,
    );
  });

  const firstWarning = (value: unknown, effectiveFrom = '2009-08-01') =>
    fact(
      'RulebookAmended',
      { clubId: 'lcba', changes: { 'players.firstWarningRequired': value }, effectiveFrom },
      'club-lcba',
    );

  it('LCBA-4.2 setting players.firstWarningRequired false: a league that sends the final warning alone records it', async () => {
    const ledger = await league();
    await ledger.append(firstWarning(false));
    await accepts(ledger, warn('ox1', 'final', '2009-11-01'));
    // Still one final warning only.
    await ledger.refuses(
      [warn('ox1', 'final', '2009-11-05')],
      'LCBA-4.2',
      'events[0].data.level',
      /already/,
    );
  });

  it('LCBA-4.2 setting: read on the final warning’s day, so one dated before the amendment still needs a warning', async () => {
    const ledger = await league();
    await ledger.append(firstWarning(false, '2009-11-01'));
    await ledger.refuses(
      [warn('ox1', 'final', '2009-10-31')],
      'LCBA-4.2',
      'events[0].data.level',
      /never warned: .*players\.firstWarningRequired/,
    );
    await accepts(ledger, warn('ox1', 'final', '2009-11-01'));
  });

  it('LCBA-4.2 setting bad input: players.firstWarningRequired amended to a text is refused naming the path, nothing written', async () => {
    const ledger = await league();
    const head = await ledger.store.headPosition();
    await ledger.refuses(
      [firstWarning('no')],
      'RULEBOOK',
      'events[0].data.changes["players.firstWarningRequired"]',
      /must be a boolean/,
    );
    expect(await ledger.store.headPosition()).toBe(head);
  });

  it('a warning to a player who paid on or before that day is refused: nothing is outstanding', async () => {
    const ledger = await league();
    await ledger.append(fact('SubscriptionPaid', { playerId: 'ox1', paidOn: '2009-10-01' }));
    await ledger.refuses(
      [warn('ox1', 'warning', '2009-10-01')],
      'LCBA-4.2',
      'events[0].data.playerId',
    );
    await ledger.refuses(
      [fact('SubscriptionPaid', { playerId: 'ox1', paidOn: '2009-10-02' })],
      'LEDGER',
      'events[0].data.playerId',
    );
  });

  it('LEDGER: a player registered twice, or a payment of a player not registered', async () => {
    const ledger = await league();
    await ledger.refuses(
      [fact('LeaguePlayerRegistered', { playerId: 'ox1', name: 'Again' })],
      'LEDGER',
      'events[0].data.playerId',
    );
    await ledger.refuses(
      [fact('SubscriptionPaid', { playerId: 'nobody', paidOn: '2009-10-02' })],
      'LEDGER',
      'events[0].data.playerId',
    );
  });
});
