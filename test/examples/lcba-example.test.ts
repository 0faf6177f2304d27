import { join } from 'node:path';
import { catalogue } from '../../src/contexts/catalogue';
import type { RecordedEvent } from '../../src/kernel/envelope';
import { fold } from '../../src/kernel/projection';
import {
  leagues,
  leagueTableOf,
  matchOf,
  type LeaguesState,
} from '../../src/contexts/league/projection';
import { lcbaLeague2009 } from '../../src/rulesets/lcba-league/preset';
import { seasonInputsOf } from '../../src/rulesets/lcba-league/season';
import { appendBatches, planAppend } from '../../src/ledger/append-file';
import { examplesDir, loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';

/**
 * The example league season (examples/lcba-league.ts writes it), loaded through the
 * gate (the catalogue and the league decider), then read with `leagueTableOf` and `matchOf`.
 * The league `lcba-2009-10` is scored on lcba-league-2009: 24 boards, the EBU pre-2013 24-board
 * scale (IMP margin 0–1 → 10-10, 2–4 → 11-9, 5–8 → 12-8, 9–12 → 13-7, 13–17 → 14-6, 18–22 →
 * 15-5, 23–28 → 16-4, …, 42–49 → 19-1, 50+ → 20-0).
 */
const FILE = join(__dirname, '../../examples/uk-lcba-league-2009-10.ndjson');
const LEAGUE = 'lcba-2009-10';

let state: LeaguesState;
beforeAll(async () => {
  const store = new MemoryEventStore({ upcast: catalogue.upcast });
  await appendBatches(store, await planAppend(FILE, catalogue));
  const events: RecordedEvent[] = [];
  for await (const e of store.readAll()) events.push(e);
  state = fold(leagues, events);
});

const division = (n: number, asOf?: string) =>
  leagueTableOf(state, LEAGUE, { division: n, ...(asOf ? { asOf } : {}) }).divisions[0]!;
const fixture = (n: number, id: string, asOf?: string) =>
  division(n, asOf).fixtures.find((f) => f.fixture === id)!;
const score = (f: ReturnType<typeof fixture>) => [f.home.vp, f.home.imps, f.away.vp, f.away.imps];

describe('the LCBA example season loads after the NZ and DSB examples', () => {
  it('npm start loads the files in name order: the NZ and DSB facts keep positions 1–572, the league’s start at 573', async () => {
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    const loaded = await loadExamplesIfEmpty(store, examplesDir());
    expect(loaded!.files.slice(0, 3)).toEqual([
      'dsb-groenlo-2014-2015.ndjson',
      'nz-club-pairs-2026.ndjson',
      'uk-lcba-league-2009-10.ndjson',
    ]);
    const at = new Map<number, RecordedEvent>();
    for await (const e of store.readAll())
      if (e.position >= 572 && e.position <= 573) at.set(e.position, e);
    expect([at.get(572)!.streamId, at.get(572)!.type]).toEqual([
      'corrections-karori',
      'CorrectionAccepted',
    ]);
    expect([at.get(573)!.streamId, at.get(573)!.type]).toEqual(['club-lcba', 'ClubRegistered']);
  });
});

describe('the example season’s Division 5 (examples/uk-lcba-league-2009-10.ndjson)', () => {
  it('LCBA-A2, A4, A7: Kestrel A and Larkspur A play RR3, every other pair a virtual match; every team ends with 15 scores', () => {
    const d5 = division(5);
    const virtual = d5.fixtures.filter((f) => f.fixture.startsWith('virtual:'));
    // Fifteen pairs of six teams, one of them (Kestrel A, Larkspur A) both electing.
    expect(virtual).toHaveLength(14);
    expect(virtual.map((f) => f.fixture)).not.toContain('virtual:kestrel-a:larkspur-a');
    expect(score(fixture(5, 'd5-rr3-larkspur-a-kestrel-a'))).toEqual([10, 1, 10, -1]);
    expect(
      d5.rows.map((r) => [
        r.rank,
        r.team,
        r.played,
        r.won,
        r.drawn,
        r.lost,
        r.vp,
        r.netImps,
        r.move,
      ]),
    ).toEqual([
      [1, 'larkspur-a', 15, 9, 1, 5, 168, 61, 'up'],
      [2, 'juniper-a', 15, 8, 2, 5, 162, 47, 'up'],
      [3, 'marlow-a', 15, 8, 2, 5, 162, 49, undefined],
      [4, 'nettlefield-a', 15, 8, 2, 5, 162, 47, undefined],
      [5, 'kestrel-a', 15, 7, 1, 7, 142, -38, undefined],
      [6, 'harrowgate-b', 15, 1, 0, 14, 79, -237, undefined],
    ]);
  });

  it('LCBA-8.1, 8.2: Harrowgate B’s default at Kestrel A (23 September) scores 12 VP as of 31 October and 13 VP at the end', () => {
    const id = 'd5-rr1-kestrel-a-harrowgate-b';
    // As of 31 October: Kestrel A's completed matches: v Larkspur A 11, v Juniper A 12, (a)
    // 11.5; Harrowgate B's: v Juniper A 5, v Nettlefield A 12, (b) 20 − 8.5 = 11.5; (c) the
    // reverse fixture (2 December) not played; (d) 7. Best 11.5, rounded up: 12 VP, with the
    // smallest margin giving 12 (5–8): +5 IMPs. Harrowgate B 0 VP, −5 (8.2).
    expect(score(fixture(5, id, '2009-10-31'))).toEqual([12, 5, 0, -5]);
    // At the end: Kestrel A's ten completed matches 11 + 12 + 9 + 5 (RR1) + 12 + 6 + 6 + 13 + 7
    // (RR2) + 10 (RR3) = 91, (a) 9.1; Harrowgate B's eight (the default and the match lost
    // under 4.7 are not completed) 5 + 12 + 6 + 5 + 8 + 7 + 6 + 7 = 56, (b) 20 − 7 = 13; (c)
    // Kestrel A's 12 VP in the reverse fixture; (d) 7. Best 13: 13 VP, +9 IMPs (9–12).
    const end = fixture(5, id);
    expect(score(end)).toEqual([13, 9, 0, -9]);
    expect(end.home.because.find((b) => b.text.endsWith('(the best)'))!.rule).toBe('LCBA-8.1(b)');
    expect(matchOf(state, LEAGUE, id).status).toBe('unplayed');
  });

  it('LCBA-4.6, 4.7, 8.1(e), A5: Hugo Quill’s seventh match for Harrowgate A bars him from Harrowgate B; the match he then plays for it is lost by default', () => {
    const league = state.leagues[LEAGUE]!;
    const verdicts = seasonInputsOf(league.facts, {
      paramsOn: () => lcbaLeague2009.params,
    }).verdicts;
    expect(verdicts.barred.filter((b) => b.player === 'hg-09')).toEqual([
      expect.objectContaining({
        team: 'harrowgate-b',
        from: '2009-12-11',
        because: expect.objectContaining({ rule: 'LCBA-4.6' }),
      }),
    ]);
    // He played for Harrowgate B on 7 October, before the bar: that match stands.
    expect(matchOf(state, LEAGUE, 'd5-rr1-juniper-a-harrowgate-b').status).toBe('played');
    const id = 'd5-rr2-harrowgate-b-larkspur-a';
    const lost = matchOf(state, LEAGUE, id);
    expect(lost.status).toBe('lost by default');
    expect(lost.score!.homeNetImps).toBe(-14);
    // Larkspur A won it at the table by 14 IMPs (14-6). (a) its average 10.9, (b) 20 − 7 = 13,
    // (c) 14 in the reverse fixture, (d) 7, (e) the actual 14 VP and +14 IMPs: (e) is kept
    // (equal to (c), and its IMPs are real). Harrowgate B 0 VP, −14.
    expect(score(fixture(5, id))).toEqual([0, -14, 14, 14]);
    // The virtual match counts Harrowgate B's side of it at −82: −14 (RR1) − 82 = −96, half
    // −48 → 1 VP; Larkspur A's +14 + 14 = +28, half +14 → 14 VP.
    expect(score(fixture(5, 'virtual:harrowgate-b:larkspur-a'))).toEqual([1, -48, 14, 14]);
    expect(matchOf(state, LEAGUE, id, { asOf: '2010-02-02' }).status).toBe('not played');
  });

  it('LCBA-6.8: Harrowgate B’s forms of 21 October and 18 November arrive late: a warning, then ½ VP suspended; no VP is taken', () => {
    const league = state.leagues[LEAGUE]!;
    const warnings = seasonInputsOf(league.facts, {
      paramsOn: () => lcbaLeague2009.params,
    }).verdicts.warnings.filter((w) => w.because.rule === 'LCBA-6.8');
    expect(warnings.map((w) => [w.team, w.on, w.because.text])).toEqual([
      [
        'harrowgate-b',
        '2009-11-10',
        expect.stringMatching(
          /d5-rr1-harrowgate-b-nettlefield-a .*received 2009-11-10.*first offence, a warning$/,
        ),
      ],
      [
        'harrowgate-b',
        '2009-12-05',
        expect.stringMatching(
          /d5-rr1-harrowgate-b-marlow-a .*second offence, a 0.5 VP penalty suspended$/,
        ),
      ],
    ]);
    expect(division(5).rows.find((r) => r.team === 'harrowgate-b')!.penalties).toBe(0);
  });

  it('LCBA-FOUL, 6.7: board 9 of Kestrel A v Juniper A, fouled at table 2 by Juniper A: table 1 cancelled, +3 IMPs to Kestrel A', () => {
    const m = matchOf(state, LEAGUE, 'd5-rr1-kestrel-a-juniper-a');
    expect(m.recorded).toBe('boards');
    const swings = m.score!.boards.filter((b) => b.homeImps !== 0);
    // Board 9: tables 3 and 4 flat (420, 420): 0, then +3 (FOUL ii). Boards 14 (+190: 5 IMPs),
    // 20 (−190: −5) and 22 (+90: 3). Net +6: 12-8.
    expect(swings.map((b) => [b.board, b.homeAggregate, b.homeImps])).toEqual([
      [9, 0, 3],
      [14, 190, 5],
      [20, -190, -5],
      [22, 90, 3],
    ]);
    expect(swings[0]!.because.map((b) => b.text)).toEqual(
      expect.arrayContaining([
        'fouled at table 2: the score at table 1 is cancelled',
        'due solely to the away team: a further +3 IMPs to the home team',
      ]),
    );
    expect([m.score!.homeNetImps, m.score!.vp]).toEqual([6, { home: 12, away: 8 }]);
  });

  it('LCBA-3.1.1(a)(b), 3.1.2: Juniper A, Marlow A and Nettlefield A, level on 162 VP and on VPs against each other, are split by the IMPs in those matches', () => {
    // Their matches against each other (A8: RR1, RR2 and the virtual RR3):
    //   Juniper–Marlow      +12 (13-7), −9 (7-13), virtual half of +3 → +1 (10-10): 30-30, +4
    //   Marlow–Nettlefield  +17 (14-6), −14 (6-14), virtual +1 (10-10):             30-30, +4
    //   Nettlefield–Juniper +22 (15-5), −20 (5-15), virtual +1 (10-10):             30-30, +3
    // (a) 60 VP each: no split. (b) Juniper +4 − 3 = +1, Marlow −4 + 4 = 0, Nettlefield
    // −4 + 3 = −1: all three placed. Against the other three each has 102 VP: 162.
    const rows = division(5).rows.slice(1, 4);
    expect(rows.map((r) => [r.rank, r.team, r.vp, r.tieBreak])).toEqual([
      [2, 'juniper-a', 162, { step: 'b', among: ['juniper-a', 'marlow-a', 'nettlefield-a'] }],
      [3, 'marlow-a', 162, { step: 'b', among: ['juniper-a', 'marlow-a', 'nettlefield-a'] }],
      [4, 'nettlefield-a', 162, { step: 'b', among: ['juniper-a', 'marlow-a', 'nettlefield-a'] }],
    ]);
    expect(rows[0]!.because.find((b) => b.rule === 'LCBA-3.1.2')!.text).toBe(
      'level on VPs with marlow-a, nettlefield-a: placed by (b) IMP difference in their matches against each other: juniper-a 1, marlow-a 0, nettlefield-a -1',
    );
    // Juniper A takes the second promotion place on it.
    expect(rows[0]!.move).toBe('up');
  });
});

describe('the example season’s Division 1', () => {
  const glenbrook = (f: { fixture: string }) => f.fixture.includes('glenbrook-a');

  it('LCBA-8.4: Glenbrook A defaults 8 of its 14 fixtures; at its seventh (4 March, exactly half) its defaults are scored, from its eighth (1 April) every match against it is cancelled', () => {
    const march = division(1, '2010-03-04');
    expect(march.fixtures.filter((f) => f.cancelled)).toEqual([]);
    const defaults = march.fixtures.filter(
      (f) => glenbrook(f) && matchOf(state, LEAGUE, f.fixture).status === 'unplayed',
    );
    expect(defaults).toHaveLength(7);
    for (const f of defaults) {
      const side = f.fixture.endsWith('-glenbrook-a') ? f.away : f.home;
      expect([side.vp, side.because[0]!.rule]).toEqual([0, 'LCBA-8.2']);
    }
    expect(march.rows.find((r) => r.team === 'glenbrook-a')!.played).toBe(12);

    const end = division(1);
    const cancelled = end.fixtures.filter((f) => f.cancelled);
    expect(cancelled).toHaveLength(14);
    expect(cancelled.every(glenbrook)).toBe(true);
    expect(end.rows.map((r) => [r.team, r.played])).toEqual(
      expect.arrayContaining([['glenbrook-a', 0]]),
    );
    expect(end.rows.filter((r) => r.team !== 'glenbrook-a').every((r) => r.played === 12)).toBe(
      true,
    );
    expect(end.rows.find((r) => r.team === 'glenbrook-a')!.because[0]!.text).toMatch(
      /failed 8 of its 14 fixtures and can complete at most 6, fewer than 7/,
    );
  });

  it('LCBA-6.7: most Division 1 matches are recorded table by table (four tables a board), two rounds from the captains’ result forms', () => {
    const recorded = division(1)
      .fixtures.map((f) => matchOf(state, LEAGUE, f.fixture))
      .filter((m) => m.recorded !== undefined);
    const boards = recorded.filter((m) => m.recorded === 'boards');
    expect([boards.length, recorded.length - boards.length]).toEqual([40, 8]);
    expect(boards[0]!.score!.boards).toHaveLength(24);
  });
});
