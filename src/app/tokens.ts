/** Injection tokens of the ledger module. */
export const EVENT_STORE = Symbol.for('bridge-ledger:EventStore');
export const EVENT_CATALOGUE = Symbol.for('bridge-ledger:EventCatalogue');

/** () => the live competitions projection's state, or undefined (replay from the store). */
export const LIVE_COMPETITIONS = Symbol('LIVE_COMPETITIONS');
