import { rosterDecider } from '../../src/contexts/club/domain/roster-decider';
import { clubRoster } from '../../src/contexts/club/projection/club-roster';
import { fold } from '../../src/kernel/projection';
import type { RecordedEvent } from '../../src/kernel/envelope';

/**
 * Property 3, "one roster": the roster decider folds its stream by the rule every
 * roster reads (`rosterEntryAfter`), so what it judges a re-registration against is the record
 * the read models hold, field for field and dated alike.
 */
const STREAM = 'club-karori-players';
let position = 0;
const fact = (type: string, date: string, data: Record<string, unknown>): RecordedEvent =>
  ({
    id: `00000000-0000-7000-8000-${String(++position).padStart(12, '0')}`,
    type,
    schemaVersion: type === 'PlayerRegistered' ? 3 : 2,
    occurredAt: `${date}T12:00:00+13:00`,
    recordedAt: `${date}T12:00:00Z`,
    streamId: STREAM,
    revision: position - 1,
    position,
    data: { clubId: 'karori', ...data },
    metadata: { clubId: 'karori' },
  }) as RecordedEvent;

const FACTS = [
  fact('PlayerRegistered', '2026-01-05', {
    playerId: 'ann',
    name: 'Ann',
    status: 'visitor',
    homeNight: 'monday',
    nationalNumber: '1234',
  }),
  fact('PlayerStatusChanged', '2026-02-02', { playerId: 'ann', status: 'nominee' }),
  fact('PlayerRegistered', '2026-03-02', {
    playerId: 'ann',
    name: 'Ann B',
    status: 'member',
    rank: 'open',
  }),
  fact('PlayerRegistered', '2026-01-05', { playerId: 'bob', name: 'Bob', status: 'member' }),
];

describe('one roster: the roster decider folds with rosterEntryAfter', () => {
  it('LEDGER each player’s record in the decider’s state is the club-roster projection’s, history included', () => {
    const state = rosterDecider.initialState();
    for (const f of FACTS) rosterDecider.evolve(state, f, STREAM);
    const read = fold(clubRoster, FACTS).clubs.karori!.players;
    for (const playerId of ['ann', 'bob']) {
      const { playerId: _id, name, registeredAt: _at, ...entry } = read[playerId]!;
      expect(state.get(playerId)).toEqual({ name, entry });
    }
    expect(state.get('ann')!.entry).toMatchObject({
      status: 'member',
      homeNight: 'monday',
      rank: 'open',
      nationalNumber: '1234',
      history: [
        { from: '2026-01-05', status: 'visitor' },
        { from: '2026-02-02', status: 'nominee' },
        { from: '2026-03-02', status: 'member' },
      ],
    });
  });
});
