import { competitionEvents } from './facts/competition';
import { sessionEvents } from './facts/session';
import { competitionDecider } from './domain/decider';
import { sessionDecider } from './domain/session-decider';
import { competitions } from './projection/state';
import type { Decider } from '../../kernel/decider';
import type { Projection } from '../../kernel/projection';
import type { ClubContext } from '../club-context';
import type { LedgerContext } from '../ledger-context';

/** The pairs context as the ledger takes it: pairs competitions, their sessions, and scored sessions (boards, travellers). */
export const pairsContext: LedgerContext = {
  name: 'pairs',
  facts: [...competitionEvents, ...sessionEvents],
  deciders: [
    competitionDecider as Decider<unknown, ClubContext>,
    sessionDecider as Decider<unknown, ClubContext>,
  ],
  projections: [competitions as Projection<unknown>],
};
