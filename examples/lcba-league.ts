/**
 * The example league season, examples/uk-lcba-league-2009-10.ndjson. A made-up county
 * association (club `lcba`, rulebook lcba-league-2009) runs the league `lcba-2009-10`: Division
 * 1 of eight teams and Division 5 of six, Divisions 2–4 formed but left empty. Every name is
 * made up; ids are name-based and the numbers seeded, so the file is the same every run, and
 * every fact passes the league decider. docs/rules-lcba.md ("The example season") tells the
 * stories and test/examples/lcba-example.test.ts asserts them.
 *
 * Division 5 (RR1 autumn, RR2 winter, RR3 in March, LCBA-A):
 * - Kestrel A and Larkspur A elect RR3 by 28 August (A2) and play it; every other pair is a
 *   virtual RR3 match (A4, A5).
 * - Harrowgate B does not turn up at Kestrel A in RR1 (8.1, 8.2): the default's score moves as
 *   the season is played.
 * - Harrowgate B's Hugo Quill plays his seventh match for Harrowgate A (Division 1) on 10
 *   December: barred from Harrowgate B from the next day (4.6), he plays for it against
 *   Larkspur A in RR2, which Harrowgate B loses by default (4.7, 8.1 e).
 * - Harrowgate B's result forms: one received 20 days after its match (6.8: a warning), one 17
 *   days after (the second offence: ½ VP suspended).
 * - Board 9 of Kestrel A v Juniper A is fouled at table 2, by Juniper A (FOUL: +3 to Kestrel A).
 * - Juniper A, Marlow A and Nettlefield A finish level on VPs and level on VPs in their matches
 *   against each other (3.1.1 a); the IMPs in those matches split them (b).
 * Division 1 (a double round robin every other Thursday): Glenbrook A defaults eight of its
 *   fourteen fixtures: every score against it is cancelled from its eighth (8.4). Most matches
 *   are recorded table by table (four tables a board, LCBA-6.7), the rest from the captains'
 *   result forms.
 */
import { join } from 'node:path';
import { v5 } from 'uuid';
import { addDays, rng, writeLines, type ExampleLine } from './lines';

const NAMESPACE = '3b9d2c64-7e1f-4a53-8c0d-52f1e8a4b907';
export const LEAGUE_ID = 'lcba-2009-10';
const CLUB = 'lcba';
const LEAGUE = `league-${LEAGUE_ID}`;
export const LCBA_EXAMPLE_FILE = 'uk-lcba-league-2009-10.ndjson';

/** A club time in Europe/London (British Summer Time to 25 October 2009 and from 28 March 2010). */
const london = (date: string, time: string) =>
  `${date}T${time}:00${date < '2009-10-25' || date >= '2010-03-28' ? '+01:00' : '+00:00'}`;

class Ledger {
  readonly lines: ExampleLine[] = [];

  add(type: string, day: string, time: string, data: Record<string, unknown>, stream = LEAGUE) {
    const id = v5(`${stream}/${this.lines.length}/${type}`, NAMESPACE);
    this.lines.push({
      streamId: stream,
      id,
      type,
      occurredAt: london(day, time),
      data: stream === LEAGUE ? { leagueId: LEAGUE_ID, ...data } : data,
      metadata: { clubId: CLUB, actor: 'examples/lcba-league.ts' },
    });
  }
}

interface Team {
  id: string;
  club: string;
  letter: string;
  name: string;
  captain: string;
  venue: string;
  division: 1 | 5;
  /** Player ids of the team's squad. */
  squad: string[];
  strength: number;
}

const FIRST = [
  'Ada',
  'Basil',
  'Cora',
  'Desmond',
  'Edith',
  'Felix',
  'Gwen',
  'Hector',
  'Iris',
  'Jasper',
  'Kitty',
  'Lionel',
  'Maud',
  'Nigel',
  'Olive',
  'Percy',
  'Rosa',
  'Sidney',
  'Thea',
  'Victor',
  'Winifred',
  'Alfred',
  'Beryl',
  'Cecil',
  'Dora',
  'Ernest',
  'Flora',
  'Gilbert',
  'Hilda',
  'Ivor',
];
const LAST = [
  'Ashdown',
  'Bellamy',
  'Carrow',
  'Dimmock',
  'Eversley',
  'Fenwick',
  'Gatley',
  'Hollins',
  'Ingram',
  'Jessop',
  'Kettle',
  'Lumley',
  'Merriman',
  'Nettleton',
  'Oakes',
  'Pilbeam',
  'Quill',
  'Rudd',
  'Sallis',
  'Tanner',
  'Upjohn',
  'Varley',
  'Wadlow',
  'Yeoman',
];

/** Clubs, their short ids for players, and their teams (division, letter, strength). */
const CLUBS: Array<{
  id: string;
  short: string;
  name: string;
  teams: Array<[1 | 5, string, number]>;
}> = [
  { id: 'ashcombe', short: 'ash', name: 'Ashcombe', teams: [[1, 'A', 3]] },
  { id: 'brindley', short: 'bri', name: 'Brindley', teams: [[1, 'A', 2]] },
  { id: 'copperfield', short: 'cop', name: 'Copperfield', teams: [[1, 'A', 1]] },
  { id: 'dunmore', short: 'dun', name: 'Dunmore', teams: [[1, 'A', 0]] },
  { id: 'elmstead', short: 'elm', name: 'Elmstead', teams: [[1, 'A', 0]] },
  { id: 'fairhaven', short: 'fai', name: 'Fairhaven', teams: [[1, 'A', -1]] },
  { id: 'glenbrook', short: 'gle', name: 'Glenbrook', teams: [[1, 'A', -2]] },
  {
    id: 'harrowgate',
    short: 'hg',
    name: 'Harrowgate',
    teams: [
      [1, 'A', -1],
      [5, 'B', 0],
    ],
  },
  { id: 'juniper', short: 'jun', name: 'Juniper', teams: [[5, 'A', 0]] },
  { id: 'kestrel', short: 'kes', name: 'Kestrel', teams: [[5, 'A', 0]] },
  { id: 'larkspur', short: 'lar', name: 'Larkspur', teams: [[5, 'A', 0]] },
  { id: 'marlow', short: 'mar', name: 'Marlow', teams: [[5, 'A', 0]] },
  { id: 'nettlefield', short: 'net', name: 'Nettlefield', teams: [[5, 'A', 0]] },
];

/** The circle method: rounds of pairs [home, away] for an even number of teams. */
function roundRobin(ids: string[]): Array<Array<[string, string]>> {
  const n = ids.length;
  const ring = ids.slice(1);
  return Array.from({ length: n - 1 }, (_, r) => {
    const order = [ids[0]!, ...ring.map((_, i) => ring[(i + r) % (n - 1)]!)];
    return Array.from({ length: n / 2 }, (_, i): [string, string] => {
      const [a, b] = [order[i]!, order[n - 1 - i]!];
      // Home and away balanced: the fixed team alternates, the others by their place.
      return (i === 0 ? r % 2 === 0 : i % 2 === 1) ? [a, b] : [b, a];
    });
  });
}

// NS scores from a poor result for North-South to a good one: a board's "par" and the tables'
// results around it.
const LADDER = [
  -1430, -800, -650, -620, -500, -420, -300, -200, -140, -110, -100, -50, 50, 90, 110, 140, 170,
  200, 400, 420, 450, 620, 650, 1100, 1430,
];
const STANZAS = [0, 1, 2, 3].map((s) => Array.from({ length: 6 }, (_, i) => s * 6 + i + 1));

type TableNo = 1 | 2 | 3 | 4;
/** The home pair sits NS at tables 1 and 3, EW at 2 and 4 (tables 1–2 and 3–4 share boards). */
const homeSits = (t: TableNo) => (t % 2 === 1 ? 'NS' : 'EW');

/**
 * Every table's score on every board: about half the boards flat, the others a ladder step
 * either way at some tables, and one table's result a step the stronger team's way more often
 * the more `edge` (the difference in strength).
 */
function playedBoards(rand: () => number, edge: number) {
  const results = [];
  for (let board = 1; board <= 24; board++) {
    const par = 3 + Math.floor(rand() * (LADDER.length - 6));
    const flat = rand() < 0.45;
    const favoured = rand() < Math.min(0.4, 0.08 * Math.abs(edge)) ? 1 + Math.floor(rand() * 4) : 0;
    for (const table of [1, 2, 3, 4] as TableNo[]) {
      const r = rand();
      let step = flat ? 0 : r < 0.25 ? -1 : r < 0.75 ? 0 : 1;
      // The stronger team's way: up for a home pair sitting NS, down for one sitting EW.
      if (table === favoured) step += Math.sign(edge) * (homeSits(table) === 'NS' ? 1 : -1);
      const ns = LADDER[Math.max(0, Math.min(LADDER.length - 1, par + step))]!;
      results.push({ board, table, homeSits: homeSits(table), nsScore: ns });
    }
  }
  return {
    kind: 'boards',
    boards: 24,
    stanzas: STANZAS,
    results,
    fouled: [],
    incomplete: [],
    unplayed: [],
  };
}

/** The captains' result form: net IMPs a board to the home team adding up to `net`. */
function resultForm(rand: () => number, net: number) {
  const imps = Array.from({ length: 24 }, () =>
    rand() < 0.5 ? 0 : Math.round((rand() - 0.5) * 14),
  );
  let diff = net - imps.reduce((a, b) => a + b, 0);
  // Spread the difference over the boards a few IMPs at a time (never past ±13 on one).
  for (let i = 0; diff !== 0; i = (i + 5) % 24) {
    const step = Math.max(-3, Math.min(3, diff));
    const next = imps[i]! + step;
    if (Math.abs(next) > 13) continue;
    imps[i] = next;
    diff -= step;
  }
  return {
    kind: 'result-form',
    boards: 24,
    homeImps: Object.fromEntries(imps.map((v, i) => [String(i + 1), v])),
  };
}

/**
 * Kestrel A v Juniper A (RR1), table by table: every board flat (the same score at the four
 * tables) but three. Board 9 is fouled at table 2 by Juniper A: table 1's score is cancelled
 * and the board is IMPed on tables 3 and 4 (flat: 0), then +3 to Kestrel A (FOUL). Board 14:
 * 3♠ made by Kestrel A (140) against 3♠ one down (−50) at the other tables: +190 (5 IMPs);
 * board 20 the same the other way (−5); board 22: 3♠ made (140) against 50 at the other tables:
 * Kestrel +90 (3 IMPs). Net: Kestrel A +6 IMPs, 12-8.
 */
function fouledMatch(rand: () => number, kestrelHome: boolean) {
  const sign = kestrelHome ? 1 : -1;
  // NS scores at tables 1–4 for a home net aggregate of `agg` on a board whose other tables
  // scored `par`: the swing at table 1 (home NS) when it is the home team's, else at table 2.
  const swung = (par: number, agg: number) =>
    agg > 0 ? [par + agg, par, par, par] : [par, par - agg, par, par];
  const results: Array<{ board: number; table: TableNo; homeSits: string; nsScore: number }> = [];
  for (let board = 1; board <= 24; board++) {
    const par = LADDER[3 + Math.floor(rand() * (LADDER.length - 6))]!;
    const scores =
      board === 14
        ? swung(-50, 190 * sign)
        : board === 20
          ? swung(-50, -190 * sign)
          : board === 22
            ? swung(50, 90 * sign)
            : board === 9
              ? [620, 140, 420, 420]
              : [par, par, par, par];
    scores.forEach((ns, i) => {
      const table = (i + 1) as TableNo;
      results.push({ board, table, homeSits: homeSits(table), nsScore: ns });
    });
  }
  return {
    kind: 'boards',
    boards: 24,
    stanzas: STANZAS,
    results,
    fouled: [{ board: 9, table: 2, causedBy: kestrelHome ? 'away' : 'home' }],
    incomplete: [],
    unplayed: [],
  };
}

/** Harrowgate's player barred from its B team after seven matches for its A team (LCBA-4.6). */
const QUILL = 'hg-09';

/** A name-based player id and a made-up name for player `i` of a club. */
function squadOf(short: string, clubIndex: number, from: number, n: number) {
  return Array.from({ length: n }, (_, k) => {
    const i = from + k;
    const id = `${short}-${String(i).padStart(2, '0')}`;
    if (id === QUILL) return { id, name: 'Hugo Quill' };
    const name = `${FIRST[(clubIndex * 7 + i * 3) % FIRST.length]} ${LAST[(clubIndex * 5 + i * 11) % LAST.length]}`;
    return { id, name };
  });
}

/**
 * Division 5's results: the IMPs of the first team named, RR1 then RR2 (the fixture's home is
 * the round robin's). Juniper (X), Marlow (Y) and Nettlefield (Z) against each other: 13-7,
 * 14-6 and 15-5 wins and losses whose IMPs add up to +3, +3 and +2 (virtual: +1, 10-10), so
 * each has 60 VP in those matches (3.1.1 a level) and +1, 0, −1 IMPs there (b splits them).
 * Against the other three each of them has 102 VP (33 + 27 + 42 in some order).
 */
const DIV5: Array<[string, string, number | 'default', number | 'barred']> = [
  ['juniper-a', 'marlow-a', 12, -9],
  ['marlow-a', 'nettlefield-a', 17, -14],
  ['nettlefield-a', 'juniper-a', 22, -20],
  ['juniper-a', 'kestrel-a', -6, 15],
  ['juniper-a', 'larkspur-a', 3, -10],
  ['juniper-a', 'harrowgate-b', 20, 9],
  ['marlow-a', 'larkspur-a', -5, 14],
  ['marlow-a', 'kestrel-a', 4, -9],
  ['marlow-a', 'harrowgate-b', 19, 10],
  ['nettlefield-a', 'harrowgate-b', -7, 16],
  ['nettlefield-a', 'kestrel-a', 21, 9],
  ['nettlefield-a', 'larkspur-a', 4, -11],
  ['kestrel-a', 'larkspur-a', 2, -13],
  ['kestrel-a', 'harrowgate-b', 'default', 8],
  ['larkspur-a', 'harrowgate-b', 14, 'barred'],
];

const DIV5_RR1 = ['2009-09-23', '2009-10-07', '2009-10-21', '2009-11-04', '2009-11-18'];
const DIV5_RR2 = ['2009-12-02', '2010-01-06', '2010-01-20', '2010-02-03', '2010-02-17'];
const DIV5_RR3 = '2010-03-10';
const DIV1_DATES = Array.from({ length: 14 }, (_, i) =>
  addDays('2009-09-17', 14 * i + (i >= 7 ? 14 : 0)),
);
/** Glenbrook A's fixtures it defaults (Division 1 rounds, 1-based): eight of fourteen. */
const GLENBROOK_DEFAULTS = [3, 5, 6, 8, 9, 11, 12, 14];
/** Division 1 rounds whose results are the captains' result forms (the rest table by table). */
const FORM_ROUNDS = [4, 10];

export function lcbaLeagueSeason(): ExampleLine[] {
  const s = new Ledger();
  const clubStream = `club-${CLUB}`;
  s.add(
    'ClubRegistered',
    '2009-06-20',
    '10:00',
    {
      clubId: CLUB,
      name: 'Larkmoor County Bridge Association (example)',
      timeZone: 'Europe/London',
    },
    clubStream,
  );
  s.add(
    'RulebookAdopted',
    '2009-06-20',
    '10:05',
    { clubId: CLUB, preset: 'lcba-league-2009', overrides: {}, effectiveFrom: '2009-07-01' },
    clubStream,
  );
  s.add('LeagueRegistered', '2009-06-20', '10:10', {
    clubId: CLUB,
    name: 'Larkmoor County League 2009-10 (example)',
    season: '2009-10',
    seasonStart: '2009-07-01',
    seasonEnd: '2010-05-31',
  });
  for (const division of [1, 2, 3, 4, 5]) {
    s.add('DivisionFormed', '2009-06-20', '10:15', { division, name: `Division ${division}` });
  }

  const teams: Team[] = [];
  const roster: Array<{ id: string; name: string }> = [];
  CLUBS.forEach((c, ci) => {
    c.teams.forEach(([division, letter, strength], ti) => {
      const squad = squadOf(c.short, ci, ti * 10 + 1, 10);
      roster.push(...squad);
      const captain = squad[0]!.name;
      teams.push({
        id: `${c.id}-${letter.toLowerCase()}`,
        club: c.id,
        letter,
        name: `${c.name} ${letter}`,
        captain,
        venue: `${c.name} Bridge Club`,
        division,
        squad: squad.map((p) => p.id),
        strength,
      });
    });
  });
  const team = (id: string) => teams.find((t) => t.id === id)!;
  for (const t of teams) {
    s.add('LeagueTeamEntered', '2009-07-20', '09:00', {
      teamId: t.id,
      club: t.club,
      letter: t.letter,
      name: t.name,
      captain: t.captain,
      venue: t.venue,
      enteredOn: '2009-07-20',
    });
  }
  for (const t of teams)
    s.add('TeamPlaced', '2009-08-05', '18:00', { teamId: t.id, division: t.division });
  s.add('LeagueStructurePublished', '2009-08-10', '12:00', {
    publishedAt: london('2009-08-10', '12:00'),
    by: 'League Secretary',
  });
  // LCBA-A2: Kestrel A and Larkspur A elect RR3 in time; Marlow A declines; the others say nothing.
  s.add('Rr3ElectionMade', '2009-08-20', '19:00', {
    teamId: 'kestrel-a',
    elects: true,
    informedOn: '2009-08-20',
  });
  s.add('Rr3ElectionMade', '2009-08-26', '19:00', {
    teamId: 'larkspur-a',
    elects: true,
    informedOn: '2009-08-26',
  });
  s.add('Rr3ElectionMade', '2009-08-27', '19:00', {
    teamId: 'marlow-a',
    elects: false,
    informedOn: '2009-08-27',
  });

  for (const p of roster)
    s.add('LeaguePlayerRegistered', '2009-08-12', '09:00', { playerId: p.id, name: p.name });
  for (const p of roster)
    s.add('SubscriptionPaid', '2009-08-31', '09:00', { playerId: p.id, paidOn: '2009-08-31' });
  // LCBA-4.4: Harrowgate nominates eight for its A team (Division 1); B, its lowest, none.
  // hg-09 (Hugo Quill) and hg-10 are in A's squad but not nominated.
  s.add('TeamNominated', '2009-09-01', '12:00', {
    teamId: 'harrowgate-a',
    players: team('harrowgate-a').squad.slice(0, 8),
    receivedOn: '2009-09-01',
  });

  // Fixtures: Division 1 a double round robin (RR2 the reverse of RR1); Division 5 RR1, RR2
  // and the one real RR3 match.
  const div1 = teams.filter((t) => t.division === 1).map((t) => t.id);
  const rr1 = roundRobin(div1);
  const div1Rounds = [...rr1, ...rr1.map((r) => r.map(([h, a]) => [a, h] as [string, string]))];
  const div1Fixtures = div1Rounds.flatMap((pairs, r) =>
    pairs.map(([home, away]) => ({
      id: `d1-r${String(r + 1).padStart(2, '0')}-${home}-${away}`,
      round: (r < 7 ? 1 : 2) as 1 | 2,
      home,
      away,
      date: DIV1_DATES[r]!,
      roundNo: r + 1,
    })),
  );
  const div5 = [
    'kestrel-a',
    'larkspur-a',
    'juniper-a',
    'marlow-a',
    'nettlefield-a',
    'harrowgate-b',
  ];
  const rr5 = roundRobin(div5);
  const div5Fixtures = [
    ...rr5.flatMap((pairs, r) =>
      pairs.map(([home, away]) => ({ home, away, round: 1 as const, date: DIV5_RR1[r]! })),
    ),
    ...rr5.flatMap((pairs, r) =>
      pairs.map(([home, away]) => ({
        home: away,
        away: home,
        round: 2 as const,
        date: DIV5_RR2[r]!,
      })),
    ),
    { home: 'larkspur-a', away: 'kestrel-a', round: 3 as const, date: DIV5_RR3 },
  ].map((f) => ({ ...f, id: `d5-rr${f.round}-${f.home}-${f.away}` }));
  for (const f of div1Fixtures)
    s.add('FixtureScheduled', '2009-08-14', '12:00', {
      fixtureId: f.id,
      round: f.round,
      home: f.home,
      away: f.away,
      scheduled: f.date,
    });
  for (const f of div5Fixtures)
    s.add('FixtureScheduled', '2009-08-14', '12:00', {
      fixtureId: f.id,
      round: f.round,
      home: f.home,
      away: f.away,
      scheduled: f.date,
    });

  // Every day's facts in date order (Division 1 on Thursdays, Division 5 on Wednesdays; the
  // forms as they arrive), in the order planned on one day.
  type Day = { date: string; seq: number; write: () => void };
  const days: Day[] = [];
  let seq = 0;
  const plan = (date: string, write: () => void) => days.push({ date, seq: seq++, write });
  let quillForA = 0;
  const rand1 = rng(200910);
  const rand5 = rng(200905);
  const lineUpOf = (t: Team, date: string, extra?: string) => {
    // Eight of the squad, turn by turn (never the same eight twice running).
    const k = [...DIV1_DATES, ...DIV5_RR1, ...DIV5_RR2, DIV5_RR3].indexOf(date) % 10;
    let eight = Array.from({ length: 8 }, (_, i) => t.squad[(k + i) % 10]!);
    if (t.id === 'harrowgate-a') {
      // Nominees mostly, and Hugo Quill (hg-09) in each of A's first seven matches (LCBA-4.6).
      eight = t.squad.slice(0, 8).filter((_, i) => i !== k % 8);
      eight.push(quillForA < 7 ? 'hg-09' : 'hg-10');
      if (quillForA < 7) quillForA++;
    }
    if (extra && !eight.includes(extra)) eight = [...eight.slice(0, 7), extra];
    return eight.map((playerId) => ({ playerId }));
  };
  const formDay = (date: string, fixtureId: string, late = 0) => {
    const on = addDays(date, late || 1 + (fixtureId.length % 3));
    plan(on, () => s.add('ResultFormReceived', on, '10:00', { fixtureId, receivedOn: on }));
  };

  for (const f of div1Fixtures) {
    plan(f.date, () => {
      const glen = f.home === 'glenbrook-a' || f.away === 'glenbrook-a';
      if (glen && GLENBROOK_DEFAULTS.includes(f.roundNo)) {
        s.add('MatchUnplayed', f.date, '21:00', {
          fixtureId: f.id,
          offender: f.home === 'glenbrook-a' ? 'home' : 'away',
          rule: 'LCBA-8',
          on: f.date,
          reason: 'Glenbrook A could not raise a team',
        });
        return;
      }
      const [home, away] = [team(f.home), team(f.away)];
      s.add('MatchLineUpRecorded', f.date, '19:15', {
        fixtureId: f.id,
        playedOn: f.date,
        home: lineUpOf(home, f.date),
        away: lineUpOf(away, f.date),
      });
      const edge = home.strength - away.strength;
      const net = Math.round((home.strength - away.strength) * 6 + (rand1() - 0.5) * 40);
      s.add('MatchResultRecorded', f.date, '23:00', {
        fixtureId: f.id,
        playedOn: f.date,
        result: FORM_ROUNDS.includes(f.roundNo)
          ? resultForm(rand1, net)
          : playedBoards(rand1, edge),
      });
      formDay(f.date, f.id);
    });
  }

  const late = new Map([
    // LCBA-6.8: Harrowgate B's forms: the first 20 days late (a warning), the second 17 (½ VP
    // suspended). Filled below with Harrowgate B's first two home matches.
  ]) as Map<string, number>;
  const hgbHome = div5Fixtures.filter((f) => f.home === 'harrowgate-b' && f.round !== 3);
  late.set(hgbHome[0]!.id, 20);
  late.set(hgbHome[1]!.id, 17);

  let quillForB = 0;
  for (const f of div5Fixtures) {
    plan(f.date, () => {
      const [home, away] = [team(f.home), team(f.away)];
      const row = DIV5.find(
        ([a, b]) => (a === f.home && b === f.away) || (a === f.away && b === f.home),
      );
      let imps: number | 'default' | 'barred';
      if (f.round === 3)
        imps = 1; // Larkspur A v Kestrel A, RR3: +1, 10-10.
      else {
        const [a, , first, second] = row!;
        const own = f.round === 1 ? first : second;
        imps = typeof own === 'number' ? (a === f.home ? own : -own) : own;
      }
      if (imps === 'default') {
        s.add('MatchUnplayed', f.date, '20:30', {
          fixtureId: f.id,
          offender: f.home === 'harrowgate-b' ? 'home' : 'away',
          rule: 'LCBA-8',
          on: f.date,
          reason: 'Harrowgate B did not arrive; no rearrangement was sought',
        });
        return;
      }
      // Hugo Quill plays for Harrowgate B once in RR1 (in time) and once in RR2 (barred).
      const hgb = f.home === 'harrowgate-b' || f.away === 'harrowgate-b';
      const quill =
        hgb && ((f.round === 1 && quillForB++ === 0) || imps === 'barred') ? 'hg-09' : undefined;
      s.add('MatchLineUpRecorded', f.date, '19:15', {
        fixtureId: f.id,
        playedOn: f.date,
        home: lineUpOf(home, f.date, home.id === 'harrowgate-b' ? quill : undefined),
        away: lineUpOf(away, f.date, away.id === 'harrowgate-b' ? quill : undefined),
      });
      const fouled = row && row[0] === 'juniper-a' && row[1] === 'kestrel-a' && f.round === 1;
      // The barred match was played: Larkspur A won it by 14 IMPs (14-6) at the table.
      const net = imps === 'barred' ? (f.home === 'larkspur-a' ? 14 : -14) : imps;
      s.add('MatchResultRecorded', f.date, '23:00', {
        fixtureId: f.id,
        playedOn: f.date,
        result: fouled ? fouledMatch(rand5, f.home === 'kestrel-a') : resultForm(rand5, net),
      });
      formDay(f.date, f.id, late.get(f.id) ?? 0);
    });
  }

  // Earliest day first; on one day, in the order planned.
  while (days.length) {
    days.sort((a, b) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.seq - b.seq));
    days.shift()!.write();
  }
  return s.lines;
}

/** Writes examples/uk-lcba-league-2009-10.ndjson (called from examples/generate.ts). */
export function writeLcbaLeague(dir: string): void {
  const lines = lcbaLeagueSeason();
  writeLines(join(dir, LCBA_EXAMPLE_FILE), lines);
}
