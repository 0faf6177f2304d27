import type { EventToAppend } from '../kernel/envelope';
import type { EventStore, ExpectedRevision, StreamBatch } from '../store/event-store';
import { batchIndexOf, InvalidEventError } from '../store/errors';
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
  /** Each batch's records' lines in the file (an export's), to name the one the store refuses. */
  private lines: number[][] = [];
  private pending = 0;

  constructor(
    private readonly store: EventStore,
    private readonly size: number,
    private readonly expected: (first: RawRecord) => ExpectedRevision,
  ) {}

  async add(r: RawRecord & { line?: number }): Promise<void> {
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
      this.lines[this.lines.length - 1]!.push(r.line ?? 0);
    } else {
      this.lines.push([r.line ?? 0]);
      this.batches.push({
        streamId: r.streamId,
        expectedRevision: this.expected(r),
        events: [event],
        recordedAt: [r.recordedAt],
      });
    }
    if (++this.pending >= this.size) await this.flush();
  }

  /** Appends what is held, in one transaction. */
  async flush(): Promise<void> {
    try {
      if (this.batches.length) await this.store.appendMany!(this.batches);
    } catch (err) {
      throw this.onLines(err);
    }
    this.batches = [];
    this.lines = [];
    this.pending = 0;
  }

  /**
   * The store's refusal with the lines it is about: a field's issue (`events[2].recordedAt`)
   * names its record's line, any other refusal (a repeated id, a revision) its batch's lines.
   */
  private onLines(err: unknown): unknown {
    const index = batchIndexOf(err);
    const lines = index === undefined ? undefined : this.lines[index];
    if (!lines || lines[0] === 0) return err;
    if (err instanceof InvalidEventError)
      return new InvalidEventError(
        err.issues.map((i) => {
          const at = /^events\[(\d+)\]\.?/.exec(i.field);
          const line = at ? lines[Number(at[1])] : undefined;
          return line === undefined
            ? i
            : { ...i, field: `line ${line}: ${i.field.slice(at![0].length)}` };
        }),
      );
    const span =
      lines.length > 1 ? `lines ${lines[0]}–${lines[lines.length - 1]}` : `line ${lines[0]}`;
    return Object.assign(err as Error, { message: `${span}: ${(err as Error).message}` });
  }
}
