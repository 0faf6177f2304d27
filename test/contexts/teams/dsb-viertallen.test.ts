import { GatedLedger } from '../../support/gated-ledger';
import { clubRegistered, rulebookAdopted, rulebookAmended } from '../../support/nz-club';
import { teamsFacts, teamsReadModel } from '../../support/teams';
import { swissProposalOf, teamsStandingOf } from '../../../src/contexts/teams/projection';
import { wbf2013Scale } from '../../../src/scoring/vp';

/**
 * DSB-15, DSB-16: the viertallen of a club under the DSB rulebook: four sessions of teams of
 * four, in fixed groups (each a round robin) or Swiss (round 1 drawn, each later round paired
 * from the standings), IMPs to WP on the WBF 2013 continuous scale for the match's length.
 */
const side = (teamId: string, imps: number) => ({ teamId, imps });

async function dsbClub(overrides: Record<string, unknown> = {}): Promise<GatedLedger> {
  const ledger = new GatedLedger();
  await ledger.append(clubRegistered(), rulebookAdopted('dsb-groenlo-2014', overrides));
  return ledger;
}

const ev = teamsFacts('vt-2026');
const created = () =>
  ev.created({ name: 'Viertallen 2026', format: 'dsb-viertallen', startsOn: '2026-03-03' });
const at = (round: number) => ({
  playedOn: `2026-03-${String(2 + round).padStart(2, '0')}`,
  boards: 8,
});

describe('DSB-15: viertallen in fixed groups, each a round robin', () => {
  it('DSB-16: each group ranked on its own by WP on the WBF 2013 scale for 8 boards', async () => {
    const ledger = await dsbClub();
    await ledger.append(
      created(),
      ev.team('A', { group: 'X' }),
      ev.team('B', { group: 'X' }),
      ev.team('C', { group: 'Y' }),
      ev.team('D', { group: 'Y' }),
      ev.match('m1', 1, side('A', 30), side('B', 10), at(1)),
      ev.match('m2', 1, side('C', 12), side('D', 12), at(1)),
    );
    const standing = teamsStandingOf(await teamsReadModel(ledger), 'vt-2026');
    const vp = wbf2013Scale(8).vp(20);
    expect(
      standing.groups.map((g) => [g.group, g.rows.map((r) => [r.teamId, r.place, r.vp])]),
    ).toEqual([
      [
        'X',
        [
          ['A', 1, vp.own],
          ['B', 2, vp.opponents],
        ],
      ],
      [
        'Y',
        [
          ['C', 1, 10],
          ['D', 1, 10],
        ],
      ],
    ]);
    expect(standing.matches[0]!.because[0]).toMatch(/DSB-16: 30-10 IMPs over 8 boards/);
  });

  it('DSB-15 refuses a match across groups, a repeat in a round robin, and a team without its group', async () => {
    const ledger = await dsbClub();
    await ledger.append(
      created(),
      ev.team('A', { group: 'X' }),
      ev.team('B', { group: 'X' }),
      ev.team('C', { group: 'Y' }),
    );
    await ledger.refuses([ev.team('D')], 'DSB-15', 'events[0].data.group', /fixed groups/);
    await ledger.refuses(
      [ev.match('m1', 1, side('A', 30), side('C', 10), at(1))],
      'DSB-15',
      'events[0].data.away.teamId',
      /not in A's group X/,
    );
    await ledger.append(ev.match('m1', 1, side('A', 30), side('B', 10), at(1)));
    await ledger.refuses(
      [ev.match('m2', 2, side('B', 30), side('A', 10), at(2))],
      'DSB-15',
      'events[0].data.away.teamId',
      /have met already/,
    );
  });

  it('DSB-16 refuses WP that are not the scale’s, and a round past the sessions', async () => {
    const ledger = await dsbClub();
    await ledger.append(created(), ev.team('A', { group: 'X' }), ev.team('B', { group: 'X' }));
    await ledger.refuses(
      [ev.match('m1', 1, { teamId: 'A', imps: 30, vp: 15 }, side('B', 10), at(1))],
      'DSB-16',
      'events[0].data.home.vp',
      /WBF 2013/,
    );
    await ledger.refuses(
      [ev.match('m1', 5, side('A', 30), side('B', 10), at(1))],
      'DSB-15',
      'events[0].data.round',
      /has 4 sessions, not 5/,
    );
  });
});

describe('DSB-15: viertallen played Swiss', () => {
  const swiss = () => dsbClub({ 'teams.format': 'swiss' });
  const five = () => [created(), ...['A', 'B', 'C', 'D', 'E'].map((t) => ev.team(t))];
  const round1 = () => [
    ev.paired(
      1,
      [
        ['A', 'B'],
        ['C', 'D'],
      ],
      'E',
    ),
    ev.match('r1a', 1, side('A', 40), side('B', 0), at(1)),
    ev.match('r1b', 1, side('C', 25), side('D', 20), at(1)),
  ];

  it('DSB-15: round 2 is proposed from the standings after round 1: no repeats, leaders first, the bye to the lowest without one', async () => {
    const ledger = await swiss();
    await ledger.append(...five(), ...round1());
    const view = swissProposalOf(await teamsReadModel(ledger), 'vt-2026', 2);
    // After round 1: A (won by 40), C (won by 5: above the bye's 12 WP), E (the bye), D, B.
    expect(view.proposal.standings).toEqual(['A', 'C', 'E', 'D', 'B']);
    expect(view.proposal.bye).toBe('B');
    expect(view.proposal.repeats).toBe(0);
    expect(view.proposal.tables.map((t) => [t.home, t.away])).toEqual([
      ['A', 'C'],
      ['E', 'D'],
    ]);
  });

  it('DSB-15 refuses a pairing with a repeat while one without exists, and a second bye', async () => {
    const ledger = await swiss();
    await ledger.append(...five(), ...round1());
    await ledger.refuses(
      [
        ev.paired(
          2,
          [
            ['A', 'B'],
            ['C', 'E'],
          ],
          'D',
        ),
      ],
      'DSB-15',
      'events[0].data.tables[0]',
      /A and B have met/,
    );
    await ledger.refuses(
      [
        ev.paired(
          2,
          [
            ['A', 'B'],
            ['C', 'D'],
          ],
          'E',
        ),
      ],
      'DSB-15',
      'events[0].data.bye',
      /had a bye/,
    );
    await ledger.refuses(
      [
        ev.paired(2, [
          ['A', 'E'],
          ['C', 'B'],
        ]),
      ],
      'DSB-15',
      'events[0].data.tables',
      /D not paired/,
    );
  });

  it('DSB-15: the recorded pairing is what counts: a match not on it, or before it, is refused', async () => {
    const ledger = await swiss();
    await ledger.append(...five());
    await ledger.refuses(
      [ev.match('r1a', 1, side('A', 40), side('B', 0), at(1))],
      'DSB-15',
      'events[0].data.round',
      /not paired yet/,
    );
    await ledger.append(...round1());
    const proposal = swissProposalOf(await teamsReadModel(ledger), 'vt-2026', 2).proposal;
    await ledger.append(
      ev.paired(
        2,
        proposal.tables.map((t) => [t.home, t.away]),
        proposal.bye,
      ),
    );
    const [t1] = proposal.tables;
    const stranger = ['A', 'B', 'C', 'D', 'E'].find(
      (x) => x !== t1!.home && x !== t1!.away && x !== proposal.bye,
    )!;
    await ledger.refuses(
      [ev.match('r2x', 2, side(t1!.home, 10), side(stranger, 10), at(2))],
      'DSB-15',
      'events[0].data.away.teamId',
      /not paired in round 2/,
    );
  });

  it('DSB-15: round 2 cannot be paired before round 1’s matches are recorded; round 1 is drawn, not proposed', async () => {
    const ledger = await swiss();
    await ledger.append(
      ...five(),
      ev.paired(
        1,
        [
          ['A', 'B'],
          ['C', 'D'],
        ],
        'E',
      ),
    );
    await ledger.refuses(
      [
        ev.paired(
          2,
          [
            ['A', 'C'],
            ['B', 'E'],
          ],
          'D',
        ),
      ],
      'DSB-15',
      'events[0].data.round',
      /A v B is not recorded yet/,
    );
    expect(() => swissProposalOf({ events: {}, rulebooks: {} }, 'vt-2026', 2)).toThrow(
      /no teams event vt-2026/,
    );
  });

  it('DSB-16: the bye scores the rulebook’s byeVp in the one ranking', async () => {
    const ledger = await swiss();
    await ledger.append(...five(), ...round1());
    const rows = teamsStandingOf(await teamsReadModel(ledger), 'vt-2026').groups;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.rows.find((r) => r.teamId === 'E')).toMatchObject({
      vp: 12,
      byes: 1,
      played: 0,
    });
  });
});

describe('DSB-15 DSB-10.1: substitutes in a team as in the pairs', () => {
  const sub = (player: string, partner: string) => ({
    player,
    partner,
    clubMember: true,
    tuesdayPlayer: false,
  });
  it('DSB-10.1 one substitute beside a member of the pair is taken; two substitutes partnering each other are refused', async () => {
    const ledger = await dsbClub();
    await ledger.append(created(), ev.team('A', { group: 'X' }), ev.team('B', { group: 'X' }));
    await ledger.refuses(
      [
        ev.match(
          'm1',
          1,
          {
            teamId: 'A',
            imps: 30,
            players: ['A-1', 'A-2', 'S1', 'S2'],
            substitutes: [sub('S1', 'S2'), sub('S2', 'S1')],
          },
          side('B', 10),
          at(1),
        ),
      ],
      'DSB-10.1',
      'events[0].data.home.substitutes[0].partner',
      /only one member of a pair may be replaced/,
    );
    await ledger.append(
      ev.match(
        'm1',
        1,
        {
          teamId: 'A',
          imps: 30,
          players: ['A-1', 'A-2', 'A-3', 'S1'],
          substitutes: [sub('S1', 'A-3')],
        },
        side('B', 10),
        at(1),
      ),
    );
  });
});

describe('DSB-15: an event is played as its rulebook said when it was created', () => {
  it('an amendment to Swiss play, or to fewer sessions, after the event began leaves it in its groups and every round recorded counted', async () => {
    const ledger = await dsbClub();
    await ledger.append(
      created(),
      ev.team('A', { group: 'X' }),
      ev.team('B', { group: 'X' }),
      ev.team('C', { group: 'X' }),
      ev.team('D', { group: 'X' }),
      ev.team('E', { group: 'X' }),
      ev.match('m1', 1, side('A', 30), side('B', 10), at(1)),
      ev.match('m2', 3, side('C', 30), side('D', 10), at(3)),
      rulebookAmended({ 'teams.format': 'swiss', 'teams.sessions': 2 }, '2026-03-04'),
    );
    const standing = teamsStandingOf(await teamsReadModel(ledger), 'vt-2026');
    expect(standing.groups.map((g) => g.group)).toEqual(['X']);
    expect(standing.matches).toHaveLength(2);
    // A later match of the event is judged as a group's round robin still, its round by the
    // sessions in force on its day (2 now).
    await ledger.append(ev.match('m3', 2, side('A', 20), side('C', 20), at(2)));
    await ledger.refuses(
      [ev.match('m4', 3, side('B', 20), side('E', 20), at(3))],
      'DSB-15',
      'events[0].data.round',
      /play 2 sessions/,
    );
  });
});
