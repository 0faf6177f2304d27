import type { RecordedEvent } from '../events/envelope';

/** Turns an event as stored into today's shape; applied on every read, never written back. */
export type Upcast = (event: RecordedEvent) => RecordedEvent;
