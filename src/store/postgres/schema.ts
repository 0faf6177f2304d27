/**
 * The ledger's PostgreSQL schema, versioned as the SQLite one is (`ledger_meta.schema_version`).
 *
 * Positions: `position` is assigned by the append itself, under one transaction-scoped advisory
 * lock that every append takes first (`APPEND_LOCK`): the head is read, the batch written at
 * head + 1 …, the lock released only when the transaction ends. So positions are dense and
 * committed in their order: a reader that has seen position n never later finds an n − 1
 * committed behind it (a sequence would hand out positions at insert and let transactions
 * commit out of order). The hash chain (src/store/seal.ts) needs the previous event's hash at
 * insert anyway, i.e. the same serial order. docs/postgres.md gives the reasoning.
 *
 * `data` and `metadata` are kept as text, not jsonb: the seal hashes the JSON as written, byte
 * for byte, and jsonb would reorder keys and drop whitespace.
 */
export const PG_SCHEMA_VERSION = 1;

/** The advisory lock every append holds until it commits: one writer of `$all` at a time. */
export const APPEND_LOCK = 4_815_162_342;

/** The advisory lock the schema is created or upgraded under (several instances may start at once). */
export const SCHEMA_LOCK = 4_815_162_343;

/**
 * The decisions' locks (`EventStore.lock`): the ledger-wide one, taken shared by a club's
 * decision and exclusively by one that names no club, and the key space of the clubs' own.
 */
export const DECISION_LOCK = 4_815_162_344;
export const CLUB_LOCK_SPACE = 48_151_623;

/** The channel an append notifies on commit, its payload the last position written. */
export const APPENDED_CHANNEL = 'ledger_appended';

export const PG_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS ledger_meta (
  key   text PRIMARY KEY,
  value text NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
  position       bigint  PRIMARY KEY CHECK (position >= 1),
  id             text    NOT NULL UNIQUE,
  stream_id      text    NOT NULL,
  revision       integer NOT NULL CHECK (revision >= 0),
  type           text    NOT NULL,
  schema_version integer NOT NULL,
  occurred_at    text    NOT NULL,
  recorded_at    text    NOT NULL,
  data           text    NOT NULL CHECK (data::jsonb IS NOT NULL),
  metadata       text    NOT NULL CHECK (metadata::jsonb IS NOT NULL),
  imported_at    text,
  hash           text    NOT NULL,
  UNIQUE (stream_id, revision)
);
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'events are immutable: no %', lower(TG_OP);
END $$;
DROP TRIGGER IF EXISTS events_refuse_change ON events;
CREATE TRIGGER events_refuse_change BEFORE UPDATE OR DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
DROP TRIGGER IF EXISTS events_refuse_truncate ON events;
CREATE TRIGGER events_refuse_truncate BEFORE TRUNCATE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
`;
