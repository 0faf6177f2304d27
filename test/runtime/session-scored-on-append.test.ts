import { GatedLedger } from '../support/gated-ledger';
import { clubRegistered, proposed, rulebookAdopted, type Proposed } from '../support/nz-club';
import { collect } from '../support/events';
import { competitions, sessionResultOf } from '../../src/contexts/pairs/projection';
import { fold } from '../../src/contexts/projections';

/**
 * STD-MP: a scored session's facts are scored as they stand once a batch is appended, as its
 * published result scores them: a line the engine would refuse is refused on append, naming
 * the line's fact; one that only leaves the session incomplete is taken (its result waits).
 * A Mitchell of three tables on board 1: NS 1–3 against EW 4–6.
 */
const STREAM = 'session-karori-ev-1-1';

const movement = () =>
  proposed(STREAM, 'SessionMovementRecorded', {
    clubId: 'karori',
    eventId: 'ev-1',
    date: '2026-03-02',
    session: '1',
    scoringMethod: 'MP',
    winnerType: 2,
    boards: [1],
    fields: [
      { field: 'NS', pairs: ['1', '2', '3'] },
      { field: 'EW', pairs: ['4', '5', '6'] },
    ],
    expectedResults: [{ board: 1, results: 3 }],
  });

const line = (n: number, ns: string, ew: string, nsScore = 100 * n) =>
  proposed(STREAM, 'BoardResultRecorded', {
    board: 1,
    line: n,
    nsPair: ns,
    ewPair: ew,
    kind: 'played',
    nsScore,
  });

async function karori(): Promise<GatedLedger> {
  const ledger = new GatedLedger();
  await ledger.append(clubRegistered(), rulebookAdopted());
  return ledger;
}

const result = async (ledger: GatedLedger) =>
  sessionResultOf(fold(competitions, await collect(ledger.store.readAll())), STREAM);

describe('STD-MP a scored session is scored when its facts are appended', () => {
  it('STD-MP a line putting NS pair 1 on board 1 a second time is refused naming the line, nothing written', async () => {
    const ledger = await karori();
    await ledger.append(movement(), line(1, '1', '4'), line(2, '2', '5'));
    const refused = await ledger.refuses([line(3, '1', '6')], 'STD-MP', 'events[0].data');
    expect(refused.reason).toBe('pair 1 appears twice on board 1');
    // The session as it stood is still published.
    expect((await result(ledger)).pairs.map((p) => p.pair).sort()).toEqual(['1', '2', '4', '5']);
  });

  it('STD-MP in a batch, the line at fault is named by its place in the batch', async () => {
    const ledger = await karori();
    await ledger.append(movement());
    await ledger.refuses(
      [line(1, '1', '4'), line(2, '2', '5'), line(3, '2', '6')] as Proposed[],
      'STD-MP',
      'events[2].data',
    );
  });

  it('a session not complete yet (a movement and no line, then one line) is taken, and published once scorable', async () => {
    const ledger = await karori();
    await ledger.append(movement());
    await ledger.append(line(1, '1', '4'));
    await ledger.append(line(2, '2', '5'), line(3, '3', '6'));
    expect((await result(ledger)).pairs).toHaveLength(6);
  });
});
