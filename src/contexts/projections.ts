import { ledgerStats } from './ledger-stats';
import type { Projection } from '../kernel/projection';

const all: Array<Projection<unknown>> = [ledgerStats as Projection<unknown>];

/**
 * The projections the runner keeps live: the ledger's own statistics, then each context's, added
 * when the context is registered (built-in.ts).
 */
export const projections: ReadonlyArray<Projection<unknown>> = all;

/** Adds a registered context's projections (src/contexts/registry.ts). */
export function addProjections(added: ReadonlyArray<Projection<unknown>>): void {
  for (const p of added) {
    if (all.some((q) => q.name === p.name)) throw new Error(`projection ${p.name} is registered`);
  }
  all.push(...added);
}

export function findProjection(name: string): Projection<unknown> | undefined {
  return projections.find((p) => p.name === name);
}

export { fold, type Projection } from '../kernel/projection';
