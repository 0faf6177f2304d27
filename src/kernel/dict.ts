/**
 * A record keyed by ids, with no prototype: any id is a key (`__proto__` too), and it is kept
 * as a map from the start (bench/RESULTS.md). Plain JSON all the same.
 */
export const dict = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;
