import { meetingsEvents } from './facts/catalogue';
import { meetingsDecider } from './domain/decider';
import { meetingsProjection } from './projection/state';
import type { Decider } from '../../kernel/decider';
import type { Projection } from '../../kernel/projection';
import type { ClubContext } from '../club-context';
import type { LedgerContext } from '../ledger-context';

/** The meetings context as the ledger takes it: a club's general meetings, officers and constitution. */
export const meetingsContext: LedgerContext = {
  name: 'meetings',
  facts: [...meetingsEvents],
  deciders: [meetingsDecider as Decider<unknown, ClubContext>],
  projections: [meetingsProjection as Projection<unknown>],
};
