import { clubRoster } from './club/projection/club-roster';
import { competitions } from './pairs/projection/state';
import { correctionLog } from './corrections/projection/correction-log';
import { leagues } from './league/projection/state';
import { ledgerStats } from './ledger-stats';
import { membership } from './membership/projection/state';
import type { Projection } from '../kernel/projection';

const all: Array<Projection<unknown>> = [
  ledgerStats as Projection<unknown>,
  clubRoster as Projection<unknown>,
  competitions as Projection<unknown>,
  correctionLog as Projection<unknown>,
  leagues as Projection<unknown>,
  membership as Projection<unknown>,
];

/**
 * The projections the runner keeps live: the built-in ones above (a new published table adds one
 * folder and one entry), then those of contexts registered at run time.
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
