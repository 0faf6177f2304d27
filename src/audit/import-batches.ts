import type { EventToAppend } from '../kernel/envelope';
import type { EventStore, ExpectedRevision, StreamBatch } from '../store/event-store';
import type { RawRecord } from './raw-records';

/** A batch holds at most this many facts of one stream. */
const BATCH_FACTS = 1000;

/**
 * Stored records appended to a store as an import appends them: each stream's run of facts one
 * batch, each fact's recordedAt kept, `size` facts a transaction (so memory holds a
 * transaction's facts, not the file's). `expected` says what each batch expects of its stream.
 */
export class ImportBatches {
  private batches: StreamBatch[] = [];
  private pending = 0;

  constructor(
    private readonly store: EventStore,
    private readonly size: number,
    private readonly expected: (first: RawRecord) => ExpectedRevision,
  ) {}

  async add(r: RawRecord): Promise<void> {
    const event: EventToAppend = {
      id: r.id,
      type: r.type,
      schemaVersion: r.schemaVersion,
      occurredAt: r.occurredAt,
      data: JSON.parse(r.data) as unknown,
      metadata: JSON.parse(r.metadata) as EventToAppend['metadata'],
    };
    const last = this.batches[this.batches.length - 1];
    if (last && last.streamId === r.streamId && last.events.length < BATCH_FACTS) {
      (last.events as EventToAppend[]).push(event);
      (last.recordedAt as string[]).push(r.recordedAt);
    } else
      this.batches.push({
        streamId: r.streamId,
        expectedRevision: this.expected(r),
        events: [event],
        recordedAt: [r.recordedAt],
      });
    if (++this.pending >= this.size) await this.flush();
  }

  /** Appends what is held, in one transaction. */
  async flush(): Promise<void> {
    if (this.batches.length) await this.store.appendMany!(this.batches);
    this.batches = [];
    this.pending = 0;
  }
}
