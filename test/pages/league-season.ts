import { v7 } from 'uuid';
import type { Proposed } from '../support/nz-club';
import { boardsMatch } from '../rulesets/lcba-league/match-builder';

/**
 * A small league season for the pages, its own club and league ids so it can sit
 * beside the example seasons (whose LCBA league is `lcba-2009-10`). The shape of
 * test/projections/leagues-season.ts and leagues-rr3.test.ts, under the rulebook
 * lcba-league-2009 (24 boards, the EBU pre-2013 24-board scale):
 *
 * Division 1: north, south, east, a double round robin:
 *   f1 north–south 2009-09-16  form +1 IMP a board to north: +24 → 16-4
 *   f2 south–east  2009-09-23  form 0 → 10-10
 *   f3 east–north  2009-09-30  unplayed, north offending (LCBA-8.1, 8.2): east 13 VP, +9
 *   f4 south–north 2009-10-14  form −24 → 4-16
 *   f5 east–south  2009-10-21  form +48 → 19-1
 *   f6 north–east  2009-10-28  every table's score: board 1 +200 (5 IMPs), board 2 −200 → 10-10
 *   → east 52 VP +57, north 42 +39, south 19 −96.
 *
 * Divisions 2–4 are formed (LCBA-2.2: one hierarchy) and empty.
 *
 * Division 5 (an RR3 division, LCBA-A1): oxford-b and cam-b elect RR3, bath-a does not:
 *   g1–g6 the two round robins by result form, g7 the real RR3 match, and two virtual matches
 *   (A4) virtual:oxford-b:bath-a (16-4, +24) and virtual:cam-b:bath-a (13-7, +12)
 *   → oxford-b 75 VP +72, cam-b 69 +36, bath-a 36 −108.
 */
export interface LeagueIds {
  club: string;
  league: string;
  name: string;
}

export const PAGES_LEAGUE: LeagueIds = {
  club: 'pages-lcba',
  league: 'pages-2009',
  name: 'Pages League 2009-10',
};

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export function leagueSeason(ids: LeagueIds = PAGES_LEAGUE): Proposed[] {
  const stream = `league-${ids.league}`;
  const fact = (type: string, data: Record<string, unknown>): Proposed => ({
    streamId: stream,
    id: v7(),
    type,
    occurredAt: '2009-09-01T12:00:00+01:00',
    data: { leagueId: ids.league, ...data },
    metadata: {},
  });
  const club = (type: string, data: Record<string, unknown>): Proposed => ({
    streamId: `club-${ids.club}`,
    id: v7(),
    type,
    occurredAt: '2009-07-01T12:00:00+01:00',
    data: { clubId: ids.club, ...data },
    metadata: {},
  });
  const entered = (teamId: string, teamClub: string, letter: string) =>
    fact('LeagueTeamEntered', {
      teamId,
      club: teamClub,
      letter,
      name: `${teamClub} ${letter}`,
      captain: `Captain of ${teamId}`,
      venue: `${teamClub} club rooms`,
      enteredOn: '2009-07-20',
    });
  const fixture = (id: string, home: string, away: string, day: string, round = 1) =>
    fact('FixtureScheduled', { fixtureId: id, round, home, away, scheduled: day });
  const form = (fixtureId: string, playedOn: string, imps: number) =>
    fact('MatchResultRecorded', {
      fixtureId,
      playedOn,
      result: {
        kind: 'result-form',
        boards: 24,
        homeImps: Object.fromEntries(Array.from({ length: 24 }, (_, i) => [String(i + 1), imps])),
      },
    });
  const received = (fixtureId: string, day: string) =>
    fact('ResultFormReceived', { fixtureId, receivedOn: nextDay(day) });

  const div1: Array<[string, string, string, string, number]> = [
    ['f1', 'north', 'south', '2009-09-16', 1],
    ['f2', 'south', 'east', '2009-09-23', 1],
    ['f3', 'east', 'north', '2009-09-30', 1],
    ['f4', 'south', 'north', '2009-10-14', 2],
    ['f5', 'east', 'south', '2009-10-21', 2],
    ['f6', 'north', 'east', '2009-10-28', 2],
  ];
  const div5: Array<[string, string, string, string, number, number]> = [
    ['g1', 'oxford-b', 'cam-b', '2009-09-16', 1, 1],
    ['g2', 'cam-b', 'bath-a', '2009-09-23', 1, 0],
    ['g3', 'bath-a', 'oxford-b', '2009-09-30', 1, 0],
    ['g4', 'cam-b', 'oxford-b', '2009-10-14', 2, 1],
    ['g5', 'bath-a', 'cam-b', '2009-10-21', 2, -1],
    ['g6', 'oxford-b', 'bath-a', '2009-10-28', 2, 2],
    ['g7', 'oxford-b', 'cam-b', '2009-11-11', 3, 0],
  ];
  return [
    club('ClubRegistered', { name: `${ids.name} (organiser)`, timeZone: 'Europe/London' }),
    club('RulebookAdopted', {
      preset: 'lcba-league-2009',
      overrides: {},
      effectiveFrom: '2009-07-01',
    }),
    fact('LeagueRegistered', {
      clubId: ids.club,
      name: ids.name,
      season: '2009-10',
      seasonStart: '2009-07-01',
      seasonEnd: '2010-05-31',
    }),
    // LCBA-2.2: one hierarchy, 1 to 5 (2–4 empty here).
    ...[1, 2, 3, 4, 5].map((division) => fact('DivisionFormed', { division })),
    entered('north', 'northclub', 'A'),
    entered('south', 'southclub', 'A'),
    entered('east', 'eastclub', 'A'),
    entered('oxford-b', 'oxford', 'B'),
    entered('cam-b', 'cambridge', 'B'),
    entered('bath-a', 'bath', 'A'),
    ...['north', 'south', 'east'].map((t) => fact('TeamPlaced', { teamId: t, division: 1 })),
    ...['oxford-b', 'cam-b', 'bath-a'].map((t) => fact('TeamPlaced', { teamId: t, division: 5 })),
    fact('Rr3ElectionMade', { teamId: 'oxford-b', elects: true, informedOn: '2009-08-20' }),
    fact('Rr3ElectionMade', { teamId: 'cam-b', elects: true, informedOn: '2009-08-21' }),
    fact('Rr3ElectionMade', { teamId: 'bath-a', elects: false, informedOn: '2009-08-22' }),
    ...div1.map(([id, h, a, day, round]) => fixture(id, h, a, day, round)),
    ...div5.map(([id, h, a, day, round]) => fixture(id, h, a, day, round)),
    form('f1', '2009-09-16', 1),
    received('f1', '2009-09-16'),
    form('f2', '2009-09-23', 0),
    received('f2', '2009-09-23'),
    fact('MatchUnplayed', { fixtureId: 'f3', offender: 'away', rule: 'LCBA-8', on: '2009-09-30' }),
    form('f4', '2009-10-14', -1),
    received('f4', '2009-10-14'),
    form('f5', '2009-10-21', 2),
    received('f5', '2009-10-21'),
    fact('MatchResultRecorded', {
      fixtureId: 'f6',
      playedOn: '2009-10-28',
      result: boardsMatch(24, { 1: [620, 420, 420, 420], 2: [420, 620, 420, 420] }),
    }),
    received('f6', '2009-10-28'),
    ...div5.flatMap(([id, , , day, , imps]) => [form(id, day, imps), received(id, day)]),
  ];
}

/**
 * Appends the facts through the service's own gate (`POST /streams/:streamId/events`), one batch
 * per run of one stream, as a client would; throws on any refusal.
 */
export async function appendOverHttp(
  post: (streamId: string, body: object) => Promise<{ status: number; text: string }>,
  facts: Proposed[],
): Promise<void> {
  const batches: Proposed[][] = [];
  for (const f of facts) {
    const last = batches[batches.length - 1];
    if (last && last[0]!.streamId === f.streamId) last.push(f);
    else batches.push([f]);
  }
  for (const batch of batches) {
    const streamId = batch[0]!.streamId;
    const res = await post(streamId, {
      expectedRevision: 'any',
      events: batch.map(({ streamId: _s, ...e }) => e),
    });
    if (res.status !== 201) throw new Error(`append to ${streamId}: ${res.status} ${res.text}`);
  }
}
