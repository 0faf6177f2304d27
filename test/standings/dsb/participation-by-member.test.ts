import { groupStanding, participationOf } from '../../../src/rulesets/dsb-groenlo-2014/standings';
import { P, pair, played, noShow } from './builders';

/**
 * DSB-8.3/8.4/11.2: a participation is a plain answer: its counts by member a record keyed by
 * the members' ids, whatever those ids are.
 */
describe('DSB-8.3/8.4 participation by member: a plain record of the members', () => {
  it('counts a member whose id is a property name of plain objects (`__proto__`, `constructor`)', () => {
    const p = participationOf(
      P,
      pair('X', [played(1, 5000), noShow(2), played(3, 5000)], {
        members: ['__proto__', 'constructor'],
      }),
    );
    expect(Object.keys(p.byMember)).toEqual(['__proto__', 'constructor']);
    expect(p.byMember['__proto__']).toBe(2);
    expect(p.byMember['constructor']).toBe(2);
    expect(JSON.stringify(p.byMember)).toBe('{"__proto__":2,"constructor":2}');
  });

  it('a member who played no session is listed with 0', () => {
    const p = participationOf(
      P,
      pair(
        'T',
        [played(1, 5000, { players: ['a', 'b'] }), played(2, 5000, { players: ['a', 'b'] })],
        {
          members: ['a', 'b', 'c'],
        },
      ),
      2,
    );
    expect(p.byMember).toEqual({ a: 2, b: 2, c: 0 });
    expect(p.partnership).toBe(true);
  });

  it('a standing row carries the participation up to its session, written in the order of its fields', () => {
    const g = {
      group: 'A',
      pairs: [
        pair(
          'A1',
          [1, 2, 3, 4, 5, 6].map((s) => played(s, 5000)),
        ),
      ],
    };
    const row = groupStanding(P, g, { afterSession: 2 }).rows[0];
    expect(JSON.stringify(row.participation)).toBe(
      '{"played":2,"original":2,"withSubstitute":0,"absent":0,"byMember":{"A1-n":2,"A1-s":2},"partnership":false}',
    );
  });
});
