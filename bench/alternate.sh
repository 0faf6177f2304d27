#!/bin/sh
# One benchmark of two checkouts in alternating processes (old, new, old, new …), so that a shared
# machine's noise falls on both. Each checkout must be built (npm run build, and
# tsc -p tsconfig.bench.json).
#   bench/alternate.sh <old checkout> <new checkout> <standings|league|quick> [pairs, default 2]
# standings: bench/run-standings.ts on one history file (BENCH_STANDINGS_DB, default
# bench/.work/alternate.db, written by the first process when missing), BENCH_RUNS rounds;
# league: bench/run-league.ts; quick: bench/run.ts with 50,000 events and 5,000 singles.
set -eu
old=$1
new=$2
bench=$3
pairs=${4:-2}
db=${BENCH_STANDINGS_DB:-$(pwd)/bench/.work/alternate.db}
mkdir -p "$(dirname "$db")"
i=1
while [ "$i" -le "$pairs" ]; do
  for root in "$old" "$new"; do
    echo "## $bench, process $i, $(git -C "$root" rev-parse --short HEAD) ($root)"
    case $bench in
    standings)
      (cd "$root" && BENCH_RUNS=${BENCH_RUNS:-3} BENCH_STANDINGS_DB=$db \
        node --expose-gc bench/.work/dist/bench/run-standings.js) |
        grep -E '^\| \(b\)|^\| \(c\)|queries alone'
      ;;
    league)
      (cd "$root" && node --expose-gc bench/.work/dist/bench/run-league.js) |
        grep -E '^\((a|b)\)|^ratio|same tables'
      ;;
    quick)
      (cd "$root" && BENCH_EVENTS=50000 BENCH_SINGLES=5000 \
        node --expose-gc bench/.work/dist/bench/run.js) | grep -E '^\| \((a|b|c)\)'
      ;;
    *)
      echo "unknown benchmark $bench: standings, league or quick" >&2
      exit 2
      ;;
    esac
  done
  i=$((i + 1))
done
