import { correctionEvents, publicationEvents } from './facts/corrections';
import { correctionsDecider } from './domain/decider';
import { publicationsDecider } from './domain/publications-decider';
import { correctionLog } from './projection/correction-log';
import type { Decider } from '../../kernel/decider';
import type { Projection } from '../../kernel/projection';
import type { ClubContext } from '../club-context';
import type { LedgerContext } from '../ledger-context';

/** The corrections context as the ledger takes it: corrections, rulings and appeals, the publications they notify, and the correction log. */
export const correctionsContext: LedgerContext = {
  name: 'corrections',
  facts: [...correctionEvents, ...publicationEvents],
  deciders: [
    correctionsDecider as Decider<unknown, ClubContext>,
    publicationsDecider as Decider<unknown, ClubContext>,
  ],
  projections: [correctionLog as Projection<unknown>],
};
