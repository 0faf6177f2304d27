import type { CompetitionFact } from '../../src/contexts/pairs/domain/facts';
import {
  evolve,
  initialCompetitionState,
  type CompetitionState,
} from '../../src/contexts/pairs/domain/state';
import type { RecordedEvent } from '../../src/kernel/envelope';
import { competitions } from '../../src/contexts/pairs/projection';
import { sharedValues } from '../../src/contexts/pairs/projection/shared-values';
import { COMPETITION_FACT_TYPES } from '../../src/contexts/pairs/domain/facts';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { fold } from '../../src/kernel/projection';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { catalogue } from '../../src/contexts/catalogue';

const fact = (type: string, data: Record<string, unknown>) =>
  ({ type, occurredAt: '2026-03-03T21:00:00Z', data }) as unknown as CompetitionFact;
const entered = (competitionId: string, pairId: string, players: string[]) =>
  fact('PairEntered', { competitionId, pairId, players, group: 'A' });
const result = (competitionId: string, session: number, pairId: string, players: string[]) =>
  fact('SessionResultRecorded', {
    competitionId,
    session,
    pairId,
    players,
    percentage: 52.63,
    boardsPlayed: 24,
    source: 'imported',
  });
/** A fresh copy, as a fact read from the store is: equal values, none of them shared. */
const fresh = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

describe('the competitions projection keeps equal values once (sharedValues)', () => {
  it('gives an equal fact: the same JSON', () => {
    const shared = sharedValues();
    for (const f of [
      entered('one', 'p1', ['a', 'b']),
      result('one', 1, 'p1', ['a', 'b']),
      fact('PartnershipPlayersNamed', {
        competitionId: 'one',
        session: 1,
        pairId: 'p1',
        players: ['a', 'c'],
      }),
      fact('SessionHeld', { competitionId: 'one', session: 1, date: '2026-03-03' }),
    ]) {
      const out = shared.fact(fresh(f));
      expect(JSON.stringify(out)).toBe(JSON.stringify(f));
    }
  });

  it('one array for equal lists of players (same ids, same order), across facts and competitions', () => {
    const shared = sharedValues();
    const pair = shared.fact(fresh(entered('one', 'p1', ['a', 'b'])));
    const r1 = shared.fact(fresh(result('one', 1, 'p1', ['a', 'b'])));
    const r2 = shared.fact(fresh(result('two', 1, 'p9', ['a', 'b'])));
    const other = shared.fact(fresh(result('one', 2, 'p1', ['b', 'a'])));
    const three = shared.fact(fresh(result('one', 3, 'p1', ['a', 'b', 'c'])));
    const playersOf = (f: CompetitionFact) => (f.data as { players: string[] }).players;
    expect(playersOf(r1)).toBe(playersOf(pair));
    expect(playersOf(r2)).toBe(playersOf(pair));
    expect(playersOf(other)).not.toBe(playersOf(pair));
    expect(playersOf(other)).toEqual(['b', 'a']);
    expect(playersOf(shared.fact(fresh(three)))).toBe(playersOf(three));
    expect(playersOf(three)).toEqual(['a', 'b', 'c']);
  });

  it("folds the examples to the same state as the deciders' evolve, competition by competition", async () => {
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    await loadExamplesIfEmpty(store);
    // The examples' corrections are applied by the projection alone: left out here,
    // the competitions are their facts as recorded.
    const recorded: RecordedEvent[] = [];
    for await (const e of store.readAll())
      if (!e.streamId.startsWith('corrections-')) recorded.push(e);
    const state = fold(competitions, recorded);
    const plain: Record<string, CompetitionState> = {};
    for (const e of recorded) {
      if (!COMPETITION_FACT_TYPES.has(e.type)) continue;
      const id = (e.data as { competitionId: string }).competitionId;
      if (!state.competitions[id]) continue;
      plain[id] = evolve(
        plain[id] ?? initialCompetitionState(),
        fresh(e) as RecordedEvent & CompetitionFact,
      );
    }
    expect(Object.keys(state.competitions).length).toBeGreaterThan(0);
    expect(JSON.stringify(state.competitions)).toBe(JSON.stringify(plain));
    await store.close();
  });
});
