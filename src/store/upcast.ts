import type { RecordedEvent } from '../kernel/envelope';

/** Turns an event as stored into today's shape; applied on every read, never written back. */
export type Upcast = (event: RecordedEvent) => RecordedEvent;
