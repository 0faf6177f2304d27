import {
  arrives,
  at,
  cut,
  cutInEvening,
  goesHome,
  hand,
  madeUp,
  retires,
  rubber,
  rubberClub,
  opened,
  sessionView,
  tableUp,
} from '../../support/rubber';

/**
 * PIN-R24: at a session of two and a half tables or fewer (ten players), Table Up is called at
 * the completion of the seventh hand whatever the state of the rubber. PIN-R25: a player who
 * will not follow the rotation retires for half an hour at least before rejoining.
 */
const FOUR = ['ann', 'bob', 'cat', 'dan'];

/** One table of four playing, with `more` players waiting (arrived after it was made up). */
async function tableOfFour(more: string[] = []) {
  const ledger = await cutInEvening(FOUR);
  await ledger.append(
    madeUp('1', FOUR, '19:10'),
    ...more.map((p, i) => arrives(p, `19:${String(11 + i).padStart(2, '0')}`)),
  );
  return ledger;
}

const sixHands = ['19:20', '19:25', '19:30', '19:35', '19:40', '19:45'].map((hm) => hand('1', hm));

describe('PIN-R24 the seven-hand rule', () => {
  it('four present: after six hands the seventh ends the rubber; recorded as a hand, it is refused', async () => {
    const ledger = await tableOfFour();
    await ledger.append(...sixHands);
    const view = await sessionView(ledger);
    expect(view.tables[0]).toMatchObject({
      hands: 6,
      endsAtHand: 7,
      handRule: { rule: 'PIN-R24' },
    });
    await ledger.refuses(
      [hand('1', '19:50')],
      'PIN-R24',
      'events[0].type',
      /hand 7 at table 1 ends the rubber whatever its state/,
    );
    await ledger.append(rubber('1', '19:50', { sevenHandRule: true }));
    expect((await sessionView(ledger)).tables[0]).toMatchObject({ status: 'table-up', rubbers: 1 });
  });

  it('edge: ten present (two and a half tables) is still a small session', async () => {
    const ledger = await tableOfFour(['eve', 'fay', 'gus', 'hal', 'ivy', 'jon']);
    await ledger.append(
      madeUp('2', ['eve', 'fay', 'gus', 'hal'], '19:17', {
        cut: cut({ eve: 'AS', fay: 'KS', gus: 'QS', hal: 'JS', ivy: '2C', jon: '3C' }),
      }),
    );
    const view = await sessionView(ledger);
    expect(view.present).toBe(10);
    expect(view.tables.map((t) => t.endsAtHand)).toEqual([7, 7]);
  });

  it('eleven present: the rubber is played out; a seventh hand is a hand', async () => {
    const ledger = await tableOfFour(['eve', 'fay', 'gus', 'hal', 'ivy', 'jon', 'kim']);
    await ledger.append(...sixHands, hand('1', '19:50'));
    const view = await sessionView(ledger);
    expect(view.present).toBe(11);
    expect(view.tables[0]).toMatchObject({ hands: 7, handRule: { rule: 'PIN-R24' } });
    expect(view.tables[0]!.endsAtHand).toBeUndefined();
  });

  it('the seven-hand rule claimed where it does not apply (eleven present, or hand three): refused naming PIN-R24', async () => {
    const big = await tableOfFour(['eve', 'fay', 'gus', 'hal', 'ivy', 'jon', 'kim']);
    await big.append(...sixHands);
    await big.refuses(
      [rubber('1', '19:50', { sevenHandRule: true })],
      'PIN-R24',
      'events[0].data.sevenHandRule',
      /11 present: more than 10/,
    );
    const small = await tableOfFour();
    await small.append(hand('1', '19:20'), hand('1', '19:25'));
    await small.refuses(
      [rubber('1', '19:30', { sevenHandRule: true })],
      'PIN-R24',
      'events[0].data.sevenHandRule',
      /at hand 3/,
    );
  });

  it('what if the club read two and a half tables as eight players: with ten present the rubber is played out', async () => {
    const ledger = await tableOfFour(['eve', 'fay', 'gus', 'hal', 'ivy', 'jon']);
    const view = await sessionView(ledger, {
      whatIf: { 'rubber.sevenHandRule.playersAtMost': 8 },
    });
    expect(view.tables[0]!.endsAtHand).toBeUndefined();
    expect(view.tables[0]!.handRule.because).toMatch(/10 present: more than 8/);
  });

  it('an amended rulebook’s bad setting is refused on the rulebook fact, naming the path', async () => {
    const ledger = await rubberClub();
    const error = await ledger
      .append({
        streamId: 'club-pinner',
        id: '0190a000-0000-7000-8000-000000000001',
        type: 'RulebookAmended',
        occurredAt: '2019-01-01T12:00:00+00:00',
        data: {
          clubId: 'pinner',
          changes: { 'rubber.sevenHandRule.hand': 1 },
          effectiveFrom: '2019-01-01',
        },
        metadata: {},
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(String((error as Error).message)).toMatch(/rubber\.sevenHandRule\.hand.*>= 2/);
  });
});

describe('PIN-R25 a player who will not follow the rotation retires for half an hour', () => {
  async function retired() {
    const ledger = await tableOfFour(['eve']);
    await ledger.append(retires('eve', '20:00'));
    return ledger;
  }

  it('retired at 20:00: the view says from when eve may rejoin', async () => {
    const view = await sessionView(await retired());
    expect(view.waiting).toEqual([]);
    expect(view.retired).toEqual([
      { unit: 'eve', at: at('20:00'), mayRejoinFrom: '2019-03-05T20:30:00.000Z', rule: 'PIN-R25' },
    ]);
  });

  it('back at 20:29: refused naming PIN-R25 and data.at, nothing written', async () => {
    await (
      await retired()
    ).refuses(
      [arrives('eve', '20:29')],
      'PIN-R25',
      'events[0].data.at',
      /rejoins after 30 minutes at the earliest: from 2019-03-05T20:30:00.000Z/,
    );
  });

  it('edge: back at 20:30 exactly: eve waits again', async () => {
    const ledger = await retired();
    await ledger.append(arrives('eve', '20:30'));
    const view = await sessionView(ledger);
    expect(view.waiting.map((w) => w.unit)).toEqual(['eve']);
    expect(view.retired).toEqual([]);
  });

  it('a player seated at a table cannot retire from it: refused (LEDGER), it leaves at a Table Up', async () => {
    await (
      await tableOfFour()
    ).refuses(
      [retires('ann', '19:30')],
      'LEDGER',
      'events[0].data.unit',
      /ann sits at table 1: it leaves at a Table Up/,
    );
  });

  it('a player going home leaves the rotation; the session counts one fewer present', async () => {
    const ledger = await tableOfFour(['eve']);
    await ledger.append(goesHome('eve', '19:30'));
    const view = await sessionView(ledger);
    expect(view).toMatchObject({ present: 4, left: ['eve'], waiting: [] });
  });
});

describe('the session at any moment of the evening', () => {
  it('read at 19:42: who sat where then, before the Table Up of 19:45', async () => {
    const ledger = await rubberClub();
    await ledger.append(
      opened(),
      ...FOUR.map((p, i) => arrives(p, `19:0${i + 1}`)),
      madeUp('1', FOUR, '19:10'),
      arrives('eve', '19:30'),
      rubber('1', '19:40'),
      tableUp('1', ['ann'], '19:45', { ann: '2C', bob: 'AS', cat: 'KS', dan: 'QS' }),
    );
    const then = await sessionView(ledger, { at: at('19:42') });
    expect(then.at).toBe(at('19:40'));
    expect(then.waiting.map((w) => w.unit)).toEqual(['eve']);
    expect(then.log.map((l) => l.text)).toContain('rubber completed at table 1');
    const now = await sessionView(ledger);
    expect(now.waiting.map((w) => w.unit)).toEqual(['ann']);
    expect(now.log.at(-1)!.text).toBe(
      'Table Up at table 1: ann leave (cut: ann 2C, bob AS, cat KS, dan QS)',
    );
    await expect(sessionView(ledger, { at: at('18:00') })).rejects.toMatchObject({
      code: 'UNKNOWN_RUBBER_SESSION',
    });
  });
});
