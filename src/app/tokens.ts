/** Injection tokens of the ledger module. */
export const EVENT_STORE = Symbol.for('bridge-ledger:EventStore');
export const EVENT_CATALOGUE = Symbol.for('bridge-ledger:EventCatalogue');
