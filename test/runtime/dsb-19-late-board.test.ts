import { GatedLedger } from '../support/gated-ledger';
import { clubRegistered, proposed, rulebookAdopted, type Proposed } from '../support/nz-club';
import { collect } from '../support/events';
import { competitions, sessionResultOf } from '../../src/contexts/pairs/projection';
import { fold } from '../../src/contexts/projections';

/**
 * DSB-19.4/19.5: after the warning signal no new board is started; a table with one still to
 * play tells the WL, who orders it replayed or awards an artificial score on it. The order is
 * a fact of the scored session (`LateBoardRuled`), and an artificial score is scored as Law 12C2's
 * named scores under the club's scoring settings.
 *
 * A Mitchell of three tables, NS 1–3 against EW 4–6, two boards. Board 2 is played at every
 * table (NS 3 300, NS 2 200, NS 1 100: NS 4/2/0 of a top of 4, EW 0/2/4). Board 1 is played at
 * two (NS 1 v EW 4 +420, NS 2 v EW 5 +450); at NS 3 v EW 6 it was not started.
 */
const STREAM = 'session-karori-ev-1-1';

const movement = () =>
  proposed(STREAM, 'SessionMovementRecorded', {
    clubId: 'karori',
    eventId: 'ev-1',
    date: '2025-10-06',
    session: '1',
    scoringMethod: 'MP',
    winnerType: 2,
    boards: [1, 2],
    fields: [
      { field: 'NS', pairs: ['1', '2', '3'] },
      { field: 'EW', pairs: ['4', '5', '6'] },
    ],
    expectedResults: [
      { board: 1, results: 3 },
      { board: 2, results: 3 },
    ],
  });

const line = (board: number, n: number, ns: string, ew: string, nsScore: number) =>
  proposed(STREAM, 'BoardResultRecorded', {
    board,
    line: n,
    nsPair: ns,
    ewPair: ew,
    kind: 'played',
    nsScore,
  });

const played = (): Proposed[] => [
  line(1, 1, '1', '4', 420),
  line(1, 2, '2', '5', 450),
  line(2, 1, '1', '5', 100),
  line(2, 2, '2', '6', 200),
  line(2, 3, '3', '4', 300),
];

const ruled = (order: 'replay' | 'artificial', awards: Record<string, string> = {}) =>
  proposed(STREAM, 'LateBoardRuled', {
    board: 1,
    nsPair: '3',
    ewPair: '6',
    order,
    ...awards,
    director: 'WL',
    reason: 'board 1 not started at table 3 before the warning signal',
  });

async function dsbClub(overrides: Record<string, unknown> = {}): Promise<GatedLedger> {
  const ledger = new GatedLedger();
  await ledger.append(clubRegistered(), rulebookAdopted('dsb-groenlo-2014', overrides));
  await ledger.append(movement(), ...played());
  return ledger;
}

const percentages = async (ledger: GatedLedger) =>
  Object.fromEntries(
    sessionResultOf(fold(competitions, await collect(ledger.store.readAll())), STREAM).pairs.map(
      (p) => [p.pair, p.percentage],
    ),
  );

describe('DSB-19 a board not started before the warning signal: the WL orders it replayed or awards an artificial score', () => {
  it('DSB-19 an artificial score A+ to NS, A− to EW is scored as 60 % and 40 % of the top under fixed averages', async () => {
    const ledger = await dsbClub({ 'scoring.averagePlusMinus': 'fixed' });
    await ledger.append(ruled('artificial', { nsAward: 'A+', ewAward: 'A-' }));
    // Board 1: NS 3 2.4 of 4 (60 %), EW 6 1.6 (40 %); the two real results factored to N = 3
    // (NS 1 0.5, NS 2 3.5; EW 4 3.5, EW 5 0.5). Board 2 as played.
    expect(await percentages(ledger)).toEqual({
      '1': 6.25,
      '2': 68.75,
      '3': 80,
      '4': 43.75,
      '5': 56.25,
      '6': 45,
    });
  });

  it("DSB-19 under the rulebook's default (Law 12C2 as law12c) A+ is the pair's own percentage when above 60 %, A− 40 % when below its own", async () => {
    const ledger = await dsbClub();
    await ledger.append(ruled('artificial', { nsAward: 'A+', ewAward: 'A-' }));
    // NS 3 scored 100 % on its other board: A+ is 100 % (4 of 4); EW 6 50 %: A− is 40 %.
    expect(await percentages(ledger)).toMatchObject({ '3': 100, '6': 45 });
  });

  it('DSB-19 a replay order adds no score: the board is scored when its result is recorded, and the line is taken', async () => {
    const ledger = await dsbClub();
    await ledger.append(ruled('replay'));
    expect(await percentages(ledger)).toMatchObject({ '3': 100 });
    await ledger.append(line(1, 3, '3', '6', -50));
    // Board 1 at three tables now: NS 3's −50 is the bottom (0 of 4).
    expect(await percentages(ledger)).toMatchObject({ '3': 50, '6': 75 });
  });

  it('DSB-19 after an artificial score the board is not played at that table: a result for it is refused, nothing written', async () => {
    const ledger = await dsbClub();
    await ledger.append(ruled('artificial', { nsAward: 'A', ewAward: 'A' }));
    const refused = await ledger.refuses(
      [line(1, 3, '3', '6', -50)],
      'DSB-19',
      'events[0].data.board',
    );
    expect(refused.reason).toMatch(/the director awarded an artificial score on it/);
  });

  it('DSB-19 a board with a result recorded at that table was started: an order for it is refused', async () => {
    const ledger = await dsbClub();
    await ledger.refuses(
      [
        proposed(STREAM, 'LateBoardRuled', {
          board: 2,
          nsPair: '3',
          ewPair: '4',
          order: 'replay',
        }),
      ],
      'DSB-19',
      'events[0].data.board',
      /has a result recorded/,
    );
  });

  it('LEDGER a second order for the same board and table is refused (another order is a correction)', async () => {
    const ledger = await dsbClub();
    await ledger.append(ruled('replay'));
    await ledger.refuses(
      [ruled('artificial', { nsAward: 'A', ewAward: 'A' })],
      'LEDGER',
      'events[0].data.board',
    );
  });

  it('bad input: an artificial score without both awards, a replay with one, an award not A+/A/A−, one pair on both sides', async () => {
    const ledger = await dsbClub();
    const issues = async (data: Record<string, unknown>) => {
      const error = await ledger
        .append(proposed(STREAM, 'LateBoardRuled', { board: 1, nsPair: '3', ewPair: '6', ...data }))
        .then(
          () => undefined,
          (e: unknown) => e as { issues?: Array<{ field: string; message: string }> },
        );
      return error?.issues?.map((i) => `${i.field}: ${i.message}`);
    };
    expect(await issues({ order: 'artificial', nsAward: 'A+' })).toEqual([
      'events[0].data.ewAward: is required for an artificial score (DSB-19)',
    ]);
    expect(await issues({ order: 'replay', nsAward: 'A' })).toEqual([
      'events[0].data.nsAward: is not part of a replay order (DSB-19)',
    ]);
    expect((await issues({ order: 'artificial', nsAward: '60', ewAward: 'A' }))?.[0]).toMatch(
      /^events\[0\]\.data\.nsAward: /,
    );
    expect(await issues({ order: 'replay', ewPair: '3' })).toEqual([
      'events[0].data.ewPair: must be another pair than nsPair 3',
    ]);
    expect((await issues({ order: 'later' }))?.[0]).toMatch(/^events\[0\]\.data\.order: /);
    expect(await ledger.streamOf(STREAM)).toHaveLength(6);
  });
});
