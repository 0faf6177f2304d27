import {
  championshipOf,
  competitions,
  standingsOf,
  type CompetitionsState,
} from '../../src/contexts/pairs/projection';
import { nextGroupsOf } from '../../src/rulesets/dsb-groenlo-2014/next-groups';
import { diffTables } from '../../src/contexts/pairs/projection/diff';
import { fold } from '../../src/kernel/projection';
import { boardResultsRecorded, sessionScoredFromBoards } from '../support/board-session';
import { FactLog } from '../support/ledger';

/**
 * `explain` shows, on a changed number, the original fact, the correction or appeal
 * that changed it, and the rule — on the DSB-11 club championship (each competition's placing
 * points, the season's total) and on the DSB-8 moves to next time's groups, as on the standing
 * rows they are read from. DSB-20.3: the board decides an objection to the director's (WL)
 * ruling; a correction is accepted under the preset's `corrections.rule` (DSB-20.3).
 */

const C = 'dsb-explained';
const SEASON = '2014-2015';
const DATES = ['2014-09-08', '2014-09-15', '2014-09-22', '2014-09-29', '2014-10-06', '2014-10-13'];
/** Group A's first evening is scored here from its board results (a Mitchell of six pairs). */
const STREAM = `session-${C}-1-A`;
const A = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'];
const B = ['b1', 'b2', 'b3', 'b4'];
/** The evenings recorded as percentages: every pair the same score each evening. */
const SCORES: Record<string, number> = {
  a1: 60,
  a2: 57,
  a3: 54,
  a4: 50,
  a5: 45,
  a6: 40,
  b1: 54,
  b2: 52,
  b3: 48,
  b4: 38,
};

const players = (pairId: string) => [`${pairId}-x`, `${pairId}-y`];

/**
 * Groenlo's first pairs competition of the season, six evenings in groups A (six pairs) and B
 * (four), all played: group A's first evening from its travellers, where the WL ruled +600 to
 * NS 3 on board 1 and EW 6 objected (DSB-20.3), the rest as recorded percentages.
 */
function season() {
  const log = new FactLog('dsb');
  log.add('club-dsb', 'RulebookAdopted', {
    clubId: 'dsb',
    preset: 'dsb-groenlo-2014',
    overrides: {},
    effectiveFrom: '2014-09-01',
  });
  log.add(`competition-${C}`, 'CompetitionCreated', {
    competitionId: C,
    clubId: 'dsb',
    name: 'Parencompetitie 1',
    season: SEASON,
    kind: 'pairs-series',
    format: 'dsb-pairs',
    sessions: DATES.map((date, i) => ({ session: i + 1, date, startTime: '19:45' })),
    groups: ['A', 'B'],
  });
  for (const pairId of [...A, ...B])
    log.add(`competition-${C}`, 'PairEntered', {
      competitionId: C,
      pairId,
      players: players(pairId),
      group: A.includes(pairId) ? 'A' : 'B',
    });
  const results: Record<string, string> = {};
  DATES.forEach((date, i) => {
    const session = i + 1;
    for (const group of ['A', 'B'])
      log.add(
        `competition-${C}`,
        'SessionHeld',
        { competitionId: C, session, date, group, boards: 24 },
        `${date}T19:45`,
      );
    if (session === 1) {
      boardResultsRecorded(log, STREAM, { clubId: 'dsb', eventId: `${C}-1-A`, date });
      sessionScoredFromBoards(
        log,
        { competitionId: C, session: 1, group: 'A', sessionStreamId: STREAM, pairs: A },
        `${date}T23:00`,
      );
    }
    for (const pairId of session === 1 ? B : [...A, ...B]) {
      log.add(
        `competition-${C}`,
        'SessionResultRecorded',
        {
          competitionId: C,
          session,
          pairId,
          players: players(pairId),
          percentage: SCORES[pairId],
          boardsPlayed: 24,
          group: A.includes(pairId) ? 'A' : 'B',
          source: 'imported',
        },
        `${date}T23:00`,
      );
      results[`${session}:${pairId}`] = log.events.at(-1)!.id;
    }
  });
  return { log, results };
}

/** DSB-20.3: the WL's ruling on board 1 (NS 3 – EW 6, +600), EW 6's objection, and its ruling's fact id. */
function objected(log: FactLog) {
  const awarded = {
    board: 1,
    nsPair: '3',
    ewPair: '6',
    kind: 'assigned',
    nsScore: 600,
    reason: 'misinformation',
  };
  log.add(STREAM, 'AdjustedScoreAwarded', awarded, '2014-09-08T23:10');
  log.add(
    'corrections-dsb',
    'RulingGiven',
    {
      clubId: 'dsb',
      rulingId: 'ruling-1',
      director: 'WL',
      sessionStreamId: STREAM,
      competitionId: C,
      board: 1,
      awarded,
      decision: 'misinformation: 3NT made by NS',
    },
    '2014-09-08T23:10',
  );
  const ruling = log.events.at(-1)!.id;
  log.add(
    'corrections-dsb',
    'AppealLodged',
    {
      clubId: 'dsb',
      appealId: 'appeal-1',
      against: { rulingId: 'ruling-1' },
      by: 'pair 6',
      receivedAt: '2014-09-10T20:00:00+02:00',
    },
    '2014-09-10T20:00',
  );
  return ruling;
}

/** The board's decision on the objection; upheld, the table's −50 stands again. Its fact id. */
function decided(log: FactLog, outcome: 'upheld' | 'dismissed') {
  log.add(
    'corrections-dsb',
    'AppealDecided',
    {
      clubId: 'dsb',
      appealId: 'appeal-1',
      outcome,
      ...(outcome === 'upheld'
        ? {
            adjusted: {
              sessionStreamId: STREAM,
              board: 1,
              nsPair: '3',
              ewPair: '6',
              kind: 'assigned',
              nsScore: -50,
              reason: 'objection upheld: the table result stands',
            },
          }
        : {}),
      deposit: 'returned',
      by: 'the board',
      decidedAt: '2014-09-14T20:00:00+02:00',
    },
    '2014-09-14T20:00',
  );
  return log.events.at(-1)!.id;
}

/** b2's third evening, recorded 52.00, was 70.00 (b2 55.00 over the six, past b1's 54.00): notified, then accepted or rejected when given. */
function corrected(log: FactLog, original: string, decision?: 'accepted' | 'rejected') {
  log.add(
    'corrections-dsb',
    'CorrectionNotified',
    {
      clubId: 'dsb',
      correctionId: 'dsb-c1',
      target: { eventId: original, streamId: `competition-${C}`, type: 'SessionResultRecorded' },
      corrected: {
        competitionId: C,
        session: 3,
        pairId: 'b2',
        players: players('b2'),
        percentage: 70,
        boardsPlayed: 24,
        group: 'B',
        source: 'imported',
      },
      notifiedBy: 'scorer',
      reason: 'the traveller totals of group B were added up wrongly',
    },
    '2014-09-23T10:00',
  );
  if (decision === 'accepted')
    log.add(
      'corrections-dsb',
      'CorrectionAccepted',
      { clubId: 'dsb', correctionId: 'dsb-c1', by: 'WL' },
      '2014-09-23T12:00',
    );
  if (decision === 'rejected')
    log.add(
      'corrections-dsb',
      'CorrectionRejected',
      { clubId: 'dsb', correctionId: 'dsb-c1', by: 'WL', reason: 'the totals were right' },
      '2014-09-23T12:00',
    );
}

type Entry = { rule: string; session?: number; effect: string };
const ofRule = (explain: ReadonlyArray<Entry>, rule = 'DSB-20.3') =>
  explain.filter((e) => e.rule === rule);

const championship = (state: CompetitionsState, whatIf?: Record<string, string>) =>
  championshipOf(state, 'dsb', SEASON, whatIf ? { whatIf } : {});
const award = (state: CompetitionsState, pairId: string) =>
  championship(state).awards.find((a) => a.competitionId === C && a.pairId === pairId)!;
const seasonRow = (state: CompetitionsState, pairId: string) =>
  championship(state).table.find((r) => r.pairId === pairId)!;
const move = (state: CompetitionsState, pairId: string) =>
  nextGroupsOf(state, C).moves.find((m) => m.pairId === pairId)!;
const standingRow = (state: CompetitionsState, pairId: string) => {
  const view = standingsOf(state, C);
  if (view.kind !== 'dsb') throw new Error('not DSB');
  return view.groups.flatMap((g) => g.rows).find((r) => r.pairId === pairId)!;
};

describe('DSB-11: the club championship names the appeal upheld behind a placing (DSB-20.3)', () => {
  it('every pair that played board 1 in group A: its placing award and its season row name the ruling, the appeal, the decision and DSB-20.3, as its standing row does', () => {
    const { log } = season();
    const ruling = objected(log);
    const decision = decided(log, 'upheld');
    const state = fold(competitions, log.events);
    const note = `session 1, board 1 (NS 3 – EW 6): adjusted score of appeal appeal-1 against ruling ruling-1 (fact ${ruling}), upheld (fact ${decision}); the board is matchpointed again`;
    for (const pairId of A) {
      // The standing row's entry, word for word, on the competition's placing award …
      const standing = ofRule(standingRow(state, pairId).explain);
      expect(standing).toEqual([{ rule: 'DSB-20.3', session: 1, effect: note }]);
      expect(ofRule(award(state, pairId).explain)).toEqual(standing);
      // … and on the season's row, headed by its competition as the DSB-11.5 entries are.
      expect(ofRule(seasonRow(state, pairId).explain)).toEqual([
        { rule: 'DSB-20.3', session: 1, effect: `${C}: ${note}` },
      ]);
    }
  });

  it('the notes come first: the corrected numbers are the ones the placing (DSB-11.4) and the total (DSB-11.5) read', () => {
    const { log } = season();
    objected(log);
    decided(log, 'upheld');
    const state = fold(competitions, log.events);
    expect(award(state, 'a3').explain.map((e) => e.rule)).toEqual(['DSB-20.3', 'DSB-11.4']);
    expect(seasonRow(state, 'a3').explain.map((e) => e.rule)).toEqual(['DSB-20.3', 'DSB-11.5']);
  });

  it('group B did not play the board: its awards and rows name nothing', () => {
    const { log } = season();
    objected(log);
    decided(log, 'upheld');
    const state = fold(competitions, log.events);
    for (const pairId of B) {
      expect(ofRule(award(state, pairId).explain)).toEqual([]);
      expect(ofRule(seasonRow(state, pairId).explain)).toEqual([]);
    }
  });

  it('an objection dismissed, or not yet decided, leaves the championship as the ruling made it, explaining nothing new', () => {
    const { log } = season();
    const without = fold(competitions, log.events);
    objected(log);
    const pending = fold(competitions, log.events);
    decided(log, 'dismissed');
    const dismissed = fold(competitions, log.events);
    const body = (s: CompetitionsState) => {
      const { awards, table } = championship(s);
      return JSON.stringify({ awards, table });
    };
    // The ruling's +600 stands in each (it is an adjusted score of the session, ruled or not).
    expect(body(dismissed)).toBe(body(pending));
    expect(body(pending)).not.toContain('DSB-20.3');
    expect(body(without)).not.toContain('DSB-20.3');
  });
});

describe('DSB-8: a move to next time’s group names the appeal or correction behind it', () => {
  it('an appeal upheld: each group A pair’s move names it, as its standing row does; group B’s moves name nothing', () => {
    const { log } = season();
    const ruling = objected(log);
    const decision = decided(log, 'upheld');
    const state = fold(competitions, log.events);
    for (const pairId of A) {
      const entries = ofRule(move(state, pairId).explain);
      expect(entries).toEqual([
        {
          rule: 'DSB-20.3',
          session: 1,
          effect: `session 1, board 1 (NS 3 – EW 6): adjusted score of appeal appeal-1 against ruling ruling-1 (fact ${ruling}), upheld (fact ${decision}); the board is matchpointed again`,
        },
      ]);
      expect(entries).toEqual(ofRule(standingRow(state, pairId).explain));
    }
    for (const pairId of B) expect(ofRule(move(state, pairId).explain)).toEqual([]);
  });

  it('a correction accepted: b2’s 52.00 on the third evening was 70.00; its move up (DSB-8.1) names the original fact, the correction and DSB-20.3', () => {
    const { log, results } = season();
    const original = results['3:b2']!;
    corrected(log, original, 'accepted');
    const after = fold(competitions, log.events);
    const m = move(after, 'b2');
    expect(m).toMatchObject({ from: 'B', to: 'A', move: 'up', rank: 1 });
    expect(ofRule(m.explain)).toEqual([
      {
        rule: 'DSB-20.3',
        session: 3,
        effect: `session 3: 52.00 % corrected to 70.00 % by correction dsb-c1 of fact ${original} (accepted)`,
      },
    ]);
    expect(m.explain[0]!.rule).toBe('DSB-20.3');
    for (const pairId of [...A, 'b1', 'b3', 'b4'])
      expect(ofRule(move(after, pairId).explain)).toEqual([]);
  });

  it('a correction notified and pending, or rejected, changes no move and names nothing', () => {
    for (const decision of [undefined, 'rejected'] as const) {
      const { log, results } = season();
      const moves = (s: CompetitionsState) => JSON.stringify(nextGroupsOf(s, C).moves);
      const without = moves(fold(competitions, log.events));
      corrected(log, results['3:b2']!, decision);
      expect(moves(fold(competitions, log.events))).toBe(without);
    }
  });
});

describe('DSB-11: a correction accepted names itself on the placing and the season total', () => {
  it('b2’s award and season row name the original fact, the correction and the preset’s rule (corrections.rule, DSB-20.3); nobody else’s do', () => {
    const { log, results } = season();
    const original = results['3:b2']!;
    corrected(log, original, 'accepted');
    const state = fold(competitions, log.events);
    const note = `session 3: 52.00 % corrected to 70.00 % by correction dsb-c1 of fact ${original} (accepted)`;
    expect(ofRule(award(state, 'b2').explain)).toEqual([
      { rule: 'DSB-20.3', session: 3, effect: note },
    ]);
    expect(ofRule(seasonRow(state, 'b2').explain)).toEqual([
      { rule: 'DSB-20.3', session: 3, effect: `${C}: ${note}` },
    ]);
    for (const pairId of [...A, 'b1', 'b3', 'b4']) {
      expect(ofRule(award(state, pairId).explain)).toEqual([]);
      expect(ofRule(seasonRow(state, pairId).explain)).toEqual([]);
    }
  });

  it('the rule is the rulebook’s: an amended `corrections.rule` (a what-if) is the one named', () => {
    const { log, results } = season();
    corrected(log, results['3:b2']!, 'accepted');
    const state = fold(competitions, log.events);
    const view = championship(state, { 'corrections.rule': 'DSB-7.3' });
    const b2 = view.table.find((r) => r.pairId === 'b2')!;
    expect(b2.explain.map((e) => e.rule)).toEqual(['DSB-7.3', 'DSB-11.5']);
  });

  it('a replay to a position before the acceptance shows the original placing, explaining nothing', () => {
    const { log, results } = season();
    corrected(log, results['3:b2']!, 'accepted');
    const accepted = log.events.at(-1)!;
    const before = fold(
      competitions,
      log.events.filter((e) => e.position < accepted.position),
    );
    const body = JSON.stringify(championship(before).table);
    expect(body).not.toContain('dsb-c1');
    expect(body).not.toContain('DSB-20.3');
  });

  it('the diff of the championship across the acceptance names the correction, the original fact and the rule on b2’s points', () => {
    const { log, results } = season();
    const original = results['3:b2']!;
    const from = championship(fold(competitions, log.events));
    corrected(log, original, 'accepted');
    const to = championship(fold(competitions, log.events));
    const diff = diffTables(
      { table: 'championship', view: from },
      { table: 'championship', view: to },
    );
    const points = diff.changes.find((c) => c.subject === 'b2' && c.field === 'points');
    const placing = diff.changes.find(
      (c) => c.subject === `${C}/b2` && c.field === 'placing points',
    );
    for (const change of [points, placing]) {
      expect(change).toBeDefined();
      expect(change!.rules).toContain('DSB-20.3');
      expect(change!.facts).toEqual(
        expect.arrayContaining(['correction dsb-c1', `fact ${original}`]),
      );
    }
  });

  it('the diff of a final standing names a correction once on a pair whose row and move both carry it', () => {
    const { log, results } = season();
    const original = results['3:b2']!;
    const side = () => {
      const state = fold(competitions, log.events);
      return { ...standingsOf(state, C), nextGroups: nextGroupsOf(state, C).moves };
    };
    const from = side();
    corrected(log, original, 'accepted');
    const to = side();
    const diff = diffTables({ table: 'standings', view: from }, { table: 'standings', view: to });
    const percentage = diff.changes.find((c) => c.subject === 'b2' && c.field === 'percentage')!;
    expect(percentage.because.added.filter((e) => e.rule === 'DSB-20.3')).toHaveLength(1);
  });
});
