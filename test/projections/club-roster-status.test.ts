import { catalogue } from '../../src/contexts/catalogue';
import { PLAYER_STATUSES } from '../../src/contexts/club/facts/club';
import type { RecordedEvent } from '../../src/kernel/envelope';
import { clubRoster } from '../../src/contexts/club/projection/club-roster';
import { competitions } from '../../src/contexts/pairs/projection';
import { rosterEntryOn } from '../../src/contexts/pairs/projection/state';
import { fold } from '../../src/kernel/projection';
import { isMemberStatus } from '../../src/rulesets/nz-club/standings';
import { FactLog } from '../support/ledger';

/**
 * The roster (NZ-5, NZ-7, NZ-10): one status vocabulary (PLAYER_STATUSES), and club-roster reads
 * PlayerStatusChanged and nominees as the competitions projection's roster does.
 */
const PLAYERS = 'club-karori-players';

function karori() {
  const log = new FactLog('karori', '+13:00');
  log.add('club-karori', 'ClubRegistered', {
    clubId: 'karori',
    name: 'Karori',
    timeZone: 'Pacific/Auckland',
  });
  return log;
}

const register = (log: FactLog, playerId: string, more: Record<string, unknown>, at: string) =>
  log.add(PLAYERS, 'PlayerRegistered', { playerId, name: `Name ${playerId}`, ...more }, at);

const changed = (log: FactLog, playerId: string, status: string, at: string) =>
  log.add(PLAYERS, 'PlayerStatusChanged', { playerId, status, reason: 'committee' }, at);

const playersOf = (events: RecordedEvent[]) => fold(clubRoster, events).clubs.karori!.players;

describe('club-roster: PlayerStatusChanged and nominees (NZ-7, NZ-10)', () => {
  it('NZ-10 a visitor elected a member: the roster says member from the change, with both statuses dated', () => {
    const log = karori();
    register(log, 'vic', { status: 'visitor' }, '2026-01-10T12:00');
    changed(log, 'vic', 'member', '2026-04-01T12:00');
    expect(playersOf(log.events).vic).toEqual({
      playerId: 'vic',
      name: 'Name vic',
      status: 'member',
      history: [
        { from: '2026-01-10', status: 'visitor' },
        { from: '2026-04-01', status: 'member' },
      ],
      registeredAt: '2026-01-10T12:00:00+13:00',
    });
  });

  it('NZ-7 a nominee is on the roster as a nominee until elected, and counts as a member meanwhile', () => {
    const log = karori();
    register(log, 'nia', { status: 'nominee', homeNight: 'monday' }, '2026-02-01T12:00');
    const before = playersOf(log.events).nia!;
    expect(before.status).toBe('nominee');
    expect(isMemberStatus(before.status)).toBe(true);
    changed(log, 'nia', 'member', '2026-03-01T12:00');
    const after = playersOf(log.events).nia!;
    expect(after).toMatchObject({ status: 'member', homeNight: 'monday' });
    expect(after.history!.map((h) => h.status)).toEqual(['nominee', 'member']);
  });

  it('the two rosters agree: club-roster and the competitions projection fold each player the same', () => {
    const log = karori();
    register(
      log,
      'ann',
      { status: 'member', homeNight: 'tuesday', rank: 'open' },
      '2026-01-05T12:00',
    );
    register(log, 'gus', { status: 'non-member', nationalNumber: '123456' }, '2026-01-06T12:00');
    register(log, 'nia', { status: 'nominee', homeNight: 'wednesday' }, '2026-01-07T12:00');
    changed(log, 'nia', 'member', '2026-02-07T12:00');
    changed(log, 'ann', 'non-member', '2026-03-07T12:00');
    register(log, 'gus', { status: 'visitor' }, '2026-03-08T12:00');
    const club = playersOf(log.events);
    const kept = fold(competitions, log.events).players.karori!;
    for (const id of ['ann', 'gus', 'nia']) {
      const { playerId: _p, name: _n, registeredAt: _r, ...entry } = club[id]!;
      expect(entry).toEqual(kept[id]);
    }
    // A re-registration that does not restate the number keeps it.
    expect(club.gus).toMatchObject({ status: 'visitor', nationalNumber: '123456' });
    expect(rosterEntryOn(kept.ann, '2026-03-06')!.status).toBe('member');
    expect(rosterEntryOn(kept.ann, '2026-03-07')!.status).toBe('non-member');
  });

  it('edge: a status change for a player the club never registered is kept, named by the player id', () => {
    const log = karori();
    changed(log, 'zed', 'visitor', '2026-05-01T12:00');
    expect(playersOf(log.events).zed).toEqual({
      playerId: 'zed',
      name: 'zed',
      status: 'visitor',
      history: [{ from: '2026-05-01', status: 'visitor' }],
    });
  });

  it('edge: a status change keeps the name and registration of the player', () => {
    const log = karori();
    register(log, 'ann', { status: 'member' }, '2026-01-05T12:00');
    changed(log, 'ann', 'visitor', '2026-06-01T12:00');
    expect(playersOf(log.events).ann).toMatchObject({
      name: 'Name ann',
      registeredAt: '2026-01-05T12:00:00+13:00',
      status: 'visitor',
    });
  });

  it('edge: a roster fact without a club (in its data, or an older one’s metadata) is not any club’s', () => {
    const log = karori();
    register(log, 'ann', { status: 'member' }, '2026-01-05T12:00');
    changed(log, 'ann', 'visitor', '2026-06-01T12:00');
    const last = log.events[log.events.length - 1]!;
    const { clubId: _club, ...data } = last.data as Record<string, unknown>;
    Object.assign(last, catalogue.upcast({ ...last, schemaVersion: 1, data, metadata: {} }));
    expect(playersOf(log.events).ann!.status).toBe('member');
  });

  it('one vocabulary: the NZ rules read every status of the facts, a nominee as a member (NZ-7)', () => {
    expect(PLAYER_STATUSES.map((s) => [s, isMemberStatus(s)])).toEqual([
      ['member', true],
      ['nominee', true],
      ['non-member', false],
      ['visitor', false],
    ]);
  });

  it('bad input: a status outside the vocabulary ("guest", "nominated") is refused on append at data.status', () => {
    for (const status of ['guest', 'nominated']) {
      for (const type of ['PlayerRegistered', 'PlayerStatusChanged']) {
        const issues = catalogue.validate(
          { type, data: { playerId: 'p', name: 'P', status } },
          'e',
        );
        expect(issues.map((i) => i.field)).toContain('e.data.status');
      }
    }
  });
});
