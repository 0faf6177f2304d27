#!/bin/sh
# The standings benchmark (bench/run-standings.ts) of two checkouts side by side, in
# alternating processes (a, b, a, b, …) on one history file, so that a shared machine's noise
# falls on both. Each checkout must be built (tsc -p tsconfig.bench.json).
#   bench/side-by-side.sh <old checkout> <new checkout> [pairs of processes, default 2]
# BENCH_RUNS (rounds per process, default 3) and BENCH_STANDINGS_DB (the history file, default
# bench/.work/side-by-side.db, written by the first process when missing) are passed on.
# BENCH_STANDINGS_DB_OLD / BENCH_STANDINGS_DB_NEW: a history file for each side instead (issue
# 16: the old code on a schema-2 file, the new on the same history migrated to schema 3, with
# its hash column).
set -eu
old=$1
new=$2
pairs=${3:-2}
db=${BENCH_STANDINGS_DB:-$(pwd)/bench/.work/side-by-side.db}
mkdir -p "$(dirname "$db")"
i=1
while [ "$i" -le "$pairs" ]; do
  for side in old new; do
    if [ "$side" = old ]; then
      root=$old
      file=${BENCH_STANDINGS_DB_OLD:-$db}
    else
      root=$new
      file=${BENCH_STANDINGS_DB_NEW:-$db}
    fi
    echo "## process $i $side ($root, $(git -C "$root" rev-parse --short HEAD))"
    BENCH_RUNS=${BENCH_RUNS:-3} BENCH_STANDINGS_DB=$file \
      node --expose-gc "$root/bench/.work/dist/bench/run-standings.js" |
      grep -E '^round|^\| \(c\)|^\| \(b\)|queries alone'
  done
  i=$((i + 1))
done
