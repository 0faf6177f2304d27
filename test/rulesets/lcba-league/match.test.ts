import { lcbaLeague2009 } from '../../../src/rulesets/lcba-league/preset';
import { scaleOf, scoreMatch } from '../../../src/rulesets/lcba-league/match';
import type { MatchBoardsInput, TableNo } from '../../../src/contexts/league/model';
import { boardsMatch, refusal } from './match-builder';

const params = lcbaLeague2009.params.match;

describe('LCBA-6.7: each board on the net aggregate, IMPs, then VPs', () => {
  it('LCBA-6.7: the home team scores its NS score where it sat NS and minus it where it sat EW, summed over the four tables, then STD-IMP', () => {
    // Board 1: 620 (t1, home NS) − 170 (t2, home EW) − 100 (t3, home NS) + 100 (t4, home EW
    // at NS −100) = 450 → 10 IMPs (430–490). Others 0. Net 10 → 9–12 → 13-7.
    const score = scoreMatch(boardsMatch(24, { 1: [620, 170, -100, -100] }), params);
    expect(score.boards[0]).toEqual({ board: 1, homeAggregate: 450, homeImps: 10, because: [] });
    expect(score.boards).toHaveLength(24);
    expect(score.homeNetImps).toBe(10);
    expect(score.vp).toEqual({ home: 13, away: 7 });
    expect(score.because[0]!.rule).toBe('LCBA-6.7');
  });

  it('LCBA-6.7: a board won by the visitors is negative IMPs to the home team', () => {
    // 0 − 600 + 0 − 0 = −600 → −12 IMPs (600–740). Net −12 → 9–12 → 7-13.
    const score = scoreMatch(boardsMatch(24, { 3: [0, 600, 0, 0] }), params);
    expect(score.boards[2]!.homeImps).toBe(-12);
    expect(score.vp).toEqual({ home: 7, away: 13 });
  });

  it('LCBA-6.7: a plainly IMPed board carries no because', () => {
    const score = scoreMatch(boardsMatch(24), params);
    expect(score.boards.every((b) => b.because.length === 0 && b.homeImps === 0)).toBe(true);
    expect(score.vp).toEqual({ home: 10, away: 10 });
  });

  it.each([
    // [net IMPs, home VP, away VP] on the EBU pre-2013 24-board table (RULES.md STD-VP)
    [0, 10, 10],
    [1, 10, 10],
    [2, 11, 9],
    [49, 19, 1],
    [50, 20, 0],
    [-50, 0, 20],
    [-35, 2, 18],
    [-34, 3, 17],
  ])(
    "LCBA-6.7: net %i IMPs on the captains' result form → %i-%i VP, whole numbers on the 20-VP table",
    (net, home, away) => {
      // The net spread over the boards, 20 a board at most (STD-IMP bounds each board).
      const homeImps: Record<number, number> = {};
      let left = net;
      for (let b = 1; b <= 24; b++) {
        homeImps[b] = Math.sign(left) * Math.min(20, Math.abs(left));
        left -= homeImps[b];
      }
      const score = scoreMatch({ kind: 'result-form', boards: 24, homeImps }, params);
      expect(score.homeNetImps).toBe(net);
      expect(score.vp).toEqual({ home, away });
    },
  );

  it('STD-IMP: a form board of 27 IMPs either way is scored (24 and a fouled board’s 3); 28 is refused naming the board', () => {
    const form = (imps: number) => {
      const homeImps: Record<number, number> = {};
      for (let b = 1; b <= 24; b++) homeImps[b] = b === 3 ? imps : 0;
      return { kind: 'result-form' as const, boards: 24, homeImps };
    };
    expect(scoreMatch(form(27), params).homeNetImps).toBe(27);
    expect(scoreMatch(form(-27), params).homeNetImps).toBe(-27);
    expect(refusal(() => scoreMatch(form(28), params))).toMatchObject({
      rule: 'STD-IMP',
      field: 'homeImps.3',
    });
    // An amended award moves the bound with it.
    const more = { ...params, foulImps: 6 };
    expect(scoreMatch(form(30), more).homeNetImps).toBe(30);
  });

  it("LCBA-6.7: the result form's IMPs per board are taken as given", () => {
    const homeImps: Record<number, number> = {};
    for (let b = 1; b <= 24; b++) homeImps[b] = b % 2 === 0 ? 3 : -1;
    // 12 × 3 − 12 × 1 = 24 → 23–28 → 16-4
    const score = scoreMatch({ kind: 'result-form', boards: 24, homeImps }, params);
    expect(score.boards.map((b) => b.homeImps)).toEqual(
      Array.from({ length: 24 }, (_, i) => ((i + 1) % 2 === 0 ? 3 : -1)),
    );
    expect(score.vp).toEqual({ home: 16, away: 4 });
  });
});

describe('LCBA-6.3: 24 boards, or 20 by agreement', () => {
  const table20 = [0, 2, 5, 8, 11, 15, 19, 24, 29, 35, 42];

  it('LCBA-6.3: a 20-board match uses the Match Result Form table given for 20 boards', () => {
    const p = { ...params, vpTables: { '20': table20 } };
    // Board 2: 1100 − 0 + 0 − 0 = 1100 → 15 IMPs (1100–1290); on this table 15–18 → 15-5.
    const score = scoreMatch(boardsMatch(20, { 2: [1100, 0, 0, 0] }), p);
    expect(score.boards).toHaveLength(20);
    expect(score.homeNetImps).toBe(15);
    expect(score.vp).toEqual({ home: 15, away: 5 });
  });

  it('LCBA-6.3: a 20-board match with no 20-board table is refused, naming STD-VP', () => {
    const e = refusal(() => scoreMatch(boardsMatch(20), params));
    expect(e).toMatchObject({ field: 'boards', rule: 'STD-VP' });
  });

  it.each([22, 16, 0, 23.5])('LCBA-6.3: a match of %s boards is refused', (n) => {
    const e = refusal(() => scaleOf(params, n));
    expect(e).toMatchObject({ field: 'boards', rule: 'LCBA-6.3' });
    const form = refusal(() =>
      scoreMatch({ kind: 'result-form', boards: n, homeImps: {} }, params),
    );
    expect(form).toMatchObject({ field: 'boards', rule: 'LCBA-6.3' });
  });

  it('STD-VP: scaleOf gives the scale vpScale names, whole VPs on the EBU table', () => {
    expect(scaleOf(params, 24).name).toMatch(/EBU/);
    expect(scaleOf(params, 24).vp(13)).toEqual({ own: 14, opponents: 6 });
    expect(scaleOf({ ...params, vpScale: 'wbf-2013' }, 24).name).toMatch(/WBF 2013/);
    expect(refusal(() => scaleOf({ ...params, vpScale: 'nbb' }, 24))).toMatchObject({
      field: 'vpScale',
    });
    expect(refusal(() => scaleOf({ ...params, vpTables: { '24': [0, 2] } }, 24))).toMatchObject({
      field: 'vpTables.24',
      rule: 'LCBA-6.7',
    });
  });
});

describe('LCBA-6.7: bad input is refused, naming the field and the rule', () => {
  const base = () => boardsMatch(24);

  it('LCBA-6.3: a board number outside 1..boards', () => {
    const input = base();
    input.results.push({ board: 25, table: 1, homeSits: 'NS', nsScore: 0 });
    expect(refusal(() => scoreMatch(input, params))).toMatchObject({
      field: 'results[96].board',
      rule: 'LCBA-6.3',
    });
    const fouled = base();
    fouled.fouled.push({ board: 0, table: 1 });
    expect(refusal(() => scoreMatch(fouled, params)).field).toBe('fouled[0].board');
  });

  it('LCBA-6.7: two results for one table and board', () => {
    const input = base();
    input.results.push({ board: 4, table: 2, homeSits: 'EW', nsScore: 420 });
    const e = refusal(() => scoreMatch(input, params));
    expect(e).toMatchObject({ field: 'results[96]', rule: 'LCBA-6.7' });
    expect(e.message).toMatch(/board 4 at table 2/);
  });

  it('LCBA-7.3: a table result and an "unplayed" for the same table and board', () => {
    const input = base();
    input.unplayed.push({ board: 7, table: 3, offender: 'away' });
    expect(refusal(() => scoreMatch(input, params))).toMatchObject({
      field: 'unplayed[0]',
      rule: 'LCBA-7.3',
    });
  });

  it('LCBA-7.2: a stanza list that misses a board, or lists one twice', () => {
    const missing = base();
    missing.stanzas[3] = [19, 20, 21, 22, 23];
    const e = refusal(() => scoreMatch(missing, params));
    expect(e).toMatchObject({ field: 'stanzas', rule: 'LCBA-7.2' });
    expect(e.message).toMatch(/missing 24/);
    const twice = base();
    twice.stanzas[3] = [19, 20, 21, 22, 23, 24, 1];
    expect(refusal(() => scoreMatch(twice, params))).toMatchObject({ field: 'stanzas' });
    const outside = base();
    outside.stanzas[3] = [19, 20, 21, 22, 23, 25];
    expect(refusal(() => scoreMatch(outside, params))).toMatchObject({
      field: 'stanzas[3][5]',
      rule: 'LCBA-6.3',
    });
  });

  it('LCBA-6.7: a board with no result at any table and no unplayed or fouled record', () => {
    const input = boardsMatch(24, { 9: [null, null, null, null] });
    const e = refusal(() => scoreMatch(input, params));
    expect(e).toMatchObject({ field: 'results', rule: 'LCBA-6.7' });
    expect(e.message).toMatch(/board 9 has no result at any table/);
  });

  it('LCBA-6.7: a board with no record at one table', () => {
    const input = boardsMatch(24, { 9: [420, 420, 420, null] });
    expect(refusal(() => scoreMatch(input, params)).message).toMatch(/board 9 .* table 4/);
  });

  it.each([415, 4.2e2 + 0.5, Number.NaN])(
    'STD-SCORE: an NS score of %s is refused (Law 77 scores are multiples of 10)',
    (ns) => {
      const input = base();
      input.results[0]!.nsScore = ns;
      expect(refusal(() => scoreMatch(input, params))).toMatchObject({
        field: 'results[0].nsScore',
        rule: 'STD-SCORE',
      });
    },
  );

  it('LCBA-7.2: minutes negative', () => {
    const input = base();
    input.incomplete.push({ table: 2, offender: 'home', minutes: -1 });
    expect(refusal(() => scoreMatch(input, params))).toMatchObject({
      field: 'incomplete[0].minutes',
      rule: 'LCBA-7.2',
    });
  });

  it('LCBA-6.4: the home team seated the same way at both tables sharing a board', () => {
    const input = base();
    input.results[1]!.homeSits = 'NS';
    expect(refusal(() => scoreMatch(input, params))).toMatchObject({
      field: 'results[1].homeSits',
      rule: 'LCBA-6.4',
    });
  });

  it('LCBA-6.7: a table outside 1–4, a side that is neither team, an unknown kind', () => {
    const table = base();
    table.results[0]!.table = 5 as TableNo;
    expect(refusal(() => scoreMatch(table, params)).field).toBe('results[0].table');
    const side = base();
    side.unplayed.push({ board: 1, table: 1, offender: 'visitors' as 'away' });
    expect(refusal(() => scoreMatch(side, params)).field).toBe('unplayed[0].offender');
    expect(
      refusal(() => scoreMatch({ kind: 'travellers' } as unknown as MatchBoardsInput, params))
        .field,
    ).toBe('kind');
  });

  it('LCBA-6.7: the result form: a board missing, a board outside the match, IMPs not whole', () => {
    const full = (): Record<number, number> =>
      Object.fromEntries(Array.from({ length: 24 }, (_, i) => [i + 1, 0]));
    const missing = full();
    delete missing[17];
    expect(
      refusal(() => scoreMatch({ kind: 'result-form', boards: 24, homeImps: missing }, params)),
    ).toMatchObject({ field: 'homeImps.17', rule: 'LCBA-6.7' });
    expect(
      refusal(() =>
        scoreMatch({ kind: 'result-form', boards: 24, homeImps: { ...full(), 25: 1 } }, params),
      ),
    ).toMatchObject({ field: 'homeImps.25', rule: 'LCBA-6.3' });
    expect(
      refusal(() =>
        scoreMatch({ kind: 'result-form', boards: 24, homeImps: { ...full(), 3: 1.5 } }, params),
      ),
    ).toMatchObject({ field: 'homeImps.3', rule: 'LCBA-6.7' });
  });
});
