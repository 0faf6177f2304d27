import {
  accepts,
  boardsResult,
  entered,
  fact,
  fixture,
  formResult,
  league,
  lineUp,
  placed,
  players,
} from './support';

const played = async () => {
  const ledger = await league();
  await ledger.append(
    fixture('f1', 'oxford-a', 'cam-a', '2009-09-16'),
    fixture('f2', 'cam-a', 'oxford-a', '2009-12-02', 2),
  );
  return ledger;
};

const result = (fixtureId: string, playedOn: string, r: Record<string, unknown>) =>
  fact('MatchResultRecorded', { fixtureId, playedOn, result: r });

describe('LCBA-6.3, 6.7: a match result, board by board or from the result form', () => {
  /** LCBA-6.7's Match Result Form scale for 20 boards, as the club's rulebook gives it. */
  const scale20 = fact(
    'RulebookAmended',
    {
      clubId: 'lcba',
      changes: { 'match.vpTables': { '20': [0, 2, 5, 8, 11, 15, 19, 24, 29, 35, 42] } },
      effectiveFrom: '2009-08-01',
    },
    'club-lcba',
  );

  it('24 boards at four tables, and a 20-board match by agreement under a 20-board scale, are recorded', async () => {
    const ledger = await played();
    await accepts(ledger, scale20);
    await accepts(ledger, lineUp('f1', '2009-09-16', players('ox', 8), players('cam', 8)));
    await accepts(ledger, result('f1', '2009-09-16', boardsResult(24)));
    await accepts(ledger, result('f2', '2009-12-02', boardsResult(20)));
  });

  it('the captains’ result form (net IMPs per board) of a 20-board match is recorded', async () => {
    const ledger = await played();
    await accepts(ledger, scale20);
    await accepts(ledger, formResult('f1', '2009-09-16', 20, 2));
  });

  it('STD-VP: a 20-board match under a rulebook with no 20-board scale is refused, as its table could not score it', async () => {
    const ledger = await played();
    await ledger.refuses(
      [formResult('f1', '2009-09-16', 20, 2)],
      'STD-VP',
      'events[0].data.result.boards',
    );
  });

  it('LCBA-6.3: 22 boards (neither 24 nor 20) is refused naming data.result.boards', async () => {
    const ledger = await played();
    await ledger.refuses(
      [formResult('f1', '2009-09-16', 22)],
      'LCBA-6.3',
      'events[0].data.result.boards',
    );
  });

  it('LCBA-6.3: a result-form board 21 of a 20-board match is refused naming that board', async () => {
    const ledger = await played();
    const r = formResult('f1', '2009-09-16', 20);
    (r.data as { result: { homeImps: Record<string, number> } }).result.homeImps['21'] = 3;
    await ledger.refuses([r], 'LCBA-6.3', 'events[0].data.result.homeImps.21');
  });

  it('LCBA-6.7: a result form of 24 boards giving 23 (board 7 left out) is refused, as the table would refuse it', async () => {
    const ledger = await played();
    const r = formResult('f1', '2009-09-16', 24);
    delete (r.data as { result: { homeImps: Record<string, number> } }).result.homeImps['7'];
    await ledger.refuses([r], 'LCBA-6.7', 'events[0].data.result.homeImps.7');
  });

  it('STD-IMP: a form board of 27 IMPs (24 on the aggregate and a fouled board’s 3) is recorded; 28 is refused', async () => {
    const at = (imps: number) => {
      const r = formResult('f1', '2009-09-16', 24);
      (r.data as { result: { homeImps: Record<string, number> } }).result.homeImps['5'] = imps;
      return r;
    };
    await (await played()).refuses([at(28)], 'STD-IMP', 'events[0].data.result.homeImps.5');
    await (await played()).refuses([at(-28)], 'STD-IMP', 'events[0].data.result.homeImps.5');
    await accepts(await played(), at(-27));
  });

  it('LCBA-6.7: a board with no result at one table is refused, naming where', async () => {
    const ledger = await played();
    const r = boardsResult(24);
    // Board 1 at table 2 dropped: three tables scored it.
    (r.results as unknown[]).splice(1, 1);
    await ledger.refuses(
      [result('f1', '2009-09-16', r)],
      'LCBA-6.7',
      'events[0].data.result.results',
    );
  });

  it('LCBA-7.3: a board unplayed at a table yet scored there is refused', async () => {
    const ledger = await played();
    const r = boardsResult(24, { unplayed: [{ board: 1, table: 1, offender: 'home' }] });
    await ledger.refuses(
      [result('f1', '2009-09-16', r)],
      'LCBA-7.3',
      'events[0].data.result.unplayed[0]',
    );
  });

  it('LCBA-6.4: the home team in the same seats at two tables sharing a board is refused', async () => {
    const ledger = await played();
    const r = boardsResult(24);
    // Board 1: tables 1 and 2 are a pair of tables; the home team sits NS at both.
    (r.results as { homeSits: string }[])[1].homeSits = 'NS';
    await ledger.refuses(
      [result('f1', '2009-09-16', r)],
      'LCBA-6.4',
      'events[0].data.result.results[1].homeSits',
    );
  });

  it('LCBA-6.3: stanzas that deal a board twice (and another never) are refused', async () => {
    const ledger = await played();
    const r = boardsResult(24);
    (r.stanzas as number[][])[3][5] = 1;
    await ledger.refuses(
      [result('f1', '2009-09-16', r)],
      'LCBA-6.3',
      'events[0].data.result.stanzas',
    );
  });

  it('LEDGER: two results at one table on one board', async () => {
    const ledger = await played();
    const r = boardsResult(24);
    // Board 1's table-2 result recorded as table 1's: two at table 1, none at table 2.
    (r.results as { table: number }[])[1].table = 1;
    await ledger.refuses(
      [result('f1', '2009-09-16', r)],
      'LEDGER',
      'events[0].data.result.results[1]',
    );
  });

  it('bad input: a score not a multiple of 10, an unknown kind, a board number that is not one', async () => {
    const ledger = await played();
    const r = boardsResult(24);
    (r.results as { nsScore: number }[])[0].nsScore = 425;
    await expect(ledger.append(result('f1', '2009-09-16', r))).rejects.toThrow(/nsScore/);
    await expect(
      ledger.append(result('f1', '2009-09-16', { kind: 'guess', boards: 24 })),
    ).rejects.toThrow(/result.kind/);
    await expect(
      ledger.append(
        result('f1', '2009-09-16', { kind: 'result-form', boards: 24, homeImps: { x: 1 } }),
      ),
    ).rejects.toThrow(/homeImps/);
  });

  it('a result for a match already resulted is refused: a correction goes through the corrections context', async () => {
    const ledger = await played();
    await ledger.append(formResult('f1', '2009-09-16'));
    await ledger.refuses(
      [formResult('f1', '2009-09-16', 24, 3)],
      'LEDGER',
      'events[0].data.fixtureId',
      /corrections context/,
    );
  });

  it('LEDGER: a result for a fixture the league does not have, or on another day than its line-up', async () => {
    const ledger = await played();
    await ledger.refuses([formResult('nope', '2009-09-16')], 'LEDGER', 'events[0].data.fixtureId');
    await ledger.append(lineUp('f1', '2009-09-16', players('ox', 8), players('cam', 8)));
    await ledger.refuses([formResult('f1', '2009-09-17')], 'LEDGER', 'events[0].data.playedOn');
  });
});

describe('LCBA-6.8 a line-up of more than eight players records each one’s boards', () => {
  it('eight players without boards are recorded', async () => {
    const ledger = await played();
    await accepts(ledger, lineUp('f1', '2009-09-16', players('ox', 8), players('cam', 8)));
  });

  it('nine players for Oxford without boards for each are refused naming the first without them', async () => {
    const ledger = await played();
    await ledger.refuses(
      [lineUp('f1', '2009-09-16', players('ox', 9), players('cam', 8), { ox9: 12, ox1: 12 })],
      'LCBA-6.8',
      'events[0].data.home[1].boards',
      /9 persons/,
    );
  });

  it('nine players with boards for each are recorded', async () => {
    const ledger = await played();
    const boards = Object.fromEntries(players('ox', 9).map((p, i) => [p, i < 7 ? 24 : 12]));
    await accepts(ledger, lineUp('f1', '2009-09-16', players('ox', 9), players('cam', 8), boards));
  });

  it('LEDGER: a player on both sides, a player not registered, a second line-up', async () => {
    const ledger = await played();
    await ledger.refuses(
      [lineUp('f1', '2009-09-16', players('ox', 8), ['ox1', ...players('cam', 7)])],
      'LEDGER',
      'events[0].data.away[0].playerId',
    );
    await ledger.refuses(
      [lineUp('f1', '2009-09-16', [...players('ox', 7), 'nobody'], players('cam', 8))],
      'LEDGER',
      'events[0].data.home[7].playerId',
    );
    await ledger.append(lineUp('f1', '2009-09-16', players('ox', 8), players('cam', 8)));
    await ledger.refuses(
      [lineUp('f1', '2009-09-16', players('ox', 8), players('cam', 8))],
      'LEDGER',
      'events[0].data.fixtureId',
    );
  });
});

describe('LCBA-5, 7.5, 8: a match unplayed or defaulted; LCBA-5.5 a rearrangement and who sought it', () => {
  const unplayed = (fixtureId: string, offender: string, rule: string) =>
    fact('MatchUnplayed', { fixtureId, offender, rule, on: '2009-09-16' });

  it('a default of one side (5.3) and of both (8.3) are recorded', async () => {
    const ledger = await played();
    await accepts(ledger, unplayed('f1', 'away', 'LCBA-5.3'), unplayed('f2', 'both', 'LCBA-8'));
  });

  const withdrawn = (offender: string, incompleteMinutes?: number) =>
    fact('MatchUnplayed', {
      fixtureId: 'f1',
      offender,
      rule: 'LCBA-7.5',
      on: '2009-09-16',
      ...(incompleteMinutes === undefined ? {} : { incompleteMinutes }),
    });

  it('LCBA-7.5: a withdrawal with both sides offending is refused naming data.offender', async () => {
    const ledger = await played();
    await ledger.refuses([withdrawn('both', 50)], 'LCBA-7.5', 'events[0].data.offender');
    await accepts(ledger, withdrawn('home', 50));
  });

  it('LCBA-7.5: a withdrawal once the incompleteness exceeds 45 minutes (46 accepted; 45 exactly refused)', async () => {
    const ledger = await played();
    await ledger.refuses(
      [withdrawn('away', 45)],
      'LCBA-7.5',
      'events[0].data.incompleteMinutes',
      /incomplete for 45 minutes: .* exceeds 45 minutes/,
    );
    await ledger.refuses([withdrawn('away', 10)], 'LCBA-7.5', 'events[0].data.incompleteMinutes');
    await accepts(ledger, withdrawn('away', 46));
  });

  it('LCBA-7.5: a withdrawal that does not say how long the team was incomplete is refused', async () => {
    const ledger = await played();
    await ledger.refuses(
      [withdrawn('away')],
      'LCBA-7.5',
      'events[0].data.incompleteMinutes',
      /records how long the team was incomplete/,
    );
  });

  it('LCBA-7.5: minutes of incompleteness on a default (5.3) are refused: only a withdrawal has them', async () => {
    const ledger = await played();
    await ledger.refuses(
      [
        fact('MatchUnplayed', {
          fixtureId: 'f1',
          offender: 'away',
          rule: 'LCBA-5.3',
          on: '2009-09-16',
          incompleteMinutes: 50,
        }),
      ],
      'LCBA-7.5',
      'events[0].data.incompleteMinutes',
    );
  });

  it('LCBA-7.5: minutes out of the schema (negative, a fraction, over 600) are refused naming the field', async () => {
    const ledger = await played();
    const head = await ledger.store.headPosition();
    for (const minutes of [-1, 46.5, 601]) {
      await expect(ledger.append(withdrawn('away', minutes))).rejects.toThrow(/incompleteMinutes/);
    }
    expect(await ledger.store.headPosition()).toBe(head);
  });

  it('LEDGER: a match resulted cannot be recorded unplayed, nor an unplayed one resulted', async () => {
    const ledger = await played();
    await ledger.append(formResult('f1', '2009-09-16'), unplayed('f2', 'home', 'LCBA-5.3'));
    await ledger.refuses(
      [unplayed('f1', 'home', 'LCBA-5.3')],
      'LEDGER',
      'events[0].data.fixtureId',
    );
    await ledger.refuses(
      [formResult('f2', '2009-12-02')],
      'LEDGER',
      'events[0].data.fixtureId',
      /unplayed/,
    );
  });

  it('bad input: a rule outside 5.2, 5.3, 7.5, 8 is refused by the schema', async () => {
    const ledger = await played();
    await expect(ledger.append(unplayed('f1', 'home', 'LCBA-9.1'))).rejects.toThrow(/rule/);
  });

  it('LCBA-5.5: a rearrangement sought by the home side, with a player approved, is recorded', async () => {
    const ledger = await played();
    await accepts(
      ledger,
      fact('MatchRearranged', {
        fixtureId: 'f1',
        soughtBy: 'home',
        newDate: '2009-09-23',
        approvedPlayers: ['ox1'],
      }),
    );
    await ledger.refuses(
      [fact('MatchRearranged', { fixtureId: 'f1', soughtBy: 'away', approvedPlayers: ['nobody'] })],
      'LEDGER',
      'events[0].data.approvedPlayers[0]',
    );
  });
});

describe('LCBA-5.5 the LS’s specific prior approval, recorded as its own dated fact', () => {
  const approval = (fixtures: string[], playerId = 'ox5') =>
    fact('SameDatePlayApproved', {
      playerId,
      fixtures,
      approvedOn: '2009-09-10',
      approvedBy: 'League Secretary',
    });
  const sameDay = async () => {
    const ledger = await played();
    await ledger.append(fixture('f3', 'oxford-b', 'bath-a', '2009-09-16'));
    return ledger;
  };

  it('LCBA-5.5: an approval for a player and two matches originally scheduled for one date is recorded', async () => {
    await accepts(await sameDay(), approval(['f1', 'f3']));
  });

  it('LCBA-5.5: two matches scheduled for different dates are refused naming data.fixtures; an unknown match or player names its field', async () => {
    const ledger = await sameDay();
    await ledger.refuses(
      [approval(['f1', 'f2'])],
      'LCBA-5.5',
      'events[0].data.fixtures',
      /scheduled for 2009-09-16 and f2 for 2009-12-02/,
    );
    await ledger.refuses([approval(['f1', 'f9'])], 'LEDGER', 'events[0].data.fixtures[1]');
    await ledger.refuses([approval(['f1', 'f3'], 'nobody')], 'LEDGER', 'events[0].data.playerId');
  });

  it('LCBA-5.5 bad input: one match, the same match twice or no approver is refused by the schema, nothing written', async () => {
    const ledger = await sameDay();
    const head = await ledger.store.headPosition();
    await expect(ledger.append(approval(['f1']))).rejects.toThrow(/fixtures/);
    await expect(ledger.append(approval(['f1', 'f1']))).rejects.toThrow(/two different matches/);
    const { approvedBy: _a, ...noApprover } = (approval(['f1', 'f3']).data ?? {}) as Record<
      string,
      unknown
    >;
    await expect(ledger.append(fact('SameDatePlayApproved', noApprover))).rejects.toThrow(
      /approvedBy/,
    );
    expect(await ledger.store.headPosition()).toBe(head);
  });
});

describe('LCBA-6.8 the result form received and a third offence ratified', () => {
  const received = (fixtureId: string, receivedOn: string) =>
    fact('ResultFormReceived', { fixtureId, receivedOn });
  const ratified = (teamId: string, fixtureId: string, ratifiedOn: string) =>
    fact('ResultFormOffenceRatified', { teamId, fixtureId, ratifiedOn });

  /**
   * Oxford A at home to Cambridge A, Reading A and York A (all division 4): the forms of the
   * first two received 15 days after the match (late), the third never.
   */
  const threeLate = async () => {
    const ledger = await league();
    await ledger.append(
      entered('york-a', 'york', 'A'),
      placed('york-a', 4),
      fixture('h1', 'oxford-a', 'cam-a', '2009-09-16'),
      fixture('h2', 'oxford-a', 'reading-a', '2009-10-14'),
      fixture('h3', 'oxford-a', 'york-a', '2009-11-04'),
      fixture('a1', 'cam-a', 'oxford-a', '2009-11-18', 2),
    );
    await ledger.append(
      formResult('h1', '2009-09-16'),
      received('h1', '2009-10-01'),
      formResult('h2', '2009-10-14'),
      received('h2', '2009-10-29'),
      formResult('h3', '2009-11-04'),
      formResult('a1', '2009-11-18'),
    );
    return ledger;
  };

  it('the form received on the day of the match and 14 days after are recorded', async () => {
    const ledger = await played();
    await ledger.append(formResult('f1', '2009-09-16'), formResult('f2', '2009-12-02'));
    await accepts(ledger, received('f1', '2009-09-16'), received('f2', '2009-12-16'));
  });

  it('LEDGER: a form before the match, a form of a match not recorded, a second receipt', async () => {
    const ledger = await played();
    await ledger.refuses(
      [received('f1', '2009-09-20')],
      'LEDGER',
      'events[0].data.fixtureId',
      /record the match/,
    );
    await ledger.append(formResult('f1', '2009-09-16'));
    await ledger.refuses([received('f1', '2009-09-15')], 'LEDGER', 'events[0].data.receivedOn');
    await ledger.append(received('f1', '2009-09-18'));
    await ledger.refuses([received('f1', '2009-09-19')], 'LEDGER', 'events[0].data.fixtureId');
  });

  it('Oxford A’s third late form (h3, 4 November, never received) is ratified from 19 November, the 15th day', async () => {
    const ledger = await threeLate();
    // 4 November + 14 days = 18 November, the last day in time: on it the form is not yet late.
    await ledger.refuses(
      [ratified('oxford-a', 'h3', '2009-11-18')],
      'LCBA-6.8',
      'events[0].data.fixtureId',
      /not late/,
    );
    await accepts(ledger, ratified('oxford-a', 'h3', '2009-11-19'));
    await ledger.refuses(
      [ratified('oxford-a', 'h3', '2009-11-20')],
      'LEDGER',
      'events[0].data.fixtureId',
    );
  });

  it('LCBA-6.8: ratifying the second offence (h2) is refused: the Committee ratifies a third', async () => {
    const ledger = await threeLate();
    await ledger.refuses(
      [ratified('oxford-a', 'h2', '2009-11-20')],
      'LCBA-6.8',
      'events[0].data.fixtureId',
      /offence 2/,
    );
  });

  it('LCBA-6.8: the visitors’ captain does not send the form: Oxford A is not the offender of a1', async () => {
    const ledger = await threeLate();
    await ledger.refuses(
      [ratified('oxford-a', 'a1', '2009-12-20')],
      'LCBA-6.8',
      'events[0].data.teamId',
      /home team/,
    );
  });
});
