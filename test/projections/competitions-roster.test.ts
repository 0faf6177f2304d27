import { fold } from '../../src/kernel/projection';
import { competitions } from '../../src/contexts/pairs/projection';
import { rosterEntryOn } from '../../src/contexts/pairs/projection/state';
import { catalogue } from '../../src/contexts/catalogue';
import { FactLog } from '../support/ledger';

describe('the roster the competitions projection keeps (NZ-7, NZ-8, NZ-10 read it)', () => {
  it('NZ-7 a status change keeps the home night and rank not restated, and dates every status', () => {
    const log = new FactLog('karori');
    log.add(
      'club-karori-players',
      'PlayerRegistered',
      { playerId: 'ann', name: 'Ann', status: 'visitor', homeNight: 'tuesday', rank: 'Silver' },
      '2026-02-03T19:00',
    );
    log.add(
      'club-karori-players',
      'PlayerStatusChanged',
      { playerId: 'ann', status: 'nominee' },
      '2026-03-10T12:00',
    );
    log.add(
      'club-karori-players',
      'PlayerStatusChanged',
      { playerId: 'ann', status: 'member', rank: 'Gold' },
      '2026-04-07T12:00',
    );
    const ann = fold(competitions, log.events).players.karori!.ann;
    expect(ann).toEqual({
      status: 'member',
      homeNight: 'tuesday',
      rank: 'Gold',
      history: [
        { from: '2026-02-03', status: 'visitor' },
        { from: '2026-03-10', status: 'nominee' },
        { from: '2026-04-07', status: 'member' },
      ],
    });
    expect(rosterEntryOn(ann, '2026-03-31')!.status).toBe('nominee');
  });

  it('a player registered at schema version 1 (a member flag) is read as a member or a non-member', () => {
    const log = new FactLog('karori');
    log.add('club-karori-players', 'PlayerRegistered', {
      playerId: 'p1',
      name: 'Old',
      member: true,
    });
    log.add('club-karori-players', 'PlayerRegistered', {
      playerId: 'p2',
      name: 'Old',
      member: false,
    });
    const events = log.events.map((e) => ({ ...e, schemaVersion: 1 }));
    const roster = fold(competitions, events.map(catalogue.upcast)).players.karori!;
    expect(roster.p1.status).toBe('member');
    expect(roster.p2.status).toBe('non-member');
    expect(events.map(catalogue.upcast)[0].data).toEqual({
      clubId: 'karori',
      playerId: 'p1',
      name: 'Old',
      status: 'member',
    });
  });
});
