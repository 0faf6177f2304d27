import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue } from '../../src/contexts/catalogue';
import { startService } from '../../src/cli/commands/serve';
import { closeTableStore, openTableStore } from '../../src/cli/read-store';
import { standingsFrom } from '../../src/audit/published';
import { answerNowFromSaved } from '../../src/contexts/pairs/read/competition-slice';
import type { EventStore } from '../../src/store/event-store';
import { directoryOf } from '../../src/ledger/ledger-directory';
import { PostgresEventStore } from '../../src/store/postgres/postgres-event-store';
import {
  clubRegistered,
  competition,
  ROSTER,
  rulebookAdopted,
  TUESDAYS,
  type Proposed,
} from '../support/nz-club';
import { freshDatabase, onPostgres } from '../support/postgres';
import { tempDir } from '../support/temp';
import { cli } from '../support/cli';

const tue = competition('tue', 'three-four-session-pairs', 'tuesday', TUESDAYS.slice(0, 4), {
  VT: ['vic', 'tia'],
  TT: ['tom', 'tim'],
});
const FACTS: Proposed[] = [
  clubRegistered(),
  rulebookAdopted(),
  ...ROSTER,
  ...tue.setup,
  tue.result(1, 'TT'),
  tue.result(1, 'VT'),
  tue.result(2, 'VT'),
];

async function ledgerOf(facts: readonly Proposed[]): Promise<string> {
  const url = await freshDatabase();
  const store = await PostgresEventStore.open(url, { upcast: catalogue.upcast });
  for (const { streamId, ...e } of facts) await store.appendToStream(streamId, [e]);
  await store.close();
  return url;
}

/** A service on the ledger at `url` saves its read models in `file`, catches up, and stops. */
async function servedOnce(url: string, file: string): Promise<void> {
  const store = await PostgresEventStore.open(url, { upcast: catalogue.upcast });
  const service = await startService({
    store,
    port: 0,
    host: '127.0.0.1',
    logger: false,
    readModels: file,
  });
  await service.runner.caughtUp();
  // The ledger's directory saved at the head, as a service that has run a while has it (it saves
  // itself every so many facts, more than this ledger holds).
  const directory = directoryOf(store);
  await directory.catchUp();
  directory.flush();
  await service.close();
  await store.close();
}

/** The facts a read of the store hands out, counted. */
function counting(store: EventStore): () => number {
  let read = 0;
  const readAll = store.readAll.bind(store);
  store.readAll = async function* (o) {
    for await (const e of readAll(o)) {
      read += 1;
      yield e;
    }
  };
  return () => read;
}

/**
 * The CLI's tables of a ledger kept in PostgreSQL answer from the read models a service saved
 * in its file (`standings --read-models <file>`), as a SQLite ledger's answer from its own file.
 */
onPostgres('a table of a PostgreSQL ledger read from a service’s read-models file', () => {
  let url: string;
  let file: string;
  beforeAll(async () => {
    url = await ledgerOf(FACTS);
    file = join(tempDir(), 'read-models.db');
    await servedOnce(url, file);
  }, 60_000);

  const standingsJson = (...more: string[]) =>
    cli('standings', 'tue', '--store', url, '--format', 'json', ...more);

  it('the standing from the file: the same bytes as folded from the ledger, reading a few facts where the fold reads them all', async () => {
    const fromLedger = await standingsJson();
    const fromFile = await standingsJson('--read-models', file);
    expect(fromLedger.code).toBe(0);
    expect(fromFile).toEqual(fromLedger);
    expect(JSON.parse(fromFile.stdout)).toMatchObject({ competitionId: 'tue' });

    const answer = async (readModels?: string) => {
      const store = await openTableStore({ store: url, ...(readModels ? { readModels } : {}) });
      const read = counting(store);
      try {
        const view = await answerNowFromSaved(store, { competitionId: 'tue' }, (slice) =>
          standingsFrom(slice.state, 'tue'),
        );
        return { view, read: read() };
      } finally {
        await closeTableStore(store);
      }
    };
    const folded = await answer();
    const saved = await answer(file);
    expect(saved.view).toEqual(folded.view);
    expect(folded.read).toBeGreaterThanOrEqual(FACTS.length);
    // The file's binding checked (its first fact and the fact at the head), nothing folded.
    expect(saved.read).toBeLessThanOrEqual(2);
  });

  it('a fact appended after the service stopped is in the answer: the file is read only for what it has', async () => {
    const store = await PostgresEventStore.open(url, { upcast: catalogue.upcast });
    const { streamId, ...e } = tue.result(2, 'TT');
    await store.appendToStream(streamId, [e]);
    await store.close();
    const fromFile = await standingsJson('--read-models', file);
    expect(fromFile).toEqual(await standingsJson());
    expect(fromFile.stdout).toContain('"TT"');
  });

  it('the file of another ledger: not used, stderr says why, and the answer is this ledger’s', async () => {
    const other = await ledgerOf([clubRegistered(), rulebookAdopted(), ...ROSTER, ...tue.setup]);
    const fromFile = await cli(
      'standings',
      'tue',
      '--store',
      other,
      '--format',
      'json',
      '--read-models',
      file,
    );
    const fromLedger = await cli('standings', 'tue', '--store', other, '--format', 'json');
    expect(fromFile.code).toBe(0);
    expect(fromFile.stdout).toBe(fromLedger.stdout);
    expect(fromFile.stderr).toMatch(
      /read models in .* not used \(they were of another ledger .*\): answering from the ledger/,
    );
  });

  it('a file that is not there, or not a SQLite file: exit 2, BadReadModelsFile, naming it', async () => {
    const missing = join(tempDir(), 'none.db');
    const r = await standingsJson('--read-models', missing);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--read-models ${missing}`);
    const text = join(tempDir(), 'notes.txt');
    writeFileSync(text, 'not a database\n'.repeat(100));
    const t = await standingsJson('--read-models', text);
    expect(t.code).toBe(2);
    expect(t.stderr).toContain(`--read-models ${text}`);
  });
});
