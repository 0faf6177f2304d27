import { GatedLedger } from '../../support/gated-ledger';
import { clubRegistered, proposed, rulebookAdopted } from '../../support/nz-club';
import { collect } from '../../support/events';
import { edHillaryPlayed, teamsFacts, teamsReadModel } from '../../support/teams';
import { teamsStandingOf } from '../../../src/contexts/teams/projection';
import { teamsStandingAt } from '../../../src/contexts/teams/read';

/**
 * NZ-13 on a teams event: a match is corrected by one more fact on the club's
 * `corrections-<clubId>`, judged by the teams decider as the match it replaces was; accepted,
 * its content replaces the match in the standing from then on (a replay to before shows the
 * match as first recorded).
 */
const side = (teamId: string, imps: number, vp: number, more: Record<string, unknown> = {}) => ({
  teamId,
  imps,
  vp,
  ...more,
});
const at = (day: string) => `${day}T20:00:00+12:00`;

async function played() {
  const { ledger, match } = await edHillaryPlayed();
  return { ledger, matchId: match.id, data: match.data as Record<string, unknown> };
}

const notified = (
  target: string,
  corrected: Record<string, unknown>,
  correctionId = 'c1',
  clubId = 'karori',
) =>
  proposed(
    `corrections-${clubId}`,
    'CorrectionNotified',
    {
      clubId,
      correctionId,
      target: { eventId: target, streamId: 'teams-eh-2026', type: 'TeamsMatchRecorded' },
      corrected,
      notifiedBy: 'the director',
      reason: 'S1 was not a club member that night',
    },
    at('2026-03-05'),
  );
const accepted = (correctionId = 'c1') =>
  proposed(
    'corrections-karori',
    'CorrectionAccepted',
    { clubId: 'karori', correctionId, by: 'the director' },
    at('2026-03-06'),
  );

describe('NZ-13 NZ-15: a teams match corrected after the event', () => {
  it('NZ-15 a substitute found not to be a club member: the accepted correction costs the team 2 VP and gives the opponents 1; before the acceptance the match stands as recorded', async () => {
    const { ledger, matchId, data } = await played();
    const home = data.home as Record<string, unknown>;
    const corrected = {
      ...data,
      home: {
        ...home,
        substitutes: [{ player: 'S1', partner: 'A-3', clubMember: false, tuesdayPlayer: false }],
      },
    };
    await ledger.append(notified(matchId, corrected));
    const before = await ledger.store.headPosition();
    expect(
      teamsStandingOf(await teamsReadModel(ledger), 'eh-2026').groups[0]!.rows.map((r) => [
        r.teamId,
        r.vp,
      ]),
    ).toEqual([
      ['A', 17],
      ['B', 13],
    ]);
    await ledger.append(accepted());
    const after = teamsStandingOf(await teamsReadModel(ledger), 'eh-2026');
    expect(after.groups[0]!.rows.map((r) => [r.teamId, r.vp])).toEqual([
      ['A', 15],
      ['B', 14],
    ]);
    expect(after.matches[0]!.because.join(' ')).toMatch(/NZ-13: read from correction c1, accepted/);
    const then = await teamsStandingAt(ledger.store, 'eh-2026', { atPosition: before });
    expect(then.groups[0]!.rows.map((r) => r.vp)).toEqual([17, 13]);
    const now = await teamsStandingAt(ledger.store, 'eh-2026');
    expect(now.groups[0]!.rows.map((r) => r.vp)).toEqual([15, 14]);
  });

  it('NZ-14 a correction the teams decider would refuse as the match (a fifth player) is refused at data.corrected; nothing is written', async () => {
    const { ledger, matchId, data } = await played();
    const home = data.home as Record<string, unknown>;
    await ledger.refuses(
      [
        notified(matchId, {
          ...data,
          home: { ...home, players: ['A-1', 'A-2', 'A-3', 'S1', 'A-4'] },
        }),
      ],
      'NZ-14',
      'events[0].data.corrected.home.players[4]',
      /corrected would be refused as the TeamsMatchRecorded it replaces/,
    );
  });

  it('LEDGER a correction that changes the match’s id, or of another club’s event, is refused', async () => {
    const { ledger, matchId, data } = await played();
    await ledger.refuses(
      [notified(matchId, { ...data, matchId: 'm9' })],
      'LEDGER',
      'events[0].data.corrected.matchId',
    );
    await ledger.append(
      proposed('club-tawa', 'ClubRegistered', {
        clubId: 'tawa',
        name: 'Tawa',
        timeZone: 'Pacific/Auckland',
      }),
    );
    await ledger.refuses(
      [notified(matchId, { ...data, boards: 20 }, 'c2', 'tawa')],
      'LEDGER',
      'events[0].data.target.eventId',
      /not a fact of club tawa/,
    );
  });
});

describe('LEDGER a correction judged with the matches after it', () => {
  it('a match corrected to two teams who play another match of that round later is refused; nothing is written', async () => {
    const ledger = new GatedLedger();
    const t = teamsFacts('kh-2026');
    await ledger.append(
      clubRegistered(),
      rulebookAdopted(),
      t.created({ sessions: 2 }),
      t.team('A'),
      t.team('B'),
      t.team('C'),
      t.team('D'),
      t.match('m1', 1, side('A', 20, 15), side('B', 20, 15)),
      t.match('m2', 1, side('C', 20, 15), side('D', 20, 15)),
    );
    const first = (await collect(ledger.store.readAll())).find(
      (e) => e.type === 'TeamsMatchRecorded',
    )!;
    const data = first.data as Record<string, unknown>;
    await ledger.refuses(
      [
        proposed(
          'corrections-karori',
          'CorrectionNotified',
          {
            clubId: 'karori',
            correctionId: 'c9',
            target: { eventId: first.id, streamId: 'teams-kh-2026', type: 'TeamsMatchRecorded' },
            corrected: { ...data, eventId: 'kh-2026', away: side('C', 20, 15) },
            notifiedBy: 'the director',
          },
          at('2026-03-05'),
        ),
      ],
      'LEDGER',
      'events[0].data.corrected.round',
      /C would play two matches in round 1 \(m1 and m2\)/,
    );
  });
});
