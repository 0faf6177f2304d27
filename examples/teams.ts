/**
 * The clubs' teams events in examples/wellington-and-lochem-teams.ndjson, and Lochem's butler
 * competition after its September pairs competition (DSB-16a–d): Ngaio's Gladys Palmer
 * Teams (handicaps, a default, an adjustment) and Ed Hillary Teams (NZ-15's penalised
 * substitutes) under the nz-club preset; Lochem's viertallen (the DSB rulebook) in fixed groups (autumn 2014) and,
 * after an amendment to Swiss play, a Swiss viertallen (June 2015) whose rounds 2 to 4 are the
 * ledger's own proposals, recorded by the WL. Every name is made up. The file name sorts after
 * the other examples, so `npm start` loads it last and their ledger positions do not move; it
 * registers its own two clubs (Ngaio under nz-club, Lochem under the Groenlo rulebook), so it
 * loads alone as every example does.
 * docs/rules-nz.md and docs/rules-dsb.md tell the stories; test/examples/teams-example.test.ts
 * checks them.
 *
 * The NZ club's VP are on the old WBF 25-VP "15-15" scale, which the ledger has no table of
 * (docs/scoring.md): the scorer records them. The examples' scorer reads an illustrative table
 * (`fifteenFifteen` below, one VP a 3 IMPs to 25-5, then the loser's 5 down a VP a 5 IMPs), not
 * the WBF's.
 */
import { v5 } from 'uuid';
import { writeLines, type ExampleLine, rng, addDays } from './lines';
import { foldTeamsEvent, proposeSwissRound } from '../src/contexts/teams';
import { dsbViertallenRules } from '../src/rulesets/dsb-groenlo-2014/teams/teams-rules';
import { dsbGroenlo2014 } from '../src/rulesets/dsb-groenlo-2014/preset';
import { applyChanges } from '../src/rulebooks/rulebook';
import type { Params } from '../src/rulebooks/params';

const NAMESPACE = '6f1c9a52-3a0e-4b7e-9a59-1c1f6b0b7e11';

class File {
  readonly lines: ExampleLine[] = [];
  add(
    streamId: string,
    type: string,
    occurredAt: string,
    data: Record<string, unknown>,
    clubId: string,
  ) {
    this.lines.push({
      streamId,
      id: v5(`${streamId}/${this.lines.length}/${type}`, NAMESPACE),
      type,
      occurredAt,
      data,
      metadata: { clubId, actor: 'examples/teams.ts' },
    });
  }
}

/** The examples' 15-15 table (illustrative): VP for a margin, winner first. */
export function fifteenFifteen(margin: number): [number, number] {
  const m = Math.abs(margin);
  const win = Math.min(25, 15 + Math.ceil(m / 3));
  const lose = win < 25 ? 30 - win : Math.max(0, 5 - Math.floor((m - 30) / 5));
  return [win, Math.min(lose, win)];
}

const sideOf = (teamId: string, imps: number, vp: number, more: Record<string, unknown> = {}) => ({
  teamId,
  imps,
  vp,
  ...more,
});

/** A round robin of `teams` (even): round r's pairs, by the circle method. */
function roundRobin(teams: readonly string[]): Array<Array<[string, string]>> {
  const ring = [...teams];
  const rounds: Array<Array<[string, string]>> = [];
  for (let r = 0; r < ring.length - 1; r++) {
    const pairs: Array<[string, string]> = [];
    for (let i = 0; i < ring.length / 2; i++) pairs.push([ring[i]!, ring[ring.length - 1 - i]!]);
    rounds.push(pairs);
    ring.splice(1, 0, ring.pop()!);
  }
  return rounds;
}

/** 24 boards giving the home side `home` IMPs (odd boards) and the away side `away` (even). */
function boardByBoard(home: number, away: number) {
  let h = home;
  let a = away;
  return Array.from({ length: 24 }, (_, i) => {
    const board = i + 1;
    const homeImps = board % 2 === 1 ? Math.min(h, 10) : 0;
    const awayImps = board % 2 === 0 ? Math.min(a, 10) : 0;
    h -= homeImps;
    a -= awayImps;
    return { board, homeImps, awayImps };
  });
}

function nzMatch(
  f: File,
  stream: string,
  eventId: string,
  matchId: string,
  round: number,
  day: string,
  home: string,
  away: string,
  rand: () => number,
  subs: { home?: Record<string, unknown>; away?: Record<string, unknown> } = {},
) {
  const hi = Math.floor(rand() * 60);
  const ai = Math.floor(rand() * 60);
  const [w, l] = fifteenFifteen(hi - ai);
  const [hv, av] = hi >= ai ? [w, l] : [l, w];
  f.add(
    stream,
    'TeamsMatchRecorded',
    `${day}T22:30:00+12:00`,
    {
      eventId,
      matchId,
      round,
      playedOn: day,
      boards: 24,
      home: sideOf(home, hi, hv, subs.home),
      away: sideOf(away, ai, av, subs.away),
      // The last round's matches as the scorer gives them, board by board.
      ...(round === 3 ? { byBoard: boardByBoard(hi, ai) } : {}),
    },
    'ngaio',
  );
}

function nzTeam(
  f: File,
  stream: string,
  eventId: string,
  teamId: string,
  name: string,
  handicap?: number,
) {
  const players = [1, 2, 3, 4].map((n) => `${teamId}-${n}`);
  f.add(
    stream,
    'TeamEntered',
    '2026-03-30T19:00:00+13:00',
    {
      eventId,
      teamId,
      name,
      players,
      captain: players[0],
      ...(handicap !== undefined ? { handicap } : {}),
    },
    'ngaio',
  );
}

/** Ngaio's Gladys Palmer Teams 2026: six teams with handicaps, five sessions, a default. */
function gladysPalmer(f: File): void {
  const eventId = 'ngaio-gladys-palmer-2026';
  const stream = `teams-${eventId}`;
  const rand = rng(11);
  f.add(
    stream,
    'TeamsEventCreated',
    '2026-03-30T18:00:00+13:00',
    {
      eventId,
      clubId: 'ngaio',
      name: 'Gladys Palmer Teams 2026',
      format: 'nz-club-teams',
      series: 'gladys-palmer-teams',
      startsOn: '2026-04-06',
      sessions: 5,
      handicaps: { min: 0, max: 10 },
    },
    'ngaio',
  );
  const handicaps: Record<string, number> = {
    kowhai: 0,
    rata: 2,
    totara: 3,
    rimu: 5,
    matai: 6,
    miro: 8,
  };
  const teams = Object.keys(handicaps);
  teams.forEach((t) =>
    nzTeam(f, stream, eventId, t, `${t[0]!.toUpperCase()}${t.slice(1)}`, handicaps[t]),
  );
  roundRobin(teams).forEach((pairs, r) => {
    const round = r + 1;
    const day = addDays('2026-04-06', 7 * r);
    pairs.forEach(([home, away], i) => {
      const matchId = `r${round}-t${i + 1}`;
      if (round === 3 && (home === 'rimu' || away === 'rimu')) {
        const other = home === 'rimu' ? away : home;
        // NZ-16: Rimu's handicap lowered for session 3 (two of its reserves play); NZ-11: its
        // opponents could not raise four players and default: Rimu scores 15 + theirs − 3.
        f.add(
          stream,
          'TeamHandicapAdjusted',
          `${day}T18:30:00+12:00`,
          {
            eventId,
            session: 3,
            teams: [
              { teamId: 'rimu', handicap: 3 },
              { teamId: other, handicap: handicaps[other] },
            ],
            reason: 'Rimu fields two reserves tonight',
          },
          'ngaio',
        );
        f.add(
          stream,
          'TeamsMatchDefaulted',
          `${day}T19:30:00+12:00`,
          { eventId, matchId, round, scheduledOn: day, defaulting: other, defaultedTo: 'rimu' },
          'ngaio',
        );
        return;
      }
      nzMatch(f, stream, eventId, matchId, round, day, home, away, rand);
    });
  });
}

/** Ngaio's Ed Hillary Teams 2026: four teams, three sessions; a Tuesday player and a visitor substitute (NZ-15). */
function edHillary(f: File): void {
  const eventId = 'ngaio-ed-hillary-2026';
  const stream = `teams-${eventId}`;
  const rand = rng(12);
  f.add(
    stream,
    'TeamsEventCreated',
    '2026-05-25T18:00:00+12:00',
    {
      eventId,
      clubId: 'ngaio',
      name: 'Ed Hillary Teams 2026',
      format: 'nz-club-teams',
      series: 'ed-hillary-teams',
      startsOn: '2026-06-01',
      sessions: 3,
    },
    'ngaio',
  );
  const teams = ['kea', 'tui', 'kaka', 'weka'];
  teams.forEach((t) => nzTeam(f, stream, eventId, t, `${t[0]!.toUpperCase()}${t.slice(1)}`));
  const sub = (player: string, partner: string, more: Record<string, unknown>) => ({
    player,
    partner,
    clubMember: true,
    tuesdayPlayer: false,
    ...more,
  });
  roundRobin(teams).forEach((pairs, r) => {
    const round = r + 1;
    const day = addDays('2026-06-01', 7 * r);
    pairs.forEach(([home, away], i) => {
      const subs =
        round === 1 && i === 0
          ? {
              home: {
                players: [`${home}-1`, `${home}-2`, `${home}-3`, 'tuesday-tama'],
                substitutes: [sub('tuesday-tama', `${home}-3`, { tuesdayPlayer: true })],
              },
            }
          : round === 2 && i === 1
            ? {
                away: {
                  players: [`${away}-1`, `${away}-2`, 'visitor-vera', `${away}-4`],
                  substitutes: [sub('visitor-vera', `${away}-1`, { clubMember: false })],
                },
              }
            : {};
      nzMatch(f, stream, eventId, `r${round}-t${i + 1}`, round, day, home, away, rand, subs);
    });
  });
}

const DUTCH = [
  'Achterhoek',
  'Berkel',
  'Slinge',
  'Grolse',
  'Lievelde',
  'Beltrum',
  'Mariënvelde',
  'Zwolle',
];

function dsbTeam(f: File, stream: string, eventId: string, i: number, at: string, group?: string) {
  const teamId = `vt${i + 1}`;
  const players = [1, 2, 3, 4].map((n) => `${teamId}-${n}`);
  f.add(
    stream,
    'TeamEntered',
    at,
    { eventId, teamId, name: DUTCH[i], players, captain: players[0], ...(group ? { group } : {}) },
    'lochem',
  );
  return teamId;
}

function dsbMatch(
  f: File,
  stream: string,
  eventId: string,
  matchId: string,
  round: number,
  day: string,
  home: string,
  away: string,
  rand: () => number,
) {
  f.add(
    stream,
    'TeamsMatchRecorded',
    `${day}T23:00:00+01:00`,
    {
      eventId,
      matchId,
      round,
      playedOn: day,
      boards: 24,
      home: { teamId: home, imps: Math.floor(rand() * 70) },
      away: { teamId: away, imps: Math.floor(rand() * 70) },
    },
    'lochem',
  );
}

/** DSB-15: the autumn viertallen in two fixed groups of four (each a round robin of three rounds). */
function viertallenGroups(f: File): void {
  const eventId = 'lochem-viertallen-2014';
  const stream = `teams-${eventId}`;
  const rand = rng(14);
  f.add(
    stream,
    'TeamsEventCreated',
    '2014-10-01T20:00:00+02:00',
    {
      eventId,
      clubId: 'lochem',
      name: 'Viertallen najaar 2014',
      format: 'dsb-viertallen',
      startsOn: '2014-10-06',
      sessions: 4,
    },
    'lochem',
  );
  const groups = { A: [0, 1, 2, 3], B: [4, 5, 6, 7] };
  // Every team entered before play starts (entries close then); then each group's rounds.
  const entered = Object.entries(groups).map(([group, members]) => ({
    group,
    ids: members.map((i) => dsbTeam(f, stream, eventId, i, '2014-10-01T20:05:00+02:00', group)),
  }));
  for (const { group, ids } of entered) {
    roundRobin(ids).forEach((pairs, r) => {
      const day = addDays('2014-10-06', 7 * r);
      pairs.forEach(([h, a], i) =>
        dsbMatch(f, stream, eventId, `${group}-r${r + 1}-t${i + 1}`, r + 1, day, h, a, rand),
      );
    });
  }
}

/** DSB-15: the club plays Swiss from June 2015; seven teams, four rounds, a bye each round. */
function viertallenSwiss(f: File): void {
  f.add(
    'club-lochem',
    'RulebookAmended',
    '2015-05-20T20:00:00+02:00',
    { clubId: 'lochem', changes: { 'teams.format': 'swiss' }, effectiveFrom: '2015-06-01' },
    'lochem',
  );
  const eventId = 'lochem-viertallen-zomer-2015';
  const stream = `teams-${eventId}`;
  const rand = rng(15);
  f.add(
    stream,
    'TeamsEventCreated',
    '2015-05-25T20:00:00+02:00',
    {
      eventId,
      clubId: 'lochem',
      name: 'Zomerviertallen 2015 (Zwitsers)',
      format: 'dsb-viertallen',
      startsOn: '2015-06-01',
      sessions: 4,
    },
    'lochem',
  );
  const ids = [0, 1, 2, 3, 4, 5, 6].map((i) =>
    dsbTeam(f, stream, eventId, i, '2015-05-25T20:05:00+02:00'),
  );
  const params = applyChanges(dsbGroenlo2014.params, {
    'teams.format': 'swiss',
  }) as unknown as Params;
  for (let round = 1; round <= 4; round++) {
    const day = addDays('2015-06-01', 7 * (round - 1));
    let tables: Array<{ home: string; away: string }>;
    let bye: string | undefined;
    if (round === 1) {
      // Round 1 drawn: the WL's draw.
      tables = [
        { home: ids[3]!, away: ids[0]! },
        { home: ids[5]!, away: ids[1]! },
        { home: ids[2]!, away: ids[6]! },
      ];
      bye = ids[4];
    } else {
      const state = foldTeamsEvent(
        f.lines
          .filter((l) => l.streamId === stream)
          .map((l) => ({ type: l.type, occurredAt: l.occurredAt, data: l.data })),
      );
      const p = proposeSwissRound(state, round, dsbViertallenRules, params);
      tables = p.tables.map((t) => ({ home: t.home, away: t.away }));
      bye = p.bye;
    }
    f.add(
      stream,
      'SwissRoundPaired',
      `${day}T19:15:00+02:00`,
      { eventId, round, tables, ...(bye ? { bye } : {}) },
      'lochem',
    );
    tables.forEach((t, i) =>
      dsbMatch(f, stream, eventId, `r${round}-t${i + 1}`, round, day, t.home, t.away, rand),
    );
  }
}

/**
 * DSB-16a–d: Lochem's September pairs competition (one session, group A, its results imported)
 * and the butler session after it, played by its eight pairs and scored here from its board
 * results (STD-BUTLER): pair 8 did not come and sent no notice (−40, DSB-16c).
 */
function pairsAndButler(f: File): void {
  const rand = rng(16);
  const pairs = Array.from({ length: 8 }, (_, i) => ({
    pairId: `lp${i + 1}`,
    players: [`lp${i + 1}a`, `lp${i + 1}b`],
  }));
  for (const p of pairs)
    for (const playerId of p.players)
      f.add(
        'club-lochem-players',
        'PlayerRegistered',
        '2014-09-01T11:00:00+02:00',
        { clubId: 'lochem', playerId, name: playerId, status: 'member' },
        'lochem',
      );
  const pc = 'competition-lochem-pc-2014';
  f.add(
    pc,
    'CompetitionCreated',
    '2014-09-02T20:00:00+02:00',
    {
      competitionId: 'lochem-pc-2014',
      clubId: 'lochem',
      name: 'Parencompetitie september 2014',
      season: '2014-2015',
      kind: 'pairs-series',
      format: 'dsb-pairs',
      sessions: [{ session: 1, date: '2014-09-08', startTime: '19:30' }],
      groups: ['A'],
    },
    'lochem',
  );
  for (const p of pairs)
    f.add(
      pc,
      'PairEntered',
      '2014-09-02T20:05:00+02:00',
      { competitionId: 'lochem-pc-2014', ...p, group: 'A' },
      'lochem',
    );
  const scores = [58.33, 55.21, 53.13, 51.04, 48.96, 46.88, 44.79, 41.66];
  pairs.forEach((p, i) =>
    f.add(
      pc,
      'SessionResultRecorded',
      '2014-09-08T22:45:00+02:00',
      {
        competitionId: 'lochem-pc-2014',
        session: 1,
        pairId: p.pairId,
        players: p.players,
        percentage: scores[i],
        boardsPlayed: 24,
        group: 'A',
        source: 'imported',
      },
      'lochem',
    ),
  );
  const bt = 'competition-lochem-butler-2014';
  f.add(
    bt,
    'CompetitionCreated',
    '2014-09-09T20:00:00+02:00',
    {
      competitionId: 'lochem-butler-2014',
      clubId: 'lochem',
      name: 'Butler september 2014',
      season: '2014-2015',
      kind: 'pairs-series',
      format: 'dsb-butler',
      sessions: [{ session: 1, date: '2014-09-15', startTime: '19:30' }],
    },
    'lochem',
  );
  for (const p of pairs)
    f.add(
      bt,
      'PairEntered',
      '2014-09-09T20:05:00+02:00',
      { competitionId: 'lochem-butler-2014', ...p },
      'lochem',
    );
  // The butler session of the seven pairs who came (pair 8 absent, no notice): a Howell-like
  // field, NS 1–4 against EW 5–7 and a phantom, 8 boards, every board at every table.
  const stream = 'session-lochem-butler-2014-1';
  const at = '2014-09-15T22:30:00+02:00';
  f.add(
    stream,
    'SessionMovementRecorded',
    at,
    {
      clubId: 'lochem',
      eventId: 'butler-2014',
      date: '2014-09-15',
      session: '1',
      scoringMethod: 'BUTLER',
      winnerType: 2,
      boards: [1, 2, 3, 4, 5, 6, 7, 8],
      fields: [
        { field: 'NS', pairs: ['1', '2', '3', '4'] },
        { field: 'EW', pairs: ['5', '6', '7'] },
      ],
      expectedResults: [1, 2, 3, 4, 5, 6, 7, 8].map((board) => ({ board, results: 3 })),
    },
    'lochem',
  );
  const choices = [420, 450, -50, 110, 140, 170, -100, 620, -200, 90, 400, -420];
  let line = 0;
  for (let board = 1; board <= 8; board++) {
    const ns = [1, 2, 3, 4].filter((t) => t !== ((board - 1) % 4) + 1);
    ns.forEach((t, i) => {
      const ew = 5 + i;
      f.add(
        stream,
        'BoardResultRecorded',
        at,
        {
          board,
          line: (line++ % 3) + 1,
          nsPair: String(t),
          ewPair: String(ew),
          kind: 'played',
          nsScore: choices[Math.floor(rand() * choices.length)],
        },
        'lochem',
      );
    });
  }
  f.add(
    bt,
    'SessionScoredFromBoards',
    '2014-09-15T22:45:00+02:00',
    {
      competitionId: 'lochem-butler-2014',
      session: 1,
      sessionStreamId: stream,
      pairs: pairs.slice(0, 7).map((p, i) => ({ pairNumber: String(i + 1), pairId: p.pairId })),
    },
    'lochem',
  );
}

/** Writes the file: two clubs of their own, so that it loads alone as every example does. */
export function writeTeamsEvents(file: string): void {
  const f = new File();
  f.add(
    'club-ngaio',
    'ClubRegistered',
    '2026-03-01T10:00:00+13:00',
    { clubId: 'ngaio', name: 'Ngaio Bridge Club (example)', timeZone: 'Pacific/Auckland' },
    'ngaio',
  );
  f.add(
    'club-ngaio',
    'RulebookAdopted',
    '2026-03-01T10:05:00+13:00',
    { clubId: 'ngaio', preset: 'nz-club', overrides: {}, effectiveFrom: '2026-01-01' },
    'ngaio',
  );
  f.add(
    'club-lochem',
    'ClubRegistered',
    '2014-09-01T10:00:00+02:00',
    { clubId: 'lochem', name: 'Bridgeclub Lochem (example)', timeZone: 'Europe/Amsterdam' },
    'lochem',
  );
  // Lochem plays by the Groenlo rulebook (the preset is any DSB club's to adopt).
  f.add(
    'club-lochem',
    'RulebookAdopted',
    '2014-09-01T10:05:00+02:00',
    { clubId: 'lochem', preset: 'dsb-groenlo-2014', overrides: {}, effectiveFrom: '2014-09-01' },
    'lochem',
  );
  pairsAndButler(f);
  gladysPalmer(f);
  edHillary(f);
  viertallenGroups(f);
  viertallenSwiss(f);
  writeLines(file, f.lines);
}
