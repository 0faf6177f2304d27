import { lcbaLeague2009 } from '../../../src/rulesets/lcba-league/preset';
import { scoreMatch } from '../../../src/rulesets/lcba-league/match';
import type { FouledBoard } from '../../../src/contexts/league/model';
import { boardsMatch, refusal } from './match-builder';

const params = lcbaLeague2009.params.match;

/**
 * Board 10: t1 250, t2 −300, t3 600, t4 −140 (home NS at t1, t3; EW at t2, t4).
 * Tables 3 + 4: 600 + 140 = 740 → 12 IMPs (600–740). Tables 1 + 2: 250 + 300 = 550 → 11.
 */
const fouledAt = (...fouled: FouledBoard[]) => {
  const input = boardsMatch(24, { 10: [250, -300, 600, -140] });
  input.fouled.push(...fouled);
  return scoreMatch(input, params).boards[9]!;
};

describe('LCBA-FOUL: a board fouled at one of the two tables sharing it', () => {
  it('LCBA-FOUL: fouled at table 1 by the home team alone: table 2 cancelled, IMPed on tables 3 and 4, and a further −3', () => {
    // 740 → 12 IMPs; −3 → 9.
    const b = fouledAt({ board: 10, table: 1, causedBy: 'home' });
    expect(b).toMatchObject({ board: 10, homeAggregate: 740, homeImps: 9 });
    expect(b.because.map((x) => x.text)).toEqual([
      'fouled at table 1: the score at table 2 is cancelled',
      'IMPed on the net score at tables 3 and 4',
      'due solely to the home team: a further +3 IMPs to the away team',
      'net aggregate +740 → +12 IMPs to the home team',
    ]);
  });

  it('LCBA-FOUL: fouled at table 4 by the away team alone: table 3 cancelled, tables 1 and 2, +3', () => {
    // 550 → 11; +3 → 14.
    expect(fouledAt({ board: 10, table: 4, causedBy: 'away' })).toMatchObject({
      homeAggregate: 550,
      homeImps: 14,
    });
  });

  it('LCBA-FOUL: both teams caused it, or neither: no further IMPs', () => {
    expect(fouledAt({ board: 10, table: 2, causedBy: 'both' }).homeImps).toBe(12);
    expect(fouledAt({ board: 10, table: 2 }).homeImps).toBe(12);
  });

  it('LCBA-FOUL: a score recorded at the fouled table is disregarded', () => {
    // board 10 has a result at table 1 (250) as well as the fouling: 740 → 12.
    expect(fouledAt({ board: 10, table: 1 }).homeAggregate).toBe(740);
  });

  it('LCBA-FOUL reading: fouled at both tables of one pair is IMPed on the other pair, and one team alone causing both gets one award', () => {
    // 740 → 12; both by away: +3 once → 15.
    expect(
      fouledAt(
        { board: 10, table: 1, causedBy: 'away' },
        { board: 10, table: 2, causedBy: 'away' },
      ),
    ).toMatchObject({ homeAggregate: 740, homeImps: 15 });
    // One fouling by each team: not due solely to one team: 12.
    expect(
      fouledAt({ board: 10, table: 1, causedBy: 'away' }, { board: 10, table: 2, causedBy: 'home' })
        .homeImps,
    ).toBe(12);
  });

  it('LCBA-FOUL reading: fouled at tables of both pairs leaves no net score: 0 IMPs, then the award', () => {
    const byHome = fouledAt(
      { board: 10, table: 2, causedBy: 'home' },
      { board: 10, table: 3, causedBy: 'home' },
    );
    expect(byHome.homeImps).toBe(-3);
    expect(byHome.homeAggregate).toBeUndefined();
    expect(byHome.because.map((x) => x.text)).toContain(
      'fouled at tables of both pairs: no net score left, 0 IMPs',
    );
    expect(
      fouledAt({ board: 10, table: 1, causedBy: 'both' }, { board: 10, table: 4, causedBy: 'away' })
        .homeImps,
    ).toBe(0);
  });

  it('LCBA-FOUL: the award is the parameter foulImps', () => {
    const input = boardsMatch(24, { 10: [250, -300, 600, -140] });
    input.fouled.push({ board: 10, table: 3, causedBy: 'home' });
    // Tables 1 + 2: 550 → 11; −5 → 6.
    expect(scoreMatch(input, { ...params, foulImps: 5 }).boards[9]!.homeImps).toBe(6);
  });

  it('LCBA-FOUL with LCBA-7.3: fouled at table 1, an absence at table 3: table 3 gets the most favourable real score of the board', () => {
    // t1 fouled (by both), t2 cancelled; t3 unplayed, away absent. Real scores on the board:
    // t2 170, t4 −140. Home would sit NS at t3 (EW at t4): highest NS, 170.
    // 170 + 140 = 310 → 7 IMPs (270–310); no award.
    const input = boardsMatch(24, { 10: [null, 170, null, -140] });
    input.fouled.push({ board: 10, table: 1, causedBy: 'both' });
    input.unplayed.push({ board: 10, table: 3, offender: 'away' });
    const b = scoreMatch(input, params).boards[9]!;
    expect(b).toMatchObject({ homeAggregate: 310, homeImps: 7 });
    expect(b.because.map((x) => x.rule)).toEqual([
      'LCBA-FOUL',
      'LCBA-7.3',
      'LCBA-FOUL',
      'LCBA-FOUL',
      'LCBA-6.7',
    ]);
  });

  it('LCBA-FOUL with LCBA-7.4: fouled at table 2, neither table 3 nor 4 played: ±4 to the non-offender plus the award', () => {
    // home absent at t3 and t4: −4; fouled by away alone: +3 → −1.
    const input = boardsMatch(24, { 10: [250, -300, null, null] });
    input.fouled.push({ board: 10, table: 2, causedBy: 'away' });
    input.unplayed.push(
      { board: 10, table: 3, offender: 'home' },
      { board: 10, table: 4, offender: 'home' },
    );
    expect(scoreMatch(input, params).boards[9]!.homeImps).toBe(-1);
  });

  it('LCBA-FOUL: bad records refused: a second fouling of one table, fouled and unplayed at one table, a causer that is not a team', () => {
    const twice = boardsMatch(24);
    twice.fouled.push({ board: 3, table: 1 }, { board: 3, table: 1, causedBy: 'home' });
    expect(refusal(() => scoreMatch(twice, params))).toMatchObject({
      field: 'fouled[1]',
      rule: 'LCBA-FOUL',
    });
    const both = boardsMatch(24, { 3: [420, 420, 420, null] });
    both.fouled.push({ board: 3, table: 4 });
    both.unplayed.push({ board: 3, table: 4, offender: 'home' });
    expect(refusal(() => scoreMatch(both, params))).toMatchObject({
      field: 'unplayed[0]',
      rule: 'LCBA-FOUL',
    });
    const who = boardsMatch(24);
    who.fouled.push({ board: 3, table: 1, causedBy: 'director' as 'home' });
    expect(refusal(() => scoreMatch(who, params))).toMatchObject({
      field: 'fouled[0].causedBy',
      rule: 'LCBA-FOUL',
    });
  });
});
