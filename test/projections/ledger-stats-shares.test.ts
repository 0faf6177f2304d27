import { ledgerStats, type LedgerStats } from '../../src/contexts/ledger-stats';
import { fold } from '../../src/kernel/projection';
import type { RecordedEvent } from '../../src/kernel/envelope';

/**
 * The ledger's statistics when a rebuild on several cores shares the streams out: each share
 * counts the facts of its own streams (the first share also everyone's), and the shares' totals
 * are joined into what one count of every fact gives.
 */
describe('ledger-stats joined from the shares of a split rebuild', () => {
  const revisions = new Map<string, number>();
  const recorded = (position: number, streamId: string, type: string): RecordedEvent => {
    const revision = (revisions.get(streamId) ?? -1) + 1;
    revisions.set(streamId, revision);
    return {
      id: `fact-${position}`,
      type,
      schemaVersion: 1,
      streamId,
      revision,
      position,
      occurredAt: '2026-03-02T06:30:00.000Z',
      recordedAt: new Date(Date.UTC(2026, 2, 2, 7, 0, position)).toISOString(),
      data: {},
      metadata: { clubId: 'club-1', actor: 'test' },
    };
  };
  // A club's stream (everyone's), then two competitions' streams, their facts interleaved.
  const ledger = [
    recorded(1, 'club-club01', 'ClubRegistered'),
    recorded(2, 'competition-club01-2026-c1', 'CompetitionCreated'),
    recorded(3, 'competition-club01-2026-c2', 'CompetitionCreated'),
    recorded(4, 'club-club01', 'RulebookAdopted'),
    recorded(5, 'competition-club01-2026-c2', 'SessionResultRecorded'),
    recorded(6, 'competition-club01-2026-c1', 'SessionResultRecorded'),
    recorded(7, 'competition-club01-2026-c2', 'AbsenceNotified'),
  ];
  const shared = (e: RecordedEvent) => e.streamId.startsWith('competition-');
  const ownStream = (n: number) => (e: RecordedEvent) =>
    e.streamId === `competition-club01-2026-c${n}`;
  const totals = (s: LedgerStats) => ledgerStats.partitions!.get(s, 'totals');

  it('one count of every fact: the types in the order of their names, not of their first fact', () => {
    const whole = fold(ledgerStats, ledger);
    expect(Object.keys(whole.byType)).toEqual([
      'AbsenceNotified',
      'ClubRegistered',
      'CompetitionCreated',
      'RulebookAdopted',
      'SessionResultRecorded',
    ]);
    expect(whole).toMatchObject({ events: 7, streams: 3, lastPosition: 7 });
  });

  it('two shares, the club stream counted by the first alone: joined, the same totals to the byte', () => {
    const whole = fold(ledgerStats, ledger);
    const first = fold(
      ledgerStats,
      ledger.filter((e) => !shared(e) || ownStream(1)(e)),
    );
    const second = fold(ledgerStats, ledger.filter(ownStream(2)));
    const joined = ledgerStats.partitions!.merge!('totals', [totals(first), totals(second)]);
    const state = ledgerStats.initial();
    ledgerStats.partitions!.put(state, 'totals', joined);
    expect(JSON.stringify(totals(state))).toBe(JSON.stringify(totals(whole)));
    // The last fact was the second share's: its instant is the joined one's.
    expect(state.lastRecordedAt).toBe(ledger[6]!.recordedAt);
  });

  it('the streams are shared out, every stream read by one share: its revision is one partition', () => {
    expect(ledgerStats.ownStreams?.('club-club01')).toBe(true);
    expect(ledgerStats.ownStreams?.('competition-club01-2026-c1')).toBe(true);
    expect(ledgerStats.partitions!.keysOf(ledger[0]!)).toEqual(['totals', 'stream:club-club01']);
  });

  it('a stream partition two shares made differently is not joined (the read model is rebuilt whole)', () => {
    expect(ledgerStats.partitions!.merge!('stream:club-club01', [0, 1])).toBeUndefined();
  });
});
