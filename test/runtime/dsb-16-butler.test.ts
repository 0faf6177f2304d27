import { GatedLedger } from '../support/gated-ledger';
import {
  clubRegistered,
  competition,
  MONDAYS,
  proposed,
  registered,
  rulebookAdopted,
  type Proposed,
} from '../support/nz-club';
import { collect } from '../support/events';
import { MITCHELL } from '../support/board-session';
import { competitions, standingsOf } from '../../src/contexts/pairs/projection';
import { fold } from '../../src/contexts/projections';
import { scoreImpSession } from '../../src/scoring';

/**
 * DSB-16a–d: the butler competition, a DSB competition format (`dsb-butler`) whose sessions are
 * butler sessions scored here from board results (STD-BUTLER): each pair's total is the sum of
 * its sessions' IMPs against the datum; with a substitute a session counts in full; absent
 * without notice −40 IMPs, with notice none (a reading).
 *
 * Seven pairs entered; two sessions, each the Mitchell of test/support/board-session.ts (pairs
 * 1–6) scored as a butler session. Session 1: P7 absent without notice. Session 2: P7 absent
 * with notice; P2 plays with a substitute.
 */
const PAIRS = Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((n) => [`P${n}`, [`p${n}a`, `p${n}b`]]));
// DSB-16a: the butler is played with the pairs of the pairs competition before it.
const pc = competition('pc', 'dsb-pairs', 'monday', MONDAYS.slice(0, 1), PAIRS);
const bt = competition('bt', 'dsb-butler', 'monday', MONDAYS.slice(1, 3), PAIRS);

function butlerSession(session: number, method = 'BUTLER'): Proposed[] {
  const stream = `session-karori-bt-${session}`;
  const date = MONDAYS[session]!;
  const at = `${date}T22:00:00+13:00`;
  return [
    proposed(
      stream,
      'SessionMovementRecorded',
      {
        clubId: 'karori',
        eventId: 'bt',
        date,
        session: String(session),
        scoringMethod: method,
        winnerType: 2,
        boards: [1, 2, 3],
        fields: [
          { field: 'NS', pairs: ['1', '2', '3'] },
          { field: 'EW', pairs: ['4', '5', '6'] },
        ],
        expectedResults: [1, 2, 3].map((board) => ({ board, results: 3 })),
      },
      at,
    ),
    ...MITCHELL.map(([board, nsPair, ewPair, nsScore], i) =>
      proposed(
        stream,
        'BoardResultRecorded',
        { board, line: (i % 3) + 1, nsPair, ewPair, kind: 'played', nsScore },
        at,
      ),
    ),
  ];
}

const link = (session: number, players: Record<string, string[]> = {}) =>
  proposed(
    bt.stream,
    'SessionScoredFromBoards',
    {
      competitionId: 'bt',
      session,
      sessionStreamId: `session-karori-bt-${session}`,
      pairs: [1, 2, 3, 4, 5, 6].map((n) => ({
        pairNumber: String(n),
        pairId: `P${n}`,
        ...(players[`P${n}`] ? { players: players[`P${n}`] } : {}),
      })),
    },
    `${MONDAYS[session]}T22:30:00+13:00`,
  );

async function dsbClub(): Promise<GatedLedger> {
  const ledger = new GatedLedger();
  await ledger.append(
    clubRegistered(),
    rulebookAdopted('dsb-groenlo-2014'),
    ...Object.values(PAIRS)
      .flat()
      .map((p) => registered(p, 'member')),
    registered('sub', 'member'),
  );
  await ledger.append(...pc.setup);
  await ledger.append(...bt.setup);
  return ledger;
}

/** The Mitchell's butler IMPs by pair number, as the engine scores it. */
const IMPS = Object.fromEntries(
  scoreImpSession(
    MITCHELL.map(([board, nsPair, ewPair, score]) => ({ board, nsPair, ewPair, score })),
    { movement: 'two-winner', method: 'butler' },
  ).pairs.map((p) => [p.pair, p.total.toNumber()]),
);

const standing = async (ledger: GatedLedger) => {
  const view = standingsOf(fold(competitions, await collect(ledger.store.readAll())), 'bt');
  if (view.kind !== 'butler') throw new Error(`not a butler standing: ${view.kind}`);
  return view;
};

describe('DSB-16a–d: the butler competition', () => {
  it('DSB-16b a pair’s total is the sum of its sessions’ IMPs against the datum; DSB-16c absent without notice −40, with notice 0, with a substitute in full', async () => {
    const ledger = await dsbClub();
    await ledger.append(...butlerSession(1), link(1));
    const after1 = await standing(ledger);
    expect(after1.afterSession).toBe(1);
    const of = (v: typeof after1, pair: string) => v.rows.find((r) => r.pairId === pair)!;
    expect(of(after1, 'P1').total).toBe(IMPS['1']);
    expect(of(after1, 'P7')).toMatchObject({ total: -40 });
    expect(of(after1, 'P7').sessions[0]!.because).toEqual({
      rule: 'DSB-16c',
      text: 'absent without notice: -40 IMPs for the session',
    });
    await ledger.append(
      proposed(
        bt.stream,
        'AbsenceNotified',
        { competitionId: 'bt', session: 2, pairId: 'P7', validReason: true },
        `${MONDAYS[2]}T10:00:00+13:00`,
      ),
      proposed(
        bt.stream,
        'SubstitutePlayed',
        {
          competitionId: 'bt',
          session: 2,
          pairId: 'P2',
          absentPlayerId: 'p2b',
          substituteId: 'sub',
        },
        `${MONDAYS[2]}T10:00:00+13:00`,
      ),
    );
    await ledger.append(...butlerSession(2), link(2, { P2: ['p2a', 'sub'] }));
    const after2 = await standing(ledger);
    expect(after2.afterSession).toBe(2);
    expect(of(after2, 'P1').total).toBe(2 * IMPS['1']!);
    expect(of(after2, 'P2').total).toBe(2 * IMPS['2']!);
    expect(of(after2, 'P2').sessions[1]!.because.rule).toBe('DSB-16c');
    expect(of(after2, 'P7').total).toBe(-40);
    // Ranked by total, pairs level sharing a place.
    const totals = after2.rows.map((r) => r.total);
    expect([...totals].sort((a, b) => b - a)).toEqual(totals);
  });

  it('STD-BUTLER a butler competition’s session scored by matchpoints is refused at the link', async () => {
    const ledger = await dsbClub();
    await ledger.append(...butlerSession(1, 'MP'));
    await ledger.refuses(
      [link(1)],
      'STD-BUTLER',
      'events[0].data.sessionStreamId',
      /reads each pair's butler IMPs/,
    );
  });

  it('DSB-16d an artificial score on a board counts by the rulebook’s table: 60 % → +2 IMPs, 40 % → −2', async () => {
    const ledger = await dsbClub();
    const session = butlerSession(1);
    // Board 3 at NS 3 v EW 5 not played: the WL awards NS 60 %, EW 40 % (Law 12C2).
    const board3 = session.findIndex(
      (f) =>
        (f.data as { board?: number; nsPair?: string }).board === 3 &&
        (f.data as { nsPair?: string }).nsPair === '3',
    );
    session.push(
      proposed(
        'session-karori-bt-1',
        'AdjustedScoreAwarded',
        {
          board: 3,
          nsPair: '3',
          ewPair: '5',
          kind: 'artificial',
          artificial: { nsPercent: 60, ewPercent: 40 },
          reason: 'board not played in time',
        },
        session[board3]!.occurredAt,
      ),
    );
    await ledger.append(...session, link(1));
    const view = await standing(ledger);
    const totalOf = (pair: string) => view.rows.find((r) => r.pairId === pair)!.total;
    // The artificial score's IMPs on board 3 (+2 for NS 3, −2 for EW 5) beside what the engine
    // gives each pair on the boards it played (the datum of board 3 without the artificial line).
    const without = scoreImpSession(
      MITCHELL.filter(([b, ns]) => !(b === 3 && ns === '3')).map(
        ([board, nsPair, ewPair, score]) => ({
          board,
          nsPair,
          ewPair,
          score,
        }),
      ),
      { movement: 'two-winner', method: 'butler' },
    ).pairs;
    const rest = (n: string) => without.find((p) => p.pair === n)!.total.toNumber();
    expect(totalOf('P3')).toBe(rest('3') + 2);
    expect(totalOf('P5')).toBe(rest('5') - 2);
  });

  it('DSB-16a a pair the pairs competition of the season did not enter is refused naming it; nothing is written', async () => {
    const ledger = await dsbClub();
    await ledger.append(registered('x1', 'member'), registered('x2', 'member'));
    await ledger.refuses(
      [
        proposed(bt.stream, 'PairEntered', {
          competitionId: 'bt',
          pairId: 'X',
          players: ['x1', 'x2'],
        }),
      ],
      'DSB-16a',
      'events[0].data.players',
      /x1 and x2 are not a pair of a dsb-pairs competition of karori in 2026 \(pc\)/,
    );
  });

  it('DSB-16a a butler competition of more sessions than butler.sessions (4) is refused', async () => {
    const ledger = await dsbClub();
    const long = competition('bt5', 'dsb-butler', 'monday', MONDAYS.slice(0, 5), {});
    await ledger.refuses(
      [long.setup[0]!],
      'DSB-16a',
      'events[0].data.sessions',
      /at most 4 sessions/,
    );
  });
});
