import { dsbGroenlo2014, type DsbParams } from '../../../src/rulesets/dsb-groenlo-2014/preset';
import {
  butlerStandings,
  type ButlerPairInput,
} from '../../../src/rulesets/dsb-groenlo-2014/butler/standings';

/**
 * DSB-16a–c: the butler competition, four sessions after the four pairs competitions. A pair's
 * session is its IMP total against the datum (its butler session's, DSB-16d's artificial scores
 * included); the standing adds them up: a session with a substitute in full, −40 IMPs for an
 * absence without notice, none for one notified.
 */
const params: DsbParams = structuredClone(dsbGroenlo2014.params);
const played = (session: number, imps: number, withSubstitute = false) =>
  ({ session, kind: 'played', imps, ...(withSubstitute ? { withSubstitute } : {}) }) as const;
const absent = (session: number, notified: boolean) =>
  ({ session, kind: 'absent', notified }) as const;

describe('DSB-16b the butler competition: the sum of the IMPs won and lost each session', () => {
  it('DSB-16b three pairs over four sessions, ranked by their totals', () => {
    const pairs: ButlerPairInput[] = [
      { pairId: 'p1', entries: [played(1, 12), played(2, -5), played(3, 20.5), played(4, 0)] },
      { pairId: 'p2', entries: [played(1, 30), played(2, 4), played(3, -2), played(4, 3)] },
      { pairId: 'p3', entries: [played(1, -42), played(2, 1), played(3, -18.5), played(4, -3)] },
    ];
    const rows = butlerStandings(pairs, params);
    expect(rows.map((r) => [r.pairId, r.total, r.place])).toEqual([
      ['p2', 35, 1],
      ['p1', 27.5, 2],
      ['p3', -62.5, 3],
    ]);
    expect(rows[0]!.sessions[0]!.because).toEqual({
      rule: 'DSB-16b',
      text: '30 IMPs won and lost against the datum',
    });
  });

  it('DSB-16c a session with a substitute counts in full, and says so', () => {
    const [row] = butlerStandings([{ pairId: 'p1', entries: [played(1, 9, true)] }], params);
    expect(row).toMatchObject({ total: 9 });
    expect(row!.sessions[0]!.because).toEqual({
      rule: 'DSB-16c',
      text: 'played with a substitute: 9 IMPs count in full',
    });
  });

  it('DSB-16c absent without notice: −40 IMPs for the session; notified in time: none', () => {
    const rows = butlerStandings(
      [
        { pairId: 'p1', entries: [played(1, 10), absent(2, false)] },
        { pairId: 'p2', entries: [played(1, 10), absent(2, true)] },
      ],
      params,
    );
    expect(rows.map((r) => [r.pairId, r.total])).toEqual([
      ['p2', 10],
      ['p1', -30],
    ]);
    expect(rows[1]!.sessions[1]!.because.text).toBe(
      'absent without notice: -40 IMPs for the session',
    );
  });

  it('DSB-16c the absence scores are the rulebook’s: an amendment to −30 is read', () => {
    const amended = { ...params, butler: { ...params.butler, absentWithoutNoticeImps: -30 } };
    expect(
      butlerStandings([{ pairId: 'p1', entries: [absent(1, false)] }], amended)[0]!.total,
    ).toBe(-30);
  });

  it('DSB-16b pairs level share a place ("1224"): the rulebook sets no tie-break', () => {
    const rows = butlerStandings(
      [
        { pairId: 'a', entries: [played(1, 5)] },
        { pairId: 'b', entries: [played(1, 5)] },
        { pairId: 'c', entries: [played(1, 1)] },
      ],
      params,
    );
    expect(rows.map((r) => [r.pairId, r.place])).toEqual([
      ['a', 1],
      ['b', 1],
      ['c', 3],
    ]);
  });

  it('DSB-16a bad input: a fifth session, a session given twice, a pair listed twice, IMPs that are not a number', () => {
    expect(() => butlerStandings([{ pairId: 'p1', entries: [played(5, 1)] }], params)).toThrow(
      'DSB-16a: pairs[0].entries[0].session must be a session 1–4, got 5',
    );
    expect(() =>
      butlerStandings([{ pairId: 'p1', entries: [played(1, 1), absent(1, true)] }], params),
    ).toThrow('DSB-16a: pairs[0].entries[1].session session 1 is given twice');
    expect(() =>
      butlerStandings(
        [
          { pairId: 'p1', entries: [] },
          { pairId: 'p1', entries: [] },
        ],
        params,
      ),
    ).toThrow('DSB-16a: pairs[1].pairId must be a pair listed once, got p1');
    expect(() => butlerStandings([{ pairId: 'p1', entries: [played(1, NaN)] }], params)).toThrow(
      'DSB-16b: pairs[0].entries[0].imps must be a number of IMPs, got NaN',
    );
  });
});
