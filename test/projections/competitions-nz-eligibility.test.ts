import { competitions, standingsOf } from '../../src/contexts/pairs/projection';
import { nzEligibilityIndex, nzEligibilityVerdicts } from '../../src/rulesets/nz-club/eligibility';
import { nzInput } from '../../src/rulesets/nz-club/input';
import { fold } from '../../src/kernel/projection';
import { nzClub } from '../../src/rulesets/nz-club/preset';
import { applyChanges } from '../../src/rulebooks/rulebook';
import { nzStandings, type NzStanding } from '../../src/rulesets/nz-club/standings';
import { boardResultsRecorded, sessionScoredFromBoards } from '../support/board-session';
import type { FactLog } from '../support/ledger';
import { weekly } from '../support/nz-club';
import {
  importedResult,
  nzClubWithRoster,
  nzCompetitionEntered,
  type Roster,
} from '../support/nz-ledger';

const params = nzClub.params;

/** The Karori club with the nz-club rulebook and a roster. */
const club = (roster: Roster) => nzClubWithRoster(roster, { effectiveFrom: '2025-01-01' });

type Pair = [string, string];

/**
 * A competition on `night` with a session on each of `dates`; `pairs[pairId]` = the entered
 * players; `played[pairId][session - 1]` = who sat down (the entered pair when omitted), or
 * null when the pair did not play. The pair listed first scores 60 %, the others 50 %.
 */
function event(
  log: FactLog,
  id: string,
  format: string,
  night: string,
  dates: string[],
  pairs: Record<string, Pair>,
  played: Record<string, Array<Pair | null>> = {},
) {
  const kind = format === 'club-pairs' ? 'pairs-series' : 'short-pairs';
  const season = dates[0]!.slice(0, 4);
  nzCompetitionEntered(log, id, { name: id, season, kind, format, night }, dates, pairs);
  dates.forEach((date, i) => {
    Object.entries(pairs).forEach(([pairId, entered], n) => {
      const seated = played[pairId]?.[i];
      const players = seated === undefined ? entered : seated;
      if (players === null) return;
      const result = { session: i + 1, pairId, players, percentage: n === 0 ? 60 : 50 };
      importedResult(log, id, result, 24, `${date}T22:30`);
    });
  });
  return log;
}

/** `event` for a three-four-session pairs on `night`. */
const shortPairsOn =
  (night: string) =>
  (
    log: FactLog,
    id: string,
    dates: string[],
    pairs: Record<string, Pair>,
    played?: Record<string, Array<Pair | null>>,
  ) =>
    event(log, id, 'three-four-session-pairs', night, dates, pairs, played);
const mondayPairs = shortPairsOn('monday');
const tuesdayPairs = shortPairsOn('tuesday');
const wednesdayPairs = shortPairsOn('wednesday');

/**
 * The pairs these tests enter most, named by their players' home nights (T Tuesday, W Wednesday,
 * M Monday, V a visitor): TW is tom, a Tuesday player, with wes, a Wednesday member.
 */
const PAIR = {
  TW: ['tom', 'wes'],
  WW: ['we1', 'we2'],
  MT: ['mia', 'tia'],
  TT: ['tom', 'jun'],
  TM: ['tia', 'mia'],
  MM: ['mo1', 'mo2'],
  MV: ['max', 'vic'],
} satisfies Record<string, Pair>;

/** The named pairs entered, in this order. */
const pairs = (...ids: Array<keyof typeof PAIR>): Record<string, Pair> =>
  Object.fromEntries(ids.map((id) => [id, PAIR[id]]));

/** Who sat down in three sessions: the pair in the first two, nobody in the third. */
const firstTwoOfThree = (pair: Pair) => [pair, pair, null];

/** No imported result in any of three sessions. */
const NO_RESULTS = [null, null, null];

/** The standings of competition `id` from the ledger, as of session `upTo`, by competitor. */
function standings(log: FactLog, id: string, upTo?: number, p = params) {
  const state = fold(competitions, log.events);
  const index = nzEligibilityIndex(state, 'karori', p);
  const input = nzInput(state.competitions[id]!, state.players.karori ?? {}, upTo, index);
  const rows = nzStandings(input.event, input.entries, p);
  return Object.fromEntries(rows.map((r) => [r.competitor, r])) as Record<string, NzStanding>;
}

const said = (r: NzStanding, rule: string) =>
  r.explain.filter((e) => e.rule === rule).map((e) => e.effect);

const members: Roster = {
  tom: { status: 'member', homeNight: 'tuesday', rank: 'intermediate' },
  tia: { status: 'member', homeNight: 'tuesday', rank: 'open' },
  jun: { status: 'member', homeNight: 'tuesday', rank: 'junior' },
  mia: { status: 'member', homeNight: 'monday' },
  max: { status: 'member', homeNight: 'monday' },
  mo1: { status: 'member', homeNight: 'monday' },
  mo2: { status: 'member', homeNight: 'monday' },
  wes: { status: 'member', homeNight: 'wednesday' },
  wen: { status: 'member', homeNight: 'wednesday' },
  we1: { status: 'member', homeNight: 'wednesday' },
  we2: { status: 'member', homeNight: 'wednesday' },
  vic: { status: 'visitor' },
  gus: { status: 'non-member' },
};

const WEDNESDAYS = weekly('2026-03-04', 8);
const MONDAYS = weekly('2026-03-02', 8);
const TUESDAYS = weekly('2026-03-03', 12);

/** 'wed' on the first three Wednesdays: TW (tom, a Tuesday player) and WW play all three. */
const tomPlaysThreeWednesdays = () =>
  wednesdayPairs(club(members), 'wed', WEDNESDAYS.slice(0, 3), pairs('TW', 'WW'));

describe('NZ-8f a Tuesday player may play on a Wednesday at most twice a year', () => {
  it('NZ-8f two Wednesdays are fine: the pair is placed, each play explained as within the limit', () => {
    const log = wednesdayPairs(club(members), 'wed', WEDNESDAYS.slice(0, 3), pairs('TW', 'WW'), {
      TW: [['wen', 'wes'], PAIR.TW, PAIR.TW],
    });
    const r = standings(log, 'wed');
    expect(r.TW).toMatchObject({ place: 1, qualifies: true });
    expect(said(r.TW!, 'NZ-8f')).toEqual([
      'play (tom): ok — 2026-03-11: a Tuesday player on a Wednesday, the 1st this year (at most 2)',
      'play (tom): ok — 2026-03-18: a Tuesday player on a Wednesday, the 2nd this year (at most 2)',
    ]);
  });

  it('NZ-8f a third Wednesday session disqualifies the pair: listed, not placed, the verdict explained', () => {
    const r = standings(tomPlaysThreeWednesdays(), 'wed');
    expect(r.TW).toMatchObject({ place: null, qualifies: false });
    expect(r.WW!.place).toBe(1);
    expect(said(r.TW!, 'NZ-8f')).toContain(
      'event: no — 2026-03-18: a Tuesday player on a Wednesday, the 3rd this year (at most 2): the pair or team is disqualified',
    );
    expect(said(r.TW!, 'NZ-8f')).toContain('does not qualify: listed, not placed');
  });

  it('NZ-8f counts by date across all the club’s competitions: two earlier Wednesdays elsewhere make the first one here the 3rd', () => {
    const log = club(members);
    const tomWen: Pair = ['tom', 'wen'];
    wednesdayPairs(
      log,
      'spring',
      WEDNESDAYS.slice(0, 3),
      { WW: PAIR.WW, TW: tomWen },
      { TW: firstTwoOfThree(tomWen) },
    );
    wednesdayPairs(log, 'wed', WEDNESDAYS.slice(4, 7), pairs('TW', 'WW'), {
      TW: [PAIR.TW, null, null],
    });
    expect(standings(log, 'spring').TW!.qualifies).toBe(true);
    const r = standings(log, 'wed');
    expect(r.TW).toMatchObject({ place: null, qualifies: false });
    expect(said(r.TW!, 'NZ-8f')[0]).toMatch(/^event: no — 2026-04-01: .* the 3rd this year/);
  });

  it('NZ-8f a third Wednesday in a later competition disqualifies there, not in the event where the first two were played', () => {
    const log = club(members);
    wednesdayPairs(log, 'early', WEDNESDAYS.slice(0, 3), pairs('TW', 'WW'), {
      TW: [PAIR.TW, PAIR.TW, ['wen', 'wes']],
    });
    wednesdayPairs(log, 'late', WEDNESDAYS.slice(4, 7), pairs('TW', 'WW'));
    expect(standings(log, 'early').TW).toMatchObject({ place: 1, qualifies: true });
    expect(standings(log, 'late').TW).toMatchObject({ place: null, qualifies: false });
  });

  it('NZ-8f as of an interim session: the 3rd Wednesday not yet played does not count', () => {
    const log = tomPlaysThreeWednesdays();
    expect(standings(log, 'wed', 2).TW).toMatchObject({ place: 1, qualifies: true });
    expect(standings(log, 'wed', 3).TW).toMatchObject({ place: null, qualifies: false });
  });

  it('NZ-8f a substitute sitting down for a pair counts as playing: the pair the 3rd Wednesday was played for is disqualified', () => {
    const log = club(members);
    wednesdayPairs(
      log,
      'wed',
      WEDNESDAYS.slice(0, 3),
      { WA: ['we1', 'we2'], WB: ['wes', 'wen'] },
      { WA: firstTwoOfThree(['we1', 'tom']), WB: [null, null, ['wes', 'tom']] },
    );
    const r = standings(log, 'wed');
    expect(r.WA!.qualifies).toBe(true);
    expect(r.WB).toMatchObject({ place: null, qualifies: false });
    expect(said(r.WB!, 'NZ-8f')[0]).toMatch(/^event: no — 2026-03-18: .* the 3rd this year/);
  });

  it('NZ-8f a night is counted once: the same Wednesday in two competitions is one Wednesday', () => {
    const log = club(members);
    const [d1, d2, d3, d4] = WEDNESDAYS as [string, string, string, string];
    const twice = { TW: firstTwoOfThree(PAIR.TW) };
    wednesdayPairs(log, 'a', [d1, d2, d3], pairs('TW', 'WW'), twice);
    wednesdayPairs(log, 'b', [d1, d2, d4], pairs('TW', 'WW'), twice);
    expect(standings(log, 'a').TW!.qualifies).toBe(true);
    expect(standings(log, 'b').TW!.qualifies).toBe(true);
  });
});

describe('NZ-8e a Monday or Wednesday player may play on a Tuesday at most 3 times a year', () => {
  /** Wellesley Pairs on four Tuesdays in March, then a four-session Tuesday event. */
  const ledger = () => {
    const log = club(members);
    event(log, 'wellesley', 'wellesley-pairs', 'tuesday', TUESDAYS.slice(0, 4), pairs('MT', 'TT'));
    return tuesdayPairs(log, 'tue', TUESDAYS.slice(4, 8), pairs('MT', 'TT'));
  };

  it('NZ-8e the Wellesley Pairs nights are not counted, and exactly 3 Tuesdays are allowed', () => {
    const r = standings(ledger(), 'tue', 3);
    expect(r.MT).toMatchObject({ place: 1, qualifies: true });
    expect(said(r.MT!, 'NZ-8e')).toEqual([
      'play (mia): ok — 2026-03-31: a monday player on a Tuesday, the 1st this year (at most 3)',
      'play (mia): ok — 2026-04-07: a monday player on a Tuesday, the 2nd this year (at most 3)',
      'play (mia): ok — 2026-04-14: a monday player on a Tuesday, the 3rd this year (at most 3)',
    ]);
    const w = standings(ledger(), 'wellesley');
    expect(said(w.MT!, 'NZ-8e')).toHaveLength(4);
    expect(
      said(w.MT!, 'NZ-8e').every((e) => e.includes('not counted towards the Tuesday limit')),
    ).toBe(true);
  });

  it('NZ-8e the 4th Tuesday is not permitted: flagged for the player, the pair still placed (the rule states no disqualification)', () => {
    const r = standings(ledger(), 'tue');
    expect(said(r.MT!, 'NZ-8e')).toContain(
      'play (mia): no — 2026-04-21: a monday player on a Tuesday, the 4th this year (at most 3): not permitted',
    );
    expect(r.MT).toMatchObject({ place: 1, qualifies: true });
  });

  it('NZ-8e nightLimitOver.mondayWedToTuesday "disqualify" makes the 4th Tuesday disqualify the pair', () => {
    const strict = applyChanges(params, { 'nightLimitOver.mondayWedToTuesday': 'disqualify' });
    expect(standings(ledger(), 'tue', undefined, strict).MT).toMatchObject({
      place: null,
      qualifies: false,
    });
  });
});

describe('NZ-8g a Tuesday player on a Monday', () => {
  it('NZ-8g a Tuesday Junior in a Monday event is listed, not placed', () => {
    const log = mondayPairs(club(members), 'mon', MONDAYS.slice(0, 3), {
      JM: ['jun', 'mia'],
      ...pairs('MM'),
    });
    const r = standings(log, 'mon');
    expect(r.JM).toMatchObject({ place: null, qualifies: false });
    expect(said(r.JM!, 'NZ-8g')).toContain(
      'event: no — 2026-03-02: a Tuesday Junior does not qualify for any Monday event',
    );
    expect(r.MM!.place).toBe(1);
  });

  it('NZ-8g a Tuesday Intermediate or Open may play two Mondays; the 3rd disqualifies the pair', () => {
    const log = mondayPairs(club(members), 'mon', MONDAYS.slice(0, 3), pairs('TM', 'MM'));
    expect(standings(log, 'mon', 2).TM).toMatchObject({ place: 1, qualifies: true });
    const r = standings(log, 'mon');
    expect(r.TM).toMatchObject({ place: null, qualifies: false });
    expect(said(r.TM!, 'NZ-8g')[2]).toMatch(
      /^event: no — 2026-03-16: a Tuesday open on a Monday, the 3rd/,
    );
  });

  it('NZ-8g a Tuesday player on a Monday without an NZCBA rank on the roster is bad input, named', () => {
    const unranked = club({ ...members, tom: { status: 'member', homeNight: 'tuesday' } });
    const log = mondayPairs(unranked, 'mon', MONDAYS.slice(0, 3), {
      TM: ['tom', 'mia'],
      ...pairs('MM'),
    });
    expect(() => standings(log, 'mon')).toThrow(
      'NZ-8g: tom.rank is needed for a Tuesday player on a Monday',
    );
  });
});

describe('NZ-10 visitors may play at most 3 times a year and do not qualify for prizes', () => {
  /** A visitor plays twice in one Monday event, then four times in the next. */
  const ledger = () => {
    const log = club(members);
    mondayPairs(log, 'mon1', MONDAYS.slice(0, 3), pairs('MM', 'MV'), {
      MV: firstTwoOfThree(PAIR.MV),
    });
    return mondayPairs(log, 'mon2', MONDAYS.slice(3, 7), pairs('MV', 'MM'));
  };

  it('NZ-10 the 3rd visit of the year is allowed, the 4th is not permitted (flagged)', () => {
    const r = standings(ledger(), 'mon2');
    expect(said(r.MV!, 'NZ-10').filter((e) => e.startsWith('play'))).toEqual([
      "play (vic): ok — 2026-03-23: the visitor's 3rd play this year (at most 3)",
      "play (vic): no — 2026-03-30: the visitor's 4th play this year (at most 3): not permitted",
      "play (vic): no — 2026-04-06: the visitor's 5th play this year (at most 3): not permitted",
      "play (vic): no — 2026-04-13: the visitor's 6th play this year (at most 3): not permitted",
    ]);
  });

  it('NZ-10 a visitor pair never qualifies for prizes; NZ-8c the visitor earns no C points without an NZCBA number', () => {
    const r = standings(ledger(), 'mon1');
    expect(said(r.MV!, 'NZ-10')).toEqual([
      "play (vic): ok — 2026-03-02: the visitor's 1st play this year (at most 3)",
      'prizes (vic): no — a visitor does not qualify for prizes',
      "play (vic): ok — 2026-03-09: the visitor's 2nd play this year (at most 3)",
    ]);
    expect(said(r.MV!, 'NZ-8c')).toEqual([
      'event (max): ok — 2026-03-02: a member with a visitor',
      'c-points (max): ok — 2026-03-02: a member with a visitor qualifies for C points',
      'c-points (vic): no — 2026-03-02: a visitor without a valid NZCBA number',
      'event (max): ok — 2026-03-09: a member with a visitor',
      'c-points (max): ok — 2026-03-09: a member with a visitor qualifies for C points',
      'c-points (vic): no — 2026-03-09: a visitor without a valid NZCBA number',
    ]);
  });
});

describe('NZ-8 and NZ-10 count per club year', () => {
  it('NZ-8f Wednesdays in different club years do not add up (and yearStarts moves the boundary)', () => {
    const dates = ['2026-12-09', '2026-12-16', '2027-01-06'];
    const log = wednesdayPairs(club(members), 'wed', dates, pairs('TW', 'WW'));
    expect(standings(log, 'wed').TW).toMatchObject({ place: 1, qualifies: true });
    expect(said(standings(log, 'wed').TW!, 'NZ-8f')[2]).toMatch(/2027-01-06: .* the 1st this year/);
    const april = applyChanges(params, { yearStarts: '04-01' });
    expect(standings(log, 'wed', undefined, april).TW!.qualifies).toBe(false);
  });
});

describe('NZ-8 a–d C-point verdicts at the table', () => {
  it('NZ-8b a Tuesday player on a Wednesday: C points after the one-board penalty; NZ-8a the Wednesday partner', () => {
    const r = standings(tomPlaysThreeWednesdays(), 'wed', 1);
    expect(said(r.TW!, 'NZ-8b')).toEqual([
      'c-points (tom): ok — 2026-03-04: a tuesday player on a wednesday: C points after the one-board penalty (NZ-5) where the event has one',
    ]);
    // Both on their own night: nothing to say beyond the plain case, which is left out.
    expect(r.WW!.explain.some((e) => e.rule.startsWith('NZ-8'))).toBe(false);
  });

  it('NZ-8a a member on own night with a partner from a lower grade qualifies in own grade; the lower-graded partner for C points', () => {
    const log = tuesdayPairs(club(members), 'tue', TUESDAYS.slice(0, 3), pairs('TM', 'TT'));
    const expected = [
      'event (tia): ok — 2026-03-03: plays on own night with a lower-graded partner: qualifies in own grade',
      'c-points (mia): ok — 2026-03-03: a monday player on a tuesday (a lower grade): C points if earned',
    ];
    expect(said(standings(log, 'tue', 1).TM!, 'NZ-8a')).toEqual(expected);
    // The same verdicts in the standings the club publishes (standingsOf, as the CLI and HTTP).
    const view = standingsOf(fold(competitions, log.events), 'tue', { afterSession: 1 });
    if (view.kind !== 'nz') throw new Error('not NZ');
    const tm = view.rows.find((r) => r.competitor === 'TM')!;
    expect(said(tm, 'NZ-8a')).toEqual(expected);
    expect(tm).toMatchObject({ place: 1, qualifies: true });
    // Two Tuesday players: same grade, no NZ-8a.
    expect(
      said(
        view.rows.find((r) => r.competitor === 'TT')!,
        'NZ-8a',
      ),
    ).toEqual([]);
  });

  it('NZ-8c a member with a guest: the member qualifies for C points, the guest without an NZCBA number not', () => {
    const log = mondayPairs(club(members), 'mon', MONDAYS.slice(0, 3), {
      MG: ['mo1', 'gus'],
      MM: ['mia', 'mo2'],
    });
    expect(said(standings(log, 'mon', 1).MG!, 'NZ-8c')).toEqual([
      'c-points (mo1): ok — 2026-03-02: a member with a guest from outside the club',
      'c-points (gus): no — 2026-03-02: a guest without a valid NZCBA number',
    ]);
  });
});

describe('nzInput without an eligibility index', () => {
  it('gives no NZ-8/NZ-10 verdicts (as before); with the state and rulebook it builds the index itself', () => {
    const state = fold(competitions, tomPlaysThreeWednesdays().events);
    const c = state.competitions.wed!;
    const roster = state.players.karori!;
    expect(nzInput(c, roster).entries.every((e) => e.verdicts === undefined)).toBe(true);
    const fromSource = nzInput(c, roster, undefined, { state, params });
    const fromIndex = nzInput(c, roster, undefined, nzEligibilityIndex(state, 'karori', params));
    expect(fromSource).toEqual(fromIndex);
    expect(fromIndex.entries.find((e) => e.competitor === 'TW')!.verdicts).toEqual(
      nzEligibilityVerdicts(nzEligibilityIndex(state, 'karori', params), c).TW,
    );
  });
});

describe('the published standings apply the verdicts (standingsOf, as the CLI and HTTP do)', () => {
  it('NZ-8f a third Wednesday leaves the pair listed, not placed, in the standings the club publishes', () => {
    const log = tomPlaysThreeWednesdays();
    const view = standingsOf(fold(competitions, log.events), 'wed');
    if (view.kind !== 'nz') throw new Error('not NZ');
    const tw = view.rows.find((r) => r.competitor === 'TW')!;
    expect(tw).toMatchObject({ place: null, qualifies: false });
    expect(tw.explain.some((e) => e.rule === 'NZ-8f')).toBe(true);
    // As of the second Wednesday, the pair was still within the limit.
    const earlier = standingsOf(fold(competitions, log.events), 'wed', { afterSession: 2 });
    if (earlier.kind !== 'nz') throw new Error('not NZ');
    expect(earlier.rows.find((r) => r.competitor === 'TW')!.qualifies).toBe(true);
  });
});

describe('NZ-8 and NZ-10: a player seated in a session scored from board results sits down as in an imported result (as the append gate counts)', () => {
  /** Wednesday members x1 … x8: pairs X1 … X4 fill a Mitchell of six pairs with TW and WW. */
  const others: Roster = Object.fromEntries(
    Array.from({ length: 8 }, (_, i) => [
      `x${i + 1}`,
      { status: 'member', homeNight: 'wednesday' },
    ]),
  );

  /**
   * SessionScoredFromBoards: session `session` of competition `id` is scored from the board
   * results of `stream`; pair number n is `pairs[n - 1]` (with the players given, else as named
   * or entered).
   */
  function linked(
    log: FactLog,
    id: string,
    session: number,
    date: string,
    pairs: Array<string | [string, string[]]>,
    stream = `session-karori-${id}-${session}`,
  ) {
    const link = { competitionId: id, session, sessionStreamId: stream, pairs };
    sessionScoredFromBoards(log, link, `${date}T23:00`);
    return stream;
  }

  /**
   * Competition `id` on the three `dates` (an event of `onNight`) with pair `pairId` only, and no
   * imported result: its sessions `sessions` are scored from board results not entered yet.
   */
  function playedOnLinksOnly(
    onNight: typeof wednesdayPairs,
    log: FactLog,
    id: string,
    dates: string[],
    pairId: keyof typeof PAIR,
    sessions: number[],
  ) {
    onNight(log, id, dates, pairs(pairId), { [pairId]: NO_RESULTS });
    for (const s of sessions) linked(log, id, s, dates[s - 1]!, [pairId]);
  }

  /** 'wed' on the first three Wednesdays: TW and WW play the first two; X1 … X4 enter after. */
  function twoWednesdaysThenOthersEnter(log: FactLog) {
    wednesdayPairs(log, 'wed', WEDNESDAYS.slice(0, 3), pairs('TW', 'WW'), {
      TW: firstTwoOfThree(PAIR.TW),
      WW: firstTwoOfThree(PAIR.WW),
    });
    for (let n = 1; n <= 4; n++)
      log.add('competition-wed', 'PairEntered', {
        competitionId: 'wed',
        pairId: `X${n}`,
        players: [`x${2 * n - 1}`, `x${2 * n}`],
      });
    return log;
  }

  /**
   * The 3rd Wednesday of 'wed' is linked to board results (TW, WW, X1 … X4 as pair numbers
   * 1 … 6), then the board results of the session are recorded.
   */
  function thirdWednesdayScoredFromBoards(log: FactLog) {
    const date = WEDNESDAYS[2]!;
    const stream = linked(log, 'wed', 3, date, ['TW', 'WW', 'X1', 'X2', 'X3', 'X4']);
    boardResultsRecorded(log, stream, { clubId: 'karori', eventId: stream, date });
  }

  /** The standings the club publishes (standingsOf, as the CLI and HTTP), by competitor. */
  function published(log: FactLog, id: string) {
    const view = standingsOf(fold(competitions, log.events), id);
    if (view.kind !== 'nz') throw new Error('not NZ');
    return Object.fromEntries(view.rows.map((r) => [r.competitor, r])) as Record<
      string,
      NzStanding
    >;
  }

  it('NZ-8f a 3rd Wednesday played in a session scored from board results leaves the pair listed, not placed', () => {
    const log = twoWednesdaysThenOthersEnter(club({ ...members, ...others }));
    thirdWednesdayScoredFromBoards(log);
    const disqualified =
      'event: no — 2026-03-18: a Tuesday player on a Wednesday, the 3rd this year (at most 2): the pair or team is disqualified';
    // From the index of the raw ledger (nzInput) and in the published standings alike.
    for (const r of [standings(log, 'wed'), published(log, 'wed')]) {
      expect(r.TW).toMatchObject({ place: null, qualifies: false });
      expect(said(r.TW!, 'NZ-8f')).toContain(disqualified);
      expect(r.WW!.qualifies).toBe(true);
    }
    // Before the board-scored session, within the limit.
    expect(standings(log, 'wed', 2).TW).toMatchObject({ qualifies: true });
  });

  it('NZ-8f NZ-10 a substitute in a session scored from board results sits down, the absent player does not: the verdicts count the substitute', () => {
    const log = club({ ...members, ...others });
    // Vic visits three Mondays before the Wednesday session.
    mondayPairs(log, 'mon', MONDAYS.slice(0, 3), pairs('MV'));
    twoWednesdaysThenOthersEnter(log);
    // At the 3rd Wednesday tom (a Tuesday player) is replaced by wen, and we2 by vic.
    for (const [pairId, absentPlayerId, substituteId] of [
      ['TW', 'tom', 'wen'],
      ['WW', 'we2', 'vic'],
    ])
      log.add(
        'competition-wed',
        'SubstitutePlayed',
        { competitionId: 'wed', session: 3, pairId, absentPlayerId, substituteId },
        `${WEDNESDAYS[2]}T19:00`,
      );
    // The link names no players: the pairs sat down as entered, with the substitutions applied.
    thirdWednesdayScoredFromBoards(log);
    for (const r of [standings(log, 'wed'), published(log, 'wed')]) {
      // Tom played two Wednesdays, not three: the pair is placed.
      expect(r.TW).toMatchObject({ qualifies: true });
      expect(r.TW!.place).not.toBeNull();
      expect(said(r.TW!, 'NZ-8f').filter((e) => e.includes('2026-03-18'))).toEqual([]);
      // Vic sat down: the 4th visit of the year.
      expect(said(r.WW!, 'NZ-10')).toContain(
        "play (vic): no — 2026-03-18: the visitor's 4th play this year (at most 3): not permitted",
      );
    }
  });

  it('NZ-8f Wednesdays in sessions linked to board results not entered yet count, as the append gate counts them: the next Wednesday elsewhere is the 3rd', () => {
    const log = club(members);
    playedOnLinksOnly(wednesdayPairs, log, 'w1', WEDNESDAYS.slice(0, 3), 'TW', [1, 2]);
    wednesdayPairs(log, 'w2', WEDNESDAYS.slice(3, 6), pairs('TW', 'WW'));
    const r = published(log, 'w2');
    expect(r.TW).toMatchObject({ place: null, qualifies: false });
    expect(said(r.TW!, 'NZ-8f')[0]).toBe(
      'event: no — 2026-03-25: a Tuesday player on a Wednesday, the 3rd this year (at most 2): the pair or team is disqualified',
    );
  });

  it('NZ-8e a Tuesday in a session linked to board results counts: the 4th Tuesday after it is flagged not permitted (in a ledger written before the gate refused it)', () => {
    const log = club(members);
    tuesdayPairs(log, 't1', TUESDAYS.slice(0, 3), pairs('MT'), { MT: firstTwoOfThree(PAIR.MT) });
    // The players are given on the link: mia sat down with tom instead of tia.
    linked(log, 't1', 3, TUESDAYS[2]!, [['MT', ['mia', 'tom']]]);
    tuesdayPairs(log, 't2', TUESDAYS.slice(3, 6), pairs('MT', 'TT'));
    const r = published(log, 't2');
    expect(said(r.MT!, 'NZ-8e')[0]).toBe(
      'play (mia): no — 2026-03-24: a monday player on a Tuesday, the 4th this year (at most 3): not permitted',
    );
    expect(r.MT).toMatchObject({ place: 1, qualifies: true });
  });

  it('NZ-8g a Monday in a session linked to board results counts: a Tuesday Open’s next Monday is the 3rd and disqualifies the pair', () => {
    const log = club(members);
    playedOnLinksOnly(mondayPairs, log, 'm1', MONDAYS.slice(0, 3), 'TM', [1, 2]);
    mondayPairs(log, 'm2', MONDAYS.slice(3, 6), pairs('TM', 'MM'));
    const r = published(log, 'm2');
    expect(r.TM).toMatchObject({ place: null, qualifies: false });
    expect(said(r.TM!, 'NZ-8g')[0]).toMatch(
      /^event: no — 2026-03-23: a Tuesday open on a Monday, the 3rd/,
    );
  });

  it('NZ-10 visits in sessions linked to board results count: the visitor’s next visit is the 4th, not permitted', () => {
    const log = club(members);
    playedOnLinksOnly(mondayPairs, log, 'v1', MONDAYS.slice(0, 3), 'MV', [1, 2, 3]);
    mondayPairs(log, 'v2', MONDAYS.slice(3, 6), pairs('MV', 'MM'));
    expect(said(published(log, 'v2').MV!, 'NZ-10')[0]).toBe(
      "play (vic): no — 2026-03-23: the visitor's 4th play this year (at most 3): not permitted",
    );
  });

  it('NZ-8c a member with a guest named on a link to board results: the verdicts at the table as for an imported result', () => {
    const log = club(members);
    wednesdayPairs(log, 'g', WEDNESDAYS.slice(0, 3), { WW: ['wes', 'wen'] }, { WW: NO_RESULTS });
    linked(log, 'g', 1, WEDNESDAYS[0]!, [['WW', ['wes', 'gus']]]);
    expect(said(standings(log, 'g').WW!, 'NZ-8c')).toEqual([
      'c-points (wes): ok — 2026-03-04: a member with a guest from outside the club',
      'c-points (gus): no — 2026-03-04: a guest without a valid NZCBA number',
    ]);
  });
});

describe('NZ-8 NZ-10 verdicts name the play they judge', () => {
  it('NZ-8f NZ-8c each verdict on a play carries its session and date; NZ-10 "no prizes" carries neither', () => {
    const log = wednesdayPairs(club(members), 'wed', WEDNESDAYS.slice(0, 2), {
      ...pairs('TW'),
      WV: ['we1', 'vic'],
    });
    const state = fold(competitions, log.events);
    const v = nzEligibilityVerdicts(
      nzEligibilityIndex(state, 'karori', params),
      state.competitions.wed!,
    );
    expect(v.TW!.map((x) => [x.rule, x.session, x.date])).toEqual([
      ['NZ-8f', 1, '2026-03-04'],
      ['NZ-8b', 1, '2026-03-04'],
      ['NZ-8f', 2, '2026-03-11'],
      ['NZ-8b', 2, '2026-03-11'],
    ]);
    const prizes = v.WV!.filter((x) => x.scope === 'prizes');
    expect(prizes).toHaveLength(1);
    expect(prizes[0]).not.toHaveProperty('session');
    expect(v.WV!.filter((x) => x.scope !== 'prizes').every((x) => x.session && x.date)).toBe(true);
  });
});
