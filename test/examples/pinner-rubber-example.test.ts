import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GatedLedger } from '../support/gated-ledger';
import { collect } from '../support/events';
import { fold } from '../../src/kernel/projection';
import { rubberProjection, rubberSessionOf } from '../../src/contexts/rubber/projection';
import { correctionLogFromStore } from '../../src/contexts/corrections/read/correction-log';

/**
 * Pinner BC's cut-in rubber evening of 5 November 2019 (the end of
 * examples/uk-pinner-bc-2018.ndjson, written by examples/pinner-rubber.ts), loaded through the
 * gate: every fact of it is one the rotation accepts.
 */
const lines = (file: string) =>
  readFileSync(join(__dirname, '../../examples', file), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

const EVENING = 'pinner-rubber-2019-11-05';
const at = (hm: string) => `2019-11-05T${hm}:00+00:00`;
let view: (hm?: string) => ReturnType<typeof rubberSessionOf>;

beforeAll(async () => {
  const ledger = new GatedLedger();
  await ledger.appendFile(lines('uk-pinner-bc-2018.ndjson'));
  const state = fold(rubberProjection, await collect(ledger.store.readAll()));
  view = (hm) => rubberSessionOf(state, EVENING, hm ? { at: at(hm) } : {});
});

const seats = (v: ReturnType<typeof view>, table: string) =>
  Object.fromEntries(v.tables.find((t) => t.table === table)!.seats.map((s) => [s.unit, s.tenure]));

describe('the example cut-in evening of 5 November 2019', () => {
  it('PIN-R22 at 19:10 five had cut: Desmond, lowest, qualified and sat at table 2 at 19:28', () => {
    expect(view('19:10').waiting).toEqual([
      { unit: 'pin-desmond', players: ['pin-desmond'], qualified: true },
    ]);
    expect(Object.keys(seats(view('19:28'), '2'))).toEqual([
      'pin-desmond',
      'pin-frank',
      'pin-ivy',
      'pin-jack',
    ]);
  });

  it('PIN-R24 eight present: table 1’s seventh hand ended its rubber at 20:35', () => {
    const v = view('20:25');
    expect(v.present).toBe(8);
    expect(v.tables[0]).toMatchObject({ hands: 6, endsAtHand: 7 });
    expect(view('20:35').tables[0]).toMatchObject({ status: 'table-up', rubbers: 1, hands: 7 });
  });

  it('PIN-R23 the Game Call by table 2 failed at 20:44; all four at table 1 agreed one further rubber', () => {
    expect(view('20:40').tables[0]!.gameCall).toEqual({ by: '2', at: at('20:36') });
    expect(view('20:44').tables[0]!.gameCall).toMatchObject({ outcome: 'unsuccessful' });
    expect(view('20:46').tables[0]).toMatchObject({ status: 'playing', further: true });
  });

  it('PIN-R23 at 20:59 four equal tenures cut for Gwen’s place: Ivy’s 2D moved', () => {
    expect(view('20:58').tables[1]!.nextTableUp).toMatchObject({
      cutAmong: ['pin-desmond', 'pin-frank', 'pin-ivy', 'pin-jack'],
      places: 1,
    });
    expect(seats(view('20:59'), '2')).toEqual({
      'pin-desmond': 1,
      'pin-frank': 1,
      'pin-jack': 1,
      'pin-gwen': 0,
    });
  });

  it('PIN-R25 Ivy retired at 21:02 and came back at 21:35, after the half hour', () => {
    expect(view('21:30').retired).toEqual([
      {
        unit: 'pin-ivy',
        at: at('21:02'),
        mayRejoinFrom: '2019-11-05T21:32:00.000Z',
        rule: 'PIN-R25',
      },
    ]);
    expect(view('21:35').waiting.map((w) => w.unit)).toContain('pin-ivy');
  });

  it('at the end: table 2 took in the waiting table, table 3 was cut for, Jack qualifies for the next', () => {
    const v = view();
    expect(v.present).toBe(9);
    expect(seats(v, '2')).toEqual({
      'pin-alice': 0,
      'pin-bernard': 0,
      'pin-celia': 0,
      'pin-edith': 0,
    });
    expect(Object.keys(seats(v, '3')).sort()).toEqual([
      'pin-desmond',
      'pin-frank',
      'pin-gwen',
      'pin-ivy',
    ]);
    expect(v.waiting).toEqual([{ unit: 'pin-jack', players: ['pin-jack'], qualified: true }]);
    expect(v.log).toHaveLength(40);
  });
});

describe('the example’s ruling at table 2 and its appeal', () => {
  it('PIN-R26 Desmond’s appeal, indicated at 20:57 before the recorded end of the rubber (20:58), was in time; dismissed', async () => {
    const ledger = new GatedLedger();
    await ledger.appendFile(lines('uk-pinner-bc-2018.ndjson'));
    const log = await correctionLogFromStore(ledger.store, 'pinner');
    expect(log.entries.find((e) => e.id === 'pin-ra-2019-11-05')).toMatchObject({
      late: false,
      state: 'dismissed',
      deadline: { at: '2019-11-05T20:58:00+00:00', rule: 'PIN-R26' },
    });
  });
});
