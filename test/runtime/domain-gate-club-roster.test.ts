import { catalogue } from '../../src/contexts/catalogue';
import { validateAppend } from '../../src/ledger/validate-append';
import { InvalidEventError } from '../../src/store/errors';
import { clubRoster } from '../../src/contexts/club/projection/club-roster';
import { fold } from '../../src/kernel/projection';
import { collect } from '../support/events';
import { GatedLedger } from '../support/gated-ledger';
import { proposed, registered, statusChanged } from '../support/nz-club';

/**
 * The club and roster streams have deciders. A club's stream
 * takes its own ClubRegistered once, in a time zone the ledger knows; a roster stream takes its
 * own club's players, a status change only for a player it registered, a re-registration only
 * when it changes something; a scored session's facts go on a session stream. Each refusal is a
 * RuleViolation naming the rule and the field, and nothing of the batch is written.
 */
const clubRegistered = (clubId: string, data: Record<string, unknown> = {}, stream?: string) =>
  proposed(stream ?? `club-${clubId}`, 'ClubRegistered', {
    clubId,
    name: `${clubId} bridge club`,
    timeZone: 'Pacific/Auckland',
    ...data,
  });

describe('LEDGER the club decider: club-<clubId>', () => {
  it('LEDGER a club registers on its own stream, once: accepted and read', async () => {
    const ledger = new GatedLedger();
    await ledger.append(clubRegistered('karori'), clubRegistered('dsb', { timeZone: 'UTC' }));
    const read = fold(clubRoster, await collect(ledger.store.readAll()));
    expect(read.clubs.karori).toMatchObject({ timeZone: 'Pacific/Auckland' });
    expect(read.clubs.dsb).toMatchObject({ timeZone: 'UTC' });
  });

  it('LEDGER a ClubRegistered whose clubId is not the stream’s club is refused at data.clubId', async () => {
    const ledger = new GatedLedger();
    const refused = await ledger.refuses(
      [clubRegistered('karori', {}, 'club-dsb')],
      'LEDGER',
      'events[0].data.clubId',
    );
    expect(refused.reason).toBe(
      'events[0]: ClubRegistered of club karori belongs in stream club-karori, not club-dsb',
    );
    // On the roster stream or a competition's: the stream is at fault.
    await ledger.refuses(
      [clubRegistered('karori', {}, 'club-karori-players')],
      'LEDGER',
      'streamId',
    );
    await ledger.refuses([clubRegistered('karori', {}, 'competition-x')], 'LEDGER', 'streamId');
  });

  it('LEDGER a second ClubRegistered is refused at data.clubId, in a later append or the same batch', async () => {
    const ledger = new GatedLedger();
    await ledger.append(clubRegistered('karori'));
    const refused = await ledger.refuses(
      [clubRegistered('karori', { name: 'Karori again' })],
      'LEDGER',
      'events[0].data.clubId',
    );
    expect(refused.reason).toMatch(/club karori is registered already/);
    const fresh = new GatedLedger();
    await fresh.refuses(
      [clubRegistered('kelburn'), clubRegistered('kelburn')],
      'LEDGER',
      'events[1].data.clubId',
    );
  });

  it.each(['Mars/Olympus', 'Pacific/Nowhere', '+13:00', 'NZ Time'])(
    'LEDGER bad input: the time zone %s is refused at data.timeZone',
    async (timeZone) => {
      const ledger = new GatedLedger();
      const refused = await ledger.refuses(
        [clubRegistered('karori', { timeZone })],
        'LEDGER',
        'events[0].data.timeZone',
      );
      expect(refused.reason).toMatch(`${timeZone} is not an IANA time zone`);
    },
  );

  it('LEDGER a rulebook fact of a club not registered is refused at data.clubId; after its ClubRegistered (in the same batch too), taken', async () => {
    const adopted = (clubId: string) =>
      proposed(`club-${clubId}`, 'RulebookAdopted', {
        clubId,
        preset: 'nz-club',
        overrides: {},
        effectiveFrom: '2025-01-01',
      });
    const ledger = new GatedLedger();
    const refused = await ledger.refuses([adopted('karori')], 'LEDGER', 'events[0].data.clubId');
    expect(refused.reason).toBe(
      'club karori is not registered: no ClubRegistered in club-karori; register the club first, then adopt its rulebook',
    );
    await ledger.append(clubRegistered('karori'), adopted('karori'));
    expect(await ledger.streamOf('club-karori')).toHaveLength(2);
    // A registration held on another stream by an old ledger registers the club too.
    await ledger.writeUnchecked(clubRegistered('kelburn', {}, 'notes-kelburn'));
    await ledger.append(adopted('kelburn'));
  });

  it('edge: the club’s rulebook facts keep their checks on the club’s stream (RULEBOOK)', async () => {
    const ledger = new GatedLedger();
    await ledger.append(clubRegistered('karori'));
    await ledger.refuses(
      [
        proposed('club-karori', 'RulebookAmended', {
          clubId: 'karori',
          changes: { 'tenSession.counted': 8 },
          effectiveFrom: '2026-01-01',
        }),
      ],
      'RULEBOOK',
      'events[0].data.effectiveFrom',
    );
  });
});

describe('LEDGER the roster decider: club-<clubId>-players', () => {
  it('LEDGER a roster fact of a club not registered is refused at data.clubId; once it registers, taken', async () => {
    const ledger = new GatedLedger();
    const refused = await ledger.refuses(
      [registered('ann', 'member')],
      'LEDGER',
      'events[0].data.clubId',
    );
    expect(refused.reason).toBe(
      'club karori is not registered: no ClubRegistered in club-karori; register the club first, then its players',
    );
    // Another club's registration does not do.
    await ledger.append(clubRegistered('wellington'));
    await ledger.refuses([registered('ann', 'member')], 'LEDGER', 'events[0].data.clubId');
    await ledger.append(clubRegistered('karori'), registered('ann', 'member'));
    expect(await ledger.streamOf('club-karori-players')).toHaveLength(1);
  });

  it('LEDGER a registration a ledger holds on another stream (written before facts were placed) registers the club for its roster', async () => {
    const ledger = new GatedLedger();
    await ledger.writeUnchecked(clubRegistered('karori', {}, 'notes-karori'));
    await ledger.append(registered('ann', 'member'));
    expect(await ledger.streamOf('club-karori-players')).toHaveLength(1);
  });

  it('LEDGER a player registered and their status changed in one batch is accepted (NZ-10 visitor elected)', async () => {
    const ledger = new GatedLedger();
    await ledger.append(clubRegistered('karori'));
    await ledger.append(registered('vic', 'visitor'), statusChanged('vic', 'member', '2026-04-01'));
    const read = fold(clubRoster, await collect(ledger.store.readAll()));
    expect(read.clubs.karori!.players.vic).toMatchObject({ status: 'member' });
  });

  it('LEDGER a status change for a player the roster never registered is refused at data.playerId', async () => {
    const ledger = new GatedLedger();
    await ledger.append(clubRegistered('karori'), registered('ann', 'member'));
    const refused = await ledger.refuses(
      [statusChanged('zed', 'visitor', '2026-05-01')],
      'LEDGER',
      'events[0].data.playerId',
    );
    expect(refused.reason).toBe(
      "player zed is not on club karori's roster: no PlayerRegistered in club-karori-players; register them first",
    );
  });

  it('LEDGER a status change for another club’s player is refused: wellington’s roster does not hold karori’s', async () => {
    const ledger = new GatedLedger();
    await ledger.append(clubRegistered('karori'), clubRegistered('wellington'));
    await ledger.append(registered('ann', 'member'));
    const change = proposed('club-wellington-players', 'PlayerStatusChanged', {
      clubId: 'wellington',
      playerId: 'ann',
      status: 'visitor',
    });
    await ledger.refuses([change], 'LEDGER', 'events[0].data.playerId');
  });

  it('LEDGER a second PlayerRegistered that changes nothing is refused at data.playerId; one that changes the status or a detail is the player’s update', async () => {
    const ledger = new GatedLedger();
    await ledger.append(clubRegistered('karori'), registered('ann', 'member', 'monday'));
    const refused = await ledger.refuses(
      [registered('ann', 'member', 'monday')],
      'LEDGER',
      'events[0].data.playerId',
    );
    expect(refused.reason).toMatch(
      /registered already as member, ann, and this registration changes nothing/,
    );
    // Not restating the home night keeps it: still nothing new.
    await ledger.refuses([registered('ann', 'member')], 'LEDGER', 'events[0].data.playerId');
    // A new home night, a new status: each an update, read as every roster reads it.
    await ledger.append(registered('ann', 'member', 'tuesday'));
    await ledger.append(registered('ann', 'non-member'));
    const read = fold(clubRoster, await collect(ledger.store.readAll()));
    expect(read.clubs.karori!.players.ann).toMatchObject({
      status: 'non-member',
      homeNight: 'tuesday',
    });
  });

  it('LEDGER a roster fact whose data names no club (an older version with none in its metadata) is refused at data.clubId', async () => {
    const ledger = new GatedLedger();
    const { streamId, ...old } = {
      ...proposed('club-karori-players', 'PlayerRegistered', {
        playerId: 'ann',
        name: 'Ann',
        status: 'member',
      }),
      schemaVersion: 2,
      metadata: {},
    };
    // The catalogue refuses it first (400, as read in today's shape) …
    expect(() => validateAppend(catalogue, streamId, 'any', [old])).toThrow(InvalidEventError);
    // … and the gate on its own would too (422): no club, no roster stream to place it in.
    await expect(ledger.gate.check(streamId, [old], 'any')).rejects.toMatchObject({
      rule: 'LEDGER',
      field: 'events[0].data.clubId',
      reason: 'events[0]: PlayerRegistered names no clubId: it belongs in club-<clubId>-players',
    });
    expect(await ledger.store.headPosition()).toBe(0);
  });
});

describe('LEDGER the session decider: session-…', () => {
  const movement = (stream: string) => ({
    ...proposed(stream, 'SessionMovementRecorded', {
      clubId: 'karori',
      eventId: 'ev',
      date: '2026-03-02',
      session: '1',
      scoringMethod: 'MP',
      winnerType: 1,
      boards: [1],
      fields: [{ field: 'ALL', pairs: ['1', '2'] }],
      expectedResults: [{ board: 1, results: 1 }],
    }),
  });

  it('LEDGER a scored session’s fact on a session stream is accepted; on any other stream refused naming streamId', async () => {
    const ledger = new GatedLedger();
    expect(catalogue.validate(movement('session-karori-ev-1'), 'e')).toEqual([]);
    await ledger.append(movement('session-karori-ev-1'));
    for (const stream of ['competition-x', 'club-karori', 'notes-karori']) {
      const refused = await ledger.refuses([movement(stream)], 'LEDGER', 'streamId');
      expect(refused.reason).toBe(
        `events[0]: SessionMovementRecorded belongs in a session stream (session-<clubId>-<eventId>-<session>[-<section>]), not ${stream}`,
      );
    }
  });
});

describe('LEDGER an append file with a club or roster fact a decider refuses', () => {
  it('LEDGER bridge-ledger append refuses the file naming the line and field; nothing is written', async () => {
    const ledger = new GatedLedger();
    const lines = [
      clubRegistered('karori'),
      registered('ann', 'member'),
      statusChanged('zed', 'visitor', '2026-05-01'),
    ];
    expect(await ledger.refusesFile(lines)).toEqual([
      {
        line: 3,
        field: 'data.playerId',
        message:
          "LEDGER: player zed is not on club karori's roster: no PlayerRegistered in club-karori-players; register them first",
      },
    ]);
  });
});
