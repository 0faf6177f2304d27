import {
  competitions,
  cPointsOf,
  standingsOf,
  UnknownCompetitionError,
  UnknownSessionError,
  WrongRulebookError,
  type CPointsView,
} from '../../src/contexts/pairs/projection';
import { fold } from '../../src/kernel/projection';
import {
  boardResultsRecorded,
  MITCHELL,
  sessionScoredFromBoards,
  type Line,
} from '../support/board-session';
import type { FactLog } from '../support/ledger';
import { weekly } from '../support/nz-club';
import {
  importedResult,
  numberedPairs,
  nzClubWithRoster,
  nzCompetitionEntered,
  tuesdayMembers,
  type Roster,
} from '../support/nz-ledger';

const ROSTER: Roster = {
  ...tuesdayMembers(9),
  mon: { status: 'member', homeNight: 'monday' },
  wed: { status: 'member', homeNight: 'wednesday' },
  we2: { status: 'member', homeNight: 'wednesday' },
  tom: { status: 'member', homeNight: 'tuesday', rank: 'open' },
  gus: { status: 'non-member' },
  vic: { status: 'visitor' },
};

/** `n` Tuesdays a week apart from 3 March 2026. */
const tuesdays = (n: number) => weekly('2026-03-03', n);
const DATES = tuesdays(4);

const SHORT_PAIRS = { name: 'Short Pairs', season: '2026', kind: 'short-pairs' };

/**
 * The Karori club (nz-club rulebook) and a four-session event `id` on `night`: pairs p1 … p9
 * (a<n>, b<n>) score `scores[pair]` in each session (70, 68, … by default); `seat` puts other
 * players at a pair's table for a session.
 */
function ledger(
  options: {
    id?: string;
    format?: string;
    night?: string;
    scores?: Record<string, number>;
    seat?: Record<string, [string, string]>;
    boards?: number;
    extra?: (log: FactLog) => void;
    /** The day the club adopted the nz-club rulebook (default 1 January 2026). */
    adoptedFrom?: string;
  } = {},
) {
  const id = options.id ?? 'cp';
  // The ten-session events (NZ-1) have ten sessions; the short pairs four.
  const dates = tuesdays(['club-pairs', 'victoria-pairs'].includes(options.format ?? '') ? 10 : 4);
  const log = nzClubWithRoster(ROSTER, { effectiveFrom: options.adoptedFrom });
  options.extra?.(log);
  const format = options.format ?? 'three-four-session-pairs';
  const night = options.night ?? 'tuesday';
  nzCompetitionEntered(log, id, { ...SHORT_PAIRS, format, night }, dates, numberedPairs('p', 9));
  dates.forEach((date, i) => {
    for (let n = 1; n <= 9; n++) {
      const pairId = `p${n}`;
      const players = (i === 0 && options.seat?.[pairId]) || [`a${n}`, `b${n}`];
      const percentage = options.scores?.[pairId] ?? 70 - 2 * (n - 1);
      const result = { session: i + 1, pairId, players, percentage };
      importedResult(log, id, result, options.boards ?? 25, `${date}T22:30`);
    }
  });
  return log;
}

const view = (log: FactLog, id = 'cp', o: Parameters<typeof cPointsOf>[2] = {}) =>
  cPointsOf(fold(competitions, log.events), id, o);

/** Session `n`'s C points by player. */
const pointsIn = (v: CPointsView, n = 1) =>
  Object.fromEntries(
    v.awards.find((s) => s.session === n)!.awards.map((a) => [a.player, a.points]),
  );

const explainOf = (v: CPointsView, player: string, n = 1) =>
  v.awards
    .find((s) => s.session === n)!
    .awards.find((a) => a.player === player)!
    .explain.map((e) => `${e.rule} ${e.effect}`);

describe('NZ-8 C points from the ledger', () => {
  it('NZ-8 C points: the top pair of a club session gets 40 C, 2nd and 3rd of 9 a falling share; imported results are one field (no direction in the ledger)', () => {
    const v = view(ledger());
    expect(v.awards.map((s) => s.session)).toEqual([1, 2, 3, 4]);
    const s1 = v.awards[0]!;
    expect(s1).toMatchObject({
      date: '2026-03-03',
      fieldsFrom: 'one-field',
      rulebook: { preset: 'nz-club', effectiveFrom: '2026-01-01' },
      fields: [{ field: 'ALL', size: 9, places: 3, points: ['40', '80/3', '40/3'] }],
    });
    expect(pointsIn(v)).toMatchObject({ a1: '40', b1: '40', a2: '27', b3: '13', a4: '0' });
    expect(explainOf(v, 'a1')).toEqual([
      'NZ-8 1st of 9 in the session (one field) on 70.00 %; places 1–3 earn C points (the top 1/3, rounded down)',
      'NZ-8 c-points: ok — a member playing on their own night',
      'NZ-8 40 C',
    ]);
    // Over the four sessions.
    expect(v.totals.slice(0, 3)).toEqual([
      { player: 'a1', points: '160', sessions: [1, 2, 3, 4] },
      { player: 'b1', points: '160', sessions: [1, 2, 3, 4] },
      { player: 'a2', points: '108', sessions: [1, 2, 3, 4] },
    ]);
  });

  it('NZ-5 NZ-8 a session held on another day than planned: C points and the standings both take the rulebook of the day it was held', () => {
    // Two boards from 10 March; session 1 was planned for 3 March but held on 10 March.
    const amended = (held: boolean) => {
      const log = ledger({
        format: 'club-pairs',
        seat: { p1: ['a1', 'gus'] },
        extra: (l) =>
          l.add('club-karori', 'RulebookAmended', {
            clubId: 'karori',
            changes: { 'oneBoardPenalty.boards': 2 },
            effectiveFrom: '2026-03-10',
          }),
      });
      if (held)
        log.add('competition-cp', 'SessionHeld', {
          competitionId: 'cp',
          session: 1,
          date: '2026-03-10',
          boards: 25,
        });
      return log;
    };
    const standing = (log: FactLog) => {
      const v = standingsOf(fold(competitions, log.events), 'cp');
      if (v.kind !== 'nz') throw new Error('not NZ');
      return v.rows.find((r) => r.competitor === 'p1')!.sessions[0]!.beforeSubstitutePenalty;
    };
    // As planned (3 March): one board, 70 − 4 = 66: 2nd= with p3 behind p2's 68, 20 C each.
    expect(standing(amended(false))).toBe(6600);
    expect(pointsIn(view(amended(false)))).toMatchObject({ a1: '20', a3: '20', a2: '40' });
    // As held (10 March): two boards, 70 − 8 = 62, 4th= with p5: no C points, in both answers.
    expect(standing(amended(true))).toBe(6200);
    const v = view(amended(true));
    expect(v.awards[0]).toMatchObject({
      date: '2026-03-10',
      rulebook: { effectiveFrom: '2026-03-10' },
    });
    expect(pointsIn(v)).toMatchObject({ a1: '0', a2: '40', a3: '27', a4: '13' });
  });

  it('NZ-8 C points: a session before the club adopted its rulebook awards nothing and says so; the later sessions are awarded', () => {
    // Session 1 is on 3 March; the club's rulebook is in force from 10 March only.
    const v = view(ledger({ adoptedFrom: '2026-03-10' }));
    expect(v.awards[0]).toMatchObject({
      session: 1,
      rulebook: null,
      awards: [],
      unawarded: 'NZ-8: no rulebook in force on 2026-03-03: no award table, no C points',
    });
    expect(pointsIn(v, 2)).toMatchObject({ a1: '40' });
    expect(v.totals[0]).toEqual({ player: 'a1', points: '120', sessions: [2, 3, 4] });
  });

  it('NZ-8 C points: one session only with the session option', () => {
    const v = view(ledger(), 'cp', { session: 3 });
    expect(v.awards.map((s) => s.session)).toEqual([3]);
    expect(v.totals[0]).toEqual({ player: 'a1', points: '40', sessions: [3] });
  });

  it('NZ-8 C points: tied pairs share the places they tie for (2nd= of 9: 20 C each)', () => {
    const v = view(ledger({ scores: { p2: 65, p3: 65 } }));
    expect(pointsIn(v)).toMatchObject({ a1: '40', a2: '20', b3: '20', a4: '0' });
  });

  it('NZ-5 NZ-8 the one-board penalty changes the placing: the pair 1st on 72 % with a non-member drops to 2nd on 68 %, and the C points follow', () => {
    const v = view(
      ledger({
        format: 'club-pairs',
        night: 'tuesday',
        scores: { p1: 72, p2: 69 },
        seat: { p1: ['a1', 'gus'] },
      }),
    );
    const s1 = v.awards[0]!.awards;
    expect(s1.find((a) => a.player === 'a2')).toMatchObject({ place: 1, points: '40' });
    expect(s1.find((a) => a.player === 'a1')).toMatchObject({
      place: 2,
      score: 6800,
      points: '27',
    });
    expect(explainOf(v, 'a1')[0]).toBe(
      'NZ-5 placed on 68.00 % after the one-board penalty of 4.00 %',
    );
    // NZ-8c: the member qualifies; the non-member guest, with no NZCBA number in the ledger, not.
    expect(pointsIn(v)).toMatchObject({ a1: '27', gus: '0' });
  });

  it('NZ-8a the lower-graded partner (a Monday member on a Tuesday) gets the C points earned', () => {
    const v = view(ledger({ seat: { p1: ['a1', 'mon'] } }));
    expect(pointsIn(v)).toMatchObject({ a1: '40', mon: '40' });
    expect(explainOf(v, 'mon')).toContain(
      'NZ-8a c-points: ok — 2026-03-03: a monday player on a tuesday (a lower grade): C points if earned',
    );
    expect(explainOf(v, 'a1')).toContain(
      'NZ-8a event: ok — 2026-03-03: plays on own night with a lower-graded partner: qualifies in own grade (not a C-point verdict: explained only)',
    );
  });

  it('NZ-8b a Tuesday player in the Victoria Pairs on a Wednesday: C points by the place after the NZ-5 penalty (1st on 70 % drops to 2nd on 66 %)', () => {
    const v = view(
      ledger({
        format: 'victoria-pairs',
        night: 'wednesday',
        scores: { p1: 70, p2: 67 },
        seat: { p1: ['tom', 'wed'], p2: ['mon', 'we2'] },
      }),
    );
    const s1 = v.awards[0]!.awards;
    expect(s1.find((a) => a.player === 'tom')).toMatchObject({
      place: 2,
      score: 6600,
      points: '27',
    });
    expect(pointsIn(v)).toMatchObject({ tom: '27', wed: '27', mon: '40', we2: '40' });
    expect(explainOf(v, 'tom')).toContain(
      'NZ-8b c-points: ok — 2026-03-03: a tuesday player on a wednesday: C points after the one-board penalty (NZ-5) where the event has one',
    );
  });

  it('NZ-8c a member with a guest from outside the club: the member gets the C points, the guest none (the ledger records no NZCBA number)', () => {
    const v = view(ledger({ format: 'three-four-session-pairs', seat: { p1: ['a1', 'gus'] } }));
    expect(pointsIn(v)).toMatchObject({ a1: '40', gus: '0' });
    expect(explainOf(v, 'a1')).toContain(
      'NZ-8c c-points: ok — 2026-03-03: a member with a guest from outside the club',
    );
    expect(explainOf(v, 'gus').at(-1)).toBe(
      'NZ-8c no C points: NZ-8c 2026-03-03: a guest without a valid NZCBA number',
    );
  });

  it('NZ-10 a visitor earns no C points (NZ-8c: no NZCBA number in the ledger); the member partnering the visitor does', () => {
    const v = view(ledger({ seat: { p1: ['a1', 'vic'] } }));
    expect(pointsIn(v)).toMatchObject({ a1: '40', vic: '0' });
    const said = explainOf(v, 'vic');
    expect(said).toContain(
      'NZ-10 prizes: no — a visitor does not qualify for prizes (not a C-point verdict: explained only)',
    );
    expect(said.at(-1)).toBe(
      'NZ-8c no C points: NZ-8c 2026-03-03: a visitor without a valid NZCBA number',
    );
  });

  it('NZ-8 an amendment of the award table effective from a date changes the sessions from that day on', () => {
    const amend = (log: FactLog) =>
      log.add('club-karori', 'RulebookAmended', {
        clubId: 'karori',
        changes: { 'cPoints.top': 60, 'cPoints.placesRounding': 'up' },
        effectiveFrom: '2026-03-17',
      });
    const v = view(ledger({ extra: amend }));
    expect(pointsIn(v, 2)).toMatchObject({ a1: '40', a2: '27', a3: '13', a4: '0' });
    expect(v.awards[2]).toMatchObject({ rulebook: { effectiveFrom: '2026-03-17' } });
    expect(pointsIn(v, 3)).toMatchObject({ a1: '60', a2: '40', a3: '20', a4: '0' });
    // A what-if, not stored: the same answer for session 1.
    const whatIf = view(ledger(), 'cp', { session: 1, whatIf: { 'cPoints.top': 60 } });
    expect(pointsIn(whatIf)).toMatchObject({ a1: '60', a2: '40' });
  });

  it('NZ-8 a wrong award-table value in the ledger (written before the gate checked it) is a rulebook fact that cannot be applied: the C points are refused naming it, the parameter and the rule', () => {
    const bad = (log: FactLog) =>
      log.add('club-karori', 'RulebookAmended', {
        clubId: 'karori',
        changes: { 'cPoints.scale': 'log' },
        effectiveFrom: '2026-03-10',
      });
    // As any rulebook fact that cannot be applied (docs/architecture.md): never left out.
    expect(() => view(ledger({ extra: bad }))).toThrow(
      "RULEBOOK: the RulebookAmended of club karori at position 26 (from 2026-03-10) cannot be applied: rulebook parameter cPoints.scale: must be 'linear', 'table', got 'log' (NZ-8)",
    );
    expect(() => view(ledger({ extra: bad }), 'cp', { session: 1 })).toThrow(/cPoints.scale/);
  });

  it('bad input: an unknown competition, a DSB competition and a session the competition does not have are refused, typed', () => {
    expect(() => view(ledger(), 'nope')).toThrow(UnknownCompetitionError);
    const dsb = ledger();
    dsb.add('club-dsb', 'RulebookAdopted', {
      clubId: 'dsb',
      preset: 'dsb-groenlo-2014',
      overrides: {},
      effectiveFrom: '2014-09-01',
    });
    dsb.add('competition-d1', 'CompetitionCreated', {
      competitionId: 'd1',
      clubId: 'dsb',
      name: 'Parencompetitie',
      season: '2014-2015',
      kind: 'pairs-series',
      format: 'dsb-pairs',
      sessions: [{ session: 1, date: '2014-09-08', startTime: '19:45' }],
      groups: ['A'],
    });
    expect(() => view(dsb, 'd1')).toThrow(WrongRulebookError);
    expect(() => view(ledger(), 'cp', { session: 5 })).toThrow(UnknownSessionError);
    expect(() => view(ledger(), 'cp', { session: 0 })).toThrow(
      'session must be a session number of competition cp (1–4), got 0',
    );
    // A session planned but not played yet: no awards.
    const early = ledger();
    const upToSession2 = early.events.filter(
      (e) => !(e.type === 'SessionResultRecorded' && (e.data as { session: number }).session > 2),
    );
    expect(cPointsOf(fold(competitions, upToSession2), 'cp', { session: 3 }).awards).toEqual([]);
  });
});

describe('NZ-8 C points: each session keeps its own verdicts', () => {
  /**
   * A Wednesday event with an afternoon and an evening session on the same day (the model allows
   * it): W plays as wed/gus (a guest substituting) in the afternoon and wed/we2 in the evening;
   * X is a pair of Tuesday players in both. The evening's verdicts are read as of the evening,
   * the afternoon's among them.
   */
  function sameDay() {
    const date = '2026-03-04';
    const log = nzClubWithRoster(ROSTER);
    const stream = 'competition-dd';
    const fact = (type: string, data: Record<string, unknown>) =>
      log.add(stream, type, { competitionId: 'dd', ...data }, `${date}T22:30`);
    fact('CompetitionCreated', {
      clubId: 'karori',
      name: 'Afternoon and evening',
      season: '2026',
      kind: 'short-pairs',
      format: 'three-four-session-pairs',
      night: 'wednesday',
      sessions: [
        { session: 1, date, startTime: '13:00' },
        { session: 2, date, startTime: '19:30' },
        { session: 3, date: '2026-03-11', startTime: '19:30' },
      ],
    });
    const pairs: Record<string, string[]> = { W: ['wed', 'we2'], X: ['a1', 'b1'], Y: ['a2', 'b2'] };
    for (const [pairId, players] of Object.entries(pairs)) fact('PairEntered', { pairId, players });
    fact('SubstitutePlayed', {
      session: 1,
      pairId: 'W',
      absentPlayerId: 'we2',
      substituteId: 'gus',
    });
    for (const session of [1, 2])
      Object.entries(pairs).forEach(([pairId, players], n) =>
        fact('SessionResultRecorded', {
          session,
          pairId,
          players: session === 1 && pairId === 'W' ? ['wed', 'gus'] : players,
          percentage: 60 - 5 * n,
          boardsPlayed: 24,
          source: 'imported',
        }),
      );
    return log;
  }

  it('NZ-8 C points: two sessions on the same day do not mix verdicts — the afternoon’s guest is not the evening’s', () => {
    const v = view(sameDay(), 'dd');
    expect(v.awards.map((s) => [s.session, s.date])).toEqual([
      [1, '2026-03-04'],
      [2, '2026-03-04'],
    ]);
    // Afternoon: wed with the guest (NZ-8c), who gets none without an NZCBA number.
    expect(explainOf(v, 'wed', 1)).toContain(
      'NZ-8c c-points: ok — 2026-03-04: a member with a guest from outside the club',
    );
    expect(pointsIn(v, 1)).toMatchObject({ wed: '40', gus: '0' });
    // Evening: wed with a Wednesday member on their own night; nothing of the afternoon's guest.
    expect(explainOf(v, 'wed', 2)).toContain(
      'NZ-8 c-points: ok — a member playing on their own night',
    );
    expect(explainOf(v, 'wed', 2).filter((e) => e.startsWith('NZ-8c'))).toEqual([]);
    expect(pointsIn(v, 2)).toMatchObject({ wed: '40', we2: '40' });
    // A Tuesday player in both: one NZ-8f and one NZ-8b line per session, not two.
    for (const session of [1, 2]) {
      const said = explainOf(v, 'a1', session);
      expect(said.filter((e) => e.startsWith('NZ-8f '))).toHaveLength(1);
      expect(said.filter((e) => e.startsWith('NZ-8b '))).toHaveLength(1);
    }
  });
});

/**
 * Karori (nz-club, with `overrides`) and a three-session event whose session 1 is scored here
 * from the board results `lines` of a Mitchell: NS pairs 1–3, EW pairs 4–6 (pairs s1 … s6).
 */
function scoredHere(lines: Line[] = MITCHELL, overrides: Record<string, unknown> = {}) {
  const log = nzClubWithRoster(tuesdayMembers(6), { overrides });
  const on = { ...SHORT_PAIRS, name: 'Scored here', format: 'three-four-session-pairs' };
  const pairs = numberedPairs('s', 6);
  nzCompetitionEntered(log, 'sc', { ...on, night: 'tuesday' }, DATES.slice(0, 3), pairs);
  const sessionStreamId = 'session-karori-ev-1-1';
  const date = DATES[0]!;
  boardResultsRecorded(log, sessionStreamId, { clubId: 'karori', eventId: 'ev-1', date, lines });
  const link = { competitionId: 'sc', session: 1, sessionStreamId, pairs: Object.keys(pairs) };
  sessionScoredFromBoards(log, link, `${date}T23:00`);
  return log;
}

describe('NZ-8 C points of a session scored here from board results', () => {
  it('NZ-8 C points: each direction is a field — the top NS pair and the top EW pair each get 40 C', () => {
    const log = scoredHere();
    const v = view(log, 'sc');
    expect(v.awards[0]).toMatchObject({
      fieldsFrom: 'directions',
      fields: [
        { field: 'EW', size: 3, places: 1, points: ['40'] },
        { field: 'NS', size: 3, places: 1, points: ['40'] },
      ],
    });
    expect(pointsIn(v)).toEqual({
      a6: '40',
      b6: '40',
      a5: '0',
      b5: '0',
      a4: '0',
      b4: '0',
      a2: '40',
      b2: '40',
      a3: '0',
      b3: '0',
      a1: '0',
      b1: '0',
    });
    expect(explainOf(v, 'a6')[0]).toBe(
      'NZ-8 1st of 3 in EW on 83.33 %; place 1 earns C points (the top 1/3, rounded down)',
    );
  });

  it('NZ-8 C points are placed on the percentages the standings publish, under the club’s scoring settings (scoring.factoring "none": no Neuberg)', () => {
    // Board 1 played twice, the others three times: Neuberg factors board 1 up.
    const short = MITCHELL.filter((l) => !(l[0] === 1 && l[1] === '1'));
    const scores = (log: FactLog) => {
      const state = fold(competitions, log.events);
      const standing = standingsOf(state, 'sc');
      if (standing.kind !== 'nz') throw new Error('not NZ');
      const published = Object.fromEntries(
        standing.rows.map((r) => [r.competitor, r.sessions.find((l) => l.session === 1)!.raw]),
      );
      const placed = Object.fromEntries(
        cPointsOf(state, 'sc').awards[0]!.awards.map((a) => [a.competitor, a.score]),
      );
      return { published, placed };
    };
    const factored = scores(scoredHere(short));
    const unfactored = scores(scoredHere(short, { 'scoring.factoring': 'none' }));
    expect(factored.placed).toEqual(factored.published);
    expect(unfactored.placed).toEqual(unfactored.published);
    expect(unfactored.placed.s2).not.toBe(factored.placed.s2);
  });
});
