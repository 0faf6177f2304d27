import type { Command } from 'commander';
import { openStore } from '../../../../src/store/open-store';
import { catalogue } from '../../../../src/contexts/catalogue';
import { fold } from '../../../../src/kernel/projection';
import type { RecordedEvent } from '../../../../src/kernel/envelope';
import { directorNotes } from './projection';

/** `director-notes <clubId> --store <url>`: the club's notes, one a line. */
export function registerNotesCommand(program: unknown): void {
  (program as Command)
    .command('director-notes <clubId>')
    .description("A club's director notes (a test context)")
    .requiredOption('--store <url>', 'the ledger')
    .action(async (clubId: string, o: { store: string }) => {
      const store = await openStore(o.store, { upcast: catalogue.upcast, readOnly: true });
      try {
        const events: RecordedEvent[] = [];
        for await (const e of store.readAll()) events.push(e);
        for (const n of fold(directorNotes, events).clubs[clubId] ?? []) {
          process.stdout.write(
            `${n.evening}  ${n.noteId}  ${n.text}${n.withdrawn ? `  (withdrawn: ${n.withdrawn})` : ''}\n`,
          );
        }
      } finally {
        await store.close();
      }
    });
}
