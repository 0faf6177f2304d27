import type { ClubContext } from '../../../../src/contexts/club-context';
import type { Decider, DecidedFact } from '../../../../src/kernel/decider';
import { RuleViolation } from '../../../../src/kernel/rule-violation';
import type { NoteRecorded, NoteWithdrawn } from './facts';

export interface NotesState {
  notes: Record<string, { withdrawn: boolean }>;
}

const PREFIX = 'notes-';
const ledger = (reason: string, field: string) => new RuleViolation('LEDGER', reason, field);

/**
 * The notes' decider: a note is recorded once, for a registered club, and withdrawn once; a
 * withdrawal names a note the stream holds.
 */
export const notesDecider: Decider<NotesState, ClubContext> = {
  name: 'director-notes',
  owns: (streamId) => streamId.startsWith(PREFIX),
  streams: 'notes-<clubId>',
  factTypes: new Set(['DirectorNoteRecorded', 'DirectorNoteWithdrawn']),
  homeOf: () => ({ prefix: PREFIX, idField: 'clubId', elsewhere: 'unread' }),
  readsClub: () => true,
  initialState: () => ({ notes: {} }),
  evolve(state, fact: DecidedFact) {
    const d = fact.data as NoteRecorded & NoteWithdrawn;
    if (fact.type === 'DirectorNoteRecorded') state.notes[d.noteId] = { withdrawn: false };
    else if (state.notes[d.noteId]) state.notes[d.noteId]!.withdrawn = true;
  },
  decide(fact, state, club) {
    const d = fact.data as NoteRecorded & NoteWithdrawn;
    if (!club.isRegistered(d.clubId)) {
      throw ledger(`club ${d.clubId} is not registered`, 'data.clubId');
    }
    const note = state.notes[d.noteId];
    if (fact.type === 'DirectorNoteRecorded' && note) {
      throw ledger(`note ${d.noteId} is recorded already`, 'data.noteId');
    }
    if (fact.type === 'DirectorNoteWithdrawn' && (!note || note.withdrawn)) {
      throw ledger(
        `note ${d.noteId} is ${note ? 'withdrawn already' : 'not recorded'}`,
        'data.noteId',
      );
    }
    return [fact];
  },
};
