#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL cluster: initdb into a temporary folder, the server
# listening on a Unix socket in that folder only (no TCP port; the URL names localhost, its
# `host` parameter the socket folder), its URL in
# LEDGER_TEST_POSTGRES_URL; stopped and removed at exit, whatever the command's outcome.
#
#   scripts/with-postgres.sh npm test
#
# The server binaries are found by `pg_config --bindir` (PostgreSQL 15 on the project's
# machines). initdb refuses to run as root: as root the cluster belongs to the `postgres` user.
# Without the binaries the command runs unchanged, and the PostgreSQL tests say they are skipped.
set -euo pipefail

if ! command -v pg_config >/dev/null 2>&1 || [ ! -x "$(pg_config --bindir)/initdb" ]; then
  echo "no PostgreSQL server binaries (pg_config --bindir): the PostgreSQL tests will be skipped" >&2
  exec "$@"
fi
BIN="$(pg_config --bindir)"
DIR="$(mktemp -d "${TMPDIR:-/tmp}/ledger-pg.XXXXXX")"
chmod 755 "$DIR"
as_owner=()
if [ "$(id -u)" = 0 ]; then
  chown postgres "$DIR"
  as_owner=(runuser -u postgres --)
fi

stop() {
  "${as_owner[@]}" "$BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap stop EXIT

"${as_owner[@]}" "$BIN/initdb" -D "$DIR/data" -U ledger --auth=trust --encoding=UTF8 \
  --locale=C.UTF-8 >"$DIR/initdb.log" 2>&1 || { cat "$DIR/initdb.log" >&2; exit 1; }
# A test cluster trades durability for speed; LEDGER_PG_DURABLE=1 (the benchmarks) keeps
# PostgreSQL's defaults: fsync and synchronous commit on.
settings="-c listen_addresses='' -c unix_socket_directories='$DIR' -c max_connections=200"
if [ "${LEDGER_PG_DURABLE:-}" != 1 ]; then
  settings="$settings -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
fi
"${as_owner[@]}" "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -s -o "$settings" start ||
  { cat "$DIR/server.log" >&2; exit 1; }

export LEDGER_TEST_POSTGRES_URL="postgres://ledger@localhost/postgres?host=$DIR"
echo "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') for the tests: $LEDGER_TEST_POSTGRES_URL" >&2
"$@"
