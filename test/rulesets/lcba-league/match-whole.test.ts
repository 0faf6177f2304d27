import { lcbaLeague2009 } from '../../../src/rulesets/lcba-league/preset';
import { scoreMatch } from '../../../src/rulesets/lcba-league/match';
import { boardsMatch } from './match-builder';

const params = lcbaLeague2009.params.match;

describe('one whole 24-board match with every complication at once', () => {
  // Home NS at tables 1 and 3, EW at 2 and 4: home aggregate t1 − t2 + t3 − t4.
  // Table 4 incomplete 30 minutes, the visitors absent (7.2): boards 1–4 unplayed there.
  const input = boardsMatch(24, {
    // 7.3: pool {420, −50, 450}; home EW at t4 wants the lowest, −50 → +50.
    // 420 + 50 + 450 + 50 = 970 → 14 (900–1090).
    1: [420, -50, 450, null],
    // pool {−200, −200, 110}: lowest −200 → +200. −200 + 200 + 110 + 200 = 310 → 7.
    2: [-200, -200, 110, null],
    // pool {100}: → −100. 100 − 100 + 100 − 100 = 0 → 0.
    3: [100, 100, 100, null],
    // t3 also unplayed (away): pair 3–4 for the home team: best − worst = 630 − 600 = 30.
    // 630 − 600 + 30 = 60 → 2 (50–80).
    4: [630, 600, null, null],
    // 7.4: played at table 1 only, away absent at 2–4: +4.
    5: [1430, null, null, null],
    // 7.3: t2 unplayed, home absent; away sits NS there, highest of {−620, −650, −620} is
    // −620 → +620 to home (EW). −620 + 620 − 650 + 620 = −30 → −1.
    6: [-620, null, -650, -620],
    // FOUL at t1 by the visitors: t2 cancelled; t3 + t4 = 140 + 500 = 640 → 12; +3 → 15.
    7: [400, -100, 140, -500],
    // FOUL at t2 and t3 by the home team: both pairs fouled, 0; −3 → −3.
    8: [200, null, null, 300],
    // FOUL at t3 by both: t4 cancelled; t1 + t2 = 650 − 620 = 30 → 1.
    9: [650, 620, null, 100],
    // Both teams absent at t2: scored as fouled there by both; t1 cancelled;
    // t3 + t4 = −420 + 460 = 40 → 1.
    10: [800, null, -420, -460],
    // Plain: 620 + 100 + 100 − 100 = 720 → 12.
    11: [620, -100, 100, 100],
    // Plain: −800 − 110 − 200 + 200 = −910 → −14.
    12: [-800, 110, -200, -200],
  });
  input.incomplete.push({ table: 4, offender: 'away', minutes: 30 });
  input.unplayed.push(
    { board: 4, table: 3, offender: 'away' },
    { board: 5, table: 2, offender: 'away' },
    { board: 5, table: 3, offender: 'away' },
    { board: 5, table: 4, offender: 'away' },
    { board: 6, table: 2, offender: 'home' },
    { board: 10, table: 2, offender: 'home' },
    { board: 10, table: 2, offender: 'away' },
  );
  input.fouled.push(
    { board: 7, table: 1, causedBy: 'away' },
    { board: 8, table: 2, causedBy: 'home' },
    { board: 8, table: 3, causedBy: 'home' },
    { board: 9, table: 3, causedBy: 'both' },
  );
  const score = scoreMatch(input, params);

  it('LCBA-6.7, 7.2–7.4, FOUL: each board as worked by hand', () => {
    expect(score.boards.slice(0, 12).map((b) => b.homeImps)).toEqual([
      14, 7, 0, 2, 4, -1, 15, -3, 1, 1, 12, -14,
    ]);
    expect(score.boards.slice(0, 12).map((b) => b.homeAggregate)).toEqual([
      970,
      310,
      0,
      60,
      undefined,
      -30,
      640,
      undefined,
      30,
      40,
      720,
      -910,
    ]);
    expect(score.boards.slice(12).every((b) => b.homeImps === 0)).toBe(true);
  });

  it('LCBA-6.7: net IMPs 14 + 7 + 0 + 2 + 4 − 1 + 15 − 3 + 1 + 1 + 12 − 14 = 38 → 35–41 → 18-2', () => {
    expect(score.homeNetImps).toBe(38);
    expect(score.vp).toEqual({ home: 18, away: 2 });
  });

  it('every board that is not plainly IMPed names its rule; the plain ones none', () => {
    const named = (i: number) => new Set(score.boards[i]!.because.map((b) => b.rule));
    for (const i of [0, 1, 2, 3, 5]) expect(named(i).has('LCBA-7.3')).toBe(true);
    expect(named(4)).toEqual(new Set(['LCBA-7.4']));
    for (const i of [6, 7, 8, 9]) expect(named(i).has('LCBA-FOUL')).toBe(true);
    expect(named(9).has('LCBA-7.3')).toBe(true);
    for (const i of [10, 11, ...Array.from({ length: 12 }, (_, k) => 12 + k)]) {
      expect(score.boards[i]!.because).toEqual([]);
    }
  });

  it('the input is not changed by scoring it', () => {
    const copy = structuredClone(input);
    scoreMatch(input, params);
    expect(input).toEqual(copy);
  });
});
