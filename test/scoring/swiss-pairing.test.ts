import fc from 'fast-check';
import { swissPairing, type SwissStanding } from '../../src/scoring';

/**
 * DSB-15 (reading): a Swiss round paired from the standings after the previous one — every
 * team plays, no team meets one it has met while a pairing without repeats exists (a greedy
 * top-down pairing can miss it), teams play teams placed near them, and an odd number gives the
 * lowest placed team without a bye the bye.
 */
const standings = (...teams: string[]): SwissStanding[] =>
  teams.map((team) => ({ team, hadBye: false }));
const tablesOf = (p: ReturnType<typeof swissPairing>) => p.tables.map((t) => `${t.home}-${t.away}`);

describe('DSB-15 a Swiss round paired from the standings', () => {
  it('DSB-15 nobody has met: the leaders play each other, 1 v 2, 3 v 4', () => {
    const p = swissPairing(standings('A', 'B', 'C', 'D'), []);
    expect(tablesOf(p)).toEqual(['A-B', 'C-D']);
    expect(p).toMatchObject({ repeats: 0 });
    expect(p.bye).toBeUndefined();
  });

  it('DSB-15 the leaders have met: 1 v 3 and 2 v 4', () => {
    expect(tablesOf(swissPairing(standings('A', 'B', 'C', 'D'), [['A', 'B']]))).toEqual([
      'A-C',
      'B-D',
    ]);
  });

  it('DSB-15 where a greedy top-down pairing leaves the last two teams a repeat, a pairing without repeats is found', () => {
    // Greedy: 1 v 3, 2 v 4, then 5 v 6 have met. Without repeats, the nearest: 1 v 3, 2 v 5, 4 v 6.
    const met: Array<[string, string]> = [
      ['T1', 'T2'],
      ['T3', 'T4'],
      ['T5', 'T6'],
    ];
    const p = swissPairing(standings('T1', 'T2', 'T3', 'T4', 'T5', 'T6'), met);
    expect(tablesOf(p)).toEqual(['T1-T3', 'T2-T5', 'T4-T6']);
    expect(p.repeats).toBe(0);
  });

  it('DSB-15 when no pairing without a repeat exists, the one with the fewest is proposed and said so', () => {
    // A has met every other team: one repeat is unavoidable.
    const p = swissPairing(standings('A', 'B', 'C', 'D'), [
      ['A', 'B'],
      ['A', 'C'],
      ['A', 'D'],
    ]);
    expect(p.repeats).toBe(1);
    expect(p.tables.filter((t) => t.repeat)).toHaveLength(1);
    expect(p.because[0]).toBe(
      'no pairing without a repeat exists: 1 table(s) repeat a match, the fewest possible',
    );
  });

  it('DSB-15 the Danish variant (repeats allowed): the standings alone decide', () => {
    const p = swissPairing(standings('A', 'B', 'C', 'D'), [['A', 'B']], { repeats: 'allowed' });
    expect(tablesOf(p)).toEqual(['A-B', 'C-D']);
    expect(p.tables[0]).toMatchObject({ repeat: true });
    expect(p.because.some((b) => b.startsWith('no pairing'))).toBe(false);
  });

  it('DSB-15 an odd number: the bye to the lowest placed team that has not had one', () => {
    const s = standings('A', 'B', 'C', 'D', 'E');
    s[4] = { team: 'E', hadBye: true };
    const p = swissPairing(s, []);
    expect(p.bye).toBe('D');
    expect(tablesOf(p)).toEqual(['A-B', 'C-E']);
    expect(p.because[0]).toBe('bye to D: the lowest placed team that has not had a bye');
  });

  it('DSB-15 the bye goes up the table when the lowest team’s bye would force a repeat', () => {
    // A and B have met: a bye to C leaves A v B. A bye to B leaves A v C.
    const p = swissPairing(standings('A', 'B', 'C'), [['A', 'B']]);
    expect(p.bye).toBe('B');
    expect(tablesOf(p)).toEqual(['A-C']);
    expect(p.because[0]).toMatch(/whose bye leaves a pairing without repeats$/);
  });

  it('DSB-15 every team has had a bye: the lowest placed has another', () => {
    const s = standings('A', 'B', 'C').map((x) => ({ ...x, hadBye: true }));
    expect(swissPairing(s, []).bye).toBe('C');
  });

  it('DSB-15 bad input: a team listed twice, fewer than two teams, a team meeting itself', () => {
    expect(() => swissPairing(standings('A', 'B', 'A'), [])).toThrow(
      'DSB-15: standings[2].team A is listed twice',
    );
    expect(() => swissPairing(standings('A'), [])).toThrow('a round needs at least two teams');
    expect(() => swissPairing(standings('A', 'B'), [['A', 'A']])).toThrow(
      'DSB-15: met[0] A cannot meet itself',
    );
  });

  it('DSB-15 for any standings and meetings: every team plays once or has the bye, the same answer twice, and no repeat while a pairing without one exists', () => {
    const teams = Array.from({ length: 9 }, (_, i) => `T${i + 1}`);
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 9 }),
        fc.array(fc.tuple(fc.nat(8), fc.nat(8)), { maxLength: 20 }),
        (n, pairs) => {
          const field = teams.slice(0, n);
          const met = pairs
            .map(([a, b]) => [field[a % n]!, field[b % n]!] as [string, string])
            .filter(([a, b]) => a !== b);
          const p = swissPairing(standings(...field), met);
          const seated = [...p.tables.flatMap((t) => [t.home, t.away]), ...(p.bye ? [p.bye] : [])];
          expect(seated.sort()).toEqual([...field].sort());
          expect(swissPairing(standings(...field), met)).toEqual(p);
          if (p.repeats > 0) expect(noRepeatPairingExists(field, met, p.bye)).toBe(false);
        },
      ),
      { numRuns: 300, seed: 20261204 },
    );
  });
});

/** Brute force over every pairing of a few teams: does one without a repeat exist? */
function noRepeatPairingExists(
  field: string[],
  met: Array<[string, string]>,
  bye: string | undefined,
): boolean {
  const meetings = new Set(met.flatMap(([a, b]) => [`${a}|${b}`, `${b}|${a}`]));
  const rest = field.filter((t) => t !== bye);
  const search = (left: string[]): boolean => {
    if (left.length === 0) return true;
    const [first, ...others] = left;
    return others.some(
      (o) => !meetings.has(`${first}|${o}`) && search(others.filter((x) => x !== o)),
    );
  };
  return search(rest);
}
