import { v7 as uuidv7 } from 'uuid';
import {
  ownerOfData,
  ownerOfStreamName,
  StreamOwners,
} from '../../src/contexts/access/read/owners';
import { catalogue } from '../../src/contexts/catalogue';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';

describe('whose a stream is (src/contexts/access/read/owners.ts)', () => {
  it.each([
    ['club-karori', 'karori'],
    ['club-north-shore', 'north-shore'],
    ['club-karori-players', 'karori'],
    ['club-north-shore-players', 'north-shore'],
    ['corrections-karori', 'karori'],
    ['publications-dsb', 'dsb'],
    ['members-pinner', 'pinner'],
  ])('%s is club %s’s by its name', (streamId, id) => {
    expect(ownerOfStreamName(streamId)).toEqual({ kind: 'club', id });
  });

  it("league-<id> is that league's by its name; league- alone is no one's", () => {
    expect(ownerOfStreamName('league-lcba')).toEqual({ kind: 'league', id: 'lcba' });
    expect(ownerOfStreamName('league-')).toBeUndefined();
  });

  it('edge: a competition, a session, the keys and a stream of no kind are not named by their name', () => {
    for (const s of [
      'competition-club-pairs-2026',
      'session-dsb-1',
      'access-keys',
      'notes',
      'corrections-',
    ]) {
      expect(ownerOfStreamName(s)).toBeUndefined();
    }
  });

  it("a fact names its league (a league's facts name its teams' clubs too), else its club; neither: none", () => {
    expect(ownerOfData({ clubId: 'k', leagueId: 'l' })).toEqual({ kind: 'league', id: 'l' });
    expect(ownerOfData({ clubId: 'k' })).toEqual({ kind: 'club', id: 'k' });
    expect(ownerOfData({ leagueId: 'l' })).toEqual({ kind: 'league', id: 'l' });
    for (const d of [{}, null, 'x', { clubId: 7 }]) expect(ownerOfData(d)).toBeUndefined();
  });

  it('a competition is its CompetitionCreated’s club; a club’s tables are public until its latest visibility fact says private', async () => {
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    const owners = new StreamOwners(store);
    expect(await owners.ofCompetition('c1')).toBeUndefined();
    await store.appendToStream('competition-c1', [
      {
        id: uuidv7(),
        type: 'CompetitionCreated',
        occurredAt: '2026-01-01T00:00:00Z',
        data: { competitionId: 'c1', clubId: 'karori' },
      },
    ]);
    expect(await owners.ofCompetition('c1')).toEqual({ kind: 'club', id: 'karori' });
    expect(await owners.tablesPrivate('karori')).toBe(false);
    const set = (clubId: string, tables: string) => ({
      id: uuidv7(),
      type: 'ClubTablesVisibilitySet',
      occurredAt: '2026-01-01T00:00:00Z',
      data: { clubId, tables },
    });
    await store.appendToStream('club-karori', [set('karori', 'private')]);
    expect(await owners.tablesPrivate('karori')).toBe(true);
    // Another club's fact on the stream (written before appends were placed) is not the club's word.
    await store.appendToStream('club-karori', [set('dsb', 'public')]);
    expect(await owners.tablesPrivate('karori')).toBe(true);
    await store.appendToStream('club-karori', [set('karori', 'public')]);
    expect(await owners.tablesPrivate('karori')).toBe(false);
  });
});
