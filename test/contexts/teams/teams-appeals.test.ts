import { GatedLedger } from '../../support/gated-ledger';
import { clubRegistered, proposed, rulebookAdopted } from '../../support/nz-club';
import { collect } from '../../support/events';
import { edHillaryPlayed, teamsFacts, teamsReadModel } from '../../support/teams';
import { teamsStandingOf } from '../../../src/contexts/teams/projection';
import { teamsStandingAt } from '../../../src/contexts/teams/read';
import type { RecordedEvent } from '../../../src/kernel/envelope';
import { correctionLog, correctionLogOf } from '../../../src/contexts/corrections/projection';
import { fold } from '../../../src/kernel/projection';

/**
 * A director's ruling on a teams match and the appeal against it, on the club's
 * `corrections-<clubId>` as a session's: the ruling names the match fact, its match id and its
 * day; an upheld appeal gives the match as decided (`corrected`), judged by the teams decider as
 * the match it replaces, and the standing reads it from the decision on. The deadline is the
 * club's rulebook's (DSB-20.3 for a viertallen; the NZ rulebook sets none).
 */
const at = (day: string, time = '21:00') => `${day}T${time}:00+13:00`;
const CORRECTIONS = 'corrections-karori';

const played = edHillaryPlayed;

const ruling = (
  match: RecordedEvent,
  more: Record<string, unknown> = {},
  matchMore: Record<string, unknown> = {},
) =>
  proposed(
    CORRECTIONS,
    'RulingGiven',
    {
      clubId: 'karori',
      rulingId: 'r1',
      director: 'dora',
      match: {
        eventId: match.id,
        streamId: match.streamId,
        fixtureId: 'm1',
        playedOn: '2026-03-03',
        ...matchMore,
      },
      decision: 'NZ-15: S1 played as a club member; the result stands',
      ...more,
    },
    at('2026-03-03', '22:30'),
  );
const lodged = (receivedAt = at('2026-03-04', '10:00')) =>
  proposed(
    CORRECTIONS,
    'AppealLodged',
    { clubId: 'karori', appealId: 'a1', against: { rulingId: 'r1' }, by: 'B', receivedAt },
    receivedAt,
  );
const decided = (more: Record<string, unknown>, decidedAt = at('2026-03-06', '12:00')) =>
  proposed(
    CORRECTIONS,
    'AppealDecided',
    { clubId: 'karori', appealId: 'a1', outcome: 'upheld', by: 'committee', decidedAt, ...more },
    decidedAt,
  );

/** The match as the appeal decides it: S1 was not a club member (NZ-15). */
const notAMember = (match: RecordedEvent) => {
  const data = match.data as Record<string, unknown>;
  const home = data.home as Record<string, unknown>;
  return {
    ...data,
    home: {
      ...home,
      substitutes: [{ player: 'S1', partner: 'A-3', clubMember: false, tuesdayPlayer: false }],
    },
  };
};

const vps = async (ledger: GatedLedger) =>
  teamsStandingOf(await teamsReadModel(ledger), 'eh-2026').groups[0]!.rows.map((r) => [
    r.teamId,
    r.vp,
  ]);

describe('NZ-15 an appeal against a director’s ruling on a teams match', () => {
  it('upheld: the match as the appeal decides it (S1 not a club member: −2 VP to A, +1 to B) stands from the decision on; before it, the match as ruled', async () => {
    const { ledger, match } = await played();
    await ledger.append(ruling(match), lodged());
    const before = await ledger.store.headPosition();
    expect(await vps(ledger)).toEqual([
      ['A', 17],
      ['B', 13],
    ]);
    await ledger.append(decided({ corrected: notAMember(match) }));
    expect(await vps(ledger)).toEqual([
      ['A', 15],
      ['B', 14],
    ]);
    const standing = teamsStandingOf(await teamsReadModel(ledger), 'eh-2026');
    expect(standing.matches[0]!.because.join(' ')).toContain(
      `read from appeal a1, upheld (against ruling r1) (the match as first recorded: event ${match.id})`,
    );
    const then = await teamsStandingAt(ledger.store, 'eh-2026', { atPosition: before });
    expect(then.groups[0]!.rows.map((r) => r.vp)).toEqual([17, 13]);
  });

  it('dismissed: the match stands as recorded; a dismissed appeal that gives a corrected match is refused', async () => {
    const { ledger, match } = await played();
    await ledger.append(ruling(match), lodged());
    const head = await ledger.store.headPosition();
    await expect(
      ledger.append(decided({ outcome: 'dismissed', corrected: notAMember(match) })),
    ).rejects.toThrow(/data\.corrected: is not part of a dismissed appeal/);
    expect(await ledger.store.headPosition()).toBe(head);
    await ledger.append(decided({ outcome: 'dismissed' }));
    expect(await vps(ledger)).toEqual([
      ['A', 17],
      ['B', 13],
    ]);
  });

  it('NZ-14 bad input: an upheld appeal whose corrected match the teams decider refuses (a fifth player) is refused at data.corrected; nothing is written', async () => {
    const { ledger, match } = await played();
    await ledger.append(ruling(match), lodged());
    const data = match.data as Record<string, unknown>;
    const home = data.home as Record<string, unknown>;
    await ledger.refuses(
      [
        decided({
          corrected: { ...data, home: { ...home, players: ['A-1', 'A-2', 'A-3', 'S1', 'A-4'] } },
        }),
      ],
      'NZ-14',
      'events[0].data.corrected.home.players[4]',
      /corrected would be refused as the TeamsMatchRecorded it replaces/,
    );
    await ledger.refuses(
      [decided({ corrected: { ...notAMember(match), matchId: 'm9' } })],
      'LEDGER',
      'events[0].data.corrected.matchId',
      /matchId identifies the TeamsMatchRecorded/,
    );
    await ledger.refuses(
      [
        decided({
          adjusted: {
            sessionStreamId: 'session-karori-none',
            board: 7,
            nsPair: '1',
            ewPair: '2',
            kind: 'assigned',
            nsScore: 420,
            reason: 'appeal upheld',
          },
        }),
      ],
      'LEDGER',
      'events[0].data.adjusted',
      /against a ruling on match m1/,
    );
    expect(await vps(ledger)).toEqual([
      ['A', 17],
      ['B', 13],
    ]);
  });

  it('a ruling, its appeal and the upheld decision in one batch: the match is read from the decision', async () => {
    const { ledger, match } = await played();
    await ledger.append(ruling(match), lodged(), decided({ corrected: notAMember(match) }));
    expect(await vps(ledger)).toEqual([
      ['A', 15],
      ['B', 14],
    ]);
  });
});

describe('LEDGER a ruling on a teams match names that match as the ledger holds it', () => {
  it('refuses a wrong match id, a wrong day, a wrong stream, a fact that is no match, and a session’s fields beside the match', async () => {
    const { ledger, match } = await played();
    await ledger.refuses(
      [ruling(match, {}, { fixtureId: 'm2' })],
      'LEDGER',
      'events[0].data.match.fixtureId',
      /is match "m1", not m2/,
    );
    await ledger.refuses(
      [ruling(match, {}, { playedOn: '2026-03-10' })],
      'LEDGER',
      'events[0].data.match.playedOn',
      /an appeal's deadline counts from then/,
    );
    await ledger.refuses(
      [ruling(match, {}, { streamId: 'teams-other' })],
      'LEDGER',
      'events[0].data.match.streamId',
    );
    await ledger.refuses(
      [ruling(match, { sessionStreamId: 'session-x' })],
      'LEDGER',
      'events[0].data.sessionStreamId',
      /names the match \(match\), not a session/,
    );
    const entered = (await collect(ledger.store.readAll())).find((e) => e.type === 'TeamEntered')!;
    await ledger.refuses(
      [ruling(entered, {}, { fixtureId: 'm1' })],
      'LEDGER',
      'events[0].data.match.eventId',
      /is a TeamEntered: a club's ruling names a match of one of its teams events/,
    );
  });

  it('refuses a ruling on another club’s teams match, and an upheld appeal on a session’s ruling that gives a corrected match', async () => {
    const { ledger, match } = await played();
    await ledger.append(
      proposed('club-tawa', 'ClubRegistered', {
        clubId: 'tawa',
        name: 'Tawa',
        timeZone: 'Pacific/Auckland',
      }),
    );
    await ledger.refuses(
      [
        proposed(
          'corrections-tawa',
          'RulingGiven',
          {
            clubId: 'tawa',
            rulingId: 'r1',
            director: 'dora',
            match: {
              eventId: match.id,
              streamId: match.streamId,
              fixtureId: 'm1',
              playedOn: '2026-03-03',
            },
            decision: 'the result stands',
          },
          at('2026-03-03', '22:30'),
        ),
      ],
      'LEDGER',
      'events[0].data.match.eventId',
      /is not a match of club tawa's/,
    );
    await ledger.append(
      proposed(
        CORRECTIONS,
        'RulingGiven',
        { clubId: 'karori', rulingId: 'r1', director: 'dora', decision: 'Law 16: score stands' },
        at('2026-03-03', '22:30'),
      ),
      lodged(),
    );
    await ledger.refuses(
      [decided({ corrected: notAMember(match) })],
      'LEDGER',
      'events[0].data.corrected',
      /ruling r1 names none/,
    );
  });
});

describe('DSB-20.3 an appeal on a viertallen match is timed from the match’s day', () => {
  const vt = teamsFacts('vt-2026');
  async function viertallen() {
    const ledger = new GatedLedger();
    await ledger.append(
      clubRegistered(),
      rulebookAdopted('dsb-groenlo-2014'),
      vt.created({ name: 'Viertallen 2026', format: 'dsb-viertallen', startsOn: '2026-03-03' }),
      vt.team('A', { group: 'X' }),
      vt.team('B', { group: 'X' }),
      vt.match('m1', 1, { teamId: 'A', imps: 30 }, { teamId: 'B', imps: 10 }, { boards: 8 }),
    );
    const match = (await collect(ledger.store.readAll())).find(
      (e) => e.type === 'TeamsMatchRecorded',
    )!;
    await ledger.append(ruling(match, { decision: 'Law 64: one trick to B' }));
    return { ledger, match };
  }

  it('an appeal received on the 8th day after the match is out of time (the match read as a session with no next one: within 7 days): the board does not hear it unless it records why', async () => {
    const { ledger, match } = await viertallen();
    await ledger.append(lodged(at('2026-03-11', '00:00')));
    const corrected = {
      ...(match.data as Record<string, unknown>),
      home: { teamId: 'A', imps: 28 },
      away: { teamId: 'B', imps: 12 },
    };
    await ledger.refuses(
      [decided({ corrected }, at('2026-03-11', '12:00'))],
      'DSB-20.3',
      'events[0].data.heardLateBecause',
      /after its deadline/,
    );
    await ledger.append(
      decided({ corrected, heardLateBecause: 'the captain was abroad' }, at('2026-03-11', '12:00')),
    );
    const standing = teamsStandingOf(await teamsReadModel(ledger), 'vt-2026');
    expect(standing.matches[0]!.because.join(' ')).toMatch(/DSB-20.3: read from appeal a1, upheld/);
  });

  it('edge: received in the last minute of the 7th day, in time: heard without a reason', async () => {
    const { ledger, match } = await viertallen();
    await ledger.append(lodged(at('2026-03-10', '23:59')));
    const corrected = {
      ...(match.data as Record<string, unknown>),
      home: { teamId: 'A', imps: 28 },
      away: { teamId: 'B', imps: 12 },
    };
    await ledger.append(decided({ corrected }, at('2026-03-11', '12:00')));
    const standing = teamsStandingOf(await teamsReadModel(ledger), 'vt-2026');
    expect(standing.matches[0]!.homeImps).toBe(28);
    expect(standing.matches[0]!.because.join(' ')).toMatch(/DSB-20.3: read from appeal a1, upheld/);
  });

  it('the corrections log dates the appeal by the match, as the decider does: out of time (DSB-20.3), heard with the board’s reason', async () => {
    const { ledger, match } = await viertallen();
    await ledger.append(lodged(at('2026-03-11', '00:00')));
    await ledger.append(
      decided(
        { heardLateBecause: 'the captain was abroad', outcome: 'dismissed' },
        at('2026-03-11', '12:00'),
      ),
    );
    const log = correctionLogOf(
      fold(correctionLog, await collect(ledger.store.readAll())),
      'karori',
    );
    const appeal = log.entries.find((e) => e.kind === 'appeal')!;
    expect(appeal).toMatchObject({ late: true, rule: 'DSB-20.3' });
    expect(appeal.deadline!.basis).toMatch(/within 7 days of the session of 2026-03-03/);
    expect(appeal.decision).toMatchObject({ heardLateBecause: 'the captain was abroad' });
    expect(match.streamId).toBe('teams-vt-2026');
  });
});
