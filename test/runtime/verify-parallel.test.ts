import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { catalogue } from '../../src/contexts/catalogue';
import { readRaw } from '../../src/audit/raw-records';
import { verifyLog, type VerifyReport } from '../../src/audit/verify';
import { verifyStore } from '../../src/audit/verify-parallel';
import { planAppend } from '../../src/ledger/append-file';
import { examplesDir } from '../../src/ledger/load-examples';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { tempDbPath } from '../support/temp';

/**
 * `verify` on all cores: the log in pieces, each verified by a worker thread reading it from
 * the store, joined in order, gives what one pass over the whole log gives — the same events,
 * streams, seal and problems, wherever the damage is: inside a piece or across the boundary
 * of two.
 */

const PIECE = 150;
let ledger: string;

beforeAll(async () => {
  ledger = tempDbPath();
  const store = new SqliteEventStore(ledger, { upcast: catalogue.upcast });
  for (const file of ['nz-club-pairs-2026.ndjson', 'dsb-groenlo-2014-2015.ndjson'])
    for (const b of await planAppend(join(examplesDir()!, file), catalogue))
      await store.appendToStream(b.streamId, b.events);
  store.close();
});

/** A copy of the ledger with SQL run on it behind the immutability triggers' back. */
function damaged(sql: string): string {
  const path = tempDbPath();
  copyFileSync(ledger, path);
  const db = new Database(path);
  const triggers = db
    .prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'events'")
    .pluck()
    .all() as string[];
  for (const name of ['events_refuse_update', 'events_refuse_delete'])
    db.exec(`DROP TRIGGER ${name}`);
  db.exec(sql);
  for (const t of triggers) db.exec(t);
  db.close();
  return path;
}

/** The report's verdicts, problems in position order (two at one position in check order). */
const verdict = (r: VerifyReport) => ({
  ok: r.ok,
  events: r.events,
  streams: r.streams,
  lastPosition: r.lastPosition,
  seal: r.seal,
  problems: [...r.problems].sort(
    (a, b) => a.position - b.position || a.check.localeCompare(b.check),
  ),
  moreProblems: r.moreProblems,
});

async function bothWays(path: string, workers = 2) {
  const store = new SqliteEventStore(path, { readOnly: true });
  try {
    const onePass = await verifyLog(readRaw(store), catalogue, {
      densePositions: true,
      sealed: true,
    });
    const progress: number[] = [];
    const inPieces = await verifyStore(store, catalogue, {
      url: `sqlite:${path}`,
      workers,
      piece: PIECE,
      onProgress: (p) => progress.push(p.done),
    });
    return { onePass: verdict(onePass), inPieces: verdict(inPieces), progress };
  } finally {
    store.close();
  }
}

describe('verify on all cores, in pieces of the log', () => {
  it('a sound ledger: OK, the same counts and head hash as one pass, progress reported to the head', async () => {
    const { onePass, inPieces, progress } = await bothWays(ledger);
    expect(onePass.ok).toBe(true);
    expect(inPieces).toEqual(onePass);
    expect(onePass.events).toBeGreaterThan(3 * PIECE);
    expect(progress[progress.length - 1]).toBe(onePass.events);
  });

  it('a fact edited inside the third piece: the chain breaks there, found as one pass finds it', async () => {
    const at = 2 * PIECE + 20;
    const { onePass, inPieces } = await bothWays(
      damaged(`UPDATE events SET data = json_set(data, '$.edited', 1) WHERE position = ${at}`),
    );
    expect(onePass.ok).toBe(false);
    expect(onePass.seal.firstBreak?.position).toBe(at);
    expect(inPieces).toEqual(onePass);
  });

  it('the first fact of a piece removed: the positions and the chain break across the boundary, as one pass finds', async () => {
    const at = 2 * PIECE + 1;
    const { onePass, inPieces } = await bothWays(
      damaged(`DELETE FROM events WHERE position = ${at}`),
    );
    expect(onePass.problems.map((p) => p.check)).toEqual(
      expect.arrayContaining(['position', 'chain']),
    );
    expect(inPieces).toEqual(onePass);
  });

  it('a stream’s revision changed at the end of a piece: the next piece’s first revision of it is found out of line', async () => {
    const { onePass, inPieces } = await bothWays(
      damaged(`UPDATE events SET revision = revision + 100 WHERE position = ${2 * PIECE}`),
    );
    expect(onePass.problems.some((p) => p.check === 'revision')).toBe(true);
    expect(inPieces).toEqual(onePass);
  });

  it('an id stored twice is asked of the database: named at its second position', async () => {
    const store = new SqliteEventStore(ledger, { readOnly: true });
    try {
      const twice = Object.assign(Object.create(store) as SqliteEventStore, {
        repeatedIds: async () => [{ id: 'the-id', positions: [3, 2 * PIECE] }],
      });
      const r = await verifyStore(twice, catalogue, {
        url: `sqlite:${ledger}`,
        workers: 2,
        piece: PIECE,
      });
      expect(r.ok).toBe(false);
      expect(r.problems).toEqual([
        { position: 2 * PIECE, check: 'id', message: 'id the-id repeated' },
      ]);
    } finally {
      store.close();
    }
  });

  it('one worker: one pass in this thread, the same report', async () => {
    const { onePass, inPieces } = await bothWays(ledger, 1);
    expect(inPieces).toEqual(onePass);
  });
});
