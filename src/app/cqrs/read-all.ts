import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { RecordedEvent } from '../../kernel/envelope';
import type { EventStore } from '../../store/event-store';
import { EVENT_STORE } from '../tokens';

/** A page of the global log: at most `limit` events from `fromPosition` (inclusive, from 1). */
export class ReadAllQuery extends Query<RecordedEvent[]> {
  constructor(
    readonly fromPosition: number | undefined,
    readonly limit: number,
  ) {
    super();
  }
}

@QueryHandler(ReadAllQuery)
export class ReadAllHandler implements IQueryHandler<ReadAllQuery, RecordedEvent[]> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ fromPosition, limit }: ReadAllQuery) {
    const events: RecordedEvent[] = [];
    for await (const e of this.store.readAll({ fromPosition, maxCount: limit })) events.push(e);
    return events;
  }
}
