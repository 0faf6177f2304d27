import type { Projection } from '../../../../src/kernel/projection';
import type { NoteRecorded, NoteWithdrawn } from './facts';

/** Each club's notes, evening by evening, with what became of them. */
export interface NotesView {
  clubs: Record<string, { noteId: string; evening: string; text: string; withdrawn?: string }[]>;
}

export const directorNotes: Projection<NotesView> = {
  name: 'director-notes',
  version: 1,
  initial: () => ({ clubs: {} }),
  apply(state, event) {
    if (event.type === 'DirectorNoteRecorded') {
      const d = event.data as NoteRecorded;
      const notes = (state.clubs[d.clubId] ??= []);
      notes.push({ noteId: d.noteId, evening: d.evening, text: d.text });
    } else if (event.type === 'DirectorNoteWithdrawn') {
      const d = event.data as NoteWithdrawn;
      const note = state.clubs[d.clubId]?.find((n) => n.noteId === d.noteId);
      if (note) note.withdrawn = d.reason ?? 'withdrawn';
    }
    return state;
  },
};
