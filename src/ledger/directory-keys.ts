import type Database from 'better-sqlite3';
import { clubStreamId } from '../contexts/club/domain/club-streams';
import { competitionStreamId } from '../contexts/pairs/domain/facts';

/**
 * What an answer of one club asks of the ledger directory: which streams its tables read, and
 * which partitions of the read model those streams fold into. The directory held in memory
 * answers it (LedgerDirectory), and so does the directory saved in a SQLite ledger, read by
 * key (`savedDirectoryKeys`): a restart answers one club without reading the whole directory.
 */
export interface DirectoryKeys {
  /** Every stream a club's published tables read. */
  streamsOfClub(clubId: string): string[];
  /** The clubs a competition's stream has named in a CompetitionCreated (one, as a rule). */
  clubsOfCompetition(competitionId: string): string[];
  /** The read model's partitions a stream's facts fold into. */
  partitionsOfStream(streamId: string): string[];
}

/**
 * The streams a club's tables read, from the directory's sets by key: its rulebook stream, the
 * streams holding its roster facts, its competitions' streams and the session streams they
 * link to.
 */
export function streamsOfClubIn(
  set: (map: 'clubStreamsOf' | 'competitionsOf' | 'linksOf', key: string) => Iterable<string>,
  clubId: string,
): string[] {
  const out = new Set<string>([clubStreamId(clubId), ...set('clubStreamsOf', clubId)]);
  for (const competitionId of set('competitionsOf', clubId)) {
    out.add(competitionStreamId(competitionId));
    for (const s of set('linksOf', competitionId)) out.add(s);
  }
  return [...out];
}

/**
 * The directory saved in a SQLite ledger's file, read by key, when it is of `version` and has
 * read exactly to `head`, the event there being the one it names (so it is this ledger's, and
 * up to date). Undefined otherwise: the caller reads the directory as a whole. The caller reads
 * it in one transaction with what it answers from, so another process's save cannot land
 * between the two. The event at the head is read from the file's own events, or, for a
 * read-models file of a ledger kept elsewhere, is the id `ledgerHeadId` the caller read there.
 */
export function savedDirectoryKeys(
  db: Database.Database,
  version: string,
  head: number,
  ledgerHeadId?: { id: string | undefined },
): DirectoryKeys | undefined {
  const present = db
    .prepare(
      `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('ledger_directory_head', 'ledger_directory_entries')`,
    )
    .pluck()
    .get() as number;
  if (present !== 2) return undefined;
  const saved = db
    .prepare(
      `SELECT version, position, last_id FROM ledger_directory_head WHERE name = 'directory'`,
    )
    .get() as { version: string; position: number; last_id: string } | undefined;
  if (!saved || saved.version !== version || saved.position !== head) return undefined;
  const lastId = ledgerHeadId
    ? ledgerHeadId.id
    : (db.prepare('SELECT id FROM events WHERE position = ?').pluck().get(head) as
        string | undefined);
  if (lastId !== (head === 0 ? undefined : saved.last_id)) return undefined;
  const entry = db
    .prepare('SELECT value FROM ledger_directory_entries WHERE map = ? AND key = ?')
    .pluck();
  const set = (map: string, key: string): string[] => {
    const json = entry.get(map, key) as string | undefined;
    return json === undefined ? [] : (JSON.parse(json) as string[]);
  };
  return {
    streamsOfClub: (clubId) => streamsOfClubIn(set, clubId),
    clubsOfCompetition: (competitionId) => set('clubsOf', competitionId),
    partitionsOfStream: (streamId) => set('partitionsOf', streamId),
  };
}
