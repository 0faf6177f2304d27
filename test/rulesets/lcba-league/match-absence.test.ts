import { lcbaLeague2009 } from '../../../src/rulesets/lcba-league/preset';
import {
  checkMatchBoards,
  lateRemovals,
  scoreMatch,
} from '../../../src/rulesets/lcba-league/match';
import { boardsMatch, refusal } from './match-builder';

const params = lcbaLeague2009.params.match;
const order = Array.from({ length: 24 }, (_, i) => i + 1);
const rules = (b: { because: { rule: string }[] }) => b.because.map((x) => x.rule);

describe('LCBA-7.2: an incomplete table loses its first boards', () => {
  it.each([
    [0, []],
    [14, []],
    [15, [1, 2]],
    [29, [1, 2]],
    [30, [1, 2, 3, 4]],
    [44.5, [1, 2, 3, 4]],
    [45, [1, 2, 3, 4, 5, 6]],
  ])('LCBA-7.2: %s minutes incomplete removes boards %j', (minutes, removed) => {
    expect(lateRemovals(params, order, minutes)).toEqual(removed);
  });

  it('LCBA-7.2: the first boards are those due to be played there, in the stanza order', () => {
    // Stanzas listed out of board order: the first two due are 7 and 9.
    expect(lateRemovals(params, [7, 9, 8, 10, 1, 2], 15)).toEqual([7, 9]);
    expect(lateRemovals({ ...params, lateMinutes: 10, lateBoards: 3 }, order, 20)).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
    expect(lateRemovals(params, [1, 2, 3], 24 * 60)).toEqual([1, 2, 3]);
  });

  it('LCBA-7.2: the removed boards are unplayed at that table, the incomplete team the offender (7.3 then scores them)', () => {
    // Table 4, home team absent 15 minutes: boards 1 and 2 unplayed there.
    // Board 1 real: t1 620 (home NS), t2 170 (home EW), t3 −100 (home NS); pool {620, 170, −100}.
    // At t4 the home team would have sat EW (t3 it sat NS), so the away team NS: the most
    // favourable NS score for it is 620, −620 to home. 620 − 170 − 100 − 620 = −270 → −7.
    // Board 2 real all 420 at t1–t3: artificial 420, home EW → −420: 420 − 420 + 420 − 420 = 0.
    const input = boardsMatch(24, { 1: [620, 170, -100, null], 2: [420, 420, 420, null] });
    input.incomplete.push({ table: 4, offender: 'home', minutes: 15 });
    const score = scoreMatch(input, params);
    expect(score.boards[0]).toMatchObject({ homeAggregate: -270, homeImps: -7 });
    expect(score.boards[0]!.because[0]!.text).toMatch(/table 4 .*removed by LCBA-7.2.*NS 620/);
    expect(rules(score.boards[1]!)).toEqual(['LCBA-7.3', 'LCBA-6.7']);
    expect(score.boards[1]!.homeImps).toBe(0);
    expect(score.boards[2]!.because).toEqual([]);
    expect(score.homeNetImps).toBe(-7);
  });

  it('LCBA-7.2: 14 minutes removes nothing, so every board needs its result', () => {
    const input = boardsMatch(24);
    input.incomplete.push({ table: 4, offender: 'home', minutes: 14 });
    expect(scoreMatch(input, params).homeNetImps).toBe(0);
  });

  it('LCBA-7.2: a result recorded on a board removed from that table is refused', () => {
    const input = boardsMatch(24);
    input.incomplete.push({ table: 2, offender: 'away', minutes: 16 });
    const e = refusal(() => scoreMatch(input, params));
    expect(e).toMatchObject({ field: 'incomplete[0]', rule: 'LCBA-7.2' });
    expect(e.message).toMatch(/board 1 .*table 2/);
  });
  it('LCBA-7.2 reading: both teams incomplete at one table: the removed boards are unplayed there by both, scored as fouled there by both', () => {
    // Table 2, each side absent 15 minutes: boards 1 and 2. Board 1: t1 cancelled, t3 + t4 =
    // 600 + 140 = 740 → 12 IMPs, nothing added. Board 2: 420 − 420 = 0.
    const input = boardsMatch(24, { 1: [-1000, null, 600, -140], 2: [420, null, 420, 420] });
    input.incomplete.push(
      { table: 2, offender: 'home', minutes: 15 },
      { table: 2, offender: 'away', minutes: 20 },
    );
    const score = scoreMatch(input, params);
    expect(score.boards[0]).toMatchObject({ homeAggregate: 740, homeImps: 12 });
    expect(score.boards[1]).toMatchObject({ homeAggregate: 0, homeImps: 0 });
  });

  it('LCBA-7.2: the records are checked before any scoring, for a decider (checkMatchBoards)', () => {
    const gaps = [1, 2, 3, 4].map((b): [number, (number | null)[]] => [b, [420, 420, 420, null]]);
    const input = boardsMatch(24, Object.fromEntries(gaps));
    // No incompleteness recorded: board 1 has nothing at table 4.
    expect(refusal(() => checkMatchBoards(input, params))).toMatchObject({
      field: 'results',
      rule: 'LCBA-6.7',
    });
    // Home absent 30 minutes at table 4: boards 1–4 removed there.
    input.incomplete.push({ table: 4, offender: 'home', minutes: 30 });
    const laid = checkMatchBoards(input, params);
    expect(laid.get(4)![3]).toEqual({
      kind: 'unplayed',
      table: 4,
      offenders: ['home'],
      rule: 'LCBA-7.2',
    });
    expect(laid.get(5)![3]).toMatchObject({ kind: 'result', nsScore: 420 });
  });
});

describe('LCBA-7.3: a board played at three or two tables', () => {
  it('LCBA-7.3: a board played at three tables gives the unplayed table the real score most favourable to the non-offending side', () => {
    // Table 2 unplayed, away absent. Pool {500, −100, 200}. Home would have sat EW at t2
    // (NS at t1): home EW wants the lowest NS score, −100 → +100 to home.
    // 500 + 100 − 100 − 200 = 300 → 7 IMPs (270–310).
    const input = boardsMatch(24, { 5: [500, null, -100, 200] });
    input.unplayed.push({ board: 5, table: 2, offender: 'away' });
    const b = scoreMatch(input, params).boards[4]!;
    expect(b).toMatchObject({ board: 5, homeAggregate: 300, homeImps: 7 });
    expect(b.because[0]).toEqual({
      rule: 'LCBA-7.3',
      text: 'table 2 not played (away absent): artificial score NS -100, the real score most favourable to the home team sitting EW there',
    });
  });

  it('LCBA-7.3: the same board with the home team absent favours the visitors', () => {
    // Away sits NS at t2: the highest NS score, 500 → −500 to home.
    // 500 − 500 − 100 − 200 = −300 → −7.
    const input = boardsMatch(24, { 5: [500, null, -100, 200] });
    input.unplayed.push({ board: 5, table: 2, offender: 'home' });
    expect(scoreMatch(input, params).boards[4]).toMatchObject({
      homeAggregate: -300,
      homeImps: -7,
    });
  });

  it('LCBA-7.3: played at two tables of one pair: the other pair gets the best and the worst real score for the non-offender', () => {
    // Tables 3 and 4 unplayed, away absent at both. Pool {620, 170}. Home NS at one table
    // (620), EW at the other (−170): 450. Tables 1 and 2: 620 − 170 = 450. 900 → 14 IMPs.
    const input = boardsMatch(24, { 6: [620, 170, null, null] });
    input.unplayed.push(
      { board: 6, table: 3, offender: 'away' },
      { board: 6, table: 4, offender: 'away' },
    );
    expect(scoreMatch(input, params).boards[5]).toMatchObject({
      homeAggregate: 900,
      homeImps: 14,
    });
  });

  it('LCBA-7.3: played at two tables, one of each pair', () => {
    // t2 and t4 unplayed, home absent at both. Pool {620, −100} (t1, t3). Away sits NS at t2
    // and t4 (home EW there): highest NS 620 → −620 each. 620 − 620 − 100 − 620 = −720 → −12.
    const input = boardsMatch(24, { 6: [620, null, -100, null] });
    input.unplayed.push(
      { board: 6, table: 2, offender: 'home' },
      { board: 6, table: 4, offender: 'home' },
    );
    expect(scoreMatch(input, params).boards[5]).toMatchObject({
      homeAggregate: -720,
      homeImps: -12,
    });
  });

  it('LCBA-7.3 reading: offenders on each side (t3 home absent, t4 away absent): each table favours its own non-offender, and the pair nets 0', () => {
    // t3: away non-offender; t4: home non-offender. Whichever way the seats were, the home
    // team gets +x at one and −x at the other: 0. Board: 620 − 170 + 0 = 450 → 10 IMPs.
    const input = boardsMatch(24, { 6: [620, 170, null, null] });
    input.unplayed.push(
      { board: 6, table: 3, offender: 'home' },
      { board: 6, table: 4, offender: 'away' },
    );
    const b = scoreMatch(input, params).boards[5]!;
    expect(b).toMatchObject({ homeAggregate: 450, homeImps: 10 });
    expect(b.because[0]!.text).toMatch(/tables 3 \(home absent\) and 4 \(away absent\)/);
  });

  it('LCBA-7.3 reading: a table left unplayed by both teams is scored as fouled there by both: its partner cancelled, nothing added', () => {
    // t4 unplayed, both teams absent: t3 cancelled, IMPed on t1 + t2 = 620 − 170 = 450 → 10.
    const input = boardsMatch(24, { 6: [620, 170, -2000, null] });
    input.unplayed.push(
      { board: 6, table: 4, offender: 'home' },
      { board: 6, table: 4, offender: 'away' },
    );
    const b = scoreMatch(input, params).boards[5]!;
    expect(b).toMatchObject({ homeAggregate: 450, homeImps: 10 });
    expect(rules(b)).toContain('LCBA-7.3');
    expect(rules(b)).toContain('LCBA-FOUL');
    expect(b.because.some((x) => /no further IMPs/.test(x.text))).toBe(true);
  });
});

describe('LCBA-7.4: a board played at no more than one table', () => {
  it('LCBA-7.4: played at one table: +4 IMPs to the non-offending team, no aggregate', () => {
    const input = boardsMatch(24, { 8: [1430, null, null, null] });
    for (const table of [2, 3, 4] as const) {
      input.unplayed.push({ board: 8, table, offender: 'away' });
    }
    const score = scoreMatch(input, params);
    expect(score.boards[7]).toEqual({
      board: 8,
      homeImps: 4,
      because: [
        {
          rule: 'LCBA-7.4',
          text: 'played at table 1 only (away absent): +4 IMPs to the home team',
        },
      ],
    });
    expect(score.boards[7]!.homeAggregate).toBeUndefined();
    // Net +4 → 11-9.
    expect(score.vp).toEqual({ home: 11, away: 9 });
  });

  it('LCBA-7.4: played at no table, the home team the offender: −4', () => {
    const input = boardsMatch(24, { 8: [null, null, null, null] });
    for (const table of [1, 2, 3, 4] as const) {
      input.unplayed.push({ board: 8, table, offender: 'home' });
    }
    expect(scoreMatch(input, params).boards[7]!.homeImps).toBe(-4);
  });

  it('LCBA-7.4 reading: played at one table with absences on both sides: the awards cancel, 0', () => {
    const input = boardsMatch(24, { 8: [null, null, 90, null] });
    input.unplayed.push(
      { board: 8, table: 1, offender: 'home' },
      { board: 8, table: 2, offender: 'away' },
      { board: 8, table: 4, offender: 'away' },
    );
    const b = scoreMatch(input, params).boards[7]!;
    expect(b.homeImps).toBe(0);
    expect(b.because[0]!.rule).toBe('LCBA-7.4');
  });

  it('LCBA-7.4: the award is the parameter oneTableImps', () => {
    const input = boardsMatch(24, { 8: [1430, null, null, null] });
    for (const table of [2, 3, 4] as const) {
      input.unplayed.push({ board: 8, table, offender: 'home' });
    }
    expect(scoreMatch(input, { ...params, oneTableImps: 6 }).boards[7]!.homeImps).toBe(-6);
  });

  it('LCBA-7.2 with 7.4: a table incomplete long enough to lose boards at three tables', () => {
    // Tables 2, 3, 4 each incomplete (away) 15 minutes: boards 1 and 2 played at table 1
    // only: +4 each; net 8 → 5–8 → 12-8.
    const input = boardsMatch(24, { 1: [0, null, null, null], 2: [50, null, null, null] });
    for (const table of [2, 3, 4] as const) {
      input.incomplete.push({ table, offender: 'away', minutes: 15 });
    }
    const score = scoreMatch(input, params);
    expect(score.boards.slice(0, 2).map((b) => b.homeImps)).toEqual([4, 4]);
    expect(score.vp).toEqual({ home: 12, away: 8 });
  });
});
