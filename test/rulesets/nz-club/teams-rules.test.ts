import { NZ_TEAMS_DEFAULTS, type NzTeamsParams } from '../../../src/rulesets/nz-club/teams/params';
import {
  gladysPalmerDefault,
  handicapsInForce,
  nz15Adjusted,
  nzTeamsStandings,
  substitutesRefusal,
  teamsMatchCPoints,
  teamsSubstituteLimit,
  type TeamsMatch,
} from '../../../src/rulesets/nz-club/teams/rules';

/**
 * The NZ club's teams events (RULES.md NZ-8 teams, NZ-11, NZ-12, NZ-14, NZ-15), as pure rules
 * over the rulebook's `teams` group. The teams context that records the events reads them.
 */
const p: NzTeamsParams = structuredClone(NZ_TEAMS_DEFAULTS);

describe('NZ-14 the teams substitute limit: 40 % of the player-sessions, rounded down', () => {
  it.each([
    [4, 6],
    [9, 14],
    [1, 1],
    [5, 8],
  ])(
    'NZ-14 %i sessions × 4 players: at most %i player-sessions by substitutes',
    (sessions, limit) => {
      expect(teamsSubstituteLimit(sessions, p)).toBe(limit);
    },
  );

  it('NZ-14 the limit is the rulebook’s: 50 % of 4 sessions is 8', () => {
    expect(teamsSubstituteLimit(4, { ...p, substituteLimitPercent: 50 })).toBe(8);
  });

  it('NZ-14 bad input: no sessions, or a fraction of one', () => {
    expect(() => teamsSubstituteLimit(0, p)).toThrow(
      'NZ-14: sessions must be a whole number ≥ 1, got 0',
    );
    expect(() => teamsSubstituteLimit(2.5, p)).toThrow(/sessions must be a whole number/);
  });
});

describe('NZ-15 a penalised substitute: −2 VP to the team, +1 VP to its opponents, within 0–25', () => {
  it('NZ-15 one penalised substitute for home in a 16–14 match: home 14, away 15', () => {
    const r = nz15Adjusted({ vp: 16, penalised: 1 }, { vp: 14, penalised: 0 }, p);
    expect(r).toMatchObject({ home: 14, away: 15 });
    expect(r.because).toEqual([
      'NZ-15: home fielded 1 penalised substitute(s): −2 VP to home, +1 VP to its opponents (within 0–25)',
    ]);
  });

  it('NZ-15 never below 0 VP: a 1 VP team with a penalised substitute scores 0', () => {
    expect(nz15Adjusted({ vp: 1, penalised: 1 }, { vp: 24, penalised: 0 }, p)).toMatchObject({
      home: 0,
      away: 25,
    });
  });

  it('NZ-15 never above 25 VP: 25 VP opponents of a team with two penalised substitutes stay at 25', () => {
    expect(nz15Adjusted({ vp: 5, penalised: 2 }, { vp: 25, penalised: 0 }, p)).toMatchObject({
      home: 1,
      away: 25,
    });
  });

  it('NZ-15 both teams penalised: each loses its own and gains its opponents’', () => {
    expect(nz15Adjusted({ vp: 15, penalised: 1 }, { vp: 15, penalised: 2 }, p)).toMatchObject({
      home: 15,
      away: 12,
    });
  });

  it('NZ-15 bad input: a negative count of substitutes', () => {
    expect(() => nz15Adjusted({ vp: 15, penalised: -1 }, { vp: 15, penalised: 0 }, p)).toThrow(
      'NZ-15: home.penalised must be a whole number ≥ 0, got -1',
    );
  });
});

describe('NZ-11 a Gladys Palmer default: 0 VP to the defaulting team, 15 + its handicap − own to the other, 15–25', () => {
  it('NZ-11 the team defaulted to, handicap 2, against handicap 6: 19 VP; the defaulting team 0', () => {
    const r = gladysPalmerDefault({ handicap: 2 }, { handicap: 6 }, p);
    expect(r).toMatchObject({ defaultedTo: 19, defaulting: 0 });
    expect(r.because).toBe(
      "NZ-11: 15 + 6 (the defaulting team's handicap) − 2 (its own) = 19 VP; the defaulting team 0",
    );
  });

  it('NZ-11 clamped: a stronger team defaulted to still scores 15; a far weaker one at most 25', () => {
    expect(gladysPalmerDefault({ handicap: 8 }, { handicap: 0 }, p).defaultedTo).toBe(15);
    expect(gladysPalmerDefault({ handicap: 0 }, { handicap: 10 }, p).defaultedTo).toBe(25);
    expect(gladysPalmerDefault({ handicap: 0 }, { handicap: 10 }, p).because).toMatch(/= 25 VP/);
    expect(gladysPalmerDefault({ handicap: 0 }, { handicap: 12 }, p).because).toMatch(
      /= 27, within 15–25: 25 VP/,
    );
  });

  it('NZ-11 bad input: a handicap that is not a number', () => {
    expect(() => gladysPalmerDefault({ handicap: NaN }, { handicap: 0 }, p)).toThrow(
      'NZ-11: defaultedTo.handicap must be a number, got NaN',
    );
  });
});

describe('NZ-8 teams C points: 2 C a board to each winner, 1 each for a draw, halved under 20 boards', () => {
  it('NZ-8 a 24-board match won: 48 C to each player of the winners, none to the losers', () => {
    const r = teamsMatchCPoints({ boards: 24, homeVp: 18, awayVp: 12 }, p);
    expect([r.home.toString(), r.away.toString()]).toEqual(['48', '0']);
    expect(r.because).toBe(
      'NZ-8: home won over 24 boards: 48 C to each of its players (2 a board)',
    );
  });

  it('NZ-8 exactly 20 boards is not halved; 19 is', () => {
    expect(teamsMatchCPoints({ boards: 20, homeVp: 10, awayVp: 20 }, p).away.toString()).toBe('40');
    expect(teamsMatchCPoints({ boards: 19, homeVp: 10, awayVp: 20 }, p).away.toString()).toBe('19');
  });

  it('NZ-8 a draw: half each, and halved again under 20 boards (7 boards: 3½ C each)', () => {
    expect(teamsMatchCPoints({ boards: 24, homeVp: 15, awayVp: 15 }, p).home.toString()).toBe('24');
    expect(teamsMatchCPoints({ boards: 7, homeVp: 15, awayVp: 15 }, p).away.toString()).toBe('7/2');
  });
});

describe('NZ-12 ties in teams events: head-to-head VP, head-to-head IMPs, IMP quotient, then the ballot', () => {
  const m = (
    home: string,
    away: string,
    homeVp: number,
    awayVp: number,
    homeImps = 0,
    awayImps = 0,
  ): TeamsMatch => ({
    home,
    away,
    homeVp,
    awayVp,
    homeImps,
    awayImps,
  });

  it('NZ-12 two teams level on VP: the one that won their match is placed first', () => {
    const rows = nzTeamsStandings(
      ['A', 'B', 'C'],
      [m('A', 'B', 12, 18), m('A', 'C', 20, 10), m('B', 'C', 14, 16)],
      p,
    );
    expect(rows.map((r) => [r.team, r.vp, r.place])).toEqual([
      ['B', 32, 1],
      ['A', 32, 2],
      ['C', 26, 3],
    ]);
    expect(rows[0]!.placement.because[0]?.text).toBe(
      'level with A: placed by VPs in their matches against each other: A 12, B 18',
    );
  });

  it('NZ-12 three level: a mini-league; the two still level after head-to-head VP restart the chain between themselves', () => {
    // A, B and C 40 VP each. Among the three, head-to-head VP: A 40, B 25, C 25: A first. B
    // and C restart between themselves: 15–15, so head-to-head IMPs: B 30, C 20.
    const matches = [
      m('A', 'B', 20, 10),
      m('A', 'C', 20, 10),
      m('B', 'C', 15, 15, 30, 20),
      m('A', 'D', 0, 20),
      m('B', 'D', 15, 5),
      m('C', 'D', 15, 5),
    ];
    const rows = nzTeamsStandings(['A', 'B', 'C', 'D'], matches, p);
    expect(rows.map((r) => [r.team, r.vp, r.place])).toEqual([
      ['A', 40, 1],
      ['B', 40, 2],
      ['C', 40, 3],
      ['D', 30, 4],
    ]);
    expect(rows[0]!.placement.decidedBy).toEqual({
      step: 'head-to-head-vp',
      among: ['A', 'B', 'C'],
    });
    expect(rows[1]!.placement.decidedBy).toEqual({ step: 'head-to-head-imps', among: ['B', 'C'] });
    expect(rows[1]!.placement.because[0]?.text).toBe(
      'level with C: placed by IMP difference in their matches against each other: B 10, C -10',
    );
  });

  it('NZ-12 level on every step: ranked equal, a ballot is due; a recorded ballot orders them', () => {
    const matches = [m('A', 'B', 15, 15, 30, 30), m('A', 'C', 20, 10), m('B', 'C', 20, 10)];
    const level = nzTeamsStandings(['A', 'B', 'C'], matches, p);
    expect(level.slice(0, 2).map((r) => [r.team, r.place])).toEqual([
      ['A', 1],
      ['B', 1],
    ]);
    expect(level[0]!.placement.because[0]?.text).toBe(
      'A, B level after every step: ranked equal, a ballot is due',
    );
    expect(level[2]!.place).toBe(3);
    const drawn = nzTeamsStandings(['A', 'B', 'C'], matches, p, [
      { teams: ['A', 'B'], order: ['B', 'A'] },
    ]);
    expect(drawn.map((r) => [r.team, r.place])).toEqual([
      ['B', 1],
      ['A', 2],
      ['C', 3],
    ]);
  });

  it('NZ-12 the chain is the rulebook’s: IMP quotient first places by every match’s IMPs', () => {
    const matches = [
      m('A', 'B', 15, 15, 10, 10),
      m('A', 'C', 20, 10, 40, 10),
      m('B', 'C', 20, 10, 20, 10),
    ];
    const rows = nzTeamsStandings(['A', 'B', 'C'], matches, { ...p, tieBreak: ['imp-quotient'] });
    expect(rows.map((r) => r.team)).toEqual(['A', 'B', 'C']);
    expect(rows[0]!.placement.decidedBy?.step).toBe('imp-quotient');
  });

  it('NZ-12 bad input: a match of a team not entered, a team playing itself, a step the chain does not know', () => {
    expect(() => nzTeamsStandings(['A', 'B'], [m('A', 'X', 15, 15)], p)).toThrow(
      'NZ-12: matches[0].away X is not entered',
    );
    expect(() => nzTeamsStandings(['A', 'B'], [m('A', 'A', 15, 15)], p)).toThrow(
      'NZ-12: matches[0].away A cannot play itself',
    );
    expect(() => nzTeamsStandings(['A', 'B'], [], { ...p, tieBreak: ['coin'] })).toThrow(
      "NZ-12: tieBreak[0] must be one of head-to-head-vp, head-to-head-imps, imp-quotient, got 'coin'",
    );
  });
});

describe('NZ-16 the director adjusts both teams’ handicaps for a session', () => {
  const entered = [
    { teamId: 'A', handicap: 2 },
    { teamId: 'B', handicap: 6 },
  ];
  const adjusted = [
    { session: 2, teamId: 'A', handicap: 0, reason: 'a much stronger substitute played for A' },
    { session: 2, teamId: 'B', handicap: 8, reason: 'to keep the difference' },
  ];

  it('NZ-16 the session adjusted reads the director’s handicaps, the others the entries’', () => {
    const two = handicapsInForce(entered, adjusted, 2);
    expect(two.get('A')).toEqual({
      handicap: 0,
      because:
        "NZ-16: A's handicap for session 2 adjusted by the director to 0: a much stronger substitute played for A",
    });
    expect(two.get('B')!.handicap).toBe(8);
    expect(handicapsInForce(entered, adjusted, 3).get('A')!.handicap).toBe(2);
  });

  it('NZ-16 with NZ-11: a default in the adjusted session reads the adjusted handicaps', () => {
    const h = handicapsInForce(entered, adjusted, 2);
    // B defaults to A: A scores 15 + 8 − 0 = 23.
    expect(
      gladysPalmerDefault({ handicap: h.get('A')!.handicap }, { handicap: h.get('B')!.handicap }, p)
        .defaultedTo,
    ).toBe(23);
  });

  it('NZ-16 bad input: an adjustment of a team not entered', () => {
    expect(() =>
      handicapsInForce(entered, [{ session: 1, teamId: 'X', handicap: 1, reason: 'r' }], 1),
    ).toThrow('NZ-16: adjustments[0].teamId X is not entered');
  });
});

describe('NZ-14 NZ-15 a team’s substitutes for a match, refused or taken', () => {
  const sub = (player: string, partner: string, tuesdayPlayer = false) => ({
    player,
    partner,
    tuesdayPlayer,
  });

  it('NZ-14 over 4 sessions the 6th substitute is taken; a 7th is refused naming the limit', () => {
    expect(substitutesRefusal([sub('s6', 'a')], 5, 4, p)).toBeUndefined();
    expect(substitutesRefusal([sub('s7', 'a')], 6, 4, p)).toEqual({
      rule: 'NZ-14',
      field: 'substitutes[0]',
      reason:
        'the team has had 6 substitute player-session(s) of the 6 allowed over 4 sessions (40 % of 4 × 4, rounded down): 1 more is past the limit',
    });
  });

  it('NZ-14 two at once past the limit: the first past it is named', () => {
    expect(substitutesRefusal([sub('s5', 'a'), sub('s6', 'b')], 5, 4, p)).toMatchObject({
      rule: 'NZ-14',
      field: 'substitutes[1]',
    });
  });

  it('NZ-15 two Tuesday players may substitute on the same night, not as a partnership', () => {
    expect(
      substitutesRefusal([sub('tia', 'x', true), sub('tom', 'y', true)], 0, 4, p),
    ).toBeUndefined();
    expect(substitutesRefusal([sub('tia', 'tom', true), sub('tom', 'tia', true)], 0, 4, p)).toEqual(
      {
        rule: 'NZ-15',
        field: 'substitutes[0].partner',
        reason:
          'tia and tom are both Tuesday players substituting: they may play on the same night, not as a partnership',
      },
    );
  });
});
