/**
 * An import is written as `bridge-ledger append` writes a file, all
 * its sessions in one transaction where the store offers `appendMany`. A store that becomes
 * busy, full or fails after the first session's batch leaves nothing of the import stored, so
 * that its message ("nothing was written; retry") is true; on EventStoreDB (no multi-stream
 * transaction) the error names the sessions written and those not, and importing again
 * completes it.
 */
import { join } from 'node:path';
import { planUsebioImport } from '../../src/cli/commands/import-usebio';
import { catalogue } from '../../src/contexts/catalogue';
import { appendSessions, PartialImportError } from '../../src/import/append-session';
import type { SessionFacts } from '../../src/import/facts';
import { answerOf } from '../../src/kernel/errors';
import { StoreBusyError, StoreFaultError } from '../../src/store/errors';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { collect } from '../support/events';
import { tempDbPath } from '../support/temp';
import { FailingStore } from '../runtime/spy-stores';

const fixture = (name: string) => join(__dirname, '..', 'fixtures', 'usebio', name);

async function twoSessions(): Promise<SessionFacts[]> {
  const a = await planUsebioImport(fixture('mp-neuberg.xml'), catalogue);
  const b = await planUsebioImport(fixture('cross-imp.xml'), catalogue);
  return [...a.facts, ...b.facts];
}

const busy = () => new StoreBusyError('sqlite:ledger.db', 5000);
const full = () =>
  new StoreFaultError('STORE_FULL', 'sqlite:ledger.db', 'SQLITE_FULL', 'disk full');

describe('an import is one write', () => {
  it.each([
    ['busy', busy],
    ['full', full],
  ])(
    'a store that becomes %s after the first session leaves nothing of the import stored, as its error says',
    async (_, fault) => {
      const inner = new SqliteEventStore(tempDbPath(), { upcast: catalogue.upcast });
      const store = new FailingStore(inner, { okBatches: 1, fault, transactions: true });
      try {
        const all = await twoSessions();
        const error = await appendSessions(store, all).catch((e: unknown) => e);
        // The store's own error, whose words are true: nothing of the import is stored.
        expect((error as Error).constructor).toBe(fault().constructor);
        if (error instanceof StoreBusyError) expect(error.message).toMatch(/nothing was written/);
        expect(await inner.headPosition()).toBe(0);
        // Retried when the store is itself again, the import goes in whole.
        const outcomes = await appendSessions(inner, all);
        expect(outcomes.map((o) => o.status)).toEqual(['appended', 'appended']);
      } finally {
        await inner.close();
      }
    },
  );

  it('EventStoreDB-shaped (no appendMany): the error names the sessions written and not; importing again completes it', async () => {
    const inner = new MemoryEventStore({ upcast: catalogue.upcast });
    const store = new FailingStore(inner, { okBatches: 1, fault: busy, transactions: false });
    const all = await twoSessions();
    const [first, second] = all.map((f) => f.streamId);
    const error = await appendSessions(store, all).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartialImportError);
    const partial = error as PartialImportError;
    expect(partial.written).toEqual([first]);
    expect(partial.notWritten).toEqual([second]);
    expect(partial.message).toMatch(
      new RegExp(`1 session\\(s\\) written \\(${first}\\), 1 not \\(${second}\\)`),
    );
    expect(partial.message).not.toMatch(/nothing was written/);
    expect(answerOf(partial)).toMatchObject({ status: 409, exit: 1 });
    // What the error says is what is stored.
    const stored = new Set((await collect(inner.readAll())).map((e) => e.streamId));
    expect([...stored]).toEqual([first]);
    const again = await appendSessions(inner, all);
    expect(again.map((o) => o.status)).toEqual(['already-imported', 'appended']);
  });
});
