import { catalogue } from '../../src/contexts/catalogue';
import { DECIDERS, deciderOf } from '../../src/contexts/deciders';
import {
  clubWideFactTypes,
  documentedStreamOf,
  misplacementOf,
  onDocumentedStream,
  placementOf,
} from '../../src/contexts/streams';

/**
 * "central stream maps": where a fact belongs is declared by its context's decider
 * (factTypes, homeOf) and derived from the registry, not listed in a switch; every stream kind
 * docs/events.md documents has a decider.
 */
describe('stream placement derived from the deciders’ registry', () => {
  const types = catalogue.types().map((d) => d.type);

  it('every fact type of the catalogue is held by exactly one decider (the registry places it)', () => {
    expect(types.length).toBeGreaterThan(15);
    expect(types.filter((t) => !placementOf(t))).toEqual([]);
    const held = DECIDERS.flatMap((d) => [...d.factTypes]);
    expect(new Set(held).size).toBe(held.length);
    expect([...held].sort()).toEqual([...types].sort());
  });

  it.each([
    ['competition-club-pairs-2026', 'competition'],
    ['club-karori', 'club'],
    ['club-karori-players', 'roster'],
    ['club-north-shore-players', 'roster'],
    ['session-karori-ev-1-A', 'session'],
  ])('every documented stream kind has one decider: %s is the %s decider’s', (streamId, name) => {
    expect(DECIDERS.filter((d) => d.owns(streamId)).map((d) => d.name)).toEqual([name]);
    expect(deciderOf(streamId)?.name).toBe(name);
  });

  it('edge: a stream the ledger does not document has no decider', () => {
    for (const s of ['notes-karori', 'club--players', 'session-', 'Club-karori']) {
      expect(deciderOf(s)).toBeUndefined();
    }
  });

  it('each placed fact’s home is named by its data: competition, club, roster', () => {
    expect(documentedStreamOf('SessionHeld', { competitionId: 'c1' })).toMatchObject({
      streamId: 'competition-c1',
      kind: 'competition',
      elsewhere: 'unread',
    });
    expect(documentedStreamOf('RulebookAdopted', { clubId: 'k' })).toMatchObject({
      streamId: 'club-k',
      elsewhere: 'unread',
    });
    expect(documentedStreamOf('ClubRegistered', { clubId: 'k' })).toMatchObject({
      streamId: 'club-k',
      elsewhere: 'read',
    });
    expect(documentedStreamOf('PlayerStatusChanged', { clubId: 'k' })).toMatchObject({
      streamId: 'club-k-players',
      elsewhere: 'read',
    });
    // A scored session's facts name no stream: any session stream is theirs.
    expect(documentedStreamOf('BoardResultRecorded', { board: 1 })).toBeUndefined();
  });

  it('LEDGER misplacementOf names the data’s id on a stream of its kind, else streamId', () => {
    const roster = { clubId: 'karori', playerId: 'ann' };
    expect(misplacementOf('PlayerRegistered', roster, 'club-karori-players')).toBeUndefined();
    expect(misplacementOf('PlayerRegistered', roster, 'club-dsb-players')).toEqual({
      reason:
        'PlayerRegistered of club karori belongs in stream club-karori-players, not club-dsb-players',
      field: 'data.clubId',
    });
    expect(misplacementOf('PlayerRegistered', roster, 'club-karori')?.field).toBe('streamId');
    expect(misplacementOf('PlayerRegistered', {}, 'club-karori-players')).toEqual({
      reason: 'PlayerRegistered names no clubId: it belongs in club-<clubId>-players',
      field: 'data.clubId',
    });
    expect(misplacementOf('AdjustedScoreAwarded', {}, 'session-x-1')).toBeUndefined();
    expect(misplacementOf('AdjustedScoreAwarded', {}, 'competition-x')?.field).toBe('streamId');
    expect(misplacementOf('NoSuchFact', {}, 'anywhere')).toBeUndefined();
  });

  it('a reader reads a roster fact or a club’s registration wherever it is; a competition or rulebook fact only on its stream', () => {
    const at = (type: string, streamId: string, data: object) => ({ type, streamId, data });
    expect(onDocumentedStream(at('PlayerRegistered', 'club-1', { clubId: 'k' }))).toBe(true);
    expect(onDocumentedStream(at('ClubRegistered', 'club-dsb', { clubId: 'k' }))).toBe(true);
    expect(onDocumentedStream(at('RulebookAdopted', 'club-dsb', { clubId: 'k' }))).toBe(false);
    expect(onDocumentedStream(at('RulebookAdopted', 'club-k', { clubId: 'k' }))).toBe(true);
    expect(onDocumentedStream(at('PairEntered', 'club-k', { competitionId: 'k' }))).toBe(false);
    expect(onDocumentedStream(at('BoardResultRecorded', 'anywhere', {}))).toBe(true);
  });

  it('the club-wide context folds the facts of the contexts marked club-wide, not a scored session’s', () => {
    for (const t of ['SessionResultRecorded', 'RulebookAmended', 'PlayerStatusChanged']) {
      expect(clubWideFactTypes().has(t)).toBe(true);
    }
    expect(clubWideFactTypes().has('BoardResultRecorded')).toBe(false);
  });
});
