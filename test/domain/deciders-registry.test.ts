import { catalogue } from '../../src/contexts/catalogue';
import { DECIDERS, deciderOf } from '../../src/contexts/deciders';
import { clubDecider } from '../../src/contexts/club/domain/club-decider';
import type { ClubContext } from '../../src/contexts/club-context';
import { RuleViolation } from '../../src/kernel/rule-violation';

/**
 * A registered club with no competitions nor scored sessions: its rulebook facts strand none
 * (the rest is not read).
 */
const noCompetitions = {
  isRegistered: () => true,
  competitionsOf: () => [],
  sessionsOf: () => [],
  sessionOf: () => undefined,
} as unknown as ClubContext;

/**
 * Property 1: every context's write side is a Decider in one registry, and the append
 * use case finds a stream's by the stream alone.
 */
describe('the deciders’ registry', () => {
  it('finds each stream’s decider by the stream: a competition, a club, its roster, a scored session; none for a stream the ledger does not document', () => {
    expect(deciderOf('competition-club-pairs-2026')?.name).toBe('competition');
    expect(deciderOf('club-karori')?.name).toBe('club');
    expect(deciderOf('club-karori-players')?.name).toBe('roster');
    expect(deciderOf('session-2026-03-02')?.name).toBe('session');
    expect(deciderOf('notes-karori')).toBeUndefined();
  });

  it('every fact type a decider holds is one of the catalogue’s', () => {
    const types = DECIDERS.flatMap((d) => [...(d.factTypes ?? [])]);
    expect(types.length).toBeGreaterThan(10);
    expect(types.filter((t) => !catalogue.get(t))).toEqual([]);
  });
});

describe('RULEBOOK the club decider’s rulebook facts: given the club’s rulebook facts, when one is proposed', () => {
  const adopted = {
    type: 'RulebookAdopted',
    occurredAt: '2026-01-01T12:00:00+13:00',
    data: { clubId: 'karori', preset: 'nz-club', overrides: {}, effectiveFrom: '2026-01-01' },
  };
  const amended = (changes: Record<string, unknown>) => ({
    type: 'RulebookAmended',
    occurredAt: '2026-02-01T12:00:00+13:00',
    data: { clubId: 'karori', changes, effectiveFrom: '2026-02-01' },
  });

  it('an amendment of a parameter the rulebook has is accepted and folded', () => {
    const state = clubDecider.initialState();
    clubDecider.evolve(state, adopted, 'club-karori');
    const fact = amended({ 'tenSession.counted': 8 });
    expect(clubDecider.decide(fact, state, noCompetitions, 'club-karori')).toEqual([fact]);
    clubDecider.evolve(state, fact, 'club-karori');
    expect(state.rulebook).toHaveLength(2);
  });

  it('an amendment before any adoption, or of a path the rulebook does not have, is refused naming the change', () => {
    const none = clubDecider.initialState();
    expect(() =>
      clubDecider.decide(amended({ 'tenSession.counted': 8 }), none, noCompetitions, 'club-karori'),
    ).toThrow(RuleViolation);
    const state = clubDecider.initialState();
    clubDecider.evolve(state, adopted, 'club-karori');
    let refused: unknown;
    try {
      clubDecider.decide(amended({ 'tenSession.countd': 8 }), state, noCompetitions, 'club-karori');
    } catch (e) {
      refused = e;
    }
    expect(refused).toMatchObject({ rule: 'RULEBOOK', field: 'data.changes["tenSession.countd"]' });
  });

  it('a rulebook fact of another club written on this club’s stream is not folded', () => {
    const state = clubDecider.initialState();
    clubDecider.evolve(
      state,
      { ...adopted, data: { ...adopted.data, clubId: 'other' } },
      'club-karori',
    );
    expect(state.rulebook).toEqual([]);
  });
});
