/**
 * Writes the example seasons in examples/*.ndjson: realistic, synthetic (every name made up),
 * deterministic (seeded numbers, name-based ids), and valid against the catalogue and the
 * deciders. Run: npx tsc -p tsconfig.json --outDir /tmp/ex && node /tmp/ex/examples/generate.js
 * (or `npm run examples`). The files are committed; `npm start` loads them into an empty store.
 */
import '../src/contexts/built-in';
import '../src/rulesets';
import { join } from 'node:path';
import { v5 } from 'uuid';
import { competitions } from '../src/contexts/pairs/projection';
import { nextGroupsOf } from '../src/rulesets/dsb-groenlo-2014/next-groups';
import type { RecordedEvent } from '../src/kernel/envelope';
import { addDays, rng, writeLines, type ExampleLine } from './lines';
import { writeLcbaLeague } from './lcba-league';
import { writePinnerYear } from './pinner';
import { writeTeamsEvents } from './teams';

const NAMESPACE = '6f1c9a52-3a0e-4b7e-9a59-1c1f6b0b7e11';

/** Facts the examples keep at an older schema version, as a ledger written before would. */
const OLDER_VERSIONS: Readonly<Record<string, number>> = { PlayerRegistered: 2 };

class Season {
  readonly lines: ExampleLine[] = [];
  constructor(
    readonly clubId: string,
    readonly offset: string,
  ) {}

  add(streamId: string, type: string, occurredAt: string, data: Record<string, unknown>): string {
    const id = v5(`${streamId}/${this.lines.length}/${type}`, NAMESPACE);
    this.lines.push({
      streamId,
      id,
      type,
      // The examples' roster is PlayerRegistered v2 (the club in metadata.clubId): upcast on read.
      ...(OLDER_VERSIONS[type] ? { schemaVersion: OLDER_VERSIONS[type] } : {}),
      occurredAt,
      data,
      metadata: { clubId: this.clubId, actor: 'examples/generate.ts' },
    });
    return id;
  }

  at(date: string, time: string, offset = this.offset) {
    return `${date}T${time}:00${offset}`;
  }

  write(file: string) {
    writeLines(file, this.lines);
  }
}

/** Percentages for a field that average 50, two decimals, spread like a club session. */
function sessionScores(rand: () => number, n: number, strength: number[]): number[] {
  const raw = strength.map((s) => s + (rand() - 0.5) * 16);
  const mean = raw.reduce((a, b) => a + b, 0) / n;
  return raw.map((x) => Math.round((x - mean + 50) * 100) / 100);
}

/** NZ: a ten-session Tuesday Club Pairs with substitutes, a non-member partner and a pair over the NZ-3 limit. */
function nzClubPairs(): Season {
  const s = new Season('karori', '+13:00');
  const rand = rng(2026);
  s.add('club-karori', 'ClubRegistered', s.at('2026-01-05', '10:00'), {
    clubId: 'karori',
    name: 'Karori Bridge Club (example)',
    timeZone: 'Pacific/Auckland',
  });
  s.add('club-karori', 'RulebookAdopted', s.at('2026-01-05', '10:05'), {
    clubId: 'karori',
    preset: 'nz-club',
    overrides: {},
    effectiveFrom: '2026-01-01',
  });
  const first = [
    'Aroha',
    'Ben',
    'Carys',
    'Dev',
    'Ella',
    'Finn',
    'Grace',
    'Hemi',
    'Isla',
    'Jack',
    'Kiri',
    'Liam',
    'Mere',
    'Noah',
    'Olive',
    'Paora',
    'Quinn',
    'Rangi',
    'Sione',
    'Tui',
    'Uma',
    'Vic',
    'Wiremu',
    'Xena',
  ];
  const players = first.map((name, i) => ({
    id: `nz-${name.toLowerCase()}`,
    name: `${name} Example`,
    night: i < 20 ? 'tuesday' : i < 22 ? 'monday' : 'wednesday',
  }));
  for (const p of players) {
    s.add('club-karori-players', 'PlayerRegistered', s.at('2026-01-06', '09:00'), {
      playerId: p.id,
      name: p.name,
      status: 'member',
      homeNight: p.night,
      rank: 'intermediate',
    });
  }
  const subs = [
    { id: 'nz-sam', name: 'Sam Visitor', status: 'visitor' },
    { id: 'nz-tom', name: 'Tom Guest', status: 'non-member' },
    { id: 'nz-una', name: 'Una Nominee', status: 'nominee' },
    { id: 'nz-wes', name: 'Wes Monday', status: 'member', homeNight: 'monday' },
  ];
  for (const p of subs)
    s.add('club-karori-players', 'PlayerRegistered', s.at('2026-01-06', '09:00'), {
      playerId: p.id,
      name: p.name,
      status: p.status,
      ...(p.homeNight ? { homeNight: p.homeNight } : {}),
    });

  const C = 'club-pairs-2026';
  const stream = `competition-${C}`;
  const dates = Array.from({ length: 10 }, (_, i) => addDays('2026-02-03', 7 * i));
  s.add(stream, 'CompetitionCreated', s.at('2026-01-20', '12:00'), {
    competitionId: C,
    clubId: 'karori',
    name: 'Club Pairs 2026 (Tuesday)',
    season: '2026',
    kind: 'pairs-series',
    format: 'club-pairs',
    night: 'tuesday',
    sessions: dates.map((date, i) => ({ session: i + 1, date, startTime: '19:30' })),
  });
  const pairs = Array.from({ length: 10 }, (_, i) => ({
    id: `nz-p${i + 1}`,
    players: [players[2 * i].id, players[2 * i + 1].id],
  }));
  for (const p of pairs)
    s.add(stream, 'PairEntered', s.at('2026-02-03', '19:00'), {
      competitionId: C,
      pairId: p.id,
      players: p.players,
    });
  const strength = pairs.map((_, i) => 6 - i * 1.2);
  // Who is away when: [pair index, session, absent member index, substitute id].
  const substitutes: Array<[number, number, number, string]> = [
    [2, 3, 1, 'nz-una'], // a nominee stands in (NZ-7: counts as a member)
    [2, 7, 1, 'nz-wes'],
    [4, 2, 0, 'nz-tom'], // a non-club member partner: NZ-5 one-board penalty
    // p8 over the NZ-3 limit: five substitute sessions out of ten (limit 4).
    [7, 1, 1, 'nz-sam'],
    [7, 3, 1, 'nz-wes'],
    [7, 5, 1, 'nz-una'],
    [7, 8, 1, 'nz-wes'],
    [7, 9, 1, 'nz-una'],
  ];
  const missed = new Set(['5:6', '9:10']); // pair index:session not played at all
  // Each result recorded: its event id and data, for the corrections that name it.
  const recorded = new Map<string, { id: string; data: Record<string, unknown> }>();
  const corrections = 'corrections-karori';
  dates.forEach((date, i) => {
    const session = i + 1;
    const boards = session === 4 ? 25 : 24;
    const start = s.at(date, '19:30');
    s.add(stream, 'SessionHeld', start, { competitionId: C, session, date, boards });
    const playing = pairs.map((_, k) => k).filter((k) => !missed.has(`${k}:${session}`));
    const scores = sessionScores(
      rand,
      playing.length,
      playing.map((k) => strength[k]),
    );
    playing.forEach((k, j) => {
      const p = pairs[k];
      const sub = substitutes.find(([pk, ss]) => pk === k && ss === session);
      const sitting = [...p.players];
      if (sub) {
        s.add(stream, 'SubstitutePlayed', start, {
          competitionId: C,
          session,
          pairId: p.id,
          absentPlayerId: p.players[sub[2]],
          substituteId: sub[3],
        });
        sitting[sub[2]] = sub[3];
      }
      const result = {
        competitionId: C,
        session,
        pairId: p.id,
        players: sitting,
        percentage: scores[j],
        boardsPlayed: boards,
        source: 'imported',
      };
      const id = s.add(stream, 'SessionResultRecorded', s.at(date, '22:45'), result);
      recorded.set(`${session}:${p.id}`, { id, data: result });
    });
  });
  // The corrections are appended after the season's results, so that every fact before them
  // keeps its id (and its position) in the example ledger.
  // NZ-13: a correction of session 2 (10 February) notified on 18 February, after the start
  // of play of the following Tuesday (17 February, 19:30): recorded, and rejected as late.
  const target = recorded.get('2:nz-p5')!;
  s.add(corrections, 'CorrectionNotified', s.at('2026-02-18', '09:15'), {
    clubId: 'karori',
    correctionId: 'karori-2026-c1',
    target: { eventId: target.id, streamId: stream, type: 'SessionResultRecorded' },
    corrected: { ...target.data, percentage: 54.1 },
    notifiedBy: 'nz-isla',
    reason: 'board 17 scored as 4S making, should be 4S+1',
  });
  s.add(corrections, 'CorrectionRejected', s.at('2026-02-19', '12:00'), {
    clubId: 'karori',
    correctionId: 'karori-2026-c1',
    by: 'director',
    reason: 'late (NZ-13): notified after the start of play on Tuesday 17 February',
    rule: 'NZ-13',
  });
  // NZ-13: a correction of the last session, notified within the week and accepted: a
  // traveller of p2's was entered with NS and EW swapped, and the session re-scored gives p2
  // 7.5 more, enough to take the event from p1. (NZ standard time from 5 April: +12:00.)
  const last = recorded.get('10:nz-p2')!;
  s.add(corrections, 'CorrectionNotified', s.at('2026-04-09', '10:30', '+12:00'), {
    clubId: 'karori',
    correctionId: 'karori-2026-c2',
    target: { eventId: last.id, streamId: stream, type: 'SessionResultRecorded' },
    corrected: {
      ...last.data,
      percentage: Math.round(((last.data.percentage as number) + 7.5) * 100) / 100,
    },
    notifiedBy: 'nz-carys',
    reason: 'board 9: NS and EW entered the wrong way round on the traveller',
  });
  s.add(corrections, 'CorrectionAccepted', s.at('2026-04-10', '18:00', '+12:00'), {
    clubId: 'karori',
    correctionId: 'karori-2026-c2',
    by: 'director',
    reason: 'the traveller checked against the pickup slips',
  });
  return s;
}

/** DSB: a season of two pairs competitions in groups A–C, then the championship. */
function dsbSeason(): Season {
  const s = new Season('dsb', '+01:00');
  const rand = rng(2014);
  s.add('club-dsb', 'ClubRegistered', s.at('2014-09-01', '10:00'), {
    clubId: 'dsb',
    name: 'DSB Groenlo (example)',
    timeZone: 'Europe/Amsterdam',
  });
  s.add('club-dsb', 'RulebookAdopted', s.at('2014-09-01', '10:05'), {
    clubId: 'dsb',
    preset: 'dsb-groenlo-2014',
    overrides: {},
    effectiveFrom: '2014-09-01',
  });
  const names = [
    'Anke',
    'Bram',
    'Coby',
    'Dirk',
    'Els',
    'Frits',
    'Gerda',
    'Henk',
    'Ineke',
    'Jan',
    'Karin',
    'Leo',
    'Marga',
    'Niek',
    'Olga',
    'Piet',
    'Riet',
    'Sjaak',
    'Truus',
    'Uwe',
    'Vera',
    'Wim',
    'Yvonne',
    'Zeger',
    'Aad',
    'Bep',
    'Cor',
    'Door',
    'Evert',
    'Fien',
    'Gijs',
    'Hanna',
    'Ivo',
    'Joke',
    'Kees',
    'Lies',
    'Maarten',
    'Nel',
    'Otto',
  ];
  const ids = names.map((n) => `dsb-${n.toLowerCase()}`);
  names.forEach((n, i) =>
    s.add('club-dsb-players', 'PlayerRegistered', s.at('2014-09-01', '11:00'), {
      playerId: ids[i],
      name: `${n} Voorbeeld`,
      status: 'member',
    }),
  );
  s.add('club-dsb-players', 'PlayerRegistered', s.at('2014-09-01', '11:00'), {
    playerId: 'dsb-gast',
    name: 'Gast Buitenstaander',
    status: 'non-member',
  });

  // 18 pairs, 6 a group; pair 5 of group A is a partnership of three.
  const groups = ['A', 'B', 'C'];
  const pairs = Array.from({ length: 18 }, (_, i) => ({
    id: `dsb-p${i + 1}`,
    players: [ids[2 * i], ids[2 * i + 1]],
    group: groups[Math.floor(i / 6)],
  }));
  pairs[4].players = [ids[8], ids[9], ids[36]];
  const strength = pairs.map((_, i) => 5 - (i % 6) * 2);

  const competition = (n: number, firstDate: string, groupOf: (i: number) => string) => {
    const C = `dsb-2014-c${n}`;
    const stream = `competition-${C}`;
    const dates = Array.from({ length: 6 }, (_, i) => addDays(firstDate, 7 * i));
    s.add(stream, 'CompetitionCreated', s.at(addDays(firstDate, -7), '12:00'), {
      competitionId: C,
      clubId: 'dsb',
      name: `Parencompetitie ${n} 2014-2015`,
      season: '2014-2015',
      kind: 'pairs-series',
      format: 'dsb-pairs',
      sessions: dates.map((date, i) => ({ session: i + 1, date, startTime: '19:45' })),
      groups,
    });
    pairs.forEach((p, i) =>
      s.add(stream, 'PairEntered', s.at(addDays(firstDate, -1), '20:00'), {
        competitionId: C,
        pairId: p.id,
        players: p.players,
        group: groupOf(i),
      }),
    );
    dates.forEach((date, i) => {
      const session = i + 1;
      const start = s.at(date, '19:45');
      // DSB-20.3: the objection reaches the board before the next session (10 minutes before
      // its start at the latest), and the board decides within the week.
      if (n === 2 && session === 4 && appealed) appealed.lodgeAndDecide();
      for (const g of groups) {
        s.add(stream, 'SessionHeld', start, {
          competitionId: C,
          session,
          date,
          group: g,
          boards: 24,
        });
        const inGroup = pairs.map((_, k) => k).filter((k) => groupOf(k) === g);
        // Absences: with notice (DSB-9.2/9.3), without notice (DSB-9.5), the last session (DSB-9.6).
        const absent = new Map<number, { notice: boolean }>();
        if (n === 1 && g === 'B' && (session === 2 || session === 4))
          absent.set(inGroup[2], { notice: true });
        if (n === 1 && g === 'C' && session === 3) absent.set(inGroup[1], { notice: false });
        if (n === 2 && g === 'A' && session === 6) absent.set(inGroup[3], { notice: true });
        const playing = inGroup.filter((k) => !absent.has(k));
        const scores = sessionScores(
          rand,
          playing.length,
          playing.map((k) => strength[k]),
        );
        for (const [k, a] of absent) {
          if (a.notice)
            s.add(stream, 'AbsenceNotified', s.at(date, '09:30'), {
              competitionId: C,
              session,
              pairId: pairs[k].id,
              validReason: true,
              reason: 'family visit',
            });
        }
        // Group A's third evening of the second competition is scored here from its
        // board results, and a ruling on it goes to the board on appeal (DSB-20.3).
        const scoredHere = n === 2 && g === 'A' && session === 3;
        const linked: Array<{ pairId: string; players: string[] }> = [];
        playing.forEach((k, j) => {
          const p = pairs[k];
          let sitting = p.players.slice(0, 2);
          if (p.players.length === 3) {
            sitting = session % 3 === 0 ? [p.players[0], p.players[2]] : p.players.slice(0, 2);
            s.add(stream, 'PartnershipPlayersNamed', s.at(date, '11:15'), {
              competitionId: C,
              session,
              pairId: p.id,
              players: sitting,
            });
          } else if (n === 1 && g === 'C' && k === inGroup[4] && session === 5) {
            // An outside substitute (DSB-10.2(4): clamped 47.50..55.00).
            s.add(stream, 'SubstitutePlayed', s.at(date, '10:00'), {
              competitionId: C,
              session,
              pairId: p.id,
              absentPlayerId: p.players[1],
              substituteId: 'dsb-gast',
            });
            sitting = [p.players[0], 'dsb-gast'];
          } else if (n === 1 && g === 'B' && k === inGroup[0] && session === 2) {
            // The partnership's free third member (group A) stands in for a group-B player and
            // they play in group B, the weaker player's group: DSB-10.2(3), at most 55.00.
            s.add(stream, 'SubstitutePlayed', s.at(date, '10:00'), {
              competitionId: C,
              session,
              pairId: p.id,
              absentPlayerId: p.players[1],
              substituteId: ids[36],
              playedInGroup: 'B',
            });
            sitting = [p.players[0], ids[36]];
          }
          if (scoredHere) {
            linked.push({ pairId: p.id, players: sitting });
            return;
          }
          s.add(stream, 'SessionResultRecorded', s.at(date, '23:15'), {
            competitionId: C,
            session,
            pairId: p.id,
            players: sitting,
            percentage: scores[j],
            boardsPlayed: 24,
            group: g,
            source: 'imported',
          });
        });
        if (scoredHere) appealed = scoredSession(s, C, session, date, g, linked);
      }
    });
  };
  let appealed: Appeal | undefined;
  competition(1, '2014-09-08', (i) => pairs[i].group);
  // The second competition plays in the groups DSB-8 gives after the first: computed by the
  // ledger's own projection, as the club would publish them.
  const state = s.lines.reduce(
    (st, l, i) =>
      competitions.apply(
        st,
        {
          ...l,
          schemaVersion: 1,
          revision: 0,
          position: i + 1,
          recordedAt: l.occurredAt,
        } as RecordedEvent,
        undefined,
      ),
    competitions.initial(),
  );
  const next = new Map(nextGroupsOf(state, 'dsb-2014-c1').moves.map((m) => [m.pairId, m.to]));
  competition(2, '2014-11-03', (i) => next.get(pairs[i].id)!);
  return s;
}

interface Appeal {
  lodgeAndDecide(): void;
}

/**
 * DSB-20.3: a group's evening scored here from its board results (20 boards, three
 * tables, every board played at each table in its round: duplicated boards), linked to the
 * competition's session; on board 6 the WL assigns 3NT+2 to NS, and the pair ruled against
 * objects: the board (bestuur) upholds the objection and restores the table result.
 */
function scoredSession(
  s: Season,
  competitionId: string,
  session: number,
  date: string,
  group: string,
  linked: Array<{ pairId: string; players: string[] }>,
): Appeal {
  const rand = rng(20141117);
  const stream = `session-${competitionId}-${session}-${group}`;
  const at = s.at(date, '23:05');
  const numbers = linked.map((_, i) => String(i + 1));
  const rounds = 5;
  const perRound = 4;
  const boards = Array.from({ length: rounds * perRound }, (_, i) => i + 1);
  s.add(stream, 'SessionMovementRecorded', at, {
    clubId: 'dsb',
    eventId: `${competitionId}-${session}-${group}`,
    eventDescription: `Parencompetitie 2, avond ${session}, lijn ${group}`,
    date,
    session: String(session),
    section: group,
    scoringMethod: 'MP',
    winnerType: 1,
    boards,
    fields: [{ field: 'ALL', pairs: numbers }],
    expectedResults: boards.map((board) => ({ board, results: 3 })),
  });
  for (const pair of numbers)
    s.add(stream, 'SessionPairRegistered', at, { pair, field: 'ALL', players: [] });
  // A round robin of six pairs (the circle method): pair 6 stays, the others move.
  const tablesOf = (round: number): Array<[string, string]> => {
    const ring = (x: number) => String((((x % 5) + 5) % 5) + 1);
    return [
      ['6', ring(round)],
      [ring(round + 1), ring(round - 1)],
      [ring(round + 2), ring(round - 2)],
    ];
  };
  const strength: Record<string, number> = { '1': 3, '2': 1, '3': 0, '4': -1, '5': 2, '6': -2 };
  const ladder = [-800, -620, -420, -200, -100, -50, 90, 110, 140, 170, 420, 450, 620, 650];
  let tableResult: { board: number; line: number; nsPair: string; ewPair: string; nsScore: number };
  for (let round = 0; round < rounds; round++) {
    const tables = tablesOf(round);
    for (let b = 0; b < perRound; b++) {
      const board = round * perRound + b + 1;
      const par = Math.floor(rand() * ladder.length);
      tables.forEach(([ns, ew], t) => {
        const step = Math.round((strength[ns] - strength[ew]) / 2 + (rand() - 0.5) * 4);
        const nsScore = ladder[Math.max(0, Math.min(ladder.length - 1, par + step))];
        const line = { board, line: t + 1, nsPair: ns, ewPair: ew, kind: 'played', nsScore };
        s.add(stream, 'BoardResultRecorded', s.at(date, '22:40'), line);
        if (board === 6 && t === 1)
          tableResult = { board, line: t + 1, nsPair: ns, ewPair: ew, nsScore };
      });
    }
  }
  s.add(`competition-${competitionId}`, 'SessionScoredFromBoards', s.at(date, '23:15'), {
    competitionId,
    session,
    group,
    sessionStreamId: stream,
    pairs: linked.map((p, i) => ({ pairNumber: numbers[i], pairId: p.pairId, players: p.players })),
  });
  // The WL's ruling on board 6: misinformation, 3NT+2 assigned to NS in place of the table's
  // result.
  const { nsPair, ewPair, nsScore } = tableResult!;
  const awarded = {
    board: 6,
    nsPair,
    ewPair,
    kind: 'assigned',
    nsScore: 460,
    reason: 'misinformation about the 2NT opening (Law 21B)',
  };
  s.add(stream, 'AdjustedScoreAwarded', s.at(date, '23:20'), awarded);
  const corrections = 'corrections-dsb';
  s.add(corrections, 'RulingGiven', s.at(date, '23:20'), {
    clubId: 'dsb',
    rulingId: `${competitionId}-${session}-${group}-b6`,
    director: 'WL (wedstrijdleider)',
    sessionStreamId: stream,
    competitionId,
    session,
    board: 6,
    awarded,
    decision: `board 6: misinformation about the 2NT opening; 3NT+2 (+460) assigned to NS ${nsPair} in place of ${nsScore}`,
  });
  const next = addDays(date, 7);
  return {
    lodgeAndDecide() {
      const appealId = `${competitionId}-${session}-${group}-b6-appeal`;
      s.add(corrections, 'AppealLodged', s.at(addDays(date, 3), '20:30'), {
        clubId: 'dsb',
        appealId,
        against: { rulingId: `${competitionId}-${session}-${group}-b6` },
        by: `pair ${ewPair} (EW)`,
        receivedAt: s.at(addDays(date, 3), '20:30'),
      });
      s.add(corrections, 'AppealDecided', s.at(addDays(next, -1), '20:00'), {
        clubId: 'dsb',
        appealId,
        outcome: 'upheld',
        adjusted: {
          sessionStreamId: stream,
          board: 6,
          nsPair,
          ewPair,
          kind: 'assigned',
          nsScore,
          reason:
            'objection upheld (DSB-20.3): the explanation was correct, the table result stands',
        },
        by: 'bestuur (the board)',
        decidedAt: s.at(addDays(next, -1), '20:00'),
      });
    },
  };
}

const dir = __dirname.includes('/dist/') ? join(__dirname, '../../examples') : __dirname;
nzClubPairs().write(join(dir, 'nz-club-pairs-2026.ndjson'));
dsbSeason().write(join(dir, 'dsb-groenlo-2014-2015.ndjson'));
writeLcbaLeague(dir);
writePinnerYear(join(dir, 'uk-pinner-bc-2018.ndjson'));
writeTeamsEvents(join(dir, 'wellington-and-lochem-teams.ndjson'));
process.stdout.write(`examples written to ${dir}\n`);
