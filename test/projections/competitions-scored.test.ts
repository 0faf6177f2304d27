import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decide } from '../../src/contexts/pairs/domain/decide';
import type { CompetitionFact } from '../../src/contexts/pairs/domain/facts';
import { evolve, initialCompetitionState } from '../../src/contexts/pairs/domain/state';
import { RuleViolation } from '../../src/kernel/rule-violation';
import { competitions, standingsOf } from '../../src/contexts/pairs/projection';
import { scoredResults } from '../../src/contexts/pairs/projection/scored-sessions';
import { fold } from '../../src/kernel/projection';
import { cli } from '../support/cli';
import {
  boardResultsRecorded,
  MITCHELL,
  sessionScoredFromBoards,
  type Line,
} from '../support/board-session';
import { FactLog } from '../support/ledger';
import {
  numberedPairs,
  nzClubWithRoster,
  nzCompetitionEntered,
  tuesdayMembers,
} from '../support/nz-ledger';
import { tempDir } from '../support/temp';

/**
 * A pair's session result scored here from board results. The session's facts
 * (movement, pairs, traveller lines) are linked to session 1 of a competition by
 * SessionScoredFromBoards; the standings show the percentages the scoring engine derives.
 */

/** STD-MP by hand: 2 per result beaten, 1 per tie, top 2(n − 1); % = Σ mp / Σ tops, 2 decimals. */
function byHand(lines: Line[]): Record<string, { percentage: number; boards: number }> {
  const acc: Record<string, { mp: number; top: number; boards: number }> = {};
  const add = (pair: string, mp: number, top: number) => {
    const a = (acc[pair] ??= { mp: 0, top: 0, boards: 0 });
    a.mp += mp;
    a.top += top;
    a.boards += 1;
  };
  for (const board of new Set(lines.map((l) => l[0]))) {
    const on = lines.filter((l) => l[0] === board);
    const top = 2 * (on.length - 1);
    for (const l of on) {
      const mp = on
        .filter((o) => o !== l)
        .reduce((s, o) => s + (l[3] > o[3] ? 2 : l[3] === o[3] ? 1 : 0), 0);
      add(l[1], mp, top);
      add(l[2], top - mp, top);
    }
  }
  return Object.fromEntries(
    Object.entries(acc).map(([p, a]) => [
      p,
      { percentage: Math.round((a.mp / a.top) * 10000) / 100, boards: a.boards },
    ]),
  );
}

const EXPECTED = byHand(MITCHELL);

/** The session-context facts of the scored session, as `import usebio` writes them. */
const boardSession = (log: FactLog, stream: string, clubId: string, date: string, lines?: Line[]) =>
  boardResultsRecorded(log, stream, { clubId, eventId: 'ev-1', date, lines });

const DSB = 'dsb-scored';
const DSB_STREAM = 'session-dsb-ev-1-1';
const dsbDates = ['2014-09-08', '2014-09-15', '2014-09-22'];

function dsbCompetition(log = new FactLog('dsb')) {
  log.add('club-dsb', 'RulebookAdopted', {
    clubId: 'dsb',
    preset: 'dsb-groenlo-2014',
    overrides: {},
    effectiveFrom: '2014-09-01',
  });
  log.add(`competition-${DSB}`, 'CompetitionCreated', {
    competitionId: DSB,
    clubId: 'dsb',
    name: 'Parencompetitie (scored here)',
    season: '2014-2015',
    kind: 'pairs-series',
    format: 'dsb-pairs',
    sessions: dsbDates.map((date, i) => ({ session: i + 1, date, startTime: '19:45' })),
    groups: ['A'],
  });
  for (let i = 1; i <= 6; i++)
    log.add(`competition-${DSB}`, 'PairEntered', {
      competitionId: DSB,
      pairId: `d${i}`,
      players: [`x${i}`, `y${i}`],
      group: 'A',
    });
  return log;
}

/** Session `session` (of `group`) scored from `sessionStreamId`: pair number n is `<prefix>n`. */
const link = (
  log: FactLog,
  competitionId: string,
  sessionStreamId: string,
  prefix: string,
  at: string,
  group?: string,
  session = 1,
) =>
  sessionScoredFromBoards(
    log,
    {
      competitionId,
      session,
      group,
      sessionStreamId,
      pairs: Object.keys(numberedPairs(prefix, 6)),
    },
    at,
  );

const NZ = 'club-pairs-scored';
const NZ_STREAM = 'session-karori-ev-1-1';
const nzDates = Array.from({ length: 10 }, (_, i) => `2026-02-${String(3 + i).padStart(2, '0')}`);

/** Karori (nz-club) and a ten-session Club Pairs of six pairs n1 … n6 (Tuesday members). */
function nzCompetition() {
  const log = nzClubWithRoster(tuesdayMembers(6));
  const clubPairs = { name: 'Club Pairs (scored here)', season: '2026', kind: 'pairs-series' };
  const on = { ...clubPairs, format: 'club-pairs', night: 'tuesday' };
  nzCompetitionEntered(log, NZ, on, nzDates, numberedPairs('n', 6));
  return log;
}

const dsbRows = (log: FactLog) => {
  const view = standingsOf(fold(competitions, log.events), DSB);
  if (view.kind !== 'dsb') throw new Error('not DSB');
  return { view, rows: Object.fromEntries((view.groups[0]?.rows ?? []).map((r) => [r.pairId, r])) };
};

describe('a session scored here from board results', () => {
  it('the hand computation: 2 per result beaten, 1 per tie, top 4', () => {
    // NS 1: 2 + 1 + 1 of 12; NS 2: 4 + 1 + 4; EW 6: 4 + 3 + 3 …
    expect(EXPECTED).toEqual({
      '1': { percentage: 33.33, boards: 3 },
      '2': { percentage: 75, boards: 3 },
      '3': { percentage: 41.67, boards: 3 },
      '4': { percentage: 16.67, boards: 3 },
      '5': { percentage: 50, boards: 3 },
      '6': { percentage: 83.33, boards: 3 },
    });
  });

  it('DSB: the standings after session 1 show the scoring engine’s percentages', () => {
    const log = dsbCompetition();
    boardSession(log, DSB_STREAM, 'dsb', dsbDates[0]!);
    link(log, DSB, DSB_STREAM, 'd', `${dsbDates[0]}T23:00`, 'A');
    const { view, rows } = dsbRows(log);
    expect(view).toMatchObject({ afterSession: 1, final: false });
    for (let n = 1; n <= 6; n++) {
      expect(rows[`d${n}`]).toMatchObject({ percentage: EXPECTED[String(n)]!.percentage });
      expect(rows[`d${n}`]!.sessions[0]).toMatchObject({ session: 1 });
    }
    expect(rows.d6!.rank).toBe(1);
    expect(rows.d4!.rank).toBe(6);
  });

  it('the link may come before the board results; until they are in, the session is not scored', () => {
    const log = dsbCompetition();
    link(log, DSB, DSB_STREAM, 'd', `${dsbDates[0]}T18:00`, 'A');
    expect(dsbRows(log).view.afterSession).toBe(0);
    boardSession(log, DSB_STREAM, 'dsb', dsbDates[0]!);
    expect(dsbRows(log).rows.d2!.percentage).toBe(75);
  });

  it('an adjusted score replaces the table result and the percentages follow', () => {
    const log = dsbCompetition();
    boardSession(log, DSB_STREAM, 'dsb', dsbDates[0]!);
    link(log, DSB, DSB_STREAM, 'd', `${dsbDates[0]}T23:00`, 'A');
    // Board 1, 3 v 6: the director assigns +600 to NS.
    log.add(DSB_STREAM, 'AdjustedScoreAwarded', {
      board: 1,
      nsPair: '3',
      ewPair: '6',
      kind: 'assigned',
      nsScore: 600,
      reason: 'misinformation',
    });
    const adjusted = byHand(
      MITCHELL.map((l) => (l[0] === 1 && l[1] === '3' ? [1, '3', '6', 600] : l)),
    );
    const { rows } = dsbRows(log);
    expect(rows.d3!.percentage).toBe(adjusted['3']!.percentage);
    expect(rows.d6!.percentage).toBe(adjusted['6']!.percentage);
    expect(rows.d3!.percentage).not.toBe(EXPECTED['3']!.percentage);
  });

  it('NZ: session 1 counts the scoring engine’s percentage, explained by its source', () => {
    const log = nzCompetition();
    boardSession(log, NZ_STREAM, 'karori', nzDates[0]!);
    link(log, NZ, NZ_STREAM, 'n', `${nzDates[0]}T22:30`);
    const view = standingsOf(fold(competitions, log.events), NZ);
    if (view.kind !== 'nz') throw new Error('not NZ');
    expect(view.afterSession).toBe(1);
    for (const row of view.rows) {
      const n = row.competitor.slice(1);
      expect(row.sessions.find((s) => s.session === 1)).toMatchObject({
        played: true,
        raw: Math.round(EXPECTED[n]!.percentage * 100),
      });
      expect(row.explain.some((e) => e.rule === 'STD-MP' && /board results/.test(e.effect))).toBe(
        true,
      );
    }
  });

  it('NZ-10 a visitor who sat down in a board-scored session is counted: visitors never qualify for prizes', () => {
    const log = nzCompetition();
    log.add('club-karori-players', 'PlayerStatusChanged', { playerId: 'a1', status: 'visitor' });
    boardSession(log, NZ_STREAM, 'karori', nzDates[0]!);
    link(log, NZ, NZ_STREAM, 'n', `${nzDates[0]}T22:30`);
    const view = standingsOf(fold(competitions, log.events), NZ);
    if (view.kind !== 'nz') throw new Error('not NZ');
    const n1 = view.rows.find((r) => r.competitor === 'n1')!;
    expect(n1.explain.filter((e) => e.rule === 'NZ-10').length).toBeGreaterThan(0);
  });

  it('NZ-7 a substitute played: the board-scored result of the pair shows the substitute, not the absent player', () => {
    const log = nzCompetition();
    log.add('club-karori-players', 'PlayerRegistered', {
      playerId: 'zed',
      name: 'zed',
      status: 'member',
      homeNight: 'tuesday',
    });
    log.add(`competition-${NZ}`, 'SubstitutePlayed', {
      competitionId: NZ,
      session: 1,
      pairId: 'n1',
      absentPlayerId: 'b1',
      substituteId: 'zed',
    });
    boardSession(log, NZ_STREAM, 'karori', nzDates[0]!);
    link(log, NZ, NZ_STREAM, 'n', `${nzDates[0]}T22:30`);
    const state = fold(competitions, log.events);
    const results = scoredResults(state.competitions[NZ]!, state.boardSessions);
    expect(results['1:n1']).toMatchObject({ players: ['a1', 'zed'], source: 'scored' });
    // The other pairs sat down as entered.
    expect(results['1:n2']!.players).toEqual(['a2', 'b2']);
  });

  it('a linked pair with no board result did not play', () => {
    const log = dsbCompetition();
    boardSession(
      log,
      DSB_STREAM,
      'dsb',
      dsbDates[0]!,
      MITCHELL.filter((l) => l[1] !== '1'),
    );
    link(log, DSB, DSB_STREAM, 'd', `${dsbDates[0]}T23:00`, 'A');
    const { rows } = dsbRows(log);
    // Absent without notice: DSB-9.5 scores the session.
    expect(rows.d1!.sessions[0]).toMatchObject({ session: 1, source: 'DSB-9.5' });
    expect(rows.d5!.sessions[0]).toMatchObject({ session: 1, boards: 2 });
  });
});

/** Board 1 played twice, the others three times: Neuberg factors board 1 up to 3 results. */
const SHORT_BOARD = MITCHELL.filter((l) => !(l[0] === 1 && l[1] === '1'));

describe('the club’s scoring settings: a rulebook parameter (scoring.*), by session date', () => {
  const scoredSession = (log: FactLog, session: number) => {
    const stream = `session-dsb-ev-1-${session}`;
    boardSession(log, stream, 'dsb', dsbDates[session - 1]!, SHORT_BOARD);
    link(log, DSB, stream, 'd', `${dsbDates[session - 1]}T23:00`, 'A', session);
  };
  const percentages = (log: FactLog, session: number, events = log.events) => {
    const view = standingsOf(fold(competitions, events), DSB);
    if (view.kind !== 'dsb') throw new Error('not DSB');
    return Object.fromEntries(
      view.groups[0]!.rows.map((r) => [
        r.pairId.slice(1),
        r.sessions.find((x) => x.session === session)?.percentage,
      ]),
    );
  };
  const unfactored = Object.fromEntries(
    Object.entries(byHand(SHORT_BOARD)).map(([p, r]) => [p, r.percentage]),
  );
  /** The club re-adopts its preset, from the same date, with these overrides. */
  const adopted = (overrides: Record<string, unknown>) => {
    const log = dsbCompetition();
    log.add('club-dsb', 'RulebookAdopted', {
      clubId: 'dsb',
      preset: 'dsb-groenlo-2014',
      overrides,
      effectiveFrom: '2014-09-01',
    });
    return log;
  };

  it('STD-NEUBERG by default (the preset’s scoring.factoring "neuberg") a board played fewer times is factored up', () => {
    const log = dsbCompetition();
    scoredSession(log, 1);
    // NS 2: board 1 beats the one other result, (1 + 1) × 3/2 − 1 = 3.5 of 4; then 1 and 4 of 4.
    expect(percentages(log, 1)['2']).toBe(70.83);
    expect(unfactored['2']).toBe(70);
  });

  it('STD-NEUBERG a club whose rulebook turns Neuberg off gets unfactored percentages for a board-scored session', () => {
    const log = adopted({ 'scoring.factoring': 'none' });
    scoredSession(log, 1);
    expect(percentages(log, 1)).toEqual(unfactored);
  });

  it('STD-MP an amendment of the scoring settings effective from a date changes the sessions from that date on, not before', () => {
    const log = dsbCompetition();
    scoredSession(log, 1);
    scoredSession(log, 2);
    const factored = percentages(log, 1);
    expect(percentages(log, 2)).toEqual(factored);
    // Recorded after both sessions, effective from session 2's day.
    const amendedAt = log.events.length;
    log.add('club-dsb', 'RulebookAmended', {
      clubId: 'dsb',
      changes: { 'scoring.factoring': 'none' },
      effectiveFrom: dsbDates[1],
    });
    expect(percentages(log, 1)).toEqual(factored);
    expect(percentages(log, 2)).toEqual(unfactored);
    // A replay as of the position before the amendment: the old figures.
    expect(percentages(log, 2, log.events.slice(0, amendedAt))).toEqual(factored);
  });

  it('STD-NEUBERG a recorded artificial 60/40 is valued as recorded, whether the club reads average-plus by Law 12C or fixed', () => {
    const withAward = (overrides: Record<string, unknown>) => {
      const log = adopted(overrides);
      scoredSession(log, 1);
      log.add('session-dsb-ev-1-1', 'AdjustedScoreAwarded', {
        board: 1,
        nsPair: '1',
        ewPair: '4',
        kind: 'artificial',
        artificial: { nsPercent: 60, ewPercent: 40 },
        reason: 'board could not be played',
      });
      return percentages(log, 1);
    };
    // NS 1: 60 % of 4 on board 1, then 1 and 1 of 4: 4.4 / 12. EW 4: 40 % of 4, then 0 and 0:
    // 1.6 / 12 — not min(40 %, its 0 % on the other boards), as an average-minus by Law 12C.
    expect(withAward({})).toMatchObject({ '1': 36.67, '4': 13.33 });
    expect(withAward({ 'scoring.averagePlusMinus': 'fixed' })).toEqual(withAward({}));
  });

  it('STD-NEUBERG a scoring amendment with a value the engine does not know is refused, naming the parameter', () => {
    const log = dsbCompetition();
    scoredSession(log, 1);
    log.add('club-dsb', 'RulebookAmended', {
      clubId: 'dsb',
      changes: { 'scoring.factoring': 'neubreg' },
      effectiveFrom: dsbDates[0],
    });
    expect(() => percentages(log, 1)).toThrow(
      'rulebook parameter scoring.factoring: must be "neuberg" or "none", not "neubreg"',
    );
  });
});

/** The decider, given a competition's facts. */
function given(log: FactLog, competitionId: string) {
  const stream = `competition-${competitionId}`;
  const facts = log.events
    .filter((e) => e.streamId === stream)
    .map((e) => ({ type: e.type, occurredAt: e.occurredAt, data: e.data }) as CompetitionFact);
  const state = facts.reduce((s, f) => evolve(s, decide(s, f)[0]!), initialCompetitionState());
  return {
    refuses(fact: CompetitionFact, rule: string, reason: RegExp, field?: string) {
      let error: unknown;
      try {
        decide(state, fact);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(RuleViolation);
      expect((error as RuleViolation).rule).toBe(rule);
      expect((error as RuleViolation).reason).toMatch(reason);
      if (field) expect((error as RuleViolation).field).toBe(field);
    },
    accepts: (fact: CompetitionFact) => expect(decide(state, fact)).toEqual([fact]),
  };
}

const at = `${dsbDates[0]}T23:30:00+01:00`;
const linkFact = (pairs: Array<{ pairNumber: string; pairId: string }>, session = 1) =>
  ({
    type: 'SessionScoredFromBoards',
    occurredAt: at,
    data: { competitionId: DSB, session, group: 'A', sessionStreamId: DSB_STREAM, pairs },
  }) as CompetitionFact;
const imported = (pairId: string, session = 1) =>
  ({
    type: 'SessionResultRecorded',
    occurredAt: at,
    data: {
      competitionId: DSB,
      session,
      pairId,
      players: [`x${pairId.slice(1)}`, `y${pairId.slice(1)}`],
      percentage: 55,
      boardsPlayed: 24,
      group: 'A',
      source: 'imported',
    },
  }) as CompetitionFact;

describe('SessionScoredFromBoards: the decider', () => {
  it('accepts a link of entered pairs to a session of the competition', () => {
    given(dsbCompetition(), DSB).accepts(linkFact([{ pairNumber: '1', pairId: 'd1' }]));
  });

  it('refuses a pair that has not entered', () => {
    given(dsbCompetition(), DSB).refuses(
      linkFact([
        { pairNumber: '1', pairId: 'd1' },
        { pairNumber: '7', pairId: 'd7' },
      ]),
      'LEDGER',
      /d7 has not entered/,
      'data.pairs[1].pairId',
    );
  });

  it('refuses a session that is not the competition’s, and a pair number listed twice', () => {
    const g = given(dsbCompetition(), DSB);
    g.refuses(linkFact([{ pairNumber: '1', pairId: 'd1' }], 9), 'LEDGER', /not a session/);
    g.refuses(
      linkFact([
        { pairNumber: '1', pairId: 'd1' },
        { pairNumber: '1', pairId: 'd2' },
      ]),
      'LEDGER',
      /listed twice/,
      'data.pairs[1].pairNumber',
    );
  });

  it('refuses a session already scored: linked twice, or already imported', () => {
    const linked = dsbCompetition();
    link(linked, DSB, DSB_STREAM, 'd', `${dsbDates[0]}T23:00`, 'A');
    given(linked, DSB).refuses(
      linkFact([{ pairNumber: '1', pairId: 'd1' }]),
      'LEDGER',
      /already linked/,
      'data.sessionStreamId',
    );
    given(linked, DSB).refuses(
      {
        ...linkFact([{ pairNumber: '9', pairId: 'd2' }]),
        data: {
          ...(linkFact([]).data as object),
          sessionStreamId: 'session-dsb-other-1',
          pairs: [{ pairNumber: '9', pairId: 'd2' }],
        },
      } as CompetitionFact,
      'LEDGER',
      /already scored from session-dsb-ev-1-1/,
      'data.pairs[0].pairId',
    );
    const importedFirst = dsbCompetition();
    importedFirst.add(`competition-${DSB}`, 'SessionResultRecorded', imported('d3').data as never);
    given(importedFirst, DSB).refuses(
      linkFact([{ pairNumber: '3', pairId: 'd3' }]),
      'LEDGER',
      /already has a result \(imported\)/,
      'data.pairs[0].pairId',
    );
  });

  it('refuses an imported result, a substitute or an absence after a link', () => {
    const log = dsbCompetition();
    link(log, DSB, DSB_STREAM, 'd', `${dsbDates[0]}T23:00`, 'A');
    const g = given(log, DSB);
    g.refuses(imported('d2'), 'LEDGER', /scored from the board results/, 'data.session');
    g.refuses(
      {
        type: 'AbsenceNotified',
        occurredAt: at,
        data: { competitionId: DSB, session: 1, pairId: 'd2', validReason: true },
      },
      'LEDGER',
      /has a result/,
    );
    // Session 2 is not linked: an imported result there is fine.
    g.accepts(imported('d2', 2));
  });
});

describe('through the CLI: import usebio, append a competition and a link, print standings', () => {
  it('the standings show the percentages derived from the imported board results', async () => {
    const dir = tempDir();
    const store = `sqlite:${join(dir, 'ledger.db')}`;
    const xml = join(__dirname, '..', 'fixtures', 'usebio', 'mp-neuberg.xml');
    const imported = await cli('import', 'usebio', xml, '--store', store);
    expect(imported.code).toBe(0);
    const facts = join(__dirname, '..', 'fixtures', 'competition', 'scored-from-boards.ndjson');
    const appended = await cli('append', facts, '--store', store);
    expect(appended.stderr).toMatch(/appended 22 new events; 0 already stored/);
    expect(appended.code).toBe(0);
    const out = await cli('standings', 'ex01-pairs', '--store', store, '--format', 'json');
    expect(out.code).toBe(0);
    const view = JSON.parse(out.stdout);
    expect(view).toMatchObject({ kind: 'dsb', afterSession: 1 });
    const ours = Object.fromEntries(
      view.groups[0].rows.map((r: { pairId: string; percentage: number }) => [
        r.pairId,
        r.percentage,
      ]),
    );
    // The club program's published percentages (read here, never stored) agree with ours.
    const published = Object.fromEntries(
      [
        ...readFileSync(xml, 'utf8').matchAll(
          /<PAIR_NUMBER>(\w+)<\/PAIR_NUMBER>\s*<DIRECTION>\w+<\/DIRECTION>\s*<TOTAL_SCORE>[\d.]+<\/TOTAL_SCORE>\s*<PERCENTAGE>([\d.]+)<\/PERCENTAGE>/g,
        ),
      ].map((m) => [`p${m[1]!.toLowerCase()}`, Number(m[2])]),
    );
    expect(Object.keys(published)).toHaveLength(6);
    expect(ours).toEqual(published);
  });
});
