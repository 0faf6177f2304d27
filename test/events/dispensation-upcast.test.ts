import { catalogue } from '../../src/contexts/catalogue';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { collect, fact } from '../support/events';

const v1 = (rule: string) => ({
  competitionId: 'dsb-c1',
  pairId: 'p1',
  rule,
  reason: 'long illness',
});

describe('DispensationGranted: DSB-9.4 spelled as the standings spell it', () => {
  it('DSB-9.4 a version-1 fact with DSB-9.4.1 is read as DSB-9.4(1); the stored data is untouched', async () => {
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    const raw = new MemoryEventStore();
    const one = fact('DispensationGranted', v1('DSB-9.4.1'), { schemaVersion: 1 });
    const two = fact(
      'DispensationGranted',
      { ...v1('DSB-9.4.2'), playerId: 'b1' },
      { schemaVersion: 1 },
    );
    for (const s of [store, raw]) await s.appendToStream('competition-dsb-c1', [one, two]);
    const read = await collect(store.readStream('competition-dsb-c1'));
    expect(read.map((e) => [e.schemaVersion, (e.data as { rule: string }).rule])).toEqual([
      [2, 'DSB-9.4(1)'],
      [2, 'DSB-9.4(2)'],
    ]);
    expect(read[1].data).toMatchObject({ playerId: 'b1', reason: 'long illness' });
    const stored = await collect(raw.readStream('competition-dsb-c1'));
    expect(stored.map((e) => [e.schemaVersion, (e.data as { rule: string }).rule])).toEqual([
      [1, 'DSB-9.4.1'],
      [1, 'DSB-9.4.2'],
    ]);
  });

  it('DSB-9.4 accepts DSB-9.4(1) at version 2 and the old spelling only as version 1', () => {
    const at = (schemaVersion: number, rule: string) =>
      catalogue.validate({ type: 'DispensationGranted', schemaVersion, data: v1(rule) }, 'e');
    expect(at(2, 'DSB-9.4(1)')).toEqual([]);
    expect(at(1, 'DSB-9.4.1')).toEqual([]);
    expect(at(2, 'DSB-9.4.1')).toEqual([
      {
        field: 'e.data.rule',
        message:
          'rule must be DSB-9.4(1) or DSB-9.4(2) (DSB-9.4; version 1 wrote DSB-9.4.1, DSB-9.4.2)',
      },
    ]);
    expect(at(1, 'DSB-9.4.3')[0].field).toBe('e.data.rule');
  });
});
