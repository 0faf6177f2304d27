import { catalogue } from '../../src/contexts/catalogue';
import { competitionsState } from '../../src/audit/published';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { stateAt, tableFrom, type TableOf } from '../../src/audit/what-if';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import type { CompetitionsState } from '../../src/contexts/pairs/projection';

/**
 * A diff or a what-if reads a window of its club's history (the competition's year,
 * its club's rulebook and roster), not the ledger: on the example seasons its tables are the
 * full replay's, at every moment, real and under an override.
 */
describe('the window a diff and a what-if read gives the full replay’s tables', () => {
  const tables: Array<[TableOf, Record<string, number> | undefined]> = [
    [{ table: 'standings', competitionId: 'dsb-2014-c1' }, undefined],
    [{ table: 'standings', competitionId: 'dsb-2014-c2' }, { 'promotion.relegate': 1 }],
    [{ table: 'standings', competitionId: 'club-pairs-2026' }, { 'tenSession.counted': 7 }],
    [{ table: 'c-points', competitionId: 'club-pairs-2026' }, { 'cPoints.top': 60 }],
    [{ table: 'championship', clubId: 'dsb', season: '2014-2015' }, undefined],
  ];

  const answer = (s: CompetitionsState, t: TableOf, o?: Record<string, number>) => {
    try {
      return JSON.stringify(tableFrom(s, t, o).view);
    } catch (e) {
      return `${(e as Error).name}: ${(e as Error).message}`;
    }
  };

  it('at every 60th position and at the head, for standings, C points and the DSB-11 championship', async () => {
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    await loadExamplesIfEmpty(store);
    const head = await store.headPosition();
    const positions = [
      ...Array.from({ length: Math.floor(head / 60) }, (_, i) => (i + 1) * 60),
      head,
    ];
    for (const atPosition of positions) {
      const full = await competitionsState(store, { atPosition });
      for (const [t, override] of tables) {
        const window = await stateAt(store, t, { atPosition });
        expect([atPosition, answer(window, t)]).toEqual([atPosition, answer(full, t)]);
        if (override) {
          expect([atPosition, answer(window, t, override)]).toEqual([
            atPosition,
            answer(full, t, override),
          ]);
        }
      }
    }
    await store.close();
  }, 120_000);
});
