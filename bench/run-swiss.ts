import { performance } from 'node:perf_hooks';
import { swissPairing, type SwissStanding } from '../src/scoring';
import { rng } from '../examples/lines';
import { envInt, log, median } from './lib/harness';

/**
 * DSB-15: the Swiss proposal over whole events. For each field size (BENCH_SWISS_TEAMS, default
 * 60, 61 and 400 teams) an event of BENCH_SWISS_ROUNDS rounds (default 8) is played: round 1
 * drawn (a seeded shuffle), each later round proposed by `swissPairing` from the standings
 * after the previous one (VP totals, then the team), each match's VP drawn from a seeded
 * generator (20 VP shared on the WBF 2013 scale's 0–20, a bye 12). Prints, per event, the
 * proposal's median and slowest time per round, and the repeats and byes given, against the
 * bounds (60 teams: median under 50 ms; 400 teams: under 1 s). Not a test: prints the figures.
 *   npm run bench:swiss
 */

interface EventFigures {
  teams: number;
  rounds: number;
  times: number[];
  repeats: number;
  byes: number;
}

function playEvent(teams: number, rounds: number, seed: number): EventFigures {
  const random = rng(seed);
  const ids = Array.from({ length: teams }, (_, i) => `team-${String(i + 1).padStart(3, '0')}`);
  const vp = new Map(ids.map((t) => [t, 0]));
  const byes = new Set<string>();
  const met: Array<[string, string]> = [];
  const times: number[] = [];
  let repeats = 0;
  for (let round = 1; round <= rounds; round++) {
    let tables: Array<[string, string]>;
    let bye: string | undefined;
    if (round === 1) {
      // Round 1 is drawn (recorded as a fact in an event): a seeded shuffle here.
      const drawn = [...ids].sort(() => random() - 0.5);
      if (drawn.length % 2 === 1) bye = drawn.pop();
      tables = [];
      for (let i = 0; i < drawn.length; i += 2) tables.push([drawn[i]!, drawn[i + 1]!]);
    } else {
      const standings: SwissStanding[] = [...ids]
        .sort((a, b) => vp.get(b)! - vp.get(a)! || (a < b ? -1 : 1))
        .map((team) => ({ team, hadBye: byes.has(team) }));
      const start = performance.now();
      const p = swissPairing(standings, met);
      times.push(performance.now() - start);
      repeats += p.repeats;
      bye = p.bye;
      tables = p.tables.map((t) => [t.home, t.away]);
    }
    if (bye) {
      byes.add(bye);
      vp.set(bye, vp.get(bye)! + 12);
    }
    for (const [a, b] of tables) {
      met.push([a, b]);
      const home = Math.round(random() * 2000) / 100;
      vp.set(a, vp.get(a)! + home);
      vp.set(b, vp.get(b)! + (20 - home));
    }
  }
  return { teams, rounds, times, repeats, byes: byes.size };
}

function main(): void {
  const sizes = (process.env.BENCH_SWISS_TEAMS ?? '60,61,400').split(',').map(Number);
  const rounds = envInt('BENCH_SWISS_ROUNDS', 8);
  log(`Swiss proposals: ${sizes.join(', ')} teams, ${rounds} rounds each (round 1 drawn)`);
  for (const teams of sizes) {
    const f = playEvent(teams, rounds, 20261204 + teams);
    const med = median(f.times);
    const bound = teams <= 60 ? 50 : teams >= 400 ? 1000 : undefined;
    const verdict =
      bound === undefined
        ? ''
        : med < bound
          ? ` PASS (< ${bound} ms)`
          : ` MISS (bound ${bound} ms)`;
    log(
      `${teams} teams: rounds 2–${rounds} proposed in median ${med.toFixed(1)} ms, slowest ${Math.max(...f.times).toFixed(1)} ms; ${f.repeats} repeats, ${f.byes} byes${verdict}`,
    );
  }
}

main();
