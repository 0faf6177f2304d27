import Database from 'better-sqlite3';
import {
  PROJECTION_TABLES_SQL,
  SqliteProjectionStateStore,
} from '../../src/ledger/projection-state-store';
import { ShareStateStore, ownerOf } from '../../src/ledger/share-state-store';
import { SCHEMA_SQL } from '../../src/store/sqlite/schema';
import { splitTables } from '../support/split-tables';

/**
 * A share of a split rebuild writes the partitions of its own streams straight into the read
 * model's rows, and the rest under its share's name with its checkpoint; read back, it sees both.
 */
describe("a share's saves of a read model split by its streams", () => {
  const projection = splitTables;
  // Two shares, the competitions' streams shared out by their numbers: even, odd.
  const shareOfStream = (stream: string) => Number(stream.slice('competition-'.length)) % 2;
  const split = { of: 2, shareOfStream };
  const competitions = Array.from({ length: 40 }, (_, i) => `c:${i}`);
  const ownedBy = (index: number) =>
    competitions.filter((k) => shareOfStream(`competition-${k.slice(2)}`) === index);
  const open = () => {
    const db = new Database(':memory:');
    db.exec(SCHEMA_SQL);
    db.exec(PROJECTION_TABLES_SQL);
    const share = (index: number) =>
      new ShareStateStore(db, new SqliteProjectionStateStore(db), [projection], {
        ...split,
        index,
      });
    return { db, share };
  };
  const rows = (db: Database.Database, name: string) =>
    db
      .prepare('SELECT key FROM projection_partitions WHERE name = ? ORDER BY key')
      .pluck()
      .all(name) as string[];
  const writes = (keys: readonly string[], seq = 64) =>
    keys.map((key, i) => ({ key, seq: seq + i, value: { key } }));

  it('names the share of a partition by its stream, none for a partition of no stream', () => {
    expect(ownerOf(projection, 'c:1', shareOfStream)).toBe(1);
    expect(ownerOf(projection, 'c:2', shareOfStream)).toBe(0);
    expect(ownerOf(projection, 'rulebook:pinner', shareOfStream)).toBeUndefined();
    // Both shares own some of the forty.
    expect(ownedBy(0).length).toBeGreaterThan(0);
    expect(ownedBy(1).length).toBeGreaterThan(0);
  });

  it("writes its own streams' partitions into the read model, the rest and its checkpoint under its name", () => {
    const { db, share } = open();
    const second = share(1);
    second.savePartitions('tables@2of2', {
      version: 3,
      position: 50,
      replace: true,
      writes: writes([...competitions, 'rulebook:pinner']),
    });
    expect(rows(db, 'tables')).toEqual([...ownedBy(1)].sort());
    expect(rows(db, 'tables@2of2')).toEqual([...ownedBy(0), 'rulebook:pinner'].sort());
    const checkpoints = db.prepare('SELECT name, position FROM checkpoints').raw().all();
    expect(checkpoints).toEqual([['tables@2of2', 50]]);
  });

  it('replaces only its own rows of the read model, not another share’s', () => {
    const { db, share } = open();
    share(0).savePartitions('tables@1of2', {
      version: 3,
      position: 50,
      replace: true,
      writes: writes(ownedBy(0)),
    });
    share(1).savePartitions('tables@2of2', {
      version: 3,
      position: 60,
      replace: true,
      writes: writes(ownedBy(1)),
    });
    // The second share starts again (a new version of its read model): the first's rows stay.
    share(1).savePartitions('tables@2of2', {
      version: 3,
      position: 70,
      replace: true,
      writes: writes(ownedBy(1).slice(0, 1)),
    });
    expect(rows(db, 'tables')).toEqual([...ownedBy(0), ownedBy(1)[0]!].sort());
  });

  it('reads back its own rows and its rows of the read model, in the order they were numbered', () => {
    const { db, share } = open();
    share(0).savePartitions('tables@1of2', {
      version: 3,
      position: 50,
      replace: true,
      writes: writes(ownedBy(0), 1000),
    });
    const second = share(1);
    second.savePartitions('tables@2of2', {
      version: 3,
      position: 60,
      replace: true,
      writes: [...writes(['rulebook:pinner'], 900), ...writes(ownedBy(1), 64)],
    });
    const saved = second.loadPartitions('tables@2of2')!;
    expect(saved.position).toBe(60);
    expect([...saved.partitions].map(([k]) => k)).toEqual([...ownedBy(1), 'rulebook:pinner']);
    expect(saved.lastSeq).toBe(900);
    const some = second.loadSomePartitions('tables@2of2', [ownedBy(1)[0]!, 'rulebook:pinner']);
    expect([...some!.partitions]).toEqual([
      [ownedBy(1)[0]!, { key: ownedBy(1)[0]! }],
      ['rulebook:pinner', { key: 'rulebook:pinner' }],
    ]);
    // Nothing saved for a share that has not begun.
    expect(share(0).loadSomePartitions('tables@9of9', ['c:1'])).toBeUndefined();
    expect(db.prepare("SELECT count(*) FROM checkpoints WHERE name = 'tables'").pluck().get()).toBe(
      0,
    );
  });

  it('drops a partition of its own stream from the read model when its fold drops it', () => {
    const { db, share } = open();
    const [key] = ownedBy(1);
    const second = share(1);
    second.savePartitions('tables@2of2', {
      version: 3,
      position: 50,
      replace: true,
      writes: writes([key!]),
    });
    second.savePartitions('tables@2of2', {
      version: 3,
      position: 51,
      replace: false,
      writes: [{ key: key!, seq: 0, value: undefined }],
    });
    expect(rows(db, 'tables')).toEqual([]);
  });
});
