import { FactLog } from './ledger';

/**
 * Recorded facts of an NZ club (Karori, +13:00) for projection tests: the club adopting the
 * nz-club rulebook, its roster, its competitions and the pairs entered in them.
 */
export type Roster = Record<
  string,
  { status: string; homeNight?: string; rank?: string; name?: string }
>;

/** Members `a1`, `b1` … `a<n>`, `b<n>` whose home night is Tuesday. */
export const tuesdayMembers = (n: number): Roster =>
  Object.fromEntries(
    Array.from({ length: n }, (_, i) => [
      [`a${i + 1}`, { status: 'member', homeNight: 'tuesday' }],
      [`b${i + 1}`, { status: 'member', homeNight: 'tuesday' }],
    ]).flat(),
  );

/** Pairs `<prefix>1` … `<prefix><n>`: pair k is players `a<k>` and `b<k>`. */
export const numberedPairs = (prefix: string, n: number): Record<string, string[]> =>
  Object.fromEntries(
    Array.from({ length: n }, (_, i) => [`${prefix}${i + 1}`, [`a${i + 1}`, `b${i + 1}`]]),
  );

/**
 * Karori adopts the nz-club rulebook (from `effectiveFrom`, with `overrides`) and registers
 * `roster` (a player's name is the player id unless given).
 */
export function nzClubWithRoster(
  roster: Roster,
  { effectiveFrom = '2026-01-01', overrides = {} as Record<string, unknown> } = {},
): FactLog {
  const log = new FactLog('karori', '+13:00');
  log.add('club-karori', 'RulebookAdopted', {
    clubId: 'karori',
    preset: 'nz-club',
    overrides,
    effectiveFrom,
  });
  for (const [playerId, p] of Object.entries(roster))
    log.add('club-karori-players', 'PlayerRegistered', { playerId, name: playerId, ...p });
  return log;
}

/**
 * Karori creates competition `id` (a session on each of `dates`, 19:30) and `pairs` enter it
 * (pair id → players). Returns the competition's stream.
 */
export function nzCompetitionEntered(
  log: FactLog,
  id: string,
  c: { name: string; season: string; kind: string; format: string; night?: string },
  dates: readonly string[],
  pairs: Record<string, readonly string[]>,
): string {
  const stream = `competition-${id}`;
  log.add(stream, 'CompetitionCreated', {
    competitionId: id,
    clubId: 'karori',
    name: c.name,
    season: c.season,
    kind: c.kind,
    format: c.format,
    ...(c.night ? { night: c.night } : {}),
    sessions: dates.map((date, i) => ({ session: i + 1, date, startTime: '19:30' })),
  });
  for (const [pairId, players] of Object.entries(pairs))
    log.add(stream, 'PairEntered', { competitionId: id, pairId, players });
  return stream;
}

/**
 * SessionResultRecorded, imported: in session `session` of competition `id`, `pairId` (with
 * `players` sitting down) scored `percentage` over `boardsPlayed` boards; recorded at `at`.
 */
export function importedResult(
  log: FactLog,
  id: string,
  r: { session: number; pairId: string; players: readonly string[]; percentage: number },
  boardsPlayed: number,
  at: string,
) {
  const { session, pairId, players, percentage } = r;
  return log.add(
    `competition-${id}`,
    'SessionResultRecorded',
    { competitionId: id, session, pairId, players, percentage, boardsPlayed, source: 'imported' },
    at,
  );
}
