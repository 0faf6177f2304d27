import { v7 } from 'uuid';
import { catalogue } from '../../src/contexts/catalogue';
import type { RecordedEvent } from '../../src/kernel/envelope';

/** Roster facts name their club in their data (PlayerRegistered v3, PlayerStatusChanged v2). */
const ROSTER = new Set(['PlayerRegistered', 'PlayerStatusChanged']);

/**
 * Builds a log of recorded facts by hand, for projection tests that need no store: each fact
 * gets the next position and a recordedAt of the given instant; a roster fact is written in
 * today's shape, its club in its data.
 */
export class FactLog {
  readonly events: RecordedEvent[] = [];
  private readonly revisions = new Map<string, number>();

  constructor(
    readonly clubId: string,
    private readonly offset = '+01:00',
  ) {}

  add(streamId: string, type: string, data: Record<string, unknown>, at = '2014-09-01T12:00') {
    const revision = (this.revisions.get(streamId) ?? -1) + 1;
    this.revisions.set(streamId, revision);
    this.events.push({
      id: v7(),
      type,
      schemaVersion: ROSTER.has(type) ? catalogue.get(type)!.schemaVersion : 1,
      streamId,
      revision,
      position: this.events.length + 1,
      occurredAt: `${at}:00${this.offset}`,
      recordedAt: `${at}:00${this.offset}`,
      data: ROSTER.has(type) ? { clubId: this.clubId, ...data } : data,
      metadata: { clubId: this.clubId },
    });
    return this;
  }
}
