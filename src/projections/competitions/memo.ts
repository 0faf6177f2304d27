import type { CompetitionsState } from './state';

/**
 * Values derived from one state, kept only while the state stays at the same ledger position:
 * the live runner updates its state in place (a new position drops them) and a replay builds a
 * new state (a new key). A cache, not a store: nothing here is ever written anywhere.
 */
const memo = new WeakMap<CompetitionsState, { position: number; values: Map<string, unknown> }>();

export function remember<T>(state: CompetitionsState, key: string, compute: () => T): T {
  let entry = memo.get(state);
  if (!entry || entry.position !== state.position) {
    entry = { position: state.position, values: new Map() };
    memo.set(state, entry);
  }
  if (!entry.values.has(key)) entry.values.set(key, compute());
  return entry.values.get(key) as T;
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
