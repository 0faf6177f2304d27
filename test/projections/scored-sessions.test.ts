import request from 'supertest';
import { join } from 'node:path';
import { catalogue } from '../../src/contexts/catalogue';
import type { RecordedEvent } from '../../src/kernel/envelope';
import {
  competitions,
  SessionNotScorableError,
  sessionResultOf,
  standingsOf,
  UnknownSessionStreamError,
} from '../../src/contexts/pairs/projection';
import {
  foldBoardSessionFact,
  scoreBoardSession,
  travellerLinesOf,
  UnscorableSessionError,
  type BoardSessionFacts,
} from '../../src/contexts/pairs/projection/scored-sessions';
import { fold } from '../../src/kernel/projection';
import { scoreImpSession } from '../../src/scoring';
import type { EventStore } from '../../src/store/event-store';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { ledgerApp } from '../app/support';
import { boardResultsRecorded, MITCHELL, sessionScoredFromBoards } from '../support/board-session';
import { cli } from '../support/cli';
import { FactLog } from '../support/ledger';
import { tempDir } from '../support/temp';

/**
 * In the ledger: the session facts of item 1 as the scoring engine reads them (items 4,
 * 5, 8, 11, 13), every session kind scored from its facts, and a session that cannot
 * be scored reported with its reason, never as an empty standing.
 */

const STREAM = 'session-dsb-ev-1-1';
const DATE = '2014-09-08';

/** One session stream's facts folded as the competitions projection folds them. */
function sessionOf(log: FactLog, stream = STREAM): BoardSessionFacts {
  const sessions: Record<string, BoardSessionFacts> = {};
  for (const e of log.events) if (e.streamId === stream) foldBoardSessionFact(sessions, e);
  return sessions[stream]!;
}

/** The Mitchell of test/support/board-session.ts, scored by `method`. */
function mitchell(method: 'MP' | 'BUTLER' | 'CROSS_IMP' = 'MP', log = new FactLog('dsb')) {
  boardResultsRecorded(log, STREAM, { clubId: 'dsb', eventId: 'ev-1', date: DATE });
  if (method !== 'MP') {
    const movement = log.events.find((e) => e.type === 'SessionMovementRecorded')!;
    (movement.data as Record<string, unknown>).scoringMethod = method;
  }
  return log;
}

describe('the session facts as traveller lines', () => {
  const base = { board: 1, nsPair: '1', ewPair: '4' };
  const linesOf = (type: string, data: Record<string, unknown>) => {
    const log = new FactLog('dsb');
    log.add(STREAM, type, { ...base, ...data });
    return travellerLinesOf(sessionOf(log));
  };

  it('STD-SCORE item 5: a score-only line is read as its score; a line with contract and tricks alone as its Law 77 score', () => {
    expect(linesOf('BoardResultRecorded', { line: 1, kind: 'played', nsScore: 450 })).toEqual([
      { ...base, score: 450 },
    ]);
    // 4S by N, board 1 (love all), 10 tricks: +420.
    expect(
      linesOf('BoardResultRecorded', {
        line: 1,
        kind: 'played',
        contract: { level: 4, strain: 'S', doubling: '' },
        declarer: 'N',
        tricks: 10,
      }),
    ).toEqual([{ ...base, score: 420 }]);
    // 3NT doubled by W, board 4 (all vulnerable), 7 tricks: two down, +500 for NS.
    expect(
      linesOf('BoardResultRecorded', {
        line: 1,
        kind: 'played',
        board: 4,
        contract: { level: 3, strain: 'NT', doubling: 'X' },
        declarer: 'W',
        tricks: 7,
      }),
    ).toEqual([{ ...base, board: 4, score: 500 }]);
  });

  it('STD-NEUBERG item 8: an artificial sit-out line keeps sitOut; another artificial line has none', () => {
    const art = { line: 2, kind: 'artificial', artificial: { nsPercent: 60, ewPercent: 60 } };
    expect(linesOf('BoardResultRecorded', { ...art, sitOut: true })).toEqual([
      { ...base, artificial: { ns: 60, ew: 60 }, sitOut: true },
    ]);
    expect(linesOf('BoardResultRecorded', { ...art, sitOut: false })).toEqual([
      { ...base, artificial: { ns: 60, ew: 60 } },
    ]);
  });

  it('STD-MP item 4: an awarded score is the director’s points, with its top when given', () => {
    const awarded = { kind: 'awarded', reason: 'A6040 set by hand' };
    expect(
      linesOf('AdjustedScoreAwarded', { ...awarded, points: { ns: 23, ew: 11, top: 40 } }),
    ).toEqual([{ ...base, awarded: { ns: 23, ew: 11, top: 40 } }]);
    expect(linesOf('AdjustedScoreAwarded', { ...awarded, points: { ns: 1.5, ew: -1.5 } })).toEqual([
      { ...base, awarded: { ns: 1.5, ew: -1.5 } },
    ]);
  });

  it('Law 12C1(c) item 11: a weighted score is its NS scores with their weights', () => {
    expect(
      linesOf('AdjustedScoreAwarded', {
        kind: 'weighted',
        weighted: [
          { weight: 0.33, nsScore: 140 },
          { weight: 0.67, nsScore: 170 },
        ],
        reason: 'Law 12C1(c)',
      }),
    ).toEqual([
      {
        ...base,
        weighted: [
          { weight: 0.33, score: 140 },
          { weight: 0.67, score: 170 },
        ],
      },
    ]);
  });

  it('an adjusted score still replaces the table’s line for the same board and pairs (the latest wins)', () => {
    const log = new FactLog('dsb');
    log.add(STREAM, 'BoardResultRecorded', { ...base, line: 1, kind: 'played', nsScore: 420 });
    log.add(STREAM, 'AdjustedScoreAwarded', {
      ...base,
      kind: 'awarded',
      points: { ns: 3, ew: 1 },
      reason: 'first ruling',
    });
    log.add(STREAM, 'AdjustedScoreAwarded', {
      ...base,
      kind: 'weighted',
      weighted: [
        { weight: 0.5, nsScore: 420 },
        { weight: 0.5, nsScore: -50 },
      ],
      reason: 'on appeal',
    });
    expect(travellerLinesOf(sessionOf(log))).toEqual([
      {
        ...base,
        weighted: [
          { weight: 0.5, score: 420 },
          { weight: 0.5, score: -50 },
        ],
      },
    ]);
  });
});

describe('every session kind is scored from its board facts, as `check` scores it', () => {
  it('STD-MP a matchpoint session as before: NS 2 75 %, EW 6 83.33 %', () => {
    const s = scoreBoardSession(sessionOf(mitchell('MP')));
    if (!s.ok) throw new Error(s.reason);
    expect(s.method).toBe('MP');
    const pct = Object.fromEntries(s.result.pairs.map((p) => [p.pair, p.percentage.round(2)]));
    expect(pct).toMatchObject({ '2': 75, '6': 83.33 });
  });

  it.each([
    ['BUTLER', 'butler', 'STD-BUTLER'],
    ['CROSS_IMP', 'cross-imp', 'STD-CROSSIMP'],
  ] as const)(
    '%s (%s, %s): the session scores as the engine scores its traveller lines, pair by pair',
    (method, engine, _rule) => {
      const facts = sessionOf(mitchell(method));
      const s = scoreBoardSession(facts);
      if (!s.ok) throw new Error(s.reason);
      expect(s.method).toBe(method);
      const lines = MITCHELL.map(([board, nsPair, ewPair, score]) => ({
        board,
        nsPair,
        ewPair,
        score,
      }));
      const byEngine = scoreImpSession(lines, { movement: 'two-winner', method: engine });
      const totals = (r: typeof byEngine | typeof s.result) =>
        Object.fromEntries(r.pairs.map((p) => [p.pair, [p.total.toString(), p.place]]));
      expect(totals(s.result)).toEqual(totals(byEngine));
      expect(s.result.pairs).toHaveLength(6);
      if (method === 'BUTLER') expect(s.datums).toEqual(byEngine.datums);
    },
  );

  it('STD-BUTLER item 13: a recorded datum is the one a board is scored against; the others are computed', () => {
    const log = mitchell('BUTLER');
    const computed = scoreBoardSession(sessionOf(log));
    if (!computed.ok) throw new Error(computed.reason);
    log.add(STREAM, 'BoardDatumRecorded', { board: 1, datum: 400, source: 'program' });
    const s = scoreBoardSession(sessionOf(log));
    if (!s.ok) throw new Error(s.reason);
    expect(s.datums).toEqual({ ...computed.datums, 1: 400 });
    // Board 1 against 400: NS 1 +420 → +20 = 1 IMP, NS 2 +450 → +50 = 2, NS 3 −50 → −450 = −10.
    const board1 = Object.fromEntries(
      s.result.boards.filter((b) => b.board === 1).map((b) => [b.pair, b.score.toNumber()]),
    );
    expect(board1).toEqual({ '1': 1, '2': 2, '3': -10, '4': -1, '5': -2, '6': 10 });
  });

  it('STD-BUTLER edge: a datum recorded again for a board replaces the first; one in a matchpoint session is not read', () => {
    const log = mitchell('BUTLER');
    log.add(STREAM, 'BoardDatumRecorded', { board: 2, datum: 0, source: 'program' });
    log.add(STREAM, 'BoardDatumRecorded', { board: 2, datum: -100, source: 'director' });
    const s = scoreBoardSession(sessionOf(log));
    if (!s.ok) throw new Error(s.reason);
    expect(s.datums![2]).toBe(-100);
    const mp = mitchell('MP');
    const before = scoreBoardSession(sessionOf(mp));
    mp.add(STREAM, 'BoardDatumRecorded', { board: 2, datum: -100, source: 'program' });
    expect(scoreBoardSession(sessionOf(mp))).toEqual(before);
  });
});

/** A DSB pairs competition of six pairs d1 … d6 whose session 1 is scored from STREAM. */
function dsbCompetition(log = new FactLog('dsb'), overrides: Record<string, unknown> = {}) {
  log.add('club-dsb', 'ClubRegistered', {
    clubId: 'dsb',
    name: 'BC Groenlo',
    timeZone: 'Europe/Amsterdam',
  });
  log.add('club-dsb', 'RulebookAdopted', {
    clubId: 'dsb',
    preset: 'dsb-groenlo-2014',
    overrides,
    effectiveFrom: '2014-09-01',
  });
  log.add('competition-dsb-scored', 'CompetitionCreated', {
    competitionId: 'dsb-scored',
    clubId: 'dsb',
    name: 'Parencompetitie (scored here)',
    season: '2014-2015',
    kind: 'pairs-series',
    format: 'dsb-pairs',
    sessions: ['2014-09-08', '2014-09-15', '2014-09-22'].map((date, i) => ({
      session: i + 1,
      date,
      startTime: '19:45',
    })),
    groups: ['A'],
  });
  for (let i = 1; i <= 6; i++)
    log.add('competition-dsb-scored', 'PairEntered', {
      competitionId: 'dsb-scored',
      pairId: `d${i}`,
      players: [`x${i}`, `y${i}`],
      group: 'A',
    });
  return log;
}

const linked = (log: FactLog) =>
  sessionScoredFromBoards(
    log,
    {
      competitionId: 'dsb-scored',
      session: 1,
      group: 'A',
      sessionStreamId: STREAM,
      pairs: ['d1', 'd2', 'd3', 'd4', 'd5', 'd6'],
    },
    `${DATE}T23:00`,
  );

const thrown = (f: () => unknown): unknown => {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('did not throw');
};

describe('a director’s awarded or weighted score in a competition’s standing', () => {
  /** The DSB standing's session-1 percentage of each pair number, after `adjust`. */
  const percentages = (adjust: (log: FactLog) => void) => {
    const log = linked(mitchell('MP', dsbCompetition()));
    adjust(log);
    const view = standingsOf(fold(competitions, log.events), 'dsb-scored');
    if (view.kind !== 'dsb') throw new Error('not DSB');
    return Object.fromEntries(
      view.groups[0]!.rows.map((r) => [r.pairId.slice(1), r.sessions[0]?.percentage]),
    );
  };
  const on3v6 = { board: 1, nsPair: '3', ewPair: '6', reason: 'director’s decision' };

  it('STD-MP item 4: 3 and 1 of a top of 4 set by hand on board 1 for NS 3 v EW 6: NS 3 8/12 = 66.67 %, EW 6 7/12 = 58.33 %', () => {
    // NS 3 had −50 (0 of 4) on board 1, then 4 and 1: 41.67 %; EW 6 had 4, 3, 3: 83.33 %.
    expect(percentages(() => {})).toMatchObject({ '3': 41.67, '6': 83.33 });
    expect(
      percentages((log) =>
        log.add(STREAM, 'AdjustedScoreAwarded', {
          ...on3v6,
          kind: 'awarded',
          points: { ns: 3, ew: 1, top: 4 },
        }),
      ),
    ).toMatchObject({ '3': 66.67, '6': 58.33 });
  });

  it('Law 12C1(c) item 11: ½ × +420 and ½ × −50 for NS 3 v EW 6 on board 1: each part against +420 and +450, NS 3 ½ × 1 + ½ × 0 then 4 and 1: 5.5/12 = 45.83 %', () => {
    expect(
      percentages((log) =>
        log.add(STREAM, 'AdjustedScoreAwarded', {
          ...on3v6,
          kind: 'weighted',
          weighted: [
            { weight: 0.5, nsScore: 420 },
            { weight: 0.5, nsScore: -50 },
          ],
        }),
      ),
    ).toMatchObject({ '3': 45.83 });
  });
});

describe('a competition’s standing reads percentages; an IMP session linked to it is refused with its reason', () => {
  it.each(['BUTLER', 'CROSS_IMP'] as const)(
    'STD-MP a %s session linked to a dsb-pairs competition: FactsNotScorable naming the stream and why, not a standing without it',
    (method) => {
      const log = linked(mitchell(method, dsbCompetition()));
      const e = thrown(() => standingsOf(fold(competitions, log.events), 'dsb-scored'));
      expect(e).toBeInstanceOf(UnscorableSessionError);
      expect((e as UnscorableSessionError).answer()).toEqual({
        message: `session 1 of competition dsb-scored is scored from ${STREAM}, which cannot be scored: a ${method} session gives IMPs, not the matchpoint percentages a dsb-pairs competition's standing reads (STD-MP)`,
        competitionId: 'dsb-scored',
        session: 1,
        sessionStreamId: STREAM,
        reason: `a ${method} session gives IMPs, not the matchpoint percentages a dsb-pairs competition's standing reads (STD-MP)`,
      });
    },
  );

  it('STD-MP edge: the same competition with its session scored by matchpoints has its standing', () => {
    const log = linked(mitchell('MP', dsbCompetition()));
    const view = standingsOf(fold(competitions, log.events), 'dsb-scored');
    expect(view).toMatchObject({ kind: 'dsb', afterSession: 1 });
  });

  it('edge: a linked session whose facts are not imported yet is not scored yet (no error, no row)', () => {
    const log = linked(dsbCompetition());
    expect(standingsOf(fold(competitions, log.events), 'dsb-scored')).toMatchObject({
      afterSession: 0,
    });
  });
});

/** The facts in a store as written, each straight to its stream (no deciders). */
async function stored(store: EventStore, events: readonly RecordedEvent[]) {
  for (const e of events) {
    await store.appendToStream(e.streamId, [
      {
        id: e.id,
        type: e.type,
        schemaVersion: e.schemaVersion,
        occurredAt: e.occurredAt,
        data: e.data,
        metadata: e.metadata,
      },
    ]);
  }
}

/** The case: a club's scoring.neubergExpected below the lines of a board (3 here). */
const tooFewExpected = () =>
  linked(mitchell('MP', dsbCompetition(new FactLog('dsb'), { 'scoring.neubergExpected': 2 })));
const REASON = 'STD-NEUBERG: neubergExpected is 2 but a board has 3 results';

describe('a session that cannot be scored is an error naming the reason, never an empty table', () => {
  it('STD-NEUBERG scoring.neubergExpected 2 on boards of 3 lines (a ledger written before appends were checked): the standing names the session and the setting', () => {
    const e = thrown(() => standingsOf(fold(competitions, tooFewExpected().events), 'dsb-scored'));
    expect(e).toBeInstanceOf(UnscorableSessionError);
    expect((e as UnscorableSessionError).message).toBe(
      `session 1 of competition dsb-scored is scored from ${STREAM}, which cannot be scored: ${REASON}`,
    );
    expect((e as UnscorableSessionError).code).toBe('FACTS_NOT_SCORABLE');
  });

  it('STD-NEUBERG over HTTP: GET standings answers 422 FactsNotScorable with the session stream and the reason', async () => {
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    await stored(store, tooFewExpected().events);
    const app = await ledgerApp(store);
    try {
      const res = await request(app.getHttpServer())
        .get('/competitions/dsb-scored/standings')
        .expect(422);
      expect(res.body).toEqual({
        error: 'FactsNotScorable',
        message: `session 1 of competition dsb-scored is scored from ${STREAM}, which cannot be scored: ${REASON}`,
        competitionId: 'dsb-scored',
        session: 1,
        sessionStreamId: STREAM,
        reason: REASON,
      });
    } finally {
      await app.close();
      await store.close();
    }
  });

  it('STD-NEUBERG the CLI: `standings` exits 1 and prints the reason, not "(no rows)"', async () => {
    const path = join(tempDir(), 'ledger.db');
    const store = new SqliteEventStore(path);
    await stored(store, tooFewExpected().events);
    await store.close();
    const out = await cli('standings', 'dsb-scored', '--store', `sqlite:${path}`);
    expect(out.code).toBe(1);
    expect(out.stdout).toBe('');
    expect(out.stderr).toContain(
      `bridge-ledger: session 1 of competition dsb-scored is scored from ${STREAM}, which cannot be scored: ${REASON}`,
    );
  });
});

describe('a scored session’s own result, whatever its kind (GET /sessions/:stream/result, `session`)', () => {
  it('STD-BUTLER a butler session: each pair’s IMPs, place and boards played, and the datums; no percentage', () => {
    const log = mitchell('BUTLER');
    const state = fold(competitions, log.events);
    const view = sessionResultOf(state, STREAM);
    const s = scoreBoardSession(sessionOf(log));
    if (!s.ok) throw new Error(s.reason);
    expect(view).toMatchObject({
      kind: 'session',
      sessionStreamId: STREAM,
      clubId: 'dsb',
      date: DATE,
      scoringMethod: 'BUTLER',
      rulebook: null,
      datums: s.datums,
    });
    expect(view.pairs).toHaveLength(6);
    for (const row of view.pairs) {
      const p = s.result.pairs.find((x) => x.pair === row.pair)!;
      expect(row).toEqual({
        pair: p.pair,
        field: p.field,
        place: p.place,
        total: p.total.round(2),
        publishedTotal: p.total.round(2),
        boardsPlayed: 3,
      });
    }
    // By field, then place.
    expect(view.pairs.map((p) => p.field)).toEqual(['EW', 'EW', 'EW', 'NS', 'NS', 'NS']);
  });

  it('STD-MP a matchpoint session under the club’s rulebook: percentages beside the totals', () => {
    const log = mitchell('MP', dsbCompetition());
    const view = sessionResultOf(fold(competitions, log.events), STREAM);
    expect(view.rulebook).toEqual({ preset: 'dsb-groenlo-2014', effectiveFrom: '2014-09-01' });
    expect(view.pairs.find((p) => p.pair === '2')).toEqual({
      pair: '2',
      field: 'NS',
      place: 1,
      total: 9,
      publishedTotal: 9,
      percentage: 75,
      boardsPlayed: 3,
    });
  });

  it('bad input: an unknown stream is StreamNotFound; a session that cannot be scored names its reason', () => {
    const state = fold(competitions, tooFewExpected().events);
    expect(thrown(() => sessionResultOf(state, 'session-dsb-nope'))).toBeInstanceOf(
      UnknownSessionStreamError,
    );
    const e = thrown(() => sessionResultOf(state, STREAM)) as SessionNotScorableError;
    expect(e).toBeInstanceOf(SessionNotScorableError);
    expect(e.answer()).toEqual({
      message: `session ${STREAM} cannot be scored: ${REASON}`,
      sessionStreamId: STREAM,
      reason: REASON,
    });
  });

  it('over HTTP and the CLI: a cross-IMP session’s result; 404 for a stream with no session', async () => {
    const log = mitchell('CROSS_IMP', dsbCompetition());
    const expected = sessionResultOf(fold(competitions, log.events), STREAM);
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    await stored(store, log.events);
    const app = await ledgerApp(store);
    try {
      const res = await request(app.getHttpServer()).get(`/sessions/${STREAM}/result`).expect(200);
      expect(res.body).toEqual(JSON.parse(JSON.stringify(expected)));
      const missing = await request(app.getHttpServer())
        .get('/sessions/session-dsb-nope/result')
        .expect(404);
      expect(missing.body).toEqual({
        error: 'StreamNotFound',
        message: 'no scored session session-dsb-nope in the ledger',
      });
    } finally {
      await app.close();
      await store.close();
    }
    const path = join(tempDir(), 'ledger.db');
    const sqlite = new SqliteEventStore(path);
    await stored(sqlite, log.events);
    await sqlite.close();
    const out = await cli('session', STREAM, '--store', `sqlite:${path}`, '--format', 'json');
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual(JSON.parse(JSON.stringify(expected)));
    const text = await cli('session', STREAM, '--store', `sqlite:${path}`);
    expect(text.stdout).toMatch(
      new RegExp(
        `^Session ${STREAM} \\(${DATE}, session 1\\): CROSS_IMP, dsb-groenlo-2014 rulebook from 2014-09-01\\n\\nfield  place  pair  imps `,
      ),
    );
  });
});
