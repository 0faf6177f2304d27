import {
  arrives,
  cut,
  cutInEvening,
  madeUp,
  opened,
  rubberClub,
  seatsAt,
  sessionView,
} from '../../support/rubber';

/**
 * Pinner BC's rubber bridge: tables made up as players (R22) or pairs (R21) arrive. When more
 * are present than a table takes before the cut is completed, all of them cut and the highest
 * make up the table; the unsuccessful qualify for the next table. At a cut-in session the duty
 * member may group the players by standard instead.
 */
describe('PIN-R22 cut-in sessions: tables made up as players arrive', () => {
  it('four present: they make up the table, each with no tenure yet', async () => {
    const ledger = await cutInEvening(['ann', 'bob', 'cat', 'dan']);
    await ledger.append(madeUp('1', ['ann', 'bob', 'cat', 'dan'], '19:10'));
    const view = await sessionView(ledger);
    expect(seatsAt(view, '1')).toEqual({ ann: 0, bob: 0, cat: 0, dan: 0 });
    expect(view.waiting).toEqual([]);
    expect(view.present).toBe(4);
    expect(view.rules).toBe('pinner-2018');
  });

  it('five present before the cut: all five cut, the four highest sit, the fifth qualifies for the next table', async () => {
    const ledger = await cutInEvening(['ann', 'bob', 'cat', 'dan', 'eve']);
    await ledger.append(
      madeUp('1', ['ann', 'cat', 'dan', 'eve'], '19:10', {
        cut: cut({ ann: 'AS', bob: '3C', cat: 'KH', dan: '10D', eve: '4C' }),
      }),
    );
    const view = await sessionView(ledger);
    expect(Object.keys(seatsAt(view, '1')).sort()).toEqual(['ann', 'cat', 'dan', 'eve']);
    expect(view.waiting).toEqual([{ unit: 'bob', players: ['bob'], qualified: true }]);
  });

  it('five present and no cut: refused naming PIN-R22 and data.cut, nothing written', async () => {
    const ledger = await cutInEvening(['ann', 'bob', 'cat', 'dan', 'eve']);
    await ledger.refuses(
      [madeUp('1', ['ann', 'bob', 'cat', 'dan'], '19:10')],
      'PIN-R22',
      'events[0].data.cut',
      /5 wait for 4 place\(s\): all of them cut/,
    );
  });

  it('a cut of only some of those waiting: refused naming PIN-R22', async () => {
    const ledger = await cutInEvening(['ann', 'bob', 'cat', 'dan', 'eve']);
    await ledger.refuses(
      [
        madeUp('1', ['ann', 'bob', 'cat', 'dan'], '19:10', {
          cut: cut({ ann: 'AS', bob: '3C', cat: 'KH', dan: '10D' }),
        }),
      ],
      'PIN-R22',
      'events[0].data.cut',
    );
  });

  it('the cut seats the four highest: seating the lowest instead is refused, naming who sits', async () => {
    const ledger = await cutInEvening(['ann', 'bob', 'cat', 'dan', 'eve']);
    await ledger.refuses(
      [
        madeUp('1', ['ann', 'bob', 'cat', 'dan'], '19:10', {
          cut: cut({ ann: 'AS', bob: '3C', cat: 'KH', dan: '10D', eve: '4C' }),
        }),
      ],
      'PIN-R22',
      'events[0].data.units',
      /must seat ann, cat, dan, eve/,
    );
  });

  it('edge: equal ranks cut by suit, spades highest, clubs lowest', async () => {
    const ledger = await cutInEvening(['ann', 'bob', 'cat', 'dan', 'eve']);
    await ledger.append(
      madeUp('1', ['ann', 'bob', 'cat', 'dan'], '19:10', {
        cut: cut({ ann: '7S', bob: '7H', cat: '7D', dan: '9C', eve: '7C' }),
      }),
    );
    expect((await sessionView(ledger)).waiting.map((w) => w.unit)).toEqual(['eve']);
  });

  it('the one who lost the cut sits at the next table; the newcomers cut for the other places', async () => {
    const ledger = await cutInEvening(['ann', 'bob', 'cat', 'dan', 'eve']);
    await ledger.append(
      madeUp('1', ['ann', 'cat', 'dan', 'eve'], '19:10', {
        cut: cut({ ann: 'AS', bob: '3C', cat: 'KH', dan: '10D', eve: '4C' }),
      }),
      arrives('fay', '19:20'),
      arrives('gus', '19:21'),
      arrives('hal', '19:22'),
      arrives('ivy', '19:23'),
    );
    await ledger.refuses(
      [
        madeUp('2', ['fay', 'gus', 'hal', 'ivy'], '19:24', {
          cut: cut({ fay: 'AS', gus: 'KS', hal: 'QS', ivy: 'JS' }),
        }),
      ],
      'PIN-R22',
      'events[0].data.units',
      /bob lost the last cut/,
    );
    await ledger.append(
      madeUp('2', ['bob', 'fay', 'gus', 'ivy'], '19:24', {
        cut: cut({ fay: 'AS', gus: 'KS', hal: '2S', ivy: 'JS' }),
      }),
    );
    const view = await sessionView(ledger);
    expect(Object.keys(seatsAt(view, '2')).sort()).toEqual(['bob', 'fay', 'gus', 'ivy']);
    expect(view.waiting).toEqual([{ unit: 'hal', players: ['hal'], qualified: true }]);
  });

  it('the duty member groups players by standard: the grouping overrides the cut', async () => {
    const ledger = await cutInEvening(['ann', 'bob', 'cat', 'dan', 'eve']);
    await ledger.append(madeUp('1', ['bob', 'cat', 'dan', 'eve'], '19:10', { groupedBy: 'duty' }));
    expect((await sessionView(ledger)).waiting.map((w) => w.unit)).toEqual(['ann']);
  });

  it('a grouping by someone not on duty: refused naming PIN-R22 and data.groupedBy', async () => {
    const ledger = await cutInEvening(['ann', 'bob', 'cat', 'dan', 'eve']);
    await ledger.refuses(
      [madeUp('1', ['bob', 'cat', 'dan', 'eve'], '19:10', { groupedBy: 'ann' })],
      'PIN-R22',
      'events[0].data.groupedBy',
      /ann is not the duty member \(duty\)/,
    );
  });

  it('bad input: a table of three, a player not here, a card that is none, a card drawn twice', async () => {
    const ledger = await cutInEvening(['ann', 'bob', 'cat', 'dan', 'eve']);
    await ledger.refuses(
      [madeUp('1', ['ann', 'bob', 'cat'], '19:10')],
      'LEDGER',
      'events[0].data.units',
      /seats 4 players, not 3/,
    );
    await ledger.refuses(
      [madeUp('1', ['ann', 'bob', 'cat', 'zed'], '19:10')],
      'LEDGER',
      'events[0].data.units[3]',
      /zed is not waiting \(it has not arrived\)/,
    );
    await ledger.refuses(
      [
        madeUp('1', ['ann', 'cat', 'dan', 'eve'], '19:10', {
          cut: cut({ ann: 'AS', bob: '3C', cat: 'AS', dan: '10D', eve: '4C' }),
        }),
      ],
      'PIN-R21',
      'events[0].data.cut[2].card',
      /AS is drawn by ann already/,
    );
    const issues = await ledger.refusesFile([
      {
        streamId: 'rubber-eve1',
        type: 'RubberTableMadeUp',
        data: {
          sessionId: 'eve1',
          at: '2019-03-05T19:10:00+00:00',
          table: '1',
          units: ['ann', 'cat', 'dan', 'eve'],
          cut: [{ unit: 'ann', card: '1S' }],
        },
      },
    ]);
    expect(JSON.stringify(issues)).toMatch(/card must be a rank 2–10/);
  });
});

describe('PIN-R21 partnership sessions: tables made up as pairs arrive', () => {
  async function partnership() {
    const ledger = await rubberClub();
    await ledger.append(
      opened('partnership'),
      arrives('ab', '19:01', ['ann', 'bob']),
      arrives('cd', '19:02', ['cat', 'dan']),
      arrives('ef', '19:03', ['eve', 'fay']),
    );
    return ledger;
  }

  it('three pairs present before the cut: all three cut, the two highest make up the table', async () => {
    const ledger = await partnership();
    await ledger.append(
      madeUp('1', ['ab', 'ef'], '19:05', { cut: cut({ ab: 'QH', cd: '5D', ef: 'JC' }) }),
    );
    const view = await sessionView(ledger);
    expect(view.tables[0]!.seats.map((s) => s.players)).toEqual([
      ['ann', 'bob'],
      ['eve', 'fay'],
    ]);
    expect(view.waiting).toEqual([{ unit: 'cd', players: ['cat', 'dan'], qualified: true }]);
    expect(view.present).toBe(6);
  });

  it('bad input: one player arriving as a pair, a player already here in another pair, a grouping', async () => {
    const ledger = await partnership();
    await ledger.refuses(
      [arrives('gh', '19:06', ['gus'])],
      'LEDGER',
      'events[0].data.players',
      /a pair arrives: two players/,
    );
    await ledger.refuses(
      [arrives('gb', '19:06', ['gus', 'bob'])],
      'LEDGER',
      'events[0].data.players[1]',
      /bob is here already with ab/,
    );
    await ledger.refuses(
      [madeUp('1', ['ab', 'cd'], '19:06', { groupedBy: 'duty' })],
      'PIN-R22',
      'events[0].data.groupedBy',
      /cut-in session only/,
    );
  });
});

describe('an evening’s facts: opened first, at a registered club with rubber rules, in time order', () => {
  it('a fact before the session is opened: refused (LEDGER, type)', async () => {
    const ledger = await rubberClub();
    await ledger.refuses([arrives('ann', '19:01')], 'LEDGER', 'events[0].type', /not opened/);
  });

  it('a fact recorded before the one before it: refused (LEDGER, data.at)', async () => {
    const ledger = await cutInEvening(['ann']);
    await ledger.refuses(
      [arrives('bob', '18:59')],
      'LEDGER',
      'events[0].data.at',
      /before the session's last fact/,
    );
  });

  it('a club whose rulebook has no rubber rules (an NZ club’s): refused naming the rulebook', async () => {
    const ledger = await rubberClub('nz-club');
    await ledger.refuses([opened()], 'LEDGER', 'events[0].type', /has no rubber-bridge rules/);
  });

  it('a player arriving twice: refused', async () => {
    const ledger = await cutInEvening(['ann']);
    await ledger.refuses(
      [arrives('ann', '19:05')],
      'LEDGER',
      'events[0].data.unit',
      /here already/,
    );
  });
});
