import { clubEvents } from './facts/club';
import { rulebookEvents } from './facts/rulebook';
import { clubDecider } from './domain/club-decider';
import { rosterDecider } from './domain/roster-decider';
import { clubRoster } from './projection/club-roster';
import type { Decider } from '../../kernel/decider';
import type { Projection } from '../../kernel/projection';
import type { ClubContext } from '../club-context';
import type { LedgerContext } from '../ledger-context';

/** The club context as the ledger takes it: clubs: a club's registration and rulebook facts, and its roster. */
export const clubContext: LedgerContext = {
  name: 'club',
  facts: [...clubEvents, ...rulebookEvents],
  deciders: [
    clubDecider as Decider<unknown, ClubContext>,
    rosterDecider as Decider<unknown, ClubContext>,
  ],
  projections: [clubRoster as Projection<unknown>],
};
