import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECTION_TABLES_SQL } from '../src/ledger/projection-tables';
import { median } from './lib/harness';

/**
 * The saved partitions' table in its two layouts, side by side in one run, on the read models a
 * service saved in a ledger file (a federation's `run.db` after `npm run bench:federation`):
 *
 *   npm run bench:partition-table -- bench/.work/federation/run.db [rounds]
 *
 * Each round writes every saved partition three times over (a rebuild's saves write each
 * partition more than once) in 50 transactions a pass, into a fresh file of each layout in
 * turn, then reads 2,000 partitions by key from each. It prints each round's times and the
 * ratios (WITHOUT ROWID ÷ rowid), and, last, one JSON line.
 */
const EARLIER = PROJECTION_TABLES_SQL.replace(
  /PRIMARY KEY \(name, key\)\n\);\s*$/,
  'PRIMARY KEY (name, key)\n) WITHOUT ROWID;\n',
);
if (EARLIER === PROJECTION_TABLES_SQL) throw new Error('the partitions table is not where it was');

const file = process.argv[2];
const rounds = Number(process.argv[3] ?? 3);
if (!file)
  throw new Error('usage: run-partition-table <ledger file with saved read models> [rounds]');
if (!Number.isInteger(rounds) || rounds < 1)
  throw new Error(`rounds must be a whole number of 1 or more, not ${process.argv[3]}`);

const source = new Database(file, { readonly: true });
const rows = source
  .prepare('SELECT name, key, seq, state FROM projection_partitions')
  .raw()
  .all() as Array<[string, string, number, string]>;
source.close();
if (rows.length === 0) throw new Error(`${file} holds no saved partitions: serve it once first`);
const megabytes = rows.reduce((n, r) => n + r[3].length, 0) / 1e6;
console.log(`${rows.length} partitions, ${megabytes.toFixed(1)} MB of JSON, from ${file}`);

const dir = mkdtempSync(join(tmpdir(), 'partition-table-'));
const ms = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e6;

function round(layout: string, n: number): { write: number; read: number } {
  const db = new Database(join(dir, `${n}.db`));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(layout);
  const put = db.prepare(
    `INSERT INTO projection_partitions (name, key, seq, state) VALUES (?, ?, ?, ?)
     ON CONFLICT (name, key) DO UPDATE SET state = excluded.state`,
  );
  const save = db.transaction((batch: typeof rows) => {
    for (const r of batch) put.run(...r);
  });
  let t = process.hrtime.bigint();
  for (let pass = 0; pass < 3; pass++)
    for (let i = 0; i < 50; i++) save(rows.filter((_, j) => j % 50 === i));
  const write = ms(t);
  const one = db.prepare('SELECT state FROM projection_partitions WHERE name = ? AND key = ?');
  t = process.hrtime.bigint();
  for (let i = 0; i < 2000; i++) {
    const r = rows[(i * 7919) % rows.length]!;
    if (one.get(r[0], r[1]) === undefined) throw new Error(`${r[1]} not found`);
  }
  const read = ms(t);
  db.close();
  return { write, read };
}

const ratios: Array<{ write: number; read: number }> = [];
let n = 0;
for (let i = 0; i < rounds; i++) {
  // Taking turns: which layout goes first alternates.
  const order = i % 2 === 0 ? ['rowid', 'without'] : ['without', 'rowid'];
  const got: Record<string, { write: number; read: number }> = {};
  for (const kind of order)
    got[kind] = round(kind === 'rowid' ? PROJECTION_TABLES_SQL : EARLIER, n++);
  const r = {
    write: got.without!.write / got.rowid!.write,
    read: got.without!.read / got.rowid!.read,
  };
  ratios.push(r);
  console.log(
    `round ${i + 1}: writes rowid ${got.rowid!.write.toFixed(0)} ms, WITHOUT ROWID ${got.without!.write.toFixed(0)} ms (${r.write.toFixed(2)}×); ` +
      `2,000 reads by key ${got.rowid!.read.toFixed(0)} ms, ${got.without!.read.toFixed(0)} ms (${r.read.toFixed(2)}×)`,
  );
}
rmSync(dir, { recursive: true, force: true });
console.log(
  JSON.stringify({
    partitions: rows.length,
    megabytes: Number(megabytes.toFixed(1)),
    writeRatio: Number(median(ratios.map((r) => r.write)).toFixed(2)),
    readRatio: Number(median(ratios.map((r) => r.read)).toFixed(2)),
  }),
);
