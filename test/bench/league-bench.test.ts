import { generateLeagueSeason, lateCorrection, LEAGUE_ID } from '../../bench/league/generate';
import {
  appendGated,
  applyAndQuery,
  factsAfter,
  gateOf,
  heldAndQuery,
  liveState,
  replayAndQuery,
  tableFigures,
} from '../../bench/league/paths';
import { catalogue } from '../../src/contexts/catalogue';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';

const TINY = { divisions: 5, teamsPerDivision: 4, rr3Electors: 2, seed: 7 };

describe('the league bench (bench/league), at a tiny size', () => {
  it('the generated season passes the deciders, and is the same on every run', () => {
    const a = generateLeagueSeason(TINY);
    const b = generateLeagueSeason(TINY);
    expect(a.facts).toEqual(b.facts);
    expect(a.results.size).toBeGreaterThan(0);
  });

  it('after a late correction the held read model and a full replay give the same tables, and the correction changed them', async () => {
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    const gate = gateOf(store);
    const season = generateLeagueSeason(TINY);
    await appendGated(store, gate, season.facts);
    const { state, position } = await liveState(store);
    const before = tableFigures(await replayAndQuery(store));
    expect(tableFigures(await heldAndQuery(store))).toEqual(before);
    expect(before).toHaveLength(5);
    // RR3 in divisions 4 and 5: the electors' real match and the others' virtual ones.
    expect(before[3]!.fixtures.some((f) => String(f[0]).startsWith('virtual:'))).toBe(true);

    const target = season.results.get(season.firstMatchOf(3))!;
    await appendGated(store, gate, lateCorrection(target, 'late-1', season.afterSeason, 1));
    const live = applyAndQuery(state, await factsAfter(store, position));
    const replayed = await replayAndQuery(store);
    expect(tableFigures(live)).toEqual(tableFigures(replayed));
    // The service's held league caught up with the correction: the same tables, and the same
    // explanations, as the full replay (what it kept scored is not read twice).
    const held = await heldAndQuery(store);
    expect(held).toEqual(replayed);
    expect(await heldAndQuery(store)).toEqual(replayed);
    expect(live.corrections).toEqual([
      expect.objectContaining({ correctionId: 'late-1', fixtureId: season.firstMatchOf(3) }),
    ]);
    expect(tableFigures(live)[2]).not.toEqual(before[2]);
    // Asked again (nothing new), the held model answers the same.
    expect(tableFigures(applyAndQuery(state, []))).toEqual(tableFigures(replayed));
    expect(replayed.leagueId).toBe(LEAGUE_ID);
  });
});
