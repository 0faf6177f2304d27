import { accessEvents } from './facts/access';
import { accessDecider } from './domain/access-decider';
import type { Decider } from '../../kernel/decider';
import type { ClubContext } from '../club-context';
import type { LedgerContext } from '../ledger-context';

/** The access context as the ledger takes it: aPI keys, their roles and clubs. */
export const accessContext: LedgerContext = {
  name: 'access',
  facts: [...accessEvents],
  deciders: [accessDecider as Decider<unknown, ClubContext>],
};
