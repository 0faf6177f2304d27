/** A state at a ledger position (the competitions state): what its values are derived from. */
type Positioned = { readonly position: number };

/**
 * Values derived from one state, kept only while the state stays at the same ledger position:
 * the live runner updates its state in place (a new position drops them) and a replay builds a
 * new state (a new key). A cache, not a store: nothing here is ever written anywhere.
 */
const memo = new WeakMap<
  Positioned,
  { position: number; values: Map<string, Map<string | number, unknown>> }
>();

/**
 * Drops what was derived from the state: a partition was put back into it (a competition left in
 * its save until asked for), so the state changed at the same position.
 */
export function forget(state: Positioned): void {
  memo.delete(state);
}

/**
 * The value of `kind` for `key` (a competition or club id, …), computed once per state. Two
 * levels, so that the hot lookups (per competition, many times per standing) build no key string.
 */
export function remember<T>(
  state: Positioned,
  kind: string,
  key: string | number,
  compute: () => T,
): T {
  let entry = memo.get(state);
  if (!entry || entry.position !== state.position) {
    entry = { position: state.position, values: new Map() };
    memo.set(state, entry);
  }
  let values = entry.values.get(kind);
  if (!values) entry.values.set(kind, (values = new Map()));
  if (values.has(key)) return values.get(key) as T;
  const value = compute();
  values.set(key, value);
  return value;
}

const ids = new WeakMap<object, number>();
let nextId = 0;

/**
 * A number naming an object for as long as it lives: a memo key for parameters that are
 * themselves derived once per state (a rulebook in force, its parameters for the groups in play).
 */
export function identity(o: object): number {
  let id = ids.get(o);
  if (id === undefined) ids.set(o, (id = ++nextId));
  return id;
}
