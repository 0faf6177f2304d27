import fc from 'fast-check';
import { fold } from '../../src/contexts/projections';
import { leagues, leagueTableOf } from '../../src/contexts/league/projection';
import { collect } from '../support/events';
import { boardsResult, fact, fixture, league } from '../domain/league/support';

/**
 * Accepted means publishable: a league's match result that the deciders accept, however it was
 * mangled, is one the division's table can score. A valid board-by-board result of 24 boards is
 * mutated at random (a table's result dropped, a seat flipped, a score changed, a board recorded
 * unplayed or fouled at a table, an incomplete table, a board dealt twice …) and appended through
 * the gate; whenever the gate accepts it, the league's table must be published, never refused.
 */
type Result = ReturnType<typeof boardsResult> & Record<string, unknown>;
type Row = { board: number; table: number; homeSits: string; nsScore: number };

const mutation = fc.oneof(
  fc.record({ kind: fc.constant('drop'), at: fc.nat(95) }),
  fc.record({ kind: fc.constant('flip'), at: fc.nat(95) }),
  fc.record({
    kind: fc.constant('score'),
    at: fc.nat(95),
    to: fc.integer({ min: -250, max: 250 }),
  }),
  fc.record({ kind: fc.constant('table'), at: fc.nat(95), to: fc.integer({ min: 1, max: 4 }) }),
  fc.record({
    kind: fc.constant('unplayed'),
    board: fc.integer({ min: 1, max: 24 }),
    table: fc.integer({ min: 1, max: 4 }),
    offender: fc.constantFrom('home', 'away'),
  }),
  fc.record({
    kind: fc.constant('fouled'),
    board: fc.integer({ min: 1, max: 24 }),
    table: fc.integer({ min: 1, max: 4 }),
    causedBy: fc.constantFrom('home', 'away', undefined),
  }),
  fc.record({
    kind: fc.constant('incomplete'),
    table: fc.integer({ min: 1, max: 4 }),
    minutes: fc.integer({ min: 0, max: 40 }),
    offender: fc.constantFrom('home', 'away'),
  }),
  fc.record({
    kind: fc.constant('deal'),
    stanza: fc.nat(3),
    at: fc.nat(5),
    board: fc.integer({ min: 1, max: 24 }),
  }),
);

type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

function mutate(base: Result, changes: readonly Mutation[]): Result {
  const r = structuredClone(base);
  const rows = r.results as Row[];
  for (const m of changes) {
    const row = 'at' in m && m.kind !== 'deal' ? rows[m.at % Math.max(1, rows.length)] : undefined;
    if (m.kind === 'drop' && rows.length) rows.splice(m.at % rows.length, 1);
    if (m.kind === 'flip' && row) row.homeSits = row.homeSits === 'NS' ? 'EW' : 'NS';
    if (m.kind === 'score' && row) row.nsScore = m.to * 10;
    if (m.kind === 'table' && row) row.table = m.to;
    if (m.kind === 'unplayed') {
      (r.unplayed as unknown[]).push({ board: m.board, table: m.table, offender: m.offender });
    }
    if (m.kind === 'fouled') {
      (r.fouled as unknown[]).push({
        board: m.board,
        table: m.table,
        ...(m.causedBy ? { causedBy: m.causedBy } : {}),
      });
    }
    if (m.kind === 'incomplete') {
      (r.incomplete as unknown[]).push({
        table: m.table,
        minutes: m.minutes,
        offender: m.offender,
      });
    }
    if (m.kind === 'deal') (r.stanzas as number[][])[m.stanza]![m.at] = m.board;
  }
  return r;
}

describe('accepted means publishable: a league result the gate accepts, its table publishes', () => {
  it('random mutations of a 24-board result: every accepted one leaves the table publishable', async () => {
    let accepted = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 3 }), async (changes) => {
        const ledger = await league();
        await ledger.append(fixture('f1', 'oxford-a', 'cam-a', '2009-09-16'));
        const result = mutate(boardsResult(24) as Result, changes);
        try {
          await ledger.append(
            fact('MatchResultRecorded', { fixtureId: 'f1', playedOn: '2009-09-16', result }),
          );
        } catch {
          refused += 1;
          return;
        }
        accepted += 1;
        const state = fold(leagues, await collect(ledger.store.readAll()));
        expect(() => leagueTableOf(state, 'lcba-2009')).not.toThrow();
      }),
      { numRuns: 150, seed: 20261204 },
    );
    // Not vacuous: both ways were taken.
    expect(accepted).toBeGreaterThan(10);
    expect(refused).toBeGreaterThan(10);
  });
});
