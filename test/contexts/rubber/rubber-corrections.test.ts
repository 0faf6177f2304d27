import { v7 } from 'uuid';
import { collect } from '../../support/events';
import { GatedLedger } from '../../support/gated-ledger';
import type { Proposed } from '../../support/nz-club';
import { at, cut, eveningStory, sessionView } from '../../support/rubber';
import { rubberDiffAt, rubberSessionAt } from '../../../src/contexts/rubber/read';
import { correctionLogFromStore } from '../../../src/contexts/corrections/read/correction-log';

/**
 * An evening's fact corrected by one more fact on the club's `corrections-<clubId>`: a card
 * misread in a cut, a rubber's end written late. The correction is judged by the rubber decider
 * as the fact it replaces, and every fact recorded after it is judged again with it (the
 * rotation reads each fact from the state the ones before it leave): a correction the rest of
 * the evening no longer agrees with is refused, naming the later fact and its rule.
 */
const club = (type: string, data: Record<string, unknown>, hm: string): Proposed => ({
  streamId: 'corrections-pinner',
  id: v7(),
  type,
  occurredAt: at(hm),
  data: { clubId: 'pinner', ...data },
  metadata: {},
});

async function evening() {
  const ledger = new GatedLedger();
  await ledger.append(...eveningStory());
  const events = await collect(ledger.store.readAll());
  const stored = (type: string) => events.find((e) => e.type === type)!;
  return { ledger, stored };
}

const correction = (
  target: { id: string; type: string; data: unknown },
  corrected: Record<string, unknown>,
) =>
  club(
    'CorrectionNotified',
    {
      correctionId: 'c1',
      target: { eventId: target.id, streamId: 'rubber-eve1', type: target.type },
      corrected: { ...(target.data as Record<string, unknown>), ...corrected },
      notifiedBy: 'duty',
      reason: 'the duty member’s note',
    },
    '22:00',
  );
const accepted = () => club('CorrectionAccepted', { correctionId: 'c1', by: 'duty' }, '22:05');

describe('an evening’s facts corrected on corrections-<clubId>', () => {
  it('a rubber’s end written late: corrected to 19:38, the evening reads it so from the acceptance, the log naming the correction', async () => {
    const { ledger, stored } = await evening();
    await ledger.append(correction(stored('RubberCompleted'), { at: at('19:38') }), accepted());
    const view = await sessionView(ledger);
    expect(view.log.find((l) => l.type === 'RubberCompleted')).toMatchObject({
      at: at('19:38'),
      correctedBy: 'c1',
    });
    const log = await correctionLogFromStore(ledger.store, 'pinner');
    expect(log.entries.find((e) => e.id === 'c1')).toMatchObject({ state: 'accepted' });
    const before = await rubberSessionAt(ledger.store, 'pinner', 'eve1', { atPosition: 14 });
    expect(before.log.find((l) => l.type === 'RubberCompleted')).toEqual({
      at: at('19:40'),
      type: 'RubberCompleted',
      text: 'rubber completed at table 1',
    });
  });

  it('a rubber’s end corrected to after the Table Up that followed it: refused, naming the later fact (LEDGER), nothing written', async () => {
    const { ledger, stored } = await evening();
    await ledger.refuses(
      [correction(stored('RubberCompleted'), { at: at('19:42') })],
      'LEDGER',
      'events[0].data.corrected',
      /the RubberTableUpCalled recorded after it \(fact 1 after it on its stream\) would be refused: .* is before the session's last fact/,
    );
  });

  it('a card misread in the cut that changes nothing of who sat (bob 2C, not 3C): accepted', async () => {
    const { ledger, stored } = await evening();
    await ledger.append(
      correction(stored('RubberTableMadeUp'), {
        cut: cut({ ann: 'AS', bob: '2C', cat: 'KH', dan: '10D', eve: '4C' }),
      }),
      accepted(),
    );
    const made = (await sessionView(ledger)).log.find((l) => l.type === 'RubberTableMadeUp')!;
    expect(made.text).toMatch(/bob 2C/);
  });

  it('a corrected cut that seats bob for eve: refused, for the Table Up after it sends eve away, who would not be at the table', async () => {
    const { ledger, stored } = await evening();
    await ledger.refuses(
      [
        correction(stored('RubberTableMadeUp'), {
          units: ['ann', 'bob', 'cat', 'dan'],
          cut: cut({ ann: 'AS', bob: 'KC', cat: 'KH', dan: '10D', eve: '4C' }),
        }),
      ],
      'LEDGER',
      'events[0].data.corrected',
      /the RubberTableUpCalled recorded after it .* would be refused: eve does not sit at table 1/,
    );
  });

  it('bad input: a correction that moves the fact to another table, or one the cut rule refuses', async () => {
    const { ledger, stored } = await evening();
    await ledger.refuses(
      [correction(stored('RubberTableMadeUp'), { table: '2' })],
      'LEDGER',
      'events[0].data.corrected.table',
      /table identifies the RubberTableMadeUp corrected/,
    );
    await ledger.refuses(
      [
        correction(stored('RubberTableMadeUp'), {
          cut: cut({ ann: 'AS', bob: 'KC', cat: 'KH', dan: '10D', eve: '4C' }),
        }),
      ],
      'PIN-R22',
      'events[0].data.corrected.units',
      /must seat ann, cat, bob, dan: 5 cut for 4 places: ann, cat, bob, dan the highest; eve qualifies for the next table/,
    );
  });

  it('a Table Up’s cut misread: corrected (dan’s 2D the lowest, not eve’s 4C), dan waits and eve plays on; the diff across the acceptance shows the swap', async () => {
    const ledger = new GatedLedger();
    // The evening without eve's retirement: nothing after the Table Up depends on who left.
    await ledger.append(...eveningStory().slice(0, -1));
    const tableUp = (await collect(ledger.store.readAll())).find(
      (e) => e.type === 'RubberTableUpCalled',
    )!;
    await ledger.append(
      correction(tableUp, {
        leaving: ['dan'],
        cut: cut({ ann: 'AS', cat: 'KH', dan: '2D', eve: '4C' }),
      }),
    );
    const notified = await ledger.store.headPosition();
    await ledger.append(accepted());
    const view = await sessionView(ledger);
    expect(view.tables[0]!.seats.map((s) => s.unit)).toEqual(['ann', 'cat', 'eve', 'bob']);
    expect(view.waiting.map((w) => w.unit)).toEqual(['dan']);
    const diff = await rubberDiffAt(ledger.store, 'pinner', 'eve1', { atPosition: notified }, {});
    expect(diff.changes).toEqual([
      {
        subject: 'table 1',
        field: 'seats',
        from: ['ann 1', 'cat 1', 'dan 1', 'bob 0'],
        to: ['ann 1', 'cat 1', 'eve 1', 'bob 0'],
      },
      {
        subject: 'table 1',
        field: 'nextTableUp',
        from: { cut: ['ann', 'cat', 'dan'] },
        to: { cut: ['ann', 'cat', 'eve'] },
      },
      { subject: 'waiting', field: 'units', from: ['eve'], to: ['dan'] },
    ]);
  });
});
