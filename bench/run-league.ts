import '../src/contexts/built-in';
import '../src/rulesets';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import { catalogue } from '../src/contexts/catalogue';
import { SqliteEventStore } from '../src/store/sqlite/sqlite-event-store';
import { envInt, freshDir, log, median, removeDir, settle } from './lib/harness';
import { BENCH_LEAGUE, generateLeagueSeason, lateCorrection } from './league/generate';
import {
  appendGated,
  applyAndQuery,
  factsAfter,
  gateOf,
  heldAndQuery,
  liveState,
  replayAndQuery,
  tableFigures,
} from './league/paths';

/**
 * A ten-division league season (bench/league/generate.ts: 90 teams, RR1 + RR2 and
 * RR3 in divisions 4 and 5, every match four tables × 24 boards) in a SQLite ledger, through the
 * deciders. Then BENCH_RUNS rounds (default 15), each: one more late correction of a division's
 * first RR1 match (notified and accepted after the season, through the gate: not timed), then,
 * side by side in alternating order,
 *
 * (a) the league's read model the service holds (`leagueTableAt` as of now: the league held by
 *     the process, `heldLeagueState`) reads the correction's facts from the store and is asked
 *     every division's table (the runner's read model takes the same facts, untimed, and must
 *     give the same tables);
 * (b) a full replay of the same league from the store (`leagueState`: its stream, its
 *     organiser's, its corrections) into a fresh read model, asked the same.
 *
 * Prints the facts, the medians and the ratio (b)/(a), and checks that both give the same
 * tables. `npm run bench:league`.
 */
const RUNS = envInt('BENCH_RUNS', 15);

async function timed<T>(f: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  settle();
  const t = performance.now();
  const value = await f();
  return { ms: performance.now() - t, value };
}

async function main() {
  log(
    `league bench: node ${process.version}, ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}`,
  );
  const dir = freshDir('league');
  const store = new SqliteEventStore(join(dir, 'ledger.sqlite'), {
    upcast: catalogue.upcast,
    synchronous: 'NORMAL',
  });
  try {
    const gate = gateOf(store);
    const season = generateLeagueSeason(BENCH_LEAGUE);
    const t0 = performance.now();
    await appendGated(store, gate, season.facts);
    const loadMs = performance.now() - t0;
    const results = season.facts.filter((f) => f.type === 'MatchResultRecorded').length;
    log(
      `season: ${BENCH_LEAGUE.divisions} divisions × ${BENCH_LEAGUE.teamsPerDivision} teams, ${season.facts.length} facts (${results} matches with every table's score on 24 boards), appended through the deciders in ${(loadMs / 1000).toFixed(1)} s`,
    );

    const live = await timed(() => liveState(store));
    let { position } = live.value;
    const { state } = live.value;
    const first = await timed(() => heldAndQuery(store));
    const again = await timed(() => heldAndQuery(store));
    applyAndQuery(state, []);
    log(
      `the service's held league: first table (every division, a replay and every match scored) ${first.ms.toFixed(0)} ms, asked again with nothing new ${again.ms.toFixed(1)} ms; the runner's whole read model folded in ${live.ms.toFixed(0)} ms`,
    );

    const a: number[] = [];
    const b: number[] = [];
    let same = true;
    let changed = 0;
    for (let run = 0; run < RUNS; run++) {
      const division = 1 + (run % BENCH_LEAGUE.divisions);
      const target = season.results.get(season.firstMatchOf(division))!;
      await appendGated(
        store,
        gate,
        lateCorrection(target, `late-${run + 1}`, season.afterSeason, 100 + run),
      );
      const before = tableFigures(applyAndQuery(state, []));
      const doA = async () => {
        const r = await timed(() => heldAndQuery(store));
        a.push(r.ms);
        // The runner's read model takes the same facts (not timed: the same work, in memory).
        const facts = await factsAfter(store, position);
        const runner = applyAndQuery(state, facts);
        position = facts[facts.length - 1]?.position ?? position;
        if (!isDeepStrictEqual(tableFigures(runner), tableFigures(r.value))) same = false;
        return r.value;
      };
      const doB = async () => {
        const r = await timed(() => replayAndQuery(store));
        b.push(r.ms);
        return r.value;
      };
      const [va, vb] = run % 2 ? [await doA(), await doB()] : [undefined, await doB()];
      const viewA = va ?? (await doA());
      const figures = tableFigures(viewA);
      if (!isDeepStrictEqual(figures, tableFigures(vb))) same = false;
      if (!isDeepStrictEqual(figures, before)) changed++;
    }
    const events = await store.headPosition();
    const ma = median(a);
    const mb = median(b);
    log(`ledger: ${events} facts; ${RUNS} late corrections, one a round`);
    log(
      `(a) held read model + the correction + every division's table: median ${ma.toFixed(1)} ms  [${a.map((x) => x.toFixed(0)).join(' ')}]`,
    );
    log(
      `(b) full replay from the store + every division's table:      median ${mb.toFixed(1)} ms  [${b.map((x) => x.toFixed(0)).join(' ')}]`,
    );
    log(`ratio (b)/(a): ${(mb / ma).toFixed(1)}`);
    log(
      `same tables both ways: ${same ? 'yes' : 'NO'}; rounds whose correction changed a table: ${changed}/${RUNS}`,
    );
    if (!same) process.exitCode = 1;
  } finally {
    await store.close();
    removeDir(dir);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
