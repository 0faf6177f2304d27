import { EventCatalogue } from '../kernel/catalogue';

/**
 * Every event type the ledger accepts: each context's facts, added when the context is
 * registered (built-in.ts lists the ledger's own; registry.ts takes one of its own).
 */
export const catalogue = new EventCatalogue([]);

export type { EventDefinition } from '../kernel/catalogue';
export { EventCatalogue } from '../kernel/catalogue';
export type { EventMetadata, EventToAppend, RecordedEvent } from '../kernel/envelope';
