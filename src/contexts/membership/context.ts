import { membershipEvents } from './facts/membership';
import { membershipDecider } from './domain/decider';
import { membership } from './projection/state';
import type { Decider } from '../../kernel/decider';
import type { Projection } from '../../kernel/projection';
import type { ClubContext } from '../club-context';
import type { LedgerContext } from '../ledger-context';

/** The membership context as the ledger takes it: a club's members and visitors: applications, elections, classes, sessions played. */
export const membershipContext: LedgerContext = {
  name: 'membership',
  facts: [...membershipEvents],
  deciders: [membershipDecider as Decider<unknown, ClubContext>],
  projections: [membership as Projection<unknown>],
};
