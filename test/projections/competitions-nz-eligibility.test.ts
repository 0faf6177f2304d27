import { competitions, standingsOf } from '../../src/projections/competitions';
import {
  nzEligibilityIndex,
  nzEligibilityVerdicts,
} from '../../src/projections/competitions/nz-eligibility';
import { nzInput } from '../../src/projections/competitions/nz-input';
import { fold } from '../../src/projections/projection';
import { nzClub } from '../../src/rulebooks/presets/nz-club';
import { applyChanges } from '../../src/rulebooks/rulebook';
import { nzStandings, type NzStanding } from '../../src/standings/nz';
import { FactLog } from '../support/ledger';

const params = nzClub.params;

/** `n` dates a week apart from `first` (YYYY-MM-DD). */
const weekly = (first: string, n: number): string[] =>
  Array.from({ length: n }, (_, i) => {
    const d = new Date(`${first}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 7 * i);
    return d.toISOString().slice(0, 10);
  });

type Roster = Record<string, { status: string; homeNight?: string; rank?: string }>;

/** The Karori club with the nz-club rulebook and a roster. */
function club(roster: Roster): FactLog {
  const log = new FactLog('karori', '+13:00');
  log.add('club-karori', 'RulebookAdopted', {
    clubId: 'karori',
    preset: 'nz-club',
    overrides: {},
    effectiveFrom: '2025-01-01',
  });
  for (const [playerId, p] of Object.entries(roster))
    log.add('club-karori-players', 'PlayerRegistered', { playerId, name: playerId, ...p });
  return log;
}

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
  pairs: Record<string, [string, string]>,
  played: Record<string, Array<[string, string] | null>> = {},
) {
  const stream = `competition-${id}`;
  log.add(stream, 'CompetitionCreated', {
    competitionId: id,
    clubId: 'karori',
    name: id,
    season: dates[0]!.slice(0, 4),
    kind: format === 'club-pairs' ? 'pairs-series' : 'short-pairs',
    format,
    night,
    sessions: dates.map((date, i) => ({ session: i + 1, date, startTime: '19:30' })),
  });
  for (const [pairId, players] of Object.entries(pairs))
    log.add(stream, 'PairEntered', { competitionId: id, pairId, players });
  dates.forEach((date, i) => {
    Object.entries(pairs).forEach(([pairId, entered], n) => {
      const seated = played[pairId]?.[i];
      const players = seated === undefined ? entered : seated;
      if (players === null) return;
      log.add(
        stream,
        'SessionResultRecorded',
        {
          competitionId: id,
          session: i + 1,
          pairId,
          players,
          percentage: n === 0 ? 60 : 50,
          boardsPlayed: 24,
          source: 'imported',
        },
        `${date}T22:30`,
      );
    });
  });
  return log;
}

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

describe('NZ-8f a Tuesday player may play on a Wednesday at most twice a year', () => {
  it('NZ-8f two Wednesdays are fine: the pair is placed, each play explained as within the limit', () => {
    const log = event(
      club(members),
      'wed',
      'three-four-session-pairs',
      'wednesday',
      WEDNESDAYS.slice(0, 3),
      { TW: ['tom', 'wes'], WW: ['we1', 'we2'] },
      {
        TW: [
          ['wen', 'wes'],
          ['tom', 'wes'],
          ['tom', 'wes'],
        ],
      },
    );
    const r = standings(log, 'wed');
    expect(r.TW).toMatchObject({ place: 1, qualifies: true });
    expect(said(r.TW!, 'NZ-8f')).toEqual([
      'play (tom): ok — 2026-03-11: a Tuesday player on a Wednesday, the 1st this year (at most 2)',
      'play (tom): ok — 2026-03-18: a Tuesday player on a Wednesday, the 2nd this year (at most 2)',
    ]);
  });

  it('NZ-8f a third Wednesday session disqualifies the pair: listed, not placed, the verdict explained', () => {
    const log = event(
      club(members),
      'wed',
      'three-four-session-pairs',
      'wednesday',
      WEDNESDAYS.slice(0, 3),
      {
        TW: ['tom', 'wes'],
        WW: ['we1', 'we2'],
      },
    );
    const r = standings(log, 'wed');
    expect(r.TW).toMatchObject({ place: null, qualifies: false });
    expect(r.WW!.place).toBe(1);
    expect(said(r.TW!, 'NZ-8f')).toContain(
      'event: no — 2026-03-18: a Tuesday player on a Wednesday, the 3rd this year (at most 2): the pair or team is disqualified',
    );
    expect(said(r.TW!, 'NZ-8f')).toContain('does not qualify: listed, not placed');
  });

  it('NZ-8f counts by date across all the club’s competitions: two earlier Wednesdays elsewhere make the first one here the 3rd', () => {
    const log = club(members);
    event(
      log,
      'spring',
      'three-four-session-pairs',
      'wednesday',
      WEDNESDAYS.slice(0, 3),
      {
        WW: ['we1', 'we2'],
        TW: ['tom', 'wen'],
      },
      { TW: [['tom', 'wen'], ['tom', 'wen'], null] },
    );
    event(
      log,
      'wed',
      'three-four-session-pairs',
      'wednesday',
      WEDNESDAYS.slice(4, 7),
      {
        TW: ['tom', 'wes'],
        WW: ['we1', 'we2'],
      },
      { TW: [['tom', 'wes'], null, null] },
    );
    expect(standings(log, 'spring').TW!.qualifies).toBe(true);
    const r = standings(log, 'wed');
    expect(r.TW).toMatchObject({ place: null, qualifies: false });
    expect(said(r.TW!, 'NZ-8f')[0]).toMatch(/^event: no — 2026-04-01: .* the 3rd this year/);
  });

  it('NZ-8f a third Wednesday in a later competition disqualifies there, not in the event where the first two were played', () => {
    const log = club(members);
    event(
      log,
      'early',
      'three-four-session-pairs',
      'wednesday',
      WEDNESDAYS.slice(0, 3),
      {
        TW: ['tom', 'wes'],
        WW: ['we1', 'we2'],
      },
      {
        TW: [
          ['tom', 'wes'],
          ['tom', 'wes'],
          ['wen', 'wes'],
        ],
      },
    );
    event(log, 'late', 'three-four-session-pairs', 'wednesday', WEDNESDAYS.slice(4, 7), {
      TW: ['tom', 'wes'],
      WW: ['we1', 'we2'],
    });
    expect(standings(log, 'early').TW).toMatchObject({ place: 1, qualifies: true });
    expect(standings(log, 'late').TW).toMatchObject({ place: null, qualifies: false });
  });

  it('NZ-8f as of an interim session: the 3rd Wednesday not yet played does not count', () => {
    const log = event(
      club(members),
      'wed',
      'three-four-session-pairs',
      'wednesday',
      WEDNESDAYS.slice(0, 3),
      {
        TW: ['tom', 'wes'],
        WW: ['we1', 'we2'],
      },
    );
    expect(standings(log, 'wed', 2).TW).toMatchObject({ place: 1, qualifies: true });
    expect(standings(log, 'wed', 3).TW).toMatchObject({ place: null, qualifies: false });
  });

  it('NZ-8f a substitute sitting down for a pair counts as playing: the pair the 3rd Wednesday was played for is disqualified', () => {
    const log = club(members);
    event(
      log,
      'wed',
      'three-four-session-pairs',
      'wednesday',
      WEDNESDAYS.slice(0, 3),
      {
        WA: ['we1', 'we2'],
        WB: ['wes', 'wen'],
      },
      { WA: [['we1', 'tom'], ['we1', 'tom'], null], WB: [null, null, ['wes', 'tom']] },
    );
    const r = standings(log, 'wed');
    expect(r.WA!.qualifies).toBe(true);
    expect(r.WB).toMatchObject({ place: null, qualifies: false });
    expect(said(r.WB!, 'NZ-8f')[0]).toMatch(/^event: no — 2026-03-18: .* the 3rd this year/);
  });

  it('NZ-8f a night is counted once: the same Wednesday in two competitions is one Wednesday', () => {
    const log = club(members);
    const [d1, d2] = WEDNESDAYS;
    event(
      log,
      'a',
      'three-four-session-pairs',
      'wednesday',
      [d1!, d2!, WEDNESDAYS[2]!],
      {
        TW: ['tom', 'wes'],
        WW: ['we1', 'we2'],
      },
      { TW: [['tom', 'wes'], ['tom', 'wes'], null] },
    );
    event(
      log,
      'b',
      'three-four-session-pairs',
      'wednesday',
      [d1!, d2!, WEDNESDAYS[3]!],
      {
        TW: ['tom', 'wes'],
        WW: ['we1', 'we2'],
      },
      { TW: [['tom', 'wes'], ['tom', 'wes'], null] },
    );
    expect(standings(log, 'a').TW!.qualifies).toBe(true);
    expect(standings(log, 'b').TW!.qualifies).toBe(true);
  });
});

describe('NZ-8e a Monday or Wednesday player may play on a Tuesday at most 3 times a year', () => {
  /** Wellesley Pairs on four Tuesdays in March, then a four-session Tuesday event. */
  const ledger = () => {
    const log = club(members);
    event(log, 'wellesley', 'wellesley-pairs', 'tuesday', TUESDAYS.slice(0, 4), {
      MT: ['mia', 'tia'],
      TT: ['tom', 'jun'],
    });
    return event(log, 'tue', 'three-four-session-pairs', 'tuesday', TUESDAYS.slice(4, 8), {
      MT: ['mia', 'tia'],
      TT: ['tom', 'jun'],
    });
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
    const log = event(
      club(members),
      'mon',
      'three-four-session-pairs',
      'monday',
      MONDAYS.slice(0, 3),
      {
        JM: ['jun', 'mia'],
        MM: ['mo1', 'mo2'],
      },
    );
    const r = standings(log, 'mon');
    expect(r.JM).toMatchObject({ place: null, qualifies: false });
    expect(said(r.JM!, 'NZ-8g')).toContain(
      'event: no — 2026-03-02: a Tuesday Junior does not qualify for any Monday event',
    );
    expect(r.MM!.place).toBe(1);
  });

  it('NZ-8g a Tuesday Intermediate or Open may play two Mondays; the 3rd disqualifies the pair', () => {
    const log = event(
      club(members),
      'mon',
      'three-four-session-pairs',
      'monday',
      MONDAYS.slice(0, 3),
      {
        TM: ['tia', 'mia'],
        MM: ['mo1', 'mo2'],
      },
    );
    expect(standings(log, 'mon', 2).TM).toMatchObject({ place: 1, qualifies: true });
    const r = standings(log, 'mon');
    expect(r.TM).toMatchObject({ place: null, qualifies: false });
    expect(said(r.TM!, 'NZ-8g')[2]).toMatch(
      /^event: no — 2026-03-16: a Tuesday open on a Monday, the 3rd/,
    );
  });

  it('NZ-8g a Tuesday player on a Monday without an NZCBA rank on the roster is bad input, named', () => {
    const log = event(
      club({ ...members, tom: { status: 'member', homeNight: 'tuesday' } }),
      'mon',
      'three-four-session-pairs',
      'monday',
      MONDAYS.slice(0, 3),
      { TM: ['tom', 'mia'], MM: ['mo1', 'mo2'] },
    );
    expect(() => standings(log, 'mon')).toThrow(
      'NZ-8g: tom.rank is needed for a Tuesday player on a Monday',
    );
  });
});

describe('NZ-10 visitors may play at most 3 times a year and do not qualify for prizes', () => {
  /** A visitor plays twice in one Monday event, then four times in the next. */
  const ledger = () => {
    const log = club(members);
    event(
      log,
      'mon1',
      'three-four-session-pairs',
      'monday',
      MONDAYS.slice(0, 3),
      {
        MM: ['mo1', 'mo2'],
        MV: ['max', 'vic'],
      },
      { MV: [['max', 'vic'], ['max', 'vic'], null] },
    );
    return event(log, 'mon2', 'three-four-session-pairs', 'monday', MONDAYS.slice(3, 7), {
      MV: ['max', 'vic'],
      MM: ['mo1', 'mo2'],
    });
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
    const log = event(
      club(members),
      'wed',
      'three-four-session-pairs',
      'wednesday',
      ['2026-12-09', '2026-12-16', '2027-01-06'],
      { TW: ['tom', 'wes'], WW: ['we1', 'we2'] },
    );
    expect(standings(log, 'wed').TW).toMatchObject({ place: 1, qualifies: true });
    expect(said(standings(log, 'wed').TW!, 'NZ-8f')[2]).toMatch(/2027-01-06: .* the 1st this year/);
    const april = applyChanges(params, { yearStarts: '04-01' });
    expect(standings(log, 'wed', undefined, april).TW!.qualifies).toBe(false);
  });
});

describe('NZ-8 a–d C-point verdicts at the table', () => {
  it('NZ-8b a Tuesday player on a Wednesday: C points after the one-board penalty; NZ-8a the Wednesday partner', () => {
    const log = event(
      club(members),
      'wed',
      'three-four-session-pairs',
      'wednesday',
      WEDNESDAYS.slice(0, 3),
      {
        TW: ['tom', 'wes'],
        WW: ['we1', 'we2'],
      },
    );
    const r = standings(log, 'wed', 1);
    expect(said(r.TW!, 'NZ-8b')).toEqual([
      'c-points (tom): ok — 2026-03-04: a tuesday player on a wednesday: C points after the one-board penalty (NZ-5) where the event has one',
    ]);
    // Both on their own night: nothing to say beyond the plain case, which is left out.
    expect(r.WW!.explain.some((e) => e.rule.startsWith('NZ-8'))).toBe(false);
  });

  it('NZ-8a a member on own night with a partner from a lower grade qualifies in own grade; the lower-graded partner for C points', () => {
    const log = event(
      club(members),
      'tue',
      'three-four-session-pairs',
      'tuesday',
      TUESDAYS.slice(0, 3),
      { TM: ['tia', 'mia'], TT: ['tom', 'jun'] },
    );
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
    const log = event(
      club(members),
      'mon',
      'three-four-session-pairs',
      'monday',
      MONDAYS.slice(0, 3),
      {
        MG: ['mo1', 'gus'],
        MM: ['mia', 'mo2'],
      },
    );
    expect(said(standings(log, 'mon', 1).MG!, 'NZ-8c')).toEqual([
      'c-points (mo1): ok — 2026-03-02: a member with a guest from outside the club',
      'c-points (gus): no — 2026-03-02: a guest without a valid NZCBA number',
    ]);
  });
});

describe('nzInput without an eligibility index', () => {
  it('gives no NZ-8/NZ-10 verdicts (as before); with the state and rulebook it builds the index itself', () => {
    const log = event(
      club(members),
      'wed',
      'three-four-session-pairs',
      'wednesday',
      WEDNESDAYS.slice(0, 3),
      {
        TW: ['tom', 'wes'],
        WW: ['we1', 'we2'],
      },
    );
    const state = fold(competitions, log.events);
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
    const log = event(
      club(members),
      'wed',
      'three-four-session-pairs',
      'wednesday',
      WEDNESDAYS.slice(0, 3),
      {
        TW: ['tom', 'wes'],
        WW: ['we1', 'we2'],
      },
    );
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
  type Line = [board: number, ns: string, ew: string, nsScore: number];
  /** A Mitchell of 3 boards: NS pairs 1–3, EW pairs 4–6; every pair plays every board. */
  const LINES: Line[] = [
    [1, '1', '4', 420],
    [1, '2', '5', 450],
    [1, '3', '6', -50],
    [2, '1', '5', -100],
    [2, '2', '6', -100],
    [2, '3', '4', 110],
    [3, '1', '6', 140],
    [3, '2', '4', 170],
    [3, '3', '5', 140],
  ];
  const others: Roster = Object.fromEntries(
    Array.from({ length: 8 }, (_, i) => [
      `x${i + 1}`,
      { status: 'member', homeNight: 'wednesday' },
    ]),
  );

  /** The board results of six pairs in `stream` on `date`: a session the scoring engine scores. */
  function boardResults(log: FactLog, stream: string, date: string) {
    log.add(
      stream,
      'SessionMovementRecorded',
      {
        clubId: 'karori',
        eventId: stream,
        date,
        session: '1',
        scoringMethod: 'MP',
        winnerType: 2,
        boards: [1, 2, 3],
        fields: [
          { field: 'NS', pairs: ['1', '2', '3'] },
          { field: 'EW', pairs: ['4', '5', '6'] },
        ],
        expectedResults: [1, 2, 3].map((board) => ({ board, results: 3 })),
      },
      `${date}T19:30`,
    );
    for (let n = 1; n <= 6; n++)
      log.add(
        stream,
        'SessionPairRegistered',
        {
          pair: String(n),
          field: n <= 3 ? 'NS' : 'EW',
          direction: n <= 3 ? 'NS' : 'EW',
          players: [],
        },
        `${date}T19:30`,
      );
    LINES.forEach(([board, nsPair, ewPair, nsScore], i) =>
      log.add(
        stream,
        'BoardResultRecorded',
        {
          board,
          line: (i % 3) + 1,
          nsPair,
          ewPair,
          kind: 'played',
          contract: { level: 1, strain: 'NT', doubling: '' },
          declarer: 'N',
          tricks: 7,
          nsScore,
        },
        `${date}T22:00`,
      ),
    );
  }

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
    log.add(
      `competition-${id}`,
      'SessionScoredFromBoards',
      {
        competitionId: id,
        session,
        sessionStreamId: stream,
        pairs: pairs.map((p, i) =>
          typeof p === 'string'
            ? { pairNumber: String(i + 1), pairId: p }
            : { pairNumber: String(i + 1), pairId: p[0], players: p[1] },
        ),
      },
      `${date}T23:00`,
    );
    return stream;
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
    const log = event(
      club({ ...members, ...others }),
      'wed',
      'three-four-session-pairs',
      'wednesday',
      WEDNESDAYS.slice(0, 3),
      { TW: ['tom', 'wes'], WW: ['we1', 'we2'] },
      { TW: [['tom', 'wes'], ['tom', 'wes'], null], WW: [['we1', 'we2'], ['we1', 'we2'], null] },
    );
    for (let n = 1; n <= 4; n++)
      log.add('competition-wed', 'PairEntered', {
        competitionId: 'wed',
        pairId: `X${n}`,
        players: [`x${2 * n - 1}`, `x${2 * n}`],
      });
    const date = WEDNESDAYS[2]!;
    boardResults(log, linked(log, 'wed', 3, date, ['TW', 'WW', 'X1', 'X2', 'X3', 'X4']), date);
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
    event(log, 'mon', 'three-four-session-pairs', 'monday', MONDAYS.slice(0, 3), {
      MV: ['max', 'vic'],
    });
    event(
      log,
      'wed',
      'three-four-session-pairs',
      'wednesday',
      WEDNESDAYS.slice(0, 3),
      { TW: ['tom', 'wes'], WW: ['we1', 'we2'] },
      { TW: [['tom', 'wes'], ['tom', 'wes'], null], WW: [['we1', 'we2'], ['we1', 'we2'], null] },
    );
    for (let n = 1; n <= 4; n++)
      log.add('competition-wed', 'PairEntered', {
        competitionId: 'wed',
        pairId: `X${n}`,
        players: [`x${2 * n - 1}`, `x${2 * n}`],
      });
    const date = WEDNESDAYS[2]!;
    // At the 3rd Wednesday tom (a Tuesday player) is replaced by wen, and we2 by vic.
    for (const [pairId, absentPlayerId, substituteId] of [
      ['TW', 'tom', 'wen'],
      ['WW', 'we2', 'vic'],
    ])
      log.add(
        'competition-wed',
        'SubstitutePlayed',
        { competitionId: 'wed', session: 3, pairId, absentPlayerId, substituteId },
        `${date}T19:00`,
      );
    // The link names no players: the pairs sat down as entered, with the substitutions applied.
    boardResults(log, linked(log, 'wed', 3, date, ['TW', 'WW', 'X1', 'X2', 'X3', 'X4']), date);
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
    event(
      log,
      'w1',
      'three-four-session-pairs',
      'wednesday',
      WEDNESDAYS.slice(0, 3),
      {
        TW: ['tom', 'wes'],
      },
      { TW: [null, null, null] },
    );
    linked(log, 'w1', 1, WEDNESDAYS[0]!, ['TW']);
    linked(log, 'w1', 2, WEDNESDAYS[1]!, ['TW']);
    event(log, 'w2', 'three-four-session-pairs', 'wednesday', WEDNESDAYS.slice(3, 6), {
      TW: ['tom', 'wes'],
      WW: ['we1', 'we2'],
    });
    const r = published(log, 'w2');
    expect(r.TW).toMatchObject({ place: null, qualifies: false });
    expect(said(r.TW!, 'NZ-8f')[0]).toBe(
      'event: no — 2026-03-25: a Tuesday player on a Wednesday, the 3rd this year (at most 2): the pair or team is disqualified',
    );
  });

  it('NZ-8e a Tuesday in a session linked to board results counts: the 4th Tuesday after it is flagged not permitted (in a ledger written before the gate refused it)', () => {
    const log = club(members);
    event(
      log,
      't1',
      'three-four-session-pairs',
      'tuesday',
      TUESDAYS.slice(0, 3),
      {
        MT: ['mia', 'tia'],
      },
      { MT: [['mia', 'tia'], ['mia', 'tia'], null] },
    );
    // The players are given on the link: mia sat down with tom instead of tia.
    linked(log, 't1', 3, TUESDAYS[2]!, [['MT', ['mia', 'tom']]]);
    event(log, 't2', 'three-four-session-pairs', 'tuesday', TUESDAYS.slice(3, 6), {
      MT: ['mia', 'tia'],
      TT: ['tom', 'jun'],
    });
    const r = published(log, 't2');
    expect(said(r.MT!, 'NZ-8e')[0]).toBe(
      'play (mia): no — 2026-03-24: a monday player on a Tuesday, the 4th this year (at most 3): not permitted',
    );
    expect(r.MT).toMatchObject({ place: 1, qualifies: true });
  });

  it('NZ-8g a Monday in a session linked to board results counts: a Tuesday Open’s next Monday is the 3rd and disqualifies the pair', () => {
    const log = club(members);
    event(
      log,
      'm1',
      'three-four-session-pairs',
      'monday',
      MONDAYS.slice(0, 3),
      {
        TM: ['tia', 'mia'],
      },
      { TM: [null, null, null] },
    );
    linked(log, 'm1', 1, MONDAYS[0]!, ['TM']);
    linked(log, 'm1', 2, MONDAYS[1]!, ['TM']);
    event(log, 'm2', 'three-four-session-pairs', 'monday', MONDAYS.slice(3, 6), {
      TM: ['tia', 'mia'],
      MM: ['mo1', 'mo2'],
    });
    const r = published(log, 'm2');
    expect(r.TM).toMatchObject({ place: null, qualifies: false });
    expect(said(r.TM!, 'NZ-8g')[0]).toMatch(
      /^event: no — 2026-03-23: a Tuesday open on a Monday, the 3rd/,
    );
  });

  it('NZ-10 visits in sessions linked to board results count: the visitor’s next visit is the 4th, not permitted', () => {
    const log = club(members);
    event(
      log,
      'v1',
      'three-four-session-pairs',
      'monday',
      MONDAYS.slice(0, 3),
      {
        MV: ['max', 'vic'],
      },
      { MV: [null, null, null] },
    );
    for (let s = 1; s <= 3; s++) linked(log, 'v1', s, MONDAYS[s - 1]!, ['MV']);
    event(log, 'v2', 'three-four-session-pairs', 'monday', MONDAYS.slice(3, 6), {
      MV: ['max', 'vic'],
      MM: ['mo1', 'mo2'],
    });
    expect(said(published(log, 'v2').MV!, 'NZ-10')[0]).toBe(
      "play (vic): no — 2026-03-23: the visitor's 4th play this year (at most 3): not permitted",
    );
  });

  it('NZ-8c a member with a guest named on a link to board results: the verdicts at the table as for an imported result', () => {
    const log = club(members);
    event(
      log,
      'g',
      'three-four-session-pairs',
      'wednesday',
      WEDNESDAYS.slice(0, 3),
      {
        WW: ['wes', 'wen'],
      },
      { WW: [null, null, null] },
    );
    linked(log, 'g', 1, WEDNESDAYS[0]!, [['WW', ['wes', 'gus']]]);
    expect(said(standings(log, 'g').WW!, 'NZ-8c')).toEqual([
      'c-points (wes): ok — 2026-03-04: a member with a guest from outside the club',
      'c-points (gus): no — 2026-03-04: a guest without a valid NZCBA number',
    ]);
  });
});

describe('NZ-8 NZ-10 verdicts name the play they judge', () => {
  it('NZ-8f NZ-8c each verdict on a play carries its session and date; NZ-10 "no prizes" carries neither', () => {
    const log = event(
      club(members),
      'wed',
      'three-four-session-pairs',
      'wednesday',
      WEDNESDAYS.slice(0, 2),
      { TW: ['tom', 'wes'], WV: ['we1', 'vic'] },
    );
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
