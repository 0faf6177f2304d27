import { leagueEvents } from './facts/league';
import { leagueDecider } from './domain/decider';
import { leagues } from './projection/state';
import type { Decider } from '../../kernel/decider';
import type { Projection } from '../../kernel/projection';
import type { ClubContext } from '../club-context';
import type { LedgerContext } from '../ledger-context';

/** The league context as the ledger takes it: a teams league: divisions, fixtures, match results, penalties, players. */
export const leagueContext: LedgerContext = {
  name: 'league',
  facts: [...leagueEvents],
  deciders: [leagueDecider as Decider<unknown, ClubContext>],
  projections: [leagues as Projection<unknown>],
};
