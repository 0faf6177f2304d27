import { teamsEvents } from './facts/teams';
import { teamsDecider } from './domain/decider';
import { teamsEventsProjection } from './projection/state';
import type { Decider } from '../../kernel/decider';
import type { Projection } from '../../kernel/projection';
import type { ClubContext } from '../club-context';
import type { LedgerContext } from '../ledger-context';

/** The teams context as the ledger takes it: a club's teams events: entries, Swiss rounds, matches, defaults. */
export const teamsContext: LedgerContext = {
  name: 'teams',
  facts: [...teamsEvents],
  deciders: [teamsDecider as Decider<unknown, ClubContext>],
  projections: [teamsEventsProjection as Projection<unknown>],
};
