import {
  arrives,
  cutInEvening,
  exchanged,
  further,
  gameCall,
  goesHome,
  hand,
  madeUp,
  rubber,
  seatsAt,
  sessionView,
  tableUp,
  waits,
} from '../../support/rubber';

/**
 * PIN-R23: on completion of a rubber "Table Up" is called: the longest tenure leaves for those
 * waiting (equal tenures cut, the lower to move). With none waiting, a table likely to complete
 * its rubber with the hand in play may call "Game Call" and the Table Up awaits its outcome; with
 * no Game Call or an unsuccessful one, one further rubber if all four agree, else all wait.
 * Two tables completed with none waiting exchange their longest tenures; players arriving while
 * a table waits join it.
 */
const TABLE_1 = ['ann', 'bob', 'cat', 'dan'];
const TABLE_2 = ['eve', 'fay', 'gus', 'hal'];

/** Two tables of four, made up as the players arrive (four, then four more). */
async function twoTables() {
  const ledger = await cutInEvening(TABLE_1);
  await ledger.append(
    madeUp('1', TABLE_1, '19:10'),
    ...TABLE_2.map((p, i) => arrives(p, `19:1${i + 1}`)),
    madeUp('2', TABLE_2, '19:15'),
  );
  return ledger;
}

describe('PIN-R23 Table Up: the longest tenure leaves for those waiting', () => {
  async function oneWaiting() {
    const ledger = await cutInEvening(TABLE_1);
    await ledger.append(
      madeUp('1', TABLE_1, '19:10'),
      hand('1', '19:20'),
      arrives('eve', '19:25'),
      rubber('1', '19:40'),
    );
    return ledger;
  }

  it('the rubber completed: each at the table has a tenure of one, and the view says they cut for one place', async () => {
    const view = await sessionView(await oneWaiting());
    expect(seatsAt(view, '1')).toEqual({ ann: 1, bob: 1, cat: 1, dan: 1 });
    expect(view.tables[0]!.status).toBe('table-up');
    expect(view.tables[0]!.nextTableUp).toMatchObject({
      cutAmong: TABLE_1,
      places: 1,
      rule: 'PIN-R23',
    });
  });

  it('equal tenures: the four cut and the lowest moves; eve takes the place with no tenure', async () => {
    const ledger = await oneWaiting();
    await ledger.append(
      tableUp('1', ['cat'], '19:41', { ann: 'AS', bob: 'KD', cat: '2C', dan: '9H' }),
    );
    const view = await sessionView(ledger);
    expect(seatsAt(view, '1')).toEqual({ ann: 1, bob: 1, dan: 1, eve: 0 });
    expect(view.waiting.map((w) => w.unit)).toEqual(['cat']);
    expect(view.tables[0]!.status).toBe('playing');
    expect(view.tables[0]!.nextTableUp).toMatchObject({
      cutAmong: ['ann', 'bob', 'dan'],
      places: 1,
    });
  });

  it('equal tenures and no cut: refused naming PIN-R23 and data.cut', async () => {
    await (
      await oneWaiting()
    ).refuses(
      [tableUp('1', ['cat'], '19:41')],
      'PIN-R23',
      'events[0].data.cut',
      /have equal tenure \(1\) for 1 place\(s\): they cut, the lower to move/,
    );
  });

  it('the higher cut sent away: refused naming who moves', async () => {
    await (
      await oneWaiting()
    ).refuses(
      [tableUp('1', ['ann'], '19:41', { ann: 'AS', bob: 'KD', cat: '2C', dan: '9H' })],
      'PIN-R23',
      'events[0].data.leaving',
      /leaving must be cat/,
    );
  });

  it('a longer tenure leaves with no cut; the newcomer stays', async () => {
    const ledger = await oneWaiting();
    await ledger.append(
      tableUp('1', ['cat'], '19:41', { ann: 'AS', bob: 'KD', cat: '2C', dan: '9H' }),
      rubber('1', '20:10'),
    );
    // ann, bob, dan have played two rubbers here, eve one; cat waits: one place, three tied.
    let view = await sessionView(ledger);
    expect(seatsAt(view, '1')).toEqual({ ann: 2, bob: 2, dan: 2, eve: 1 });
    expect(view.tables[0]!.nextTableUp).toMatchObject({ cutAmong: ['ann', 'bob', 'dan'] });
    await ledger.append(
      arrives('fay', '20:11'),
      tableUp('1', ['bob', 'dan'], '20:12', { ann: 'QS', bob: '3D', dan: '4D' }),
    );
    view = await sessionView(ledger);
    expect(seatsAt(view, '1')).toEqual({ ann: 2, eve: 1, cat: 0, fay: 0 });
    expect(view.waiting.map((w) => w.unit)).toEqual(['bob', 'dan']);
  });

  it('none waiting: Table Up is refused naming PIN-R23 (a Game Call, a further rubber, or all wait)', async () => {
    const ledger = await cutInEvening(TABLE_1);
    await ledger.append(madeUp('1', TABLE_1, '19:10'), rubber('1', '19:40'));
    await ledger.refuses(
      [tableUp('1', ['ann'], '19:41')],
      'PIN-R23',
      'events[0].data.table',
      /none is waiting for table 1/,
    );
  });

  it('bad input: a hand at a table at Table Up, a Table Up while the rubber is played, one leaving who is not there', async () => {
    const ledger = await oneWaiting();
    await ledger.refuses(
      [hand('1', '19:41')],
      'LEDGER',
      'events[0].data.table',
      /has completed its rubber: its Table Up comes first/,
    );
    await ledger.refuses(
      [tableUp('1', ['zed'], '19:41')],
      'LEDGER',
      'events[0].data.leaving[0]',
      /zed does not sit at table 1/,
    );
    await ledger.append(
      tableUp('1', ['cat'], '19:41', { ann: 'AS', bob: 'KD', cat: '2C', dan: '9H' }),
    );
    await ledger.refuses(
      [tableUp('1', ['ann'], '19:42')],
      'LEDGER',
      'events[0].data.table',
      /is playing its rubber: RubberCompleted first/,
    );
  });
});

describe('PIN-R23 none waiting: Game Call, one further rubber, or all wait', () => {
  it('a Game Call that fails (the caller’s hand ends without its rubber): the four at table 1 agree one further rubber', async () => {
    const ledger = await twoTables();
    await ledger.append(rubber('1', '19:50'), gameCall('2', '1', '19:51'));
    let view = await sessionView(ledger);
    expect(view.tables[0]!.gameCall).toMatchObject({ by: '2' });
    await ledger.refuses(
      [further('1', TABLE_1, '19:52')],
      'PIN-R23',
      'events[0].data.table',
      /awaits the outcome of table 2's Game Call/,
    );
    await ledger.append(hand('2', '19:58'), further('1', TABLE_1, '19:59'));
    view = await sessionView(ledger);
    expect(view.tables[0]).toMatchObject({ status: 'playing', further: true });
  });

  it('one further rubber needs all four: three agreeing is refused naming PIN-R23 and data.agreedBy', async () => {
    const ledger = await twoTables();
    await ledger.append(rubber('1', '19:50'));
    await ledger.refuses(
      [further('1', ['ann', 'bob', 'cat'], '19:51')],
      'PIN-R23',
      'events[0].data.agreedBy',
      /all four at table 1 agree/,
    );
  });

  it('failing agreement, all four wait; a player arriving joins them; the next Table Up takes them in', async () => {
    const ledger = await twoTables();
    await ledger.append(rubber('1', '19:50'), waits('1', '19:51'), arrives('ivy', '19:55'));
    let view = await sessionView(ledger);
    expect(view.tables.map((t) => t.table)).toEqual(['2']);
    expect(view.waiting.map((w) => w.unit)).toEqual([...TABLE_1, 'ivy']);
    expect(view.tables[0]!.nextTableUp).toMatchObject({ leave: TABLE_2, rule: 'PIN-R23' });
    await ledger.append(rubber('2', '20:05'), tableUp('2', TABLE_2, '20:06'));
    view = await sessionView(ledger);
    expect(seatsAt(view, '2')).toEqual({ ann: 0, bob: 0, cat: 0, dan: 0 });
    expect(view.waiting.map((w) => w.unit)).toEqual(['ivy', ...TABLE_2]);
  });

  it('a successful Game Call: the two tables exchange their two longest tenures each', async () => {
    const ledger = await twoTables();
    await ledger.append(rubber('1', '19:50'), gameCall('2', '1', '19:51'), rubber('2', '19:58'));
    const view = await sessionView(ledger);
    expect(view.tables[0]!.gameCall).toMatchObject({ by: '2', outcome: 'successful' });
    await ledger.refuses(
      [further('1', TABLE_1, '19:59')],
      'PIN-R23',
      'events[0].data.table',
      /completed its rubber on the Game Call: the two tables exchange/,
    );
    await ledger.refuses(
      [
        exchanged(
          [
            { table: '1', units: ['ann', 'bob'] },
            { table: '2', units: ['eve', 'fay'] },
          ],
          '19:59',
        ),
      ],
      'PIN-R23',
      'events[0].data.moves[0].cut',
      /equal tenure \(1\) for 2 place\(s\)/,
    );
    await ledger.append(
      exchanged(
        [
          {
            table: '1',
            units: ['ann', 'bob'],
            cut: [
              { unit: 'ann', card: '2C' },
              { unit: 'bob', card: '3C' },
              { unit: 'cat', card: 'AS' },
              { unit: 'dan', card: 'KS' },
            ],
          },
          {
            table: '2',
            units: ['gus', 'hal'],
            cut: [
              { unit: 'eve', card: 'AH' },
              { unit: 'fay', card: 'KH' },
              { unit: 'gus', card: '2D' },
              { unit: 'hal', card: '3D' },
            ],
          },
        ],
        '19:59',
      ),
    );
    const after = await sessionView(ledger);
    expect(seatsAt(after, '1')).toEqual({ cat: 1, dan: 1, gus: 0, hal: 0 });
    expect(seatsAt(after, '2')).toEqual({ eve: 1, fay: 1, ann: 0, bob: 0 });
  });

  it('bad input: a Game Call with someone waiting, by a table at Table Up, for a table playing', async () => {
    const ledger = await twoTables();
    await ledger.refuses(
      [gameCall('2', '1', '19:50')],
      'LEDGER',
      'events[0].data.for',
      /table 1 is playing its rubber/,
    );
    await ledger.append(rubber('1', '19:50'), arrives('ivy', '19:51'));
    await ledger.refuses(
      [gameCall('2', '1', '19:52')],
      'PIN-R23',
      'events[0].data.for',
      /ivy wait/,
    );
    await ledger.append(goesHome('ivy', '19:53'), rubber('2', '19:55'));
    await ledger.refuses(
      [gameCall('2', '1', '19:56')],
      'LEDGER',
      'events[0].data.table',
      /table 2 has completed its rubber/,
    );
  });
});
