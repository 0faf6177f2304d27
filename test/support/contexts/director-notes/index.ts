import type { LedgerContext } from '../../../../src/contexts/registry';
import { notesDecider } from './decider';
import { noteFacts } from './facts';
import { DirectorNotesController } from './notes.controller';
import { registerNotesCommand } from './notes.command';
import { directorNotes } from './projection';

/** The director-notes context as the ledger takes it: registered in one line by its test. */
export const directorNotesContext: LedgerContext = {
  name: 'director-notes',
  facts: noteFacts,
  deciders: [notesDecider],
  projections: [directorNotes],
  http: {
    controllers: [DirectorNotesController],
    routes: { 'GET /clubs/:clubId/director-notes': { kind: 'private', club: 'clubId' } },
  },
  cli: registerNotesCommand,
};
