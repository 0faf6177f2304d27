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
