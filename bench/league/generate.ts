import { prng } from '../lib/payloads';
import type { EventToAppend } from '../../src/kernel/envelope';

/**
 * the bench: a synthetic LCBA league season, deterministic (a seeded generator: the same
 * shape gives the same facts, ids included). `divisions` divisions of `teamsPerDivision` teams
 * (default 10 × 9 = 90), each a double round robin home and away (RR1, RR2), and RR3 among the
 * electing teams of the preset's RR3 divisions (4 and 5, LCBA-A); every team of three clubs'
 * sets of teams (A, B, C: club k's teams in divisions far apart), eight registered and paid
 * players of its own, a line-up of all eight each match, and every match scored in full board
 * detail: 24 boards in four stanzas, a score at each of the four tables. The result form is
 * received the day after (no LCBA-6.8 offence). One RR1 match per division is unplayed (an
 * LCBA-8.1 default), so the defaults' whole-season averages move too.
 *
 * Facts as the secretary proposes them (`streamId` beside each): the LCBA (`club-lcba`, with
 * lcba-league-2009), then the league `league-<leagueId>`. `lateCorrection` makes the late
 * correction the bench measures: of the first RR1 match of a division, notified and accepted
 * after the season's last match (on `corrections-<leagueId>`, the league as the club).
 */
export interface LeagueShape {
  divisions: number;
  teamsPerDivision: number;
  /** Electing teams in each RR3 division (LCBA-A2). */
  rr3Electors: number;
  seed: number;
}

export const BENCH_LEAGUE: LeagueShape = {
  divisions: 10,
  teamsPerDivision: 9,
  rr3Electors: 4,
  seed: 18,
};

export type ProposedFact = EventToAppend & { streamId: string };

export const LEAGUE_ID = 'bench-league';
const CLUB = 'lcba';
const RR3_DIVISIONS = [4, 5];

/** A UUID-shaped id from the generator (version 4 layout), lowercase as the ledger writes it. */
function idFrom(next: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((parseInt(hex[16]!, 16) & 3) | 8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const DAY = 86_400_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/** Plausible North-South scores (whole tens: Law 77), made and defeated. */
const SCORES = [
  420, 450, 400, 430, 620, 650, 140, 110, 170, 120, 90, 100, 130, 50, 100, 150, 200, 300, 500, 800,
  980, 1430, 690, 660, -50, -100, -150, -200, -300, -500, -800, -420, -620, -140, -110,
];

/** Round robin pairings by the circle method (a bye for an odd count): rounds of [home, away]. */
function roundRobin(teams: readonly string[]): [string, string][][] {
  const list: (string | undefined)[] = teams.length % 2 ? [...teams, undefined] : [...teams];
  const n = list.length;
  const rounds: [string, string][][] = [];
  for (let r = 0; r < n - 1; r++) {
    const round: [string, string][] = [];
    for (let i = 0; i < n / 2; i++) {
      const a = list[i];
      const b = list[n - 1 - i];
      if (a !== undefined && b !== undefined) round.push(r % 2 ? [b, a] : [a, b]);
    }
    rounds.push(round);
    list.splice(1, 0, list.pop());
  }
  return rounds;
}

export interface GeneratedSeason {
  facts: ProposedFact[];
  /** Every division's fixtures played (or unplayed), and the MatchResultRecorded of each. */
  results: Map<string, ProposedFact>;
  /** The fixture the late correction corrects: division `n`'s first RR1 match. */
  firstMatchOf: (division: number) => string;
  /** The day after the season's last match. */
  afterSeason: string;
}

export function generateLeagueSeason(shape: LeagueShape = BENCH_LEAGUE): GeneratedSeason {
  const next = prng(shape.seed);
  const facts: ProposedFact[] = [];
  const results = new Map<string, ProposedFact>();
  const firstMatch = new Map<number, string>();
  const at = (day: string, time = '12:00') => `${day}T${time}:00+01:00`;
  const push = (streamId: string, type: string, data: Record<string, unknown>, day: string) => {
    const f: ProposedFact = {
      streamId,
      id: idFrom(next),
      type,
      occurredAt: at(day),
      data,
      metadata: {},
    };
    facts.push(f);
    return f;
  };
  const league = `league-${LEAGUE_ID}`;
  const fact = (type: string, data: Record<string, unknown>, day: string) =>
    push(league, type, { leagueId: LEAGUE_ID, ...data }, day);

  push(
    `club-${CLUB}`,
    'ClubRegistered',
    { clubId: CLUB, name: 'LCBA', timeZone: 'Europe/London' },
    '2009-06-01',
  );
  push(
    `club-${CLUB}`,
    'RulebookAdopted',
    { clubId: CLUB, preset: 'lcba-league-2009', overrides: {}, effectiveFrom: '2009-07-01' },
    '2009-06-01',
  );
  fact(
    'LeagueRegistered',
    {
      clubId: CLUB,
      name: 'Bench League',
      season: '2009-10',
      seasonStart: '2009-07-01',
      seasonEnd: '2010-05-31',
    },
    '2009-07-01',
  );
  for (let d = 1; d <= shape.divisions; d++) fact('DivisionFormed', { division: d }, '2009-07-01');

  // Teams: club k has teams A, B, C, in divisions k, k + 3, k + 6 (mod the divisions) as the
  // team numbering falls; every team its own eight players.
  const divisionTeams = new Map<number, string[]>();
  const clubs = Math.ceil((shape.divisions * shape.teamsPerDivision) / 3);
  let n = 0;
  for (let d = 1; d <= shape.divisions; d++) {
    const teams: string[] = [];
    for (let i = 0; i < shape.teamsPerDivision; i++, n++) {
      const club = `club${String(n % clubs).padStart(2, '0')}`;
      const letter = 'ABCDEFGH'[Math.floor(n / clubs)]!;
      const teamId = `${club}-${letter.toLowerCase()}`;
      teams.push(teamId);
      fact(
        'LeagueTeamEntered',
        {
          teamId,
          club,
          letter,
          name: `${club} ${letter}`,
          captain: `Captain of ${teamId}`,
          venue: `${club} rooms`,
          enteredOn: '2009-07-20',
        },
        '2009-07-20',
      );
    }
    divisionTeams.set(d, teams);
  }
  for (const [d, teams] of divisionTeams)
    for (const t of teams) fact('TeamPlaced', { teamId: t, division: d }, '2009-08-01');
  fact(
    'LeagueStructurePublished',
    { publishedAt: at('2009-08-03'), by: 'League Secretary' },
    '2009-08-03',
  );
  const squad = new Map<string, string[]>();
  for (const teams of divisionTeams.values()) {
    for (const t of teams) {
      const players = Array.from({ length: 8 }, (_, i) => `${t}-p${i + 1}`);
      squad.set(t, players);
      for (const p of players) {
        fact('LeaguePlayerRegistered', { playerId: p, name: `Player ${p}` }, '2009-08-10');
        fact('SubscriptionPaid', { playerId: p, paidOn: '2009-08-10' }, '2009-08-10');
      }
    }
  }
  const electors = new Map<number, string[]>();
  for (const d of RR3_DIVISIONS) {
    if (d > shape.divisions) continue;
    const teams = divisionTeams.get(d)!;
    electors.set(d, teams.slice(0, shape.rr3Electors));
    teams.forEach((t, i) =>
      fact(
        'Rr3ElectionMade',
        { teamId: t, elects: i < shape.rr3Electors, informedOn: '2009-08-20' },
        '2009-08-20',
      ),
    );
  }

  // Fixtures: RR1 weekly from 14 September, RR2 (home and away reversed) from 4 January, RR3
  // among the electors from 1 March.
  const matches: {
    id: string;
    home: string;
    away: string;
    day: string;
    division: number;
    round: 1 | 2 | 3;
  }[] = [];
  for (const [d, teams] of divisionTeams) {
    const rounds = roundRobin(teams);
    rounds.forEach((round, r) =>
      round.forEach(([home, away], i) => {
        const rr1 = {
          id: `d${d}-r1-${r + 1}-${i + 1}`,
          home,
          away,
          day: addDays('2009-09-14', 7 * r),
          division: d,
          round: 1 as const,
        };
        const rr2 = {
          id: `d${d}-r2-${r + 1}-${i + 1}`,
          home: away,
          away: home,
          day: addDays('2010-01-04', 7 * r),
          division: d,
          round: 2 as const,
        };
        matches.push(rr1, rr2);
        if (!firstMatch.has(d)) firstMatch.set(d, rr1.id);
      }),
    );
    const rr3 = electors.get(d);
    if (rr3) {
      roundRobin(rr3).forEach((round, r) =>
        round.forEach(([home, away], i) =>
          matches.push({
            id: `d${d}-r3-${r + 1}-${i + 1}`,
            home,
            away,
            day: addDays('2010-03-01', 7 * r),
            division: d,
            round: 3,
          }),
        ),
      );
    }
  }
  for (const m of matches)
    fact(
      'FixtureScheduled',
      { fixtureId: m.id, round: m.round, home: m.home, away: m.away, scheduled: m.day },
      '2009-08-25',
    );

  // The season, in date order: one RR1 match a division unplayed (its second), the others
  // played board by board.
  matches.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.id < b.id ? -1 : 1));
  let last = '2009-09-14';
  for (const m of matches) {
    last = m.day > last ? m.day : last;
    if (m.id === `d${m.division}-r1-1-2`) {
      fact(
        'MatchUnplayed',
        { fixtureId: m.id, offender: 'away', rule: 'LCBA-8', on: m.day },
        m.day,
      );
      continue;
    }
    fact(
      'MatchLineUpRecorded',
      {
        fixtureId: m.id,
        playedOn: m.day,
        home: squad.get(m.home)!.map((playerId) => ({ playerId })),
        away: squad.get(m.away)!.map((playerId) => ({ playerId })),
      },
      m.day,
    );
    results.set(
      m.id,
      fact(
        'MatchResultRecorded',
        { fixtureId: m.id, playedOn: m.day, result: boardsOf(next) },
        m.day,
      ),
    );
    fact(
      'ResultFormReceived',
      { fixtureId: m.id, receivedOn: addDays(m.day, 1) },
      addDays(m.day, 1),
    );
  }
  return {
    facts,
    results,
    firstMatchOf: (division) => firstMatch.get(division)!,
    afterSeason: addDays(last, 2),
  };
}

/**
 * A match's every table on every board: 24 boards in four stanzas of six; the home team NS at
 * tables 1 and 3, EW at 2 and 4. The score at each table is drawn from SCORES, so boards swing.
 */
export function boardsOf(next: () => number, boards = 24): Record<string, unknown> {
  const per = boards / 4;
  const results: Record<string, unknown>[] = [];
  for (let board = 1; board <= boards; board++) {
    for (let table = 1; table <= 4; table++) {
      results.push({
        board,
        table,
        homeSits: table % 2 ? 'NS' : 'EW',
        nsScore: SCORES[Math.floor(next() * SCORES.length)]!,
      });
    }
  }
  return {
    kind: 'boards',
    boards,
    stanzas: [0, 1, 2, 3].map((s) => Array.from({ length: per }, (_, i) => s * per + i + 1)),
    results,
    fouled: [],
    incomplete: [],
    unplayed: [],
  };
}

/**
 * The late correction: a correction of `result` (a MatchResultRecorded of the season) with
 * every table's score drawn afresh, notified and accepted on `day` (late: LCBA-10.2, accepted
 * with the secretary's reason), on the league's own corrections stream.
 */
export function lateCorrection(
  result: ProposedFact,
  correctionId: string,
  day: string,
  seed: number,
): ProposedFact[] {
  const next = prng(seed);
  const streamId = `corrections-${LEAGUE_ID}`;
  const base = { clubId: LEAGUE_ID, leagueId: LEAGUE_ID, correctionId };
  const data = result.data as Record<string, unknown>;
  return [
    {
      streamId,
      id: idFrom(next),
      type: 'CorrectionNotified',
      occurredAt: `${day}T10:00:00+00:00`,
      data: {
        ...base,
        target: { eventId: result.id, streamId: result.streamId, type: result.type },
        corrected: { ...data, result: boardsOf(next) },
        notifiedBy: 'home captain',
      },
      metadata: {},
    },
    {
      streamId,
      id: idFrom(next),
      type: 'CorrectionAccepted',
      occurredAt: `${day}T11:00:00+00:00`,
      data: {
        ...base,
        by: 'League Secretary',
        lateAcceptedBecause: 'a traveller misread, shown by both captains',
      },
      metadata: {},
    },
  ];
}
