import { catalogue } from '../../src/contexts/catalogue';

const check = (data: Record<string, unknown>) =>
  catalogue.validate({ type: 'SitOutMatchPlayed', data }, 'events[0]');

const ok = { competitionId: 'dsb-c1', session: 3, pairs: ['p4', 'p8'], rounds: [2] };

describe('SitOutMatchPlayed: the schema of a DSB-22.5 sit-out match', () => {
  it('DSB-22.5 accepts two pairs and the rounds they played each other', () => {
    expect(check(ok)).toEqual([]);
    expect(check({ ...ok, rounds: [2, 5] })).toEqual([]);
  });

  it('DSB-22.5 a bad field is refused with the field named and why', () => {
    expect(check({ ...ok, pairs: ['p4'] })).toEqual([
      {
        field: 'events[0].data.pairs',
        message: 'pairs must be the two sit-out pairs that played each other',
      },
    ]);
    expect(check({ ...ok, pairs: ['p4', 'p4'] })).toEqual([
      { field: 'events[0].data.pairs', message: 'pairs must be two different pairs' },
    ]);
    expect(check({ ...ok, pairs: ['p4', 'p 8'] })).toEqual([
      { field: 'events[0].data.pairs', message: 'each pair must be an id' },
    ]);
    expect(check({ ...ok, rounds: [] })).toEqual([
      { field: 'events[0].data.rounds', message: 'rounds must name at least one round' },
    ]);
    expect(check({ ...ok, rounds: [0] })).toEqual([
      { field: 'events[0].data.rounds', message: 'each round must be at least 1' },
    ]);
    expect(check({ ...ok, rounds: [1.5] })).toEqual([
      { field: 'events[0].data.rounds', message: 'each round must be a whole number' },
    ]);
    expect(check({ ...ok, rounds: [2, 2] })).toEqual([
      { field: 'events[0].data.rounds', message: 'rounds must not repeat a round' },
    ]);
    expect(check({ ...ok, session: 0 }).map((i) => i.field)).toEqual(['events[0].data.session']);
    expect(check({ ...ok, opponent: 'p9' }).map((i) => i.field)).toEqual([
      'events[0].data.opponent',
    ]);
    const { rounds: _, ...noRounds } = ok;
    expect(check(noRounds).map((i) => i.field)).toEqual(['events[0].data.rounds']);
  });
});
