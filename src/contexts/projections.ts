import { clubRoster } from './club/projection/club-roster';
import { competitions } from './pairs/projection/state';
import { correctionLog } from './corrections/projection/correction-log';
import { leagues } from './league/projection/state';
import { ledgerStats } from './ledger-stats';
import { membership } from './membership/projection/state';
import type { Projection } from '../kernel/projection';

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

export { fold, type Projection } from '../kernel/projection';
