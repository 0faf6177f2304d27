import '../src/contexts/built-in';
import '../src/rulesets';
import { performance } from 'node:perf_hooks';
import { v5 } from 'uuid';
import type { RecordedEvent } from '../src/kernel/envelope';
import { foldTeamsEvent, proposeSwissRound } from '../src/contexts/teams';
import {
  teamsEventsProjection,
  teamsStandingOf,
  type TeamsReadState,
} from '../src/contexts/teams/projection';
import { teamsRulesFor } from '../src/contexts/teams';
import { applyChanges } from '../src/rulebooks/rulebook';
import { dsbGroenlo2014 } from '../src/rulesets/dsb-groenlo-2014/preset';
import type { Params } from '../src/rulebooks/params';
import { rng } from '../examples/lines';
import { envInt, log, median } from './lib/harness';

/**
 * DSB-15, DSB-16: a teams event's standing from the teams read model. A Swiss viertallen of
 * BENCH_TEAMS_TEAMS teams (default 100) over BENCH_TEAMS_ROUNDS rounds (default 10) is built as
 * the ledger holds it — round 1 drawn, each later round the ledger's own proposal
 * (`proposeSwissRound`, timed per round), each match's IMPs seeded — and folded into the read
 * model. Then, side by side in one run: (a) the standing asked of the read model (median of
 * BENCH_TEAMS_RUNS asks); (b) a late correction of a round-2 match, notified and accepted,
 * applied to the read model and the standing asked again (the cost of the correction); (c) the
 * same from a replay of every fact. Bound: (a) and (b) under 10 ms. Not a test: prints figures.
 *   npm run bench:teams
 */
const NAMESPACE = '6f1c9a52-3a0e-4b7e-9a59-1c1f6b0b7e11';
const CLUB = 'bench';
const EVENT = 'bench-swiss';
const STREAM = `teams-${EVENT}`;

function main(): void {
  const teams = envInt('BENCH_TEAMS_TEAMS', 100);
  const rounds = envInt('BENCH_TEAMS_ROUNDS', 10);
  const runs = envInt('BENCH_TEAMS_RUNS', 30);
  const random = rng(20261204);
  const overrides = { 'teams.format': 'swiss', 'teams.sessions': rounds };
  const params = applyChanges(dsbGroenlo2014.params, overrides) as unknown as Params;
  const rules = teamsRulesFor('dsb-viertallen')!;
  const events: RecordedEvent[] = [];
  const add = (streamId: string, type: string, data: Record<string, unknown>) => {
    const position = events.length + 1;
    events.push({
      id: v5(`${streamId}/${position}`, NAMESPACE),
      streamId,
      revision: 0,
      position,
      type,
      schemaVersion: 1,
      occurredAt: '2015-06-01T20:00:00+02:00',
      recordedAt: '2015-06-01T18:00:00Z',
      data,
      metadata: {},
    } as RecordedEvent);
  };
  add(`club-${CLUB}`, 'RulebookAdopted', {
    clubId: CLUB,
    preset: 'dsb-groenlo-2014',
    overrides,
    effectiveFrom: '2015-01-01',
  });
  add(STREAM, 'TeamsEventCreated', {
    eventId: EVENT,
    clubId: CLUB,
    name: 'Bench Swiss',
    format: 'dsb-viertallen',
    startsOn: '2015-06-01',
    sessions: rounds,
  });
  const ids = Array.from({ length: teams }, (_, i) => `t${String(i + 1).padStart(3, '0')}`);
  for (const teamId of ids) {
    const players = [1, 2, 3, 4].map((n) => `${teamId}-${n}`);
    add(STREAM, 'TeamEntered', {
      eventId: EVENT,
      teamId,
      name: teamId,
      players,
      captain: players[0],
    });
  }
  const proposalTimes: number[] = [];
  let repeats = 0;
  let round2Match: RecordedEvent | undefined;
  for (let round = 1; round <= rounds; round++) {
    let tables: Array<{ home: string; away: string }>;
    let bye: string | undefined;
    if (round === 1) {
      const drawn = [...ids].sort(() => random() - 0.5);
      if (drawn.length % 2 === 1) bye = drawn.pop();
      tables = [];
      for (let i = 0; i < drawn.length; i += 2)
        tables.push({ home: drawn[i]!, away: drawn[i + 1]! });
    } else {
      const state = foldTeamsEvent(events.filter((e) => e.streamId === STREAM));
      const start = performance.now();
      const p = proposeSwissRound(state, round, rules, params);
      proposalTimes.push(performance.now() - start);
      repeats += p.repeats;
      tables = p.tables.map((t) => ({ home: t.home, away: t.away }));
      bye = p.bye;
    }
    add(STREAM, 'SwissRoundPaired', { eventId: EVENT, round, tables, ...(bye ? { bye } : {}) });
    tables.forEach((t, i) => {
      add(STREAM, 'TeamsMatchRecorded', {
        eventId: EVENT,
        matchId: `r${round}-t${i + 1}`,
        round,
        playedOn: '2015-06-01',
        boards: 24,
        home: { teamId: t.home, imps: Math.floor(random() * 70) },
        away: { teamId: t.away, imps: Math.floor(random() * 70) },
      });
      if (round === 2 && i === 0) round2Match = events[events.length - 1];
    });
  }
  log(
    `A Swiss viertallen of ${teams} teams, ${rounds} rounds: ${events.length} facts; rounds 2–${rounds} proposed by the ledger in median ${median(proposalTimes).toFixed(1)} ms (slowest ${Math.max(...proposalTimes).toFixed(1)} ms), ${repeats} repeats`,
  );

  const fold = (list: readonly RecordedEvent[], state = teamsEventsProjection.initial()) => {
    let s = state;
    for (const e of list) s = teamsEventsProjection.apply(s, e, undefined);
    return s;
  };
  const state = fold(events);
  const standingTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    teamsStandingOf(state, EVENT);
    standingTimes.push(performance.now() - start);
  }
  const m = round2Match!;
  const data = m.data as { home: { imps: number } };
  const correction: RecordedEvent[] = [];
  const pos = events.length;
  const corr = (type: string, d: Record<string, unknown>) =>
    correction.push({
      ...m,
      id: v5(`corr/${type}`, NAMESPACE),
      streamId: `corrections-${CLUB}`,
      position: pos + correction.length + 1,
      type,
      data: { clubId: CLUB, correctionId: 'late-r2', ...d },
    } as RecordedEvent);
  corr('CorrectionNotified', {
    target: { eventId: m.id, streamId: STREAM, type: 'TeamsMatchRecorded' },
    corrected: { ...(m.data as object), home: { ...data.home, imps: data.home.imps + 12 } },
    notifiedBy: 'the WL',
  });
  corr('CorrectionAccepted', { by: 'the WL' });
  const correctionTimes: number[] = [];
  const replayTimes: number[] = [];
  let changed = false;
  for (let i = 0; i < runs; i++) {
    const held = structuredClone(state) as TeamsReadState;
    const start = performance.now();
    const after = fold(correction, held);
    const view = teamsStandingOf(after, EVENT);
    correctionTimes.push(performance.now() - start);
    changed ||= view.matches.some((x) => x.because.some((b) => b.includes('late-r2')));
    const replayStart = performance.now();
    teamsStandingOf(fold([...events, ...correction]), EVENT);
    replayTimes.push(performance.now() - replayStart);
  }
  const a = median(standingTimes);
  const b = median(correctionTimes);
  const c = median(replayTimes);
  const verdict = (ms: number) => (ms < 10 ? 'PASS (< 10 ms)' : 'MISS (bound 10 ms)');
  log(
    `(a) the standing from the read model: median ${a.toFixed(2)} ms over ${runs} asks ${verdict(a)}`,
  );
  log(
    `(b) a round-2 match corrected late, then the standing: median ${b.toFixed(2)} ms ${verdict(b)}${changed ? '' : ' (the correction did NOT reach the standing)'}`,
  );
  log(
    `(c) the same from a replay of every fact: median ${c.toFixed(2)} ms; (c)/(b) = ${(c / b).toFixed(1)}`,
  );
}

main();
