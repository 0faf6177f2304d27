import { onCompetitionStream, onDocumentedStream } from '../../src/contexts/streams';

// LEDGER: a competition fact belongs in competition-<competitionId>, a rulebook fact in
// club-<clubId>; other types are not placed (docs/events.md).
const fact = (type: string, streamId: string | undefined, data: Record<string, unknown>) => ({
  type,
  streamId,
  data,
});

describe('LEDGER onDocumentedStream: whether a fact was found in the stream it belongs in', () => {
  it('a competition fact in competition-<its competitionId> is on its stream', () => {
    expect(onDocumentedStream(fact('PairEntered', 'competition-c1', { competitionId: 'c1' }))).toBe(
      true,
    );
  });

  it('a rulebook fact in club-<its clubId> is on its stream', () => {
    expect(onDocumentedStream(fact('RulebookAmended', 'club-dsb', { clubId: 'dsb' }))).toBe(true);
  });

  it.each([
    ['another competition of the same length', 'competition-c2'],
    ['the id as a prefix of a longer one', 'competition-c10'],
    ['a shorter stream', 'competition-'],
    ['the right id under another prefix of the same length', 'competitioN-c1'],
    ['the club stream', 'club-c1'],
    ['no stream at all', undefined],
  ])('a competition fact found in %s is not', (_what, streamId) => {
    expect(
      onDocumentedStream(fact('SessionResultRecorded', streamId, { competitionId: 'c1' })),
    ).toBe(false);
  });

  it('a competition fact without a competitionId is not on a competition stream', () => {
    expect(onDocumentedStream(fact('PairEntered', 'competition-c1', {}))).toBe(false);
  });

  it('a type the ledger does not place is on its stream wherever it is', () => {
    expect(onDocumentedStream(fact('PlayerRegistered', 'club-x', { playerId: 'p' }))).toBe(true);
    expect(onDocumentedStream(fact('BoardScored', undefined, {}))).toBe(true);
  });
});

describe('LEDGER onCompetitionStream: the same check for a fact known to be a competition fact', () => {
  it.each([
    ['competition-c1', true],
    ['competition-c2', false],
    ['competition-c10', false],
    ['club-c1', false],
    [undefined, false],
  ])('a competition fact of c1 in %s: %s', (streamId, expected) => {
    expect(onCompetitionStream({ streamId, data: { competitionId: 'c1' } })).toBe(expected);
    expect(onDocumentedStream(fact('SessionHeld', streamId, { competitionId: 'c1' }))).toBe(
      expected,
    );
  });
});
