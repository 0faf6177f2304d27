import { catalogue } from '../../src/contexts/catalogue';
import { championshipOf, cPointsOf } from '../../src/contexts/pairs/projection';
import {
  diffTables,
  DiffMismatchError,
  type DiffableView,
} from '../../src/contexts/pairs/projection/diff';
import { competitionsState, standingsFrom } from '../../src/audit/published';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import type { CompetitionsState, StandingsView } from '../../src/contexts/pairs/projection';
import type { Json } from '../../src/rulebooks/rulebook';

/**
 * `diff`: two publications of one table give every number that changed, each with the
 * explanation entries (rules, facts) behind it. Pure: the views are computed from the example
 * seasons (DSB Groenlo 2014-2015, NZ Club Pairs 2026) folded once.
 */
describe('the diff of two publications of a table', () => {
  let state: CompetitionsState;
  let afterFour: CompetitionsState;

  beforeAll(async () => {
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    await loadExamplesIfEmpty(store);
    state = await competitionsState(store);
    // The ledger just before the first result of session 5 of dsb-2014-c1.
    let before = 0;
    for await (const e of store.readAll()) {
      const d = e.data as { competitionId?: string; session?: number };
      if (
        e.type === 'SessionResultRecorded' &&
        d.competitionId === 'dsb-2014-c1' &&
        d.session === 5
      ) {
        before = e.position - 1;
        break;
      }
    }
    afterFour = await competitionsState(store, { atPosition: before });
    await store.close();
  });

  const standings = (
    s: CompetitionsState,
    id: string,
    whatIf?: Record<string, Json>,
  ): DiffableView => ({
    table: 'standings',
    view: standingsFrom(s, id, undefined, whatIf),
  });

  it('the same publication on both sides: no change (DSB, NZ, DSB-11 championship, NZ-8 C points)', () => {
    for (const id of ['dsb-2014-c1', 'club-pairs-2026']) {
      expect(diffTables(standings(state, id), standings(state, id)).changes).toEqual([]);
    }
    const champ: DiffableView = {
      table: 'championship',
      view: championshipOf(state, 'dsb', '2014-2015'),
    };
    expect(diffTables(champ, champ).changes).toEqual([]);
    const cp = { table: 'c-points', view: cPointsOf(state, 'club-pairs-2026') } as DiffableView;
    expect(diffTables(cp, cp).changes).toEqual([]);
  });

  it('DSB-7.2 / DSB-8: after session 4 → final, each pair’s rank, percentage, sessions played and its DSB-8 move, with the rules behind them', () => {
    const diff = diffTables(standings(afterFour, 'dsb-2014-c1'), standings(state, 'dsb-2014-c1'));
    expect(diff).toMatchObject({ table: 'standings', subject: 'dsb-2014-c1' });
    expect(diff.from.position).toBeLessThan(diff.to.position);
    const heading = diff.changes.filter((c) => c.subject === 'heading');
    expect(heading.map((c) => [c.field, c.from, c.to])).toEqual([
      ['afterSession', 4, 6],
      ['final', false, true],
    ]);
    const p2 = diff.changes.filter((c) => c.subject === 'dsb-p2');
    expect(p2.map((c) => c.field)).toEqual(
      expect.arrayContaining(['rank', 'percentage', 'played', 'move', 'next group']),
    );
    const rank = p2.find((c) => c.field === 'rank')!;
    expect([rank.from, rank.to, rank.group]).toEqual([4, 2, 'A']);
    expect(rank.rules).toContain('DSB-7.2');
    // The explanation entries that differ, on each side.
    expect(rank.because.added.length + rank.because.removed.length).toBeGreaterThan(0);
    // DSB-8.2: relegated at the end, a move that did not exist after session 4.
    const p4 = diff.changes.find((c) => c.subject === 'dsb-p4' && c.field === 'move')!;
    expect([p4.from, p4.to]).toEqual([null, 'down']);
    expect(p4.rules).toContain('DSB-8.2');
  });

  it('NZ-1 what-if: the best 7 counted instead of 9 changes totals, counted sessions and places', () => {
    const diff = diffTables(
      standings(state, 'club-pairs-2026'),
      standings(state, 'club-pairs-2026', { 'tenSession.counted': 7 }),
    );
    const places = diff.changes.filter((c) => c.field === 'place');
    expect(places.length).toBeGreaterThan(0);
    for (const c of places) {
      expect(c.rules).toContain('NZ-1');
      expect(c.from).not.toEqual(c.to);
    }
    const counted = diff.changes.filter((c) => c.field === 'counted');
    expect(counted.length).toBeGreaterThan(0);
    for (const c of counted) expect(c.to).toHaveLength(7);
  });

  it('NZ-13: a change names the facts its explanation names (the correction, the original fact)', () => {
    const real = standings(state, 'club-pairs-2026') as DiffableView & {
      view: StandingsView & { kind: 'nz' };
    };
    const [first, second] = real.view.rows;
    const row = second!;
    const corrected = {
      ...real,
      view: {
        ...real.view,
        rows: [
          {
            ...row,
            total: first!.total + 100,
            place: 1,
            explain: [
              ...row.explain,
              {
                rule: 'NZ-13',
                session: 3,
                effect:
                  'session 3: 48.00 % corrected to 49.00 % by correction c-7 of fact 0193a1b2-0000-7000-8000-000000000001 (accepted)',
              },
            ],
          },
          { ...first!, place: 2 },
          ...real.view.rows.slice(2),
        ],
      },
    } as DiffableView;
    const changes = diffTables(real, corrected).changes;
    const facts = ['correction c-7', 'fact 0193a1b2-0000-7000-8000-000000000001'];
    const total = changes.find((c) => c.subject === row.competitor && c.field === 'total');
    // Hundredths in the view, a percentage in the diff (as the printed table shows it).
    expect(total).toMatchObject({
      from: row.total / 100,
      to: (first!.total + 100) / 100,
      rules: ['NZ-13'],
      facts,
    });
    expect(total!.because.removed).toEqual([]);
    // The pair passed: its own explanation unchanged, its place carries the other's correction.
    const passed = changes.find((c) => c.subject === first!.competitor && c.field === 'place');
    expect(passed).toMatchObject({
      from: 1,
      to: 2,
      via: [row.competitor],
      rules: ['NZ-13'],
      facts,
    });
  });

  it('DSB-8 what-if: one promoted and one relegated per group changes the moves', () => {
    const diff = diffTables(
      standings(state, 'dsb-2014-c1'),
      standings(state, 'dsb-2014-c1', { 'promotion.promote': 1, 'promotion.relegate': 1 }),
    );
    const moves = diff.changes.filter((c) => c.field === 'move');
    expect(moves.length).toBeGreaterThan(0);
    expect(moves.every((c) => c.to === 'stay')).toBe(true);
    expect(moves.flatMap((c) => c.rules)).toEqual(expect.arrayContaining(['DSB-8.1', 'DSB-8.2']));
  });

  it('refuses two tables that are not one (another competition, another kind)', () => {
    expect(() =>
      diffTables(standings(state, 'dsb-2014-c1'), standings(state, 'club-pairs-2026')),
    ).toThrow(DiffMismatchError);
    const champ: DiffableView = {
      table: 'championship',
      view: championshipOf(state, 'dsb', '2014-2015'),
    };
    expect(() => diffTables(standings(state, 'dsb-2014-c1'), champ)).toThrow(/cannot be compared/);
  });
});
