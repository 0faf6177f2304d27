import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { RecordedEvent } from '../../kernel/envelope';
import type { EventStore } from '../../store/event-store';
import { EVENT_STORE } from '../tokens';

/** The events of one stream; rejects with StreamNotFoundError when it has none. */
export class ReadStreamQuery extends Query<RecordedEvent[]> {
  constructor(
    readonly streamId: string,
    readonly fromRevision?: number,
    readonly direction?: 'forwards' | 'backwards',
    readonly maxCount?: number,
  ) {
    super();
  }
}

@QueryHandler(ReadStreamQuery)
export class ReadStreamHandler implements IQueryHandler<ReadStreamQuery, RecordedEvent[]> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ streamId, fromRevision, direction, maxCount }: ReadStreamQuery) {
    const events: RecordedEvent[] = [];
    for await (const e of this.store.readStream(streamId, { fromRevision, direction, maxCount })) {
      events.push(e);
    }
    return events;
  }
}
