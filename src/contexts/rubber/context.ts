import { rubberEvents } from './facts/catalogue';
import { rubberDecider } from './domain/decider';
import { rubberProjection } from './projection/state';
import type { Decider } from '../../kernel/decider';
import type { Projection } from '../../kernel/projection';
import type { ClubContext } from '../club-context';
import type { LedgerContext } from '../ledger-context';

/** The rubber context as the ledger takes it: a club's rubber-bridge evenings and their rotation. */
export const rubberContext: LedgerContext = {
  name: 'rubber',
  facts: [...rubberEvents],
  deciders: [rubberDecider as Decider<unknown, ClubContext>],
  projections: [rubberProjection as Projection<unknown>],
};
