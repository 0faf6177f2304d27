import { clubRoster } from './club-roster/club-roster';
import { competitions } from './competitions/state';
import { correctionLog } from './correction-log/correction-log';
import { leagues } from './leagues/state';
import { ledgerStats } from './ledger-stats/ledger-stats';
import { membership } from './membership/state';
import type { Projection } from './projection';

/** The projections the runner keeps live. A new published table adds one folder and one entry. */
export const projections: ReadonlyArray<Projection<unknown>> = [
  ledgerStats as Projection<unknown>,
  clubRoster as Projection<unknown>,
  competitions as Projection<unknown>,
  correctionLog as Projection<unknown>,
  leagues as Projection<unknown>,
  membership as Projection<unknown>,
];

export function findProjection(name: string): Projection<unknown> | undefined {
  return projections.find((p) => p.name === name);
}

export { fold, type Projection } from './projection';
