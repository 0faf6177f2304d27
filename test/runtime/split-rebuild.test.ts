import Database from 'better-sqlite3';
import { staggered } from '../../src/ledger/parallel-rebuild';
import { PROJECTION_TABLES_SQL } from '../../src/ledger/projection-state-store';
import {
  dropShares,
  firstShareFraction,
  joinShares,
  shareOf,
} from '../../src/ledger/split-rebuild';
import { joinSplit } from '../../src/ledger/split-plan';
import { SCHEMA_SQL } from '../../src/store/sqlite/schema';
import { splitTables } from '../support/split-tables';

/**
 * A read model split by its streams over the shares of a rebuild: which share takes which
 * stream, how much the first share takes, and how the shares' partitions are joined.
 */
describe('a rebuild split by streams', () => {
  it('gives the first share the streams begun in its part of the ledger, the others the rest evenly', () => {
    // A stream's first fact at each position of a ledger of 6,000 facts, shared out at its head.
    const firsts = Array.from({ length: 6000 }, (_, i) => i + 1);
    const count = (of: number, first: number) => {
      const n = Array.from({ length: of }, () => 0);
      for (const p of firsts) n[shareOf(p, { of, first, at: 6000 })]! += 1;
      return n.map((x) => x / firsts.length);
    };
    const [a, b, c] = count(3, 0.2);
    expect(a).toBeCloseTo(0.2, 3);
    expect(b).toBeCloseTo(0.4, 3);
    expect(c).toBeCloseTo(0.4, 3);
    // None for the first share: every stream to the others.
    expect(count(2, 0)).toEqual([0, 1]);
    expect(count(1, 1)).toEqual([1]);
  });

  it("cuts at the part exactly: a stream begun on the cut is the first share's, one after it the next's", () => {
    const cut = { of: 2, first: 0.5, at: 1000 };
    expect(shareOf(1, cut)).toBe(0);
    expect(shareOf(500, cut)).toBe(0);
    expect(shareOf(501, cut)).toBe(1);
    expect(shareOf(1000, cut)).toBe(1);
  });

  it('gives a stream begun after the head it was shared out at (a rebuild resumed) to the last share', () => {
    expect(shareOf(1500, { of: 3, first: 0.2, at: 1000 })).toBe(2);
    expect(shareOf(1001, { of: 2, first: 0.5, at: 1000 })).toBe(1);
  });

  it('weighs the first share, which also reads every fact for the read models not split', () => {
    expect(firstShareFraction(0, 5, 1)).toBe(1);
    // Heavy work of its own: no split stream for the first share.
    expect(firstShareFraction(20, 5, 2)).toBe(0);
    // Nothing else to do: about an equal part, never more.
    const even = firstShareFraction(0, 5, 2);
    expect(even).toBeGreaterThan(0.3);
    expect(even).toBeLessThanOrEqual(0.5);
    // The more cores, the smaller each part, the first's included.
    expect(firstShareFraction(1, 5, 4)).toBeLessThan(firstShareFraction(1, 5, 2));
  });

  describe('joining the shares saved', () => {
    const projection = splitTables;
    const ledger = (rows: Array<[name: string, key: string, seq: number, state: unknown]>) => {
      const db = new Database(':memory:');
      db.exec(SCHEMA_SQL);
      db.exec(PROJECTION_TABLES_SQL);
      const put = db.prepare('INSERT INTO projection_partitions VALUES (?, ?, ?, ?)');
      for (const [name, key, seq, state] of rows) put.run(name, key, seq, JSON.stringify(state));
      for (const name of new Set(rows.map((r) => r[0]))) {
        db.prepare('INSERT INTO projection_partitioned VALUES (?, 3)').run(name);
        db.prepare("INSERT INTO checkpoints VALUES (?, 40, 'then')").run(name);
      }
      return db;
    };
    const joined = (db: Database.Database) =>
      db
        .prepare("SELECT key, state FROM projection_partitions WHERE name = 'tables' ORDER BY seq")
        .raw()
        .all();
    // Where the streams went with the first share taking none: every one to the second.
    const split = { of: 2, first: 0 };

    it('takes each partition once, in the order the facts made them, the position the last', () => {
      const db = ledger([
        ['tables@1of2', 'position', 0, 90],
        ['tables@2of2', 'position', 0, 100],
        ['tables@1of2', 'rulebook:pinner', 64, { level: 4 }],
        ['tables@2of2', 'rulebook:pinner', 64, { level: 4 }],
        // The second share wrote its own streams' partitions into the read model as it went.
        ['tables', 'c:1', 128, { rows: 3 }],
        ['tables', 'c:2', 200, { rows: 5 }],
      ]);
      expect(joinShares(db, projection, split, 100, 'now')).toBeUndefined();
      expect(joined(db)).toEqual([
        ['position', '100'],
        ['rulebook:pinner', '{"level":4}'],
        ['c:1', '{"rows":3}'],
        ['c:2', '{"rows":5}'],
      ]);
      expect(db.prepare('SELECT name, position FROM checkpoints').raw().all()).toEqual([
        ['tables', 100],
      ]);
      expect(
        db
          .prepare("SELECT count(*) FROM projection_partitions WHERE name LIKE '%@%'")
          .pluck()
          .get(),
      ).toBe(0);
    });

    it("takes a stream's partition from its own share: another's holds only what everyone's facts made", () => {
      const db = ledger([
        ['tables@1of2', 'c:1', 128, { adjustments: 1 }],
        ['tables', 'c:1', 128, { rows: 3, adjustments: 1 }],
      ]);
      joinShares(db, projection, split, 100, 'now');
      expect(joined(db)).toEqual([['c:1', '{"rows":3,"adjustments":1}']]);
    });

    it('numbers a partition by the first fact that named it, in whichever share', () => {
      const db = ledger([
        // A correction on the first share's stream named competition 1 before its own facts.
        ['tables@1of2', 'c:1', 64, { adjustments: 1 }],
        ['tables', 'c:1', 128, { rows: 3, adjustments: 1 }],
        ['tables', 'c:2', 100, { rows: 5 }],
      ]);
      joinShares(db, projection, split, 100, 'now');
      expect(joined(db)).toEqual([
        ['c:1', '{"rows":3,"adjustments":1}'],
        ['c:2', '{"rows":5}'],
      ]);
    });

    it("takes a stream's partition only another share made as that share made it", () => {
      const db = ledger([['tables@1of2', 'c:9', 64, { adjustments: 1 }]]);
      joinShares(db, projection, split, 100, 'now');
      expect(joined(db)).toEqual([['c:9', '{"adjustments":1}']]);
    });

    it('refuses a partition the shares made differently that it cannot join, writing nothing', () => {
      const db = ledger([
        ['tables', 'old', 1, 'kept'],
        ['tables@1of2', 'roster:pinner', 64, { players: 2 }],
        ['tables@2of2', 'roster:pinner', 64, { players: 3 }],
      ]);
      expect(joinShares(db, projection, split, 100, 'now')).toBe('roster:pinner');
      expect(joined(db)).toEqual([['old', '"kept"']]);
      expect(
        db
          .prepare("SELECT count(*) FROM projection_partitions WHERE name LIKE '%@%'")
          .pluck()
          .get(),
      ).toBe(2);
    });
  });

  describe('the join of a split rebuild, as its own worker does it', () => {
    const roster = { ...splitTables, name: 'roster', reads: new Set(['PlayerRegistered']) };
    const ledger = () => {
      const db = new Database(':memory:');
      db.exec(SCHEMA_SQL);
      db.exec(PROJECTION_TABLES_SQL);
      const put = db.prepare('INSERT INTO projection_partitions VALUES (?, ?, ?, ?)');
      put.run('tables@1of2', 'position', 0, '90');
      put.run('tables@2of2', 'position', 0, '100');
      put.run('roster', 'club:pinner', 1, '{"players":2}');
      db.prepare("INSERT INTO checkpoints VALUES ('roster', 90, 'then')").run();
      return db;
    };
    const names = (db: Database.Database) =>
      db.prepare('SELECT DISTINCT name FROM projection_partitions ORDER BY name').pluck().all();
    const join = { names: ['tables'], of: 2, first: 0.5, checked: ['roster'] };

    it('joins the split read models and keeps a read model no other share read a fact of', () => {
      const db = ledger();
      expect(
        joinSplit(db, [splitTables, roster], join, 100, [{}, { types: ['SessionHeld'] }]),
      ).toEqual([]);
      expect(names(db)).toEqual(['roster', 'tables']);
    });

    it('rebuilds whole a read model of the first share of which another share read a fact', () => {
      const db = ledger();
      const done = [{}, { types: ['PlayerRegistered'] }];
      expect(joinSplit(db, [splitTables, roster], join, 100, done)).toEqual(['roster']);
      expect(names(db)).toEqual(['tables']);
      expect(
        db.prepare("SELECT count(*) FROM checkpoints WHERE name = 'roster'").pluck().get(),
      ).toBe(0);
    });

    it('refuses a split read model this code does not have, writing nothing', () => {
      const db = ledger();
      const unknown = { ...join, names: ['tables', 'standings-2031'] };
      expect(() => joinSplit(db, [splitTables, roster], unknown, 100, [{}, {}])).toThrow(
        'a split rebuild names standings-2031, a read model this code does not have',
      );
      expect(names(db)).toEqual(['roster', 'tables@1of2', 'tables@2of2']);
    });
  });

  it("drops a read model's shares by their names alone: not its own rows, nor another read model's", () => {
    const db = new Database(':memory:');
    db.exec(SCHEMA_SQL);
    db.exec(PROJECTION_TABLES_SQL);
    const put = db.prepare(
      "INSERT INTO projection_partitions (name, key, seq, state) VALUES (?, 'k', 1, '{}')",
    );
    const saved = [
      'tables',
      'tables@1of2',
      'tables@2of2',
      // Names a pattern would have to escape, and names beside the range's ends.
      'tables_x@1of2',
      'tables%@1of2',
      'tables?',
      'tablesA',
      'tables@',
      'table@1of2',
    ];
    for (const name of saved) put.run(name);
    const left = () =>
      db.prepare('SELECT name FROM projection_partitions ORDER BY name').pluck().all();
    dropShares(db, 'tables', ['tables@2of2']);
    expect(left()).toEqual(saved.filter((n) => !['tables@1of2', 'tables@'].includes(n)).sort());
    dropShares(db, 'tables');
    expect(left()).toEqual(
      ['tables', 'tables_x@1of2', 'tables%@1of2', 'tables?', 'tablesA', 'table@1of2'].sort(),
    );
    dropShares(db, 'tables%');
    expect(left()).not.toContain('tables%@1of2');
    expect(left()).toContain('tables_x@1of2');
  });

  it("shifts each share's saves by a part of the spacing's ratio, so that equal shares do not save together", () => {
    // A quarter of what a share has folded apart: saves 4/3 apart, shifted by (4/3)^(i/of).
    expect(staggered({}, 0, 2)).toEqual({ saveEvery: 50_000, saveSpacing: 0.25 });
    expect(staggered({}, 1, 2)).toEqual({ saveEvery: 57_735, saveSpacing: 0.25 });
    expect(staggered({ saveEvery: 300 }, 2, 3).saveEvery).toBe(363);
    // One worker: its saves as asked.
    expect(staggered({ saveEvery: 500 }, 0, 1)).toEqual({ saveEvery: 500, saveSpacing: 0.25 });
    // No spacing: nothing to shift by.
    expect(staggered({ saveSpacing: 0 }, 1, 2)).toEqual({ saveEvery: 50_000, saveSpacing: 0 });
  });
});
