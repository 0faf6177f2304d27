/**
 * A record keyed by ids, with no prototype: any id is a key (`__proto__` too), and it is kept
 * as a map from the start (bench/RESULTS.md). Plain JSON all the same.
 */
export const dict = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

/** Adds `value` to the set `map` keeps under `key`, making the set when it is the first. */
export function addToSetOf<K>(map: Map<K, Set<string>>, key: K, value: string): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}
