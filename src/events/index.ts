import { EventCatalogue } from './catalogue';
import { clubEvents } from './contexts/club';

/** Every event type the ledger accepts. A new context adds one file and one entry here. */
export const catalogue = new EventCatalogue([...clubEvents]);

export type { EventDefinition } from './catalogue';
export { EventCatalogue } from './catalogue';
export type { EventMetadata, EventToAppend, RecordedEvent } from './envelope';
