import { catalogue } from '../../src/events';
import { DECIDERS, deciderOf } from '../../src/domain';
import { rulebookDecider } from '../../src/domain/club/rulebook-decider';
import { RuleViolation } from '../../src/domain/rule-violation';

/**
 * Issue 13, property 1: every context's write side is a Decider in one registry, and the append
 * use case finds a stream's by the stream alone.
 */
describe('the deciders’ registry', () => {
  it('finds each stream’s decider by the stream: competitions, a club’s rulebook; none for a roster or a scored session', () => {
    expect(deciderOf('competition-club-pairs-2026')?.name).toBe('competition');
    expect(deciderOf('club-karori')?.name).toBe('rulebook');
    expect(deciderOf('club-karori-players')).toBeUndefined();
    expect(deciderOf('session-2026-03-02')).toBeUndefined();
  });

  it('every fact type a decider holds is one of the catalogue’s', () => {
    const types = DECIDERS.flatMap((d) => [...(d.factTypes ?? [])]);
    expect(types.length).toBeGreaterThan(10);
    expect(types.filter((t) => !catalogue.get(t))).toEqual([]);
  });
});

describe('RULEBOOK the rulebook decider: given the club’s rulebook facts, when one is proposed', () => {
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
    const state = rulebookDecider.initialState();
    rulebookDecider.evolve(state, adopted, 'club-karori');
    const fact = amended({ 'tenSession.counted': 8 });
    expect(rulebookDecider.decide(fact, state, undefined, 'club-karori')).toEqual([fact]);
    rulebookDecider.evolve(state, fact, 'club-karori');
    expect(state).toHaveLength(2);
  });

  it('an amendment before any adoption, or of a path the rulebook does not have, is refused naming the change', () => {
    const none = rulebookDecider.initialState();
    expect(() =>
      rulebookDecider.decide(amended({ 'tenSession.counted': 8 }), none, undefined, 'club-karori'),
    ).toThrow(RuleViolation);
    const state = rulebookDecider.initialState();
    rulebookDecider.evolve(state, adopted, 'club-karori');
    let refused: unknown;
    try {
      rulebookDecider.decide(amended({ 'tenSession.countd': 8 }), state, undefined, 'club-karori');
    } catch (e) {
      refused = e;
    }
    expect(refused).toMatchObject({ rule: 'RULEBOOK', field: 'data.changes["tenSession.countd"]' });
  });

  it('a rulebook fact of another club written on this club’s stream is not folded', () => {
    const state = rulebookDecider.initialState();
    rulebookDecider.evolve(
      state,
      { ...adopted, data: { ...adopted.data, clubId: 'other' } },
      'club-karori',
    );
    expect(state).toEqual([]);
  });
});
