import { GatedLedger } from '../../support/gated-ledger';
import { clubRegistered, rulebookAdopted, rulebookAmended } from '../../support/nz-club';
import { teamsFacts, teamsReadModel } from '../../support/teams';
import { teamsStandingOf } from '../../../src/contexts/teams/projection';

/**
 * The NZ club's teams events recorded as facts on `teams-<eventId>` and ranked by the club's
 * rulebook: NZ-11 (Gladys Palmer defaults), NZ-12 (the tie-break chain, a recorded ballot),
 * NZ-14 (the substitute limit), NZ-15 (penalised substitutes), NZ-16 (handicaps in force).
 * VP are on the old WBF 25-VP "15-15" scale, recorded by the scorer (no table is built in).
 */
const side = (teamId: string, imps: number, vp: number, more: Record<string, unknown> = {}) => ({
  teamId,
  imps,
  vp,
  ...more,
});

async function club(): Promise<GatedLedger> {
  const ledger = new GatedLedger();
  await ledger.append(clubRegistered(), rulebookAdopted());
  return ledger;
}

const standingOf = async (ledger: GatedLedger, eventId: string) =>
  teamsStandingOf(await teamsReadModel(ledger), eventId);

const vpOf = async (ledger: GatedLedger, eventId: string) =>
  Object.fromEntries(
    (await standingOf(ledger, eventId)).groups[0]!.rows.map((r) => [r.teamId, r.vp]),
  );

describe('NZ-11, NZ-16: the Gladys Palmer Teams, with handicaps and a default', () => {
  const gp = teamsFacts('gp-2026');
  const entries = () => [
    gp.created({
      name: 'Gladys Palmer Teams 2026',
      series: 'gladys-palmer-teams',
      sessions: 2,
      handicaps: { min: 0, max: 10 },
    }),
    gp.team('A', { handicap: 2 }),
    gp.team('B', { handicap: 4 }),
    gp.team('C', { handicap: 6 }),
    gp.team('D', { handicap: 0 }),
  ];

  it('NZ-11: the team defaulted to scores 15 + the defaulting team’s handicap − its own; the defaulting team 0', async () => {
    const ledger = await club();
    await ledger.append(
      ...entries(),
      gp.match('m1', 1, side('A', 40, 20), side('B', 20, 10)),
      gp.match('m2', 1, side('C', 30, 15), side('D', 30, 15)),
      gp.defaulted('m3', 2, 'C', 'A'),
      gp.match('m4', 2, side('B', 35, 22), side('D', 10, 8), { playedOn: '2026-03-10' }),
    );
    expect(await vpOf(ledger, 'gp-2026')).toEqual({ A: 20 + 19, B: 32, C: 15, D: 23 });
    const standing = await standingOf(ledger, 'gp-2026');
    expect(standing.groups[0]!.rows.map((r) => r.teamId)).toEqual(['A', 'B', 'D', 'C']);
    expect(standing.matches.find((m) => m.matchId === 'm3')!.because[0]).toMatch(
      /C defaulted: NZ-11: 15 \+ 6 .* − 2 .* = 19/,
    );
  });

  it('NZ-16: the director’s adjustment for a session is the handicap the default reads', async () => {
    const ledger = await club();
    await ledger.append(
      ...entries(),
      gp.adjusted(
        2,
        [
          { teamId: 'A', handicap: 5 },
          { teamId: 'C', handicap: 6 },
        ],
        'A’s new pair',
      ),
      gp.defaulted('m3', 2, 'C', 'A'),
    );
    expect((await vpOf(ledger, 'gp-2026')).A).toBe(16);
  });

  it('NZ-11 clamp: the team defaulted to scores at most 25 and at least 15', async () => {
    const ledger = await club();
    await ledger.append(
      gp.created({ sessions: 2, handicaps: { min: -20, max: 20 } }),
      gp.team('A', { handicap: -10 }),
      gp.team('B', { handicap: 10 }),
      gp.team('C', { handicap: 12 }),
      gp.team('D', { handicap: -12 }),
      gp.defaulted('m1', 1, 'B', 'A'),
      gp.defaulted('m2', 1, 'D', 'C'),
    );
    expect(await vpOf(ledger, 'gp-2026')).toEqual({ A: 25, B: 0, C: 15, D: 0 });
  });

  it('NZ-16 refuses a handicap outside the event’s range, and a team without one', async () => {
    const ledger = await club();
    await ledger.append(gp.created({ handicaps: { min: 0, max: 10 } }));
    await ledger.refuses(
      [gp.team('A', { handicap: 10.5 })],
      'NZ-16',
      'events[0].data.handicap',
      /outside the event's range 0 to 10/,
    );
    await ledger.refuses([gp.team('A')], 'NZ-16', 'events[0].data.handicap', /needs its handicap/);
    await ledger.append(gp.team('A', { handicap: 10 }), gp.team('B', { handicap: 0 }));
    await ledger.refuses(
      [gp.adjusted(1, [{ teamId: 'A', handicap: 11 }], 'too high')],
      'NZ-16',
      'events[0].data.teams[0].handicap',
    );
  });
});

describe('NZ-14, NZ-15: substitutes in the Ed Hillary Teams', () => {
  const eh = teamsFacts('eh-2026');
  const entries = () => [
    eh.created({ name: 'Ed Hillary Teams 2026', series: 'ed-hillary-teams', sessions: 4 }),
    eh.team('A'),
    eh.team('B'),
  ];
  const sub = (player: string, partner: string, more: Record<string, unknown> = {}) => ({
    player,
    partner,
    clubMember: true,
    tuesdayPlayer: false,
    ...more,
  });
  /** A's line-up with its players 3 and 4 replaced by the substitutes given. */
  const withSubs = (...subs: ReturnType<typeof sub>[]) => ({
    players: ['A-1', 'A-2', ...subs.map((s) => s.player), 'A-3', 'A-4'].slice(0, 4),
    substitutes: subs,
  });

  it('NZ-15: a Tuesday player substituting costs the team 2 VP and gives the opponents 1, after the C points', async () => {
    const ledger = await club();
    await ledger.append(
      ...entries(),
      eh.match(
        'm1',
        1,
        side('A', 30, 17, withSubs(sub('T1', 'A-1', { tuesdayPlayer: true }))),
        side('B', 25, 13),
      ),
    );
    const standing = await standingOf(ledger, 'eh-2026');
    expect(await vpOf(ledger, 'eh-2026')).toEqual({ A: 15, B: 14 });
    const m = standing.matches[0]!;
    expect(m.played).toEqual({ homeVp: 17, awayVp: 13 });
    // NZ-8: 2 C a board of 24 to each player of the winners, read before NZ-15.
    expect(m.cPoints).toEqual({ home: '48', away: '0' });
  });

  it('NZ-15: a non-member substitute is penalised in any event; never below 0 nor above 25 VP', async () => {
    const ledger = await club();
    await ledger.append(
      ...entries(),
      eh.match(
        'm1',
        1,
        side('A', 0, 0, withSubs(sub('V1', 'A-1', { clubMember: false }))),
        side('B', 90, 25),
      ),
    );
    expect(await vpOf(ledger, 'eh-2026')).toEqual({ A: 0, B: 25 });
  });

  it('NZ-15 refuses two Tuesday players substituting as a partnership', async () => {
    const ledger = await club();
    await ledger.append(...entries());
    await ledger.refuses(
      [
        eh.match(
          'm1',
          1,
          side(
            'A',
            30,
            17,
            withSubs(
              sub('T1', 'T2', { tuesdayPlayer: true }),
              sub('T2', 'T1', { tuesdayPlayer: true }),
            ),
          ),
          side('B', 25, 13),
        ),
      ],
      'NZ-15',
      'events[0].data.home.substitutes[0].partner',
      /not as a partnership/,
    );
  });

  it('NZ-14: over 4 sessions 6 substitute player-sessions are allowed; the 7th is refused naming NZ-14', async () => {
    const ledger = await club();
    await ledger.append(...entries());
    for (const round of [1, 2, 3]) {
      await ledger.append(
        eh.match(
          `m${round}`,
          round,
          side('A', 30, 17, withSubs(sub(`S${round}a`, 'A-1'), sub(`S${round}b`, 'A-2'))),
          side('B', 25, 13),
          {
            playedOn: `2026-03-0${2 + round}`,
          },
        ),
      );
    }
    await ledger.refuses(
      [eh.match('m4', 4, side('A', 30, 17, withSubs(sub('S4', 'A-1'))), side('B', 25, 13))],
      'NZ-14',
      'events[0].data.home.substitutes[0]',
      /6 substitute player-session\(s\) of the 6 allowed/,
    );
  });

  it('NZ-14: a fifth player seated for a team is refused, and a stranger not listed as a substitute', async () => {
    const ledger = await club();
    await ledger.append(...entries());
    await ledger.refuses(
      [
        eh.match(
          'm1',
          1,
          side('A', 30, 17, { players: ['A-1', 'A-2', 'A-3', 'A-4', 'B-1'] }),
          side('B', 25, 13),
        ),
      ],
      'NZ-14',
      'events[0].data.home.players[4]',
      /seats 4 players/,
    );
    await ledger.refuses(
      [
        eh.match(
          'm1',
          1,
          side('A', 30, 17, { players: ['A-1', 'A-2', 'A-3', 'X'] }),
          side('B', 25, 13),
        ),
      ],
      'NZ-14',
      'events[0].data.home.players[3]',
      /not a player of A/,
    );
  });

  it('refuses a match with a team of another event, naming it', async () => {
    const ledger = await club();
    const other = teamsFacts('other-2026');
    await ledger.append(...entries(), other.created(), other.team('Z'));
    await ledger.refuses(
      [eh.match('m1', 1, side('A', 30, 17), side('Z', 25, 13))],
      'NZ-14',
      'events[0].data.away.teamId',
      /Z is not a team of eh-2026/,
    );
  });

  it('STD-VP: VP off the 15-15 scale’s shape are refused (a draw is 15-15; below 25 the sides share 30)', async () => {
    const ledger = await club();
    await ledger.append(...entries());
    await ledger.refuses(
      [eh.match('m1', 1, side('A', 30, 17), side('B', 30, 13))],
      'STD-VP',
      'events[0].data.away.vp',
      /15-15/,
    );
    await ledger.refuses(
      [eh.match('m1', 1, side('A', 31, 17), side('B', 30, 12))],
      'STD-VP',
      'events[0].data.away.vp',
      /share 30/,
    );
    await ledger.refuses(
      [eh.match('m1', 1, { teamId: 'A', imps: 31 }, side('B', 30, 12))],
      'STD-VP',
      'events[0].data.home.vp',
    );
  });
});

describe('NZ-12: ties broken by the rulebook’s chain, then a recorded ballot', () => {
  const t = teamsFacts('kh-2026');
  // A and B level on 29 VP: A beat B (16-14); B's IMP quotient (79/81) is above A's (51/59).
  const played = () => [
    t.created({ name: 'Khandallah Teams 2026', series: 'khandallah-teams', sessions: 3 }),
    t.team('A'),
    t.team('B'),
    t.team('C'),
    t.match('m1', 1, side('A', 31, 16), side('B', 29, 14)),
    t.match('m2', 2, side('A', 20, 13), side('C', 30, 17), { playedOn: '2026-03-10' }),
    t.match('m3', 3, side('B', 50, 15), side('C', 50, 15), { playedOn: '2026-03-17' }),
  ];

  it('NZ-12: head-to-head VP first by default', async () => {
    const ledger = await club();
    await ledger.append(...played());
    const rows = (await standingOf(ledger, 'kh-2026')).groups[0]!.rows;
    expect(rows.map((r) => [r.teamId, r.place, r.vp])).toEqual([
      ['C', 1, 32],
      ['A', 2, 29],
      ['B', 3, 29],
    ]);
    expect(rows[1]!.tieBreak).toMatchObject({ step: 'head-to-head-vp', among: ['A', 'B'] });
  });

  it('NZ-12: an amendment that puts the IMP quotient first changes the standing from its date', async () => {
    const ledger = await club();
    await ledger.append(
      ...played(),
      rulebookAmended({ 'teams.tieBreak': ['imp-quotient'] }, '2026-03-15'),
    );
    const rows = (await standingOf(ledger, 'kh-2026')).groups[0]!.rows;
    expect(rows.map((r) => r.teamId)).toEqual(['C', 'B', 'A']);
    expect(rows[1]!.tieBreak!.step).toBe('imp-quotient');
  });

  it('NZ-12: teams the chain cannot separate wait for a ballot; the ballot recorded places them', async () => {
    const ledger = await club();
    await ledger.append(
      t.created({ sessions: 1 }),
      t.team('A'),
      t.team('B'),
      t.match('m1', 1, side('A', 20, 15), side('B', 20, 15)),
    );
    const before = await standingOf(ledger, 'kh-2026');
    expect(before.ballotsDue).toEqual([['A', 'B']]);
    expect(before.groups[0]!.rows.map((r) => r.place)).toEqual([1, 1]);
    await ledger.refuses([t.ballot(['A', 'B'], ['A', 'C'])], 'NZ-12', 'events[0].data.order[1]');
    await ledger.append(t.ballot(['A', 'B'], ['B', 'A']));
    const after = await standingOf(ledger, 'kh-2026');
    expect(after.ballotsDue).toEqual([]);
    expect(after.groups[0]!.rows.map((r) => [r.teamId, r.place])).toEqual([
      ['B', 1],
      ['A', 2],
    ]);
  });
});

describe('STD-VP the club’s published 15-15 table checks the VP recorded', () => {
  const t = teamsFacts('vt-2026');
  // An illustrative table for 24 boards (not the WBF's): 15-15 from 0, 16-14 from 3 … 25-5 from
  // 46; 25-4 from 52 … 25-0 from 76.
  const table = {
    winnerFroms: [0, 3, 7, 11, 15, 20, 25, 30, 35, 40, 46],
    loserFroms: [52, 58, 64, 70, 76],
  };

  it('STD-VP a margin of 20 IMPs over 24 boards is 20-10 by the table: 20-10 is taken, 19-11 refused', async () => {
    const ledger = await club();
    await ledger.append(
      rulebookAmended({ 'teams.vpTables': { '24': table } }, '2026-01-01'),
      t.created({ sessions: 2 }),
      t.team('A'),
      t.team('B'),
    );
    await ledger.refuses(
      [t.match('m1', 1, side('A', 40, 19), side('B', 20, 11))],
      'STD-VP',
      'events[0].data.home.vp',
      /table for 24 boards \(teams.vpTables\) gives 20-10 for 40-20 IMPs, not 19-11/,
    );
    await ledger.append(t.match('m1', 1, side('A', 40, 20), side('B', 20, 10)));
    // A match of another length, with no table, is checked for the scale's shape only.
    await ledger.append(t.match('m2', 2, side('A', 10, 16), side('B', 9, 14), { boards: 20 }));
  });

  it('STD-VP bad input: a table that is not the 15-15 scale’s shape is refused on amendment, naming it', async () => {
    const ledger = await club();
    await ledger.refuses(
      [
        rulebookAmended(
          { 'teams.vpTables': { '24': { winnerFroms: [0, 3, 7], loserFroms: [] } } },
          '2026-01-01',
        ),
      ],
      'RULEBOOK',
      'events[0].data.changes["teams.vpTables"]',
      /teams.vpTables.24.winnerFroms/,
    );
  });
});

describe('STD-IMP a match board by board', () => {
  const t = teamsFacts('bb-2026');
  const boards = (pairs: Array<[number, number]>) =>
    pairs.map(([homeImps, awayImps], i) => ({ board: i + 1, homeImps, awayImps }));
  const entered = () => [t.created({ sessions: 1 }), t.team('A'), t.team('B')];

  it('STD-IMP the boards add up to each side’s IMPs: the match is taken, its boards on the match view with the fact it is read from', async () => {
    const ledger = await club();
    await ledger.append(
      ...entered(),
      t.match('m1', 1, side('A', 12, 18), side('B', 5, 12), {
        boards: 3,
        byBoard: boards([
          [10, 0],
          [0, 5],
          [2, 0],
        ]),
      }),
    );
    const match = (await standingOf(ledger, 'bb-2026')).matches[0]!;
    expect(match.byBoard).toHaveLength(3);
    expect(match.fact).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('STD-IMP bad input: a board won by both sides, a board twice, boards that do not add up; nothing is written', async () => {
    const ledger = await club();
    await ledger.append(...entered());
    const m = (byBoard: unknown) =>
      t.match('m1', 1, side('A', 12, 18), side('B', 5, 12), { boards: 3, byBoard });
    await ledger.refuses(
      [
        m(
          boards([
            [10, 1],
            [0, 4],
            [2, 0],
          ]),
        ),
      ],
      'STD-IMP',
      'events[0].data.byBoard[0].awayImps',
      /won by one side/,
    );
    await ledger.refuses(
      [
        m([
          { board: 1, homeImps: 10, awayImps: 0 },
          { board: 1, homeImps: 0, awayImps: 5 },
          { board: 3, homeImps: 2, awayImps: 0 },
        ]),
      ],
      'STD-IMP',
      'events[0].data.byBoard[1].board',
    );
    await ledger.refuses(
      [
        m(
          boards([
            [10, 0],
            [0, 5],
            [1, 0],
          ]),
        ),
      ],
      'STD-IMP',
      'events[0].data.home.imps',
      /the boards give the home team 11 IMPs, the match 12/,
    );
    await ledger.refuses(
      [
        m(
          boards([
            [12, 0],
            [0, 5],
          ]),
        ),
      ],
      'STD-IMP',
      'events[0].data.byBoard',
      /3 boards, 2 given/,
    );
  });
});

describe('a teams event is created by a registered club whose rulebook runs its format', () => {
  const t = teamsFacts('x-2026');
  it('refuses a format the club’s rulebook does not run, naming what it runs', async () => {
    const ledger = await club();
    await ledger.refuses(
      [t.created({ format: 'dsb-viertallen' })],
      'LEDGER',
      'events[0].data.format',
      /runs nz-club-teams/,
    );
    await ledger.refuses(
      [t.created({ format: 'bowls' })],
      'LEDGER',
      'events[0].data.format',
      /registered: nz-club-teams, dsb-viertallen/,
    );
  });

  it('refuses a fact of an event not created, and a second creation', async () => {
    const ledger = await club();
    await ledger.refuses([t.team('A')], 'LEDGER', 'events[0].data.eventId', /create it first/);
    await ledger.append(t.created());
    await ledger.refuses([t.created()], 'LEDGER', 'events[0].data.eventId', /created already/);
  });

  it('refuses a player in two teams, a captain not of the team, and entries once play started', async () => {
    const ledger = await club();
    await ledger.append(t.created(), t.team('A'));
    await ledger.refuses(
      [t.team('B', { players: ['B-1', 'B-2', 'B-3', 'A-4'] })],
      'NZ-14',
      'events[0].data.players[3]',
      /plays for A/,
    );
    await ledger.refuses([t.team('B', { captain: 'A-1' })], 'NZ-14', 'events[0].data.captain');
    await ledger.append(t.team('B'), t.match('m1', 1, side('A', 1, 15), side('B', 1, 15)));
    await ledger.refuses([t.team('C')], 'NZ-14', 'events[0].data.teamId', /entries close/);
  });
});
