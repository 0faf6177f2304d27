import { IsOptional, IsString, Length, Matches } from 'class-validator';
import type { EventDefinition } from '../../../../src/kernel/catalogue';
import { classSchema } from '../../../../src/kernel/class-schema';
import { ID_PATTERN } from '../../../../src/kernel/ids';

/**
 * A small context that lives only under test/: a tournament director's notes on a club's
 * evening (a slow pair warned, a board redealt), on the club's stream `notes-<clubId>`. It
 * proves that a new context is one folder and one registration line.
 */
class NoteScope {
  @Matches(ID_PATTERN, { message: 'clubId must be letters, digits and _ . : @ -' })
  clubId!: string;

  @Matches(ID_PATTERN, { message: 'noteId must be letters, digits and _ . : @ -' })
  noteId!: string;
}

class DirectorNoteRecordedData extends NoteScope {
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'evening must be a date YYYY-MM-DD' })
  evening!: string;

  @IsString()
  @Length(1, 500)
  text!: string;
}

class DirectorNoteWithdrawnData extends NoteScope {
  @IsOptional()
  @IsString()
  @Length(1, 200)
  reason?: string;
}

export type NoteRecorded = DirectorNoteRecordedData;
export type NoteWithdrawn = DirectorNoteWithdrawnData;

export const noteFacts: EventDefinition[] = [
  {
    type: 'DirectorNoteRecorded',
    schemaVersion: 1,
    description: "A director's note on a club's evening (a test context's fact).",
    validate: classSchema(DirectorNoteRecordedData),
  },
  {
    type: 'DirectorNoteWithdrawn',
    schemaVersion: 1,
    description: "A director's note withdrawn (a test context's fact).",
    validate: classSchema(DirectorNoteWithdrawnData),
  },
];
