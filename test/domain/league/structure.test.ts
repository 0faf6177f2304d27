import { GatedLedger } from '../../support/gated-ledger';
import { documentedStreamOf } from '../../../src/contexts/streams';
import { deciderOf } from '../../../src/contexts/deciders';
import { presetIds } from '../../../src/rulebooks/presets';
import {
  accepts,
  clubFacts,
  division,
  entered,
  fact,
  fixture,
  LEAGUE,
  league,
  leagueRegistered,
  placed,
  STRUCTURE,
} from './support';

describe('the league context places its facts in league-<leagueId>', () => {
  it('the league decider owns league-<id>; documentedStreamOf places every league fact by its leagueId', () => {
    expect(deciderOf('league-lcba-2009')?.name).toBe('league');
    expect(deciderOf('league-')).toBeUndefined();
    for (const type of ['LeagueRegistered', 'MatchResultRecorded', 'LeagueBallotDrawn']) {
      expect(documentedStreamOf(type, { leagueId: 'lcba-2009' })).toMatchObject({
        streamId: 'league-lcba-2009',
        kind: 'league',
        elsewhere: 'unread',
      });
    }
  });

  it('the preset lcba-league-2009 is registered: a club adopts it', async () => {
    expect(presetIds()).toContain('lcba-league-2009');
    await accepts(new GatedLedger(), ...clubFacts());
  });

  it('LEDGER: a league fact on the club’s stream, or a club’s fact on the league’s, is refused naming streamId', async () => {
    const ledger = new GatedLedger();
    await ledger.append(...clubFacts(), leagueRegistered());
    await ledger.refuses([{ ...division(1), streamId: 'club-lcba' }], 'LEDGER', 'streamId');
    await ledger.refuses(
      [
        {
          ...fact(
            'RulebookAmended',
            { clubId: 'lcba', changes: {}, effectiveFrom: '2009-08-01' },
            'club-lcba',
          ),
          streamId: LEAGUE,
        },
      ],
      'LEDGER',
      'streamId',
    );
  });

  it('a league fact naming another league is refused on this stream (LEDGER, data.leagueId)', async () => {
    const ledger = new GatedLedger();
    await ledger.append(...clubFacts());
    const other = leagueRegistered({ leagueId: 'other' });
    await ledger.refuses([other], 'LEDGER', 'events[0].data.leagueId');
  });
});

describe('LeagueRegistered, the league under its organising club’s rulebook', () => {
  it('accepted when the club’s rulebook in force on seasonStart is lcba-league-2009', async () => {
    const ledger = new GatedLedger();
    await ledger.append(...clubFacts());
    await accepts(ledger, leagueRegistered());
  });

  it('the service’s path (the club index read from the projection runner) registers it too', async () => {
    const ledger = new GatedLedger({ club: 'live' });
    await ledger.append(...clubFacts());
    // Registered, divisions 1–5, seven teams entered and placed.
    await accepts(ledger, ...STRUCTURE.slice(0, 20));
    await ledger.refuses([placed('oxford-a', 3)], 'LCBA-2.2', 'events[0].data.teamId');
    ledger.runner?.stop();
  });

  it('RULEBOOK: refused when the club has no rulebook scoring lcba-league (nz-club), naming data.clubId', async () => {
    const ledger = new GatedLedger();
    await ledger.append(...clubFacts('nz-club'));
    await ledger.refuses([leagueRegistered()], 'RULEBOOK', 'events[0].data.clubId', /lcba-league/);
  });

  it('RULEBOOK: refused when the rulebook is adopted only after seasonStart', async () => {
    const ledger = new GatedLedger();
    await ledger.append(...clubFacts());
    await ledger.refuses(
      [leagueRegistered({ seasonStart: '2009-06-30' })],
      'RULEBOOK',
      'events[0].data.clubId',
    );
  });

  it('LEDGER: a club not registered, a season ending before it starts, a second registration', async () => {
    const ledger = new GatedLedger();
    await ledger.refuses([leagueRegistered()], 'LEDGER', 'events[0].data.clubId');
    await ledger.append(...clubFacts());
    await ledger.refuses(
      [leagueRegistered({ seasonEnd: '2009-06-01' })],
      'LEDGER',
      'events[0].data.seasonEnd',
    );
    await ledger.append(leagueRegistered());
    await ledger.refuses([leagueRegistered()], 'LEDGER', 'events[0].data.leagueId');
  });

  it('LEDGER: any other league fact before the league is registered', async () => {
    const ledger = new GatedLedger();
    await ledger.append(...clubFacts());
    await ledger.refuses([division(1)], 'LEDGER', 'events[0].data.leagueId', /not registered/);
  });
});

describe('LCBA-2.2 divisions in one hierarchy, a team in one division; LCBA-2.4 no amendment after publication', () => {
  it('LCBA-2.2: division 2 after division 1; division 3 with no division 2 is refused', async () => {
    const ledger = new GatedLedger();
    await ledger.append(...clubFacts(), leagueRegistered());
    await ledger.refuses([division(2)], 'LCBA-2.2', 'events[0].data.division', /one hierarchy/);
    await accepts(ledger, division(1), division(2));
    await ledger.refuses([division(2)], 'LEDGER', 'events[0].data.division');
  });

  it('LCBA-2.2: a team placed in a second division is refused naming the team', async () => {
    const ledger = await league();
    await ledger.refuses(
      [placed('oxford-a', 3)],
      'LCBA-2.2',
      'events[0].data.teamId',
      /division 4 already/,
    );
  });

  it('LEDGER: a team not entered, a division not formed, a club’s letter entered twice', async () => {
    const ledger = await league();
    await ledger.refuses([placed('nobody', 3)], 'LEDGER', 'events[0].data.teamId');
    await ledger.append(entered('oxford-c', 'oxford', 'C'));
    await ledger.refuses([placed('oxford-c', 6)], 'LEDGER', 'events[0].data.division');
    await ledger.refuses([entered('oxford-a2', 'oxford', 'A')], 'LEDGER', 'events[0].data.letter');
  });

  it('LCBA-2.4: published once; no division formed nor team placed after it', async () => {
    const ledger = await league();
    await ledger.append(entered('oxford-c', 'oxford', 'C'));
    const published = fact('LeagueStructurePublished', {
      publishedAt: '2009-08-05T10:00:00+01:00',
      by: 'League Secretary',
    });
    await accepts(ledger, published);
    await ledger.refuses([placed('oxford-c', 5)], 'LCBA-2.4', 'events[0].data.teamId');
    await ledger.refuses([division(6)], 'LCBA-2.4', 'events[0].data.division');
    await ledger.refuses(
      [fact('LeagueStructurePublished', { publishedAt: '2009-08-06T10:00:00+01:00', by: 'LS' })],
      'LCBA-2.4',
      'events[0].data.publishedAt',
    );
  });
});

describe('LCBA-2.1 late entry: a fine of up to 3 VP the secretary records', () => {
  const fine = (teamId: string, vp: number) =>
    fact('LateEntryFined', { teamId, vp, finedOn: '2009-08-10', by: 'League Secretary' });

  it('a team entered on 1 August (after the 31 July deadline) is fined 3 VP, the maximum', async () => {
    const ledger = await league();
    await ledger.append(entered('late-a', 'late', 'A', '2009-08-01'));
    await accepts(ledger, fine('late-a', 3));
    await ledger.refuses([fine('late-a', 1)], 'LEDGER', 'events[0].data.teamId', /fined already/);
  });

  it('a fine of 3.5 VP, one step above the maximum, is refused naming data.vp', async () => {
    const ledger = await league();
    await ledger.append(entered('late-a', 'late', 'A', '2009-08-01'));
    await ledger.refuses([fine('late-a', 3.5)], 'LCBA-2.1', 'events[0].data.vp', /up to 3 VP/);
  });

  it('a team entered on the deadline day (31 July) is not late: no fine', async () => {
    const ledger = await league();
    await ledger.append(entered('ontime-a', 'ontime', 'A', '2009-07-31'));
    await ledger.refuses(
      [fine('ontime-a', 1)],
      'LCBA-2.1',
      'events[0].data.teamId',
      /not a late entry/,
    );
  });

  it('bad input: a fine of 0 or a third of a VP is refused by the schema', async () => {
    const ledger = await league();
    await expect(ledger.append(fine('oxford-a', 0))).rejects.toThrow(/vp/);
    await expect(ledger.append(fine('oxford-a', 1.25))).rejects.toThrow(/vp/);
  });
});

describe('LCBA-2.2 fixtures between teams of one division, home and away; LCBA-A RR3', () => {
  it('accepts rounds 1 and 2 home and away between teams of division 4', async () => {
    const ledger = await league();
    await accepts(
      ledger,
      fixture('f1', 'oxford-a', 'cam-a', '2009-09-16', 1),
      fixture('f2', 'cam-a', 'oxford-a', '2009-12-02', 2),
    );
  });

  it('LCBA-2.2: a fixture between teams of different divisions is refused naming data.away', async () => {
    const ledger = await league();
    await ledger.refuses(
      [fixture('f1', 'oxford-a', 'oxford-b', '2009-09-16')],
      'LCBA-2.2',
      'events[0].data.away',
      /one division/,
    );
  });

  it('LCBA-2.2: the same home team twice against one opponent, or a pair twice in one round, is refused', async () => {
    const ledger = await league();
    await ledger.append(fixture('f1', 'oxford-a', 'cam-a', '2009-09-16', 1));
    await ledger.refuses(
      [fixture('f2', 'oxford-a', 'cam-a', '2009-12-02', 2)],
      'LCBA-2.2',
      'events[0].data.home',
    );
    await ledger.refuses(
      [fixture('f3', 'cam-a', 'oxford-a', '2009-12-02', 1)],
      'LCBA-2.2',
      'events[0].data.round',
    );
  });

  it('LEDGER: a team against itself, a team not placed, a fixture id twice', async () => {
    const ledger = await league();
    await ledger.refuses(
      [fixture('f1', 'oxford-a', 'oxford-a', '2009-09-16')],
      'LEDGER',
      'events[0].data.away',
    );
    await ledger.refuses(
      [fixture('f1', 'nobody', 'oxford-a', '2009-09-16')],
      'LEDGER',
      'events[0].data.home',
    );
    await ledger.append(fixture('f1', 'oxford-a', 'cam-a', '2009-09-16'));
    await ledger.refuses(
      [fixture('f1', 'reading-a', 'cam-a', '2009-09-16')],
      'LEDGER',
      'events[0].data.fixtureId',
    );
  });

  const elect = (teamId: string, informedOn: string, elects = true) =>
    fact('Rr3ElectionMade', { teamId, elects, informedOn });

  it('LCBA-A2: an election on the deadline day (28 August 2009) is in time; RR3 between two electors is scheduled', async () => {
    const ledger = await league();
    await accepts(ledger, elect('oxford-a', '2009-08-28'), elect('cam-a', '2009-08-01'));
    await accepts(ledger, fixture('r3', 'oxford-a', 'cam-a', '2010-01-06', 3));
    await ledger.refuses(
      [fixture('r3b', 'cam-a', 'oxford-a', '2010-01-13', 3)],
      'LCBA-A4',
      'events[0].data.away',
      /once in RR3/,
    );
  });

  it('LCBA-A2: an election the day after the deadline (29 August) is refused naming LCBA-A2', async () => {
    const ledger = await league();
    await ledger.refuses(
      [elect('oxford-a', '2009-08-29')],
      'LCBA-A2',
      'events[0].data.informedOn',
      /does not play RR3/,
    );
  });

  it('LCBA-A2 reads the rulebook in force: an amendment moving the deadline to 4 September takes the 29 August election', async () => {
    const ledger = await league();
    await ledger.append(
      fact(
        'RulebookAmended',
        {
          clubId: 'lcba',
          changes: { 'rr3.electionDeadline': '2009-09-04' },
          effectiveFrom: '2009-08-01',
        },
        'club-lcba',
      ),
    );
    await accepts(ledger, elect('oxford-a', '2009-08-29'));
    await ledger.refuses([elect('cam-a', '2009-09-05')], 'LCBA-A2', 'events[0].data.informedOn');
  });

  it('LCBA-A1: an election by a team of division 1 (no RR3) is refused; so is an RR3 fixture there', async () => {
    const ledger = await league();
    await ledger.refuses([elect('kent-a', '2009-08-01')], 'LCBA-A1', 'events[0].data.teamId');
    await ledger.append(entered('kent-b', 'kent', 'B'));
    // Placed in division 1 too: a round-3 fixture there is not of a division with RR3.
    await ledger.append(placed('kent-b', 1));
    await ledger.refuses(
      [fixture('k3', 'kent-a', 'kent-b', '2010-01-06', 3)],
      'LCBA-A1',
      'events[0].data.round',
    );
  });

  it('LCBA-A4: a real RR3 fixture with a team that did not elect (or elected not to) is refused', async () => {
    const ledger = await league();
    await ledger.append(elect('oxford-a', '2009-08-01'), elect('cam-a', '2009-08-01', false));
    await ledger.refuses(
      [fixture('r3', 'oxford-a', 'cam-a', '2010-01-06', 3)],
      'LCBA-A4',
      'events[0].data.away',
    );
    await ledger.refuses(
      [fixture('r3', 'reading-a', 'oxford-a', '2010-01-06', 3)],
      'LCBA-A4',
      'events[0].data.home',
    );
  });
});

describe('LCBA-3.1.1(e) a ballot drawn among tied teams of a division', () => {
  const ballot = (teams: string[], order: string[], div = 5) =>
    fact('LeagueBallotDrawn', { division: div, teams, order });

  it('is recorded once for the same teams (replays read it)', async () => {
    const ledger = await league();
    await accepts(ledger, ballot(['oxford-b', 'cam-b', 'bath-a'], ['cam-b', 'bath-a', 'oxford-b']));
    await ledger.refuses(
      [ballot(['bath-a', 'cam-b', 'oxford-b'], ['oxford-b', 'bath-a', 'cam-b'])],
      'LEDGER',
      'events[0].data.teams',
    );
  });

  it('an order naming a team the ballot does not name is refused naming LCBA-3.1.1 and the order’s place', async () => {
    const ledger = await league();
    await ledger.refuses(
      [ballot(['oxford-b', 'cam-b'], ['oxford-b', 'bath-a'])],
      'LCBA-3.1.1',
      'events[0].data.order[1]',
    );
    await ledger.refuses(
      [ballot(['oxford-b', 'cam-b'], ['oxford-b', 'oxford-b'])],
      'LCBA-3.1.1',
      'events[0].data.order',
    );
  });

  it('a team of another division is refused naming LCBA-3.1.1', async () => {
    const ledger = await league();
    await ledger.refuses(
      [ballot(['oxford-b', 'oxford-a'], ['oxford-a', 'oxford-b'])],
      'LCBA-3.1.1',
      'events[0].data.teams[1]',
    );
  });
});

it('the whole structure appends in one go (a sanity check of the support facts)', async () => {
  const ledger = new GatedLedger();
  await accepts(ledger, ...clubFacts(), ...STRUCTURE);
  expect((await ledger.streamOf(LEAGUE)).length).toBe(STRUCTURE.length);
});
