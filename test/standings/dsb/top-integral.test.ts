import { applyChanges } from '../../../src/rulebooks/rulebook';
import {
  topIntegralSeeding,
  topIntegralStandings,
  topIntegralSubstituteScore,
  type TopIntegralEntry,
  type TopIntegralInput,
} from '../../../src/rulesets/dsb-groenlo-2014/standings';
import { P } from './builders';

const p = (pairId: string, ...entries: TopIntegralEntry[]) => ({
  pairId,
  members: [`${pairId}-n`, `${pairId}-s`],
  entries,
});
const pl = (session: number, percentage: number, sub = false): TopIntegralEntry => ({
  session,
  kind: 'played',
  percentage,
  boards: 24,
  ...(sub ? { substitute: { name: 'guest' } } : {}),
});
const ab = (session: number): TopIntegralEntry => ({ session, kind: 'absent' });

const input: TopIntegralInput = {
  id: 'ti-2014',
  sessions: 4,
  ballot: ['R', 'Q', 'P', 'S'],
  pairs: [
    p('P', pl(1, 5500), pl(2, 5000), pl(3, 5200), pl(4, 5100)),
    p('Q', pl(1, 5500), pl(2, 6000, true), pl(3, 4000, true), pl(4, 6000)),
    p('R', pl(1, 4500), pl(2, 5500), pl(3, 6000), pl(4, 5000)),
    p('S', ab(1), pl(2, 5000), pl(3, 5000), pl(4, 5000)),
  ],
};

describe('DSB-12 the top-integral competition: one field, seeded by the running total', () => {
  it('DSB-12.2 session 1 is seeded in the recorded ballot order (randomness is an input)', () => {
    expect(topIntegralSeeding(P, input, 1).map((s) => s.pairId)).toEqual(['R', 'Q', 'P', 'S']);
  });

  it('DSB-12.2 session n+1 is seeded by the running total; ties keep the ballot order; no score last', () => {
    const seeds = topIntegralSeeding(P, input, 2);
    // After session 1: Q 55.00 and P 55.00 tied (Q drew before P), R 45.00, S no score.
    expect(seeds.map((s) => s.pairId)).toEqual(['Q', 'P', 'R', 'S']);
    expect(seeds[3].explain[0].effect).toMatch(/no score after session 1/);
  });

  it('DSB-12 the standing is one ranking of the whole field (weighted average)', () => {
    const st = topIntegralStandings(P, input, { afterSession: 3 });
    expect(st.final).toBe(false);
    // Q: 55.00, 55.00 (60.00 clamped), 47.50 (40.00 clamped) → 52.50.
    expect(st.rows.map((r) => [r.pairId, r.rank, r.percentage])).toEqual([
      ['R', 1, 53.33],
      ['Q', 2, 52.5],
      ['P', 3, 52.33],
      ['S', 4, 50],
    ]);
  });

  it('DSB-10.2(5) a top-integral session with a substitute is clamped to 47.50 .. 55.00', () => {
    expect(topIntegralSubstituteScore(P, 6000)).toBe(5500);
    expect(topIntegralSubstituteScore(P, 4000)).toBe(4750);
    expect(topIntegralSubstituteScore(P, 5000)).toBe(5000);
    const q = topIntegralStandings(P, input).notListed.find((r) => r.pairId === 'Q')!;
    expect(q.explain.filter((e) => e.rule === 'DSB-10.2(5)').map((e) => e.amount)).toEqual([
      55, 47.5,
    ]);
  });

  it('DSB-14 the final list holds only pairs with 3 sessions in their original composition', () => {
    const st = topIntegralStandings(P, input);
    expect(st.final).toBe(true);
    expect(st.rows.map((r) => r.pairId).sort()).toEqual(['P', 'R', 'S']);
    expect(st.notListed.map((r) => r.pairId)).toEqual(['Q']);
    expect(st.notListed[0].explain.at(-1)).toEqual({
      rule: 'DSB-14',
      effect: '2 session(s) in the original composition, fewer than 3: not in the final list',
      amount: 2,
    });
    // S played exactly 3 sessions, all original: listed.
    expect(st.rows.find((r) => r.pairId === 'S')).toMatchObject({ original: 3 });
  });

  it('DSB-14 an amended minimum of 2 lists Q again', () => {
    const p2 = applyChanges(P, { 'topIntegral.finalListMinOriginalSessions': 2 });
    expect(topIntegralStandings(p2, input).notListed).toEqual([]);
  });

  it('DSB-12 refuses a ballot that is not every pair once, fewer than 4 sessions, a bad session', () => {
    expect(() => topIntegralSeeding(P, { ...input, ballot: ['R', 'Q', 'P'] }, 1)).toThrow(
      /DSB-12.2: ballot must name every pair exactly once \(4 pairs\)/,
    );
    expect(() => topIntegralStandings(P, { ...input, sessions: 3 })).toThrow(
      'DSB-12.1: sessions must be a number of sessions in 4..1000, got 3',
    );
    expect(() => topIntegralSeeding(P, input, 5)).toThrow(
      /DSB-12.1: session must be a session number in 1..4/,
    );
    const bad = { ...input, pairs: [...input.pairs.slice(0, 3), p('S', pl(1, 10100))] };
    expect(() => topIntegralStandings(P, bad)).toThrow(
      /DSB-13: pairs\[S\].entries\[session 1\].percentage/,
    );
  });
});
