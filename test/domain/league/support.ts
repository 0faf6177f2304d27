import { v7 } from 'uuid';
import { GatedLedger } from '../../support/gated-ledger';
import type { Proposed } from '../../support/nz-club';

/**
 * The LCBA (a club, `club-lcba`) adopts lcba-league-2009 and runs the league
 * `lcba-2009` (stream `league-lcba-2009`). Facts as the secretary proposes them.
 */
export const LEAGUE = 'league-lcba-2009';

export function fact(type: string, data: Record<string, unknown>, streamId = LEAGUE): Proposed {
  return {
    streamId,
    id: v7(),
    type,
    occurredAt: '2009-09-01T12:00:00+01:00',
    data: streamId === LEAGUE ? { leagueId: 'lcba-2009', ...data } : data,
    metadata: {},
  };
}

export const clubFacts = (preset = 'lcba-league-2009'): Proposed[] => [
  fact('ClubRegistered', { clubId: 'lcba', name: 'LCBA', timeZone: 'Europe/London' }, 'club-lcba'),
  fact(
    'RulebookAdopted',
    { clubId: 'lcba', preset, overrides: {}, effectiveFrom: '2009-07-01' },
    'club-lcba',
  ),
];

export const leagueRegistered = (extra: Record<string, unknown> = {}) =>
  fact('LeagueRegistered', {
    clubId: 'lcba',
    name: 'LCBA League',
    season: '2009-10',
    seasonStart: '2009-07-01',
    seasonEnd: '2010-05-31',
    ...extra,
  });

export const division = (n: number) => fact('DivisionFormed', { division: n });

export const entered = (teamId: string, club: string, letter: string, enteredOn = '2009-07-20') =>
  fact('LeagueTeamEntered', {
    teamId,
    club,
    letter,
    name: `${club} ${letter}`,
    captain: `Captain of ${teamId}`,
    venue: `${club} club rooms`,
    enteredOn,
  });

export const placed = (teamId: string, division: number) =>
  fact('TeamPlaced', { teamId, division });

export const fixture = (
  fixtureId: string,
  home: string,
  away: string,
  scheduled: string,
  round: 1 | 2 | 3 = 1,
) => fact('FixtureScheduled', { fixtureId, round, home, away, scheduled });

export const player = (playerId: string) =>
  fact('LeaguePlayerRegistered', { playerId, name: `Player ${playerId}` });

export const players = (prefix: string, n: number, from = 1) =>
  Array.from({ length: n }, (_, i) => `${prefix}${from + i}`);

export const lineUp = (
  fixtureId: string,
  playedOn: string,
  home: string[],
  away: string[],
  boards?: Record<string, number>,
) =>
  fact('MatchLineUpRecorded', {
    fixtureId,
    playedOn,
    home: home.map((p) => ({
      playerId: p,
      ...(boards?.[p] !== undefined ? { boards: boards[p] } : {}),
    })),
    away: away.map((p) => ({
      playerId: p,
      ...(boards?.[p] !== undefined ? { boards: boards[p] } : {}),
    })),
  });

/** A result form: the home team's net IMPs on boards 1..n. */
export const formResult = (fixtureId: string, playedOn: string, boards = 24, imps = 1) =>
  fact('MatchResultRecorded', {
    fixtureId,
    playedOn,
    result: {
      kind: 'result-form',
      boards,
      homeImps: Object.fromEntries(Array.from({ length: boards }, (_, i) => [String(i + 1), imps])),
    },
  });

/**
 * The league's structure: divisions 1–5; Oxford A (division 4) and B (division 5), Cambridge A
 * (4) and B (5), Reading A (4), Bath A (5), Kent A (1); twenty players of each club
 * (`ox1`…, `cam1`…, `rd1`…, `bath1`…, `kent1`…).
 */
export const STRUCTURE: Proposed[] = [
  leagueRegistered(),
  ...[1, 2, 3, 4, 5].map(division),
  entered('oxford-a', 'oxford', 'A'),
  entered('oxford-b', 'oxford', 'B'),
  entered('cam-a', 'cambridge', 'A'),
  entered('cam-b', 'cambridge', 'B'),
  entered('reading-a', 'reading', 'A'),
  entered('bath-a', 'bath', 'A'),
  entered('kent-a', 'kent', 'A'),
  placed('oxford-a', 4),
  placed('oxford-b', 5),
  placed('cam-a', 4),
  placed('cam-b', 5),
  placed('reading-a', 4),
  placed('bath-a', 5),
  placed('kent-a', 1),
  ...['ox', 'cam', 'rd', 'bath', 'kent'].flatMap((c) => players(c, 20).map(player)),
];

/** A ledger holding the LCBA, its rulebook and the league's structure. */
export async function league(): Promise<GatedLedger> {
  const ledger = new GatedLedger();
  await ledger.append(...clubFacts(), ...STRUCTURE);
  return ledger;
}

export const accepts = (ledger: GatedLedger, ...facts: Proposed[]) =>
  expect(ledger.append(...facts)).resolves.toBeUndefined();

/** Every board at all four tables, in four stanzas (scores made up, all legal). */
export function boardsResult(boards = 24, extra: Record<string, unknown> = {}) {
  const per = boards / 4;
  const stanzas = Array.from({ length: 4 }, (_, s) =>
    Array.from({ length: per }, (_, i) => s * per + i + 1),
  );
  const results = stanzas.flat().flatMap((board) =>
    ([1, 2, 3, 4] as const).map((table) => ({
      board,
      table,
      homeSits: table % 2 ? 'NS' : 'EW',
      nsScore: table % 2 ? 420 : -50,
    })),
  );
  return {
    kind: 'boards',
    boards,
    stanzas,
    results,
    fouled: [],
    incomplete: [],
    unplayed: [],
    ...extra,
  };
}
