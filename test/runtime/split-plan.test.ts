import Database from 'better-sqlite3';
import { PROJECTION_TABLES_SQL } from '../../src/ledger/projection-state-store';
import { planSplit } from '../../src/ledger/split-plan';
import { SCHEMA_SQL } from '../../src/store/sqlite/schema';
import { splitTables } from '../support/split-tables';
import { tempDbPath } from '../support/temp';

/**
 * The plan of a split rebuild shares the streams out by where their first facts stand in the
 * ledger it was planned on, and keeps that cut with the rebuild: resumed, the shares take the
 * same streams; saved under a cut of another kind (by a hash of the ids), it is begun again.
 */
describe('the plan of a rebuild split by streams', () => {
  const key = 'split-rebuild:tables';
  const ledger = (setup: (db: Database.Database) => void = () => undefined) => {
    const path = tempDbPath();
    const db = new Database(path);
    db.exec(SCHEMA_SQL);
    db.exec(PROJECTION_TABLES_SQL);
    setup(db);
    db.close();
    return path;
  };
  const plan = (path: string, head: number) =>
    planSplit(
      { url: `sqlite:${path}`, workers: 2, directory: false },
      [splitTables],
      ['tables'],
      head,
      () => 1,
    );
  const read = (path: string, sql: string) => {
    const db = new Database(path, { readonly: true });
    try {
      return db.prepare(sql).raw().all();
    } finally {
      db.close();
    }
  };
  const savedShare = (db: Database.Database) => {
    db.prepare("INSERT INTO checkpoints VALUES ('tables@2of2', 600, 'then')").run();
    db.prepare("INSERT INTO projection_partitions VALUES ('tables', 'c:7', 1, '{}')").run();
  };

  it('shares afresh at the head, half each, and keeps the cut in the ledger', () => {
    const path = ledger();
    const { shares } = plan(path, 1000)!;
    expect(shares.map((s) => [s.split?.index, s.split?.first, s.split?.at])).toEqual([
      [0, 0.5, 1000],
      [1, 0.5, 1000],
    ]);
    expect(read(path, `SELECT value FROM ledger_meta WHERE key = '${key}'`)).toEqual([
      ['2:0.5:1000'],
    ]);
  });

  it('resumed on a longer ledger, shares the streams at the head it was planned on', () => {
    const path = ledger((db) => {
      savedShare(db);
      db.prepare('INSERT INTO ledger_meta VALUES (?, ?)').run(key, '2:0.5:800');
    });
    const { shares } = plan(path, 1000)!;
    expect(shares.map((s) => s.split?.at)).toEqual([800, 800]);
    // What the shares saved stands: they go on from it.
    expect(read(path, "SELECT name FROM checkpoints WHERE name = 'tables@2of2'")).toEqual([
      ['tables@2of2'],
    ]);
    expect(read(path, "SELECT key FROM projection_partitions WHERE name = 'tables'")).toEqual([
      ['c:7'],
    ]);
  });

  it('saved under a cut by a hash of the ids: drops what the shares saved and begins again', () => {
    const path = ledger((db) => {
      savedShare(db);
      db.prepare('INSERT INTO ledger_meta VALUES (?, ?)').run(key, '2:0.5');
    });
    const { shares } = plan(path, 1000)!;
    expect(shares.map((s) => s.split?.at)).toEqual([1000, 1000]);
    expect(read(path, "SELECT name FROM checkpoints WHERE name LIKE 'tables%'")).toEqual([]);
    expect(read(path, "SELECT key FROM projection_partitions WHERE name LIKE 'tables%'")).toEqual(
      [],
    );
    expect(read(path, `SELECT value FROM ledger_meta WHERE key = '${key}'`)).toEqual([
      ['2:0.5:1000'],
    ]);
  });
});
