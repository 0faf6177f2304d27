import { proposed, type Proposed } from './nz-club';
import { collect } from './events';
import type { GatedLedger } from './gated-ledger';
import { fold } from '../../src/contexts/projections';
import { teamsEventsProjection, type TeamsReadState } from '../../src/contexts/teams/projection';

/** Facts of a club's teams event as a writer proposes them (`teams-<eventId>`). */
export const teamsFacts = (eventId: string) => {
  const stream = `teams-${eventId}`;
  const fact = (type: string, data: Record<string, unknown>): Proposed =>
    proposed(stream, type, { eventId, ...data });
  return {
    stream,
    created: (data: Record<string, unknown> = {}) =>
      fact('TeamsEventCreated', {
        clubId: 'karori',
        name: eventId,
        format: 'nz-club-teams',
        startsOn: '2026-03-03',
        sessions: 4,
        ...data,
      }),
    /** A team `id` of players `id-1` … `id-4` (or those given), captained by the first. */
    team: (teamId: string, data: Record<string, unknown> = {}) => {
      const players =
        (data.players as string[] | undefined) ?? [1, 2, 3, 4].map((n) => `${teamId}-${n}`);
      return fact('TeamEntered', {
        teamId,
        name: `Team ${teamId}`,
        players,
        captain: players[0],
        ...data,
      });
    },
    match: (
      matchId: string,
      round: number,
      home: Record<string, unknown>,
      away: Record<string, unknown>,
      data: Record<string, unknown> = {},
    ) =>
      fact('TeamsMatchRecorded', {
        matchId,
        round,
        playedOn: '2026-03-03',
        boards: 24,
        home,
        away,
        ...data,
      }),
    defaulted: (
      matchId: string,
      round: number,
      defaulting: string,
      defaultedTo: string,
      session?: number,
    ) =>
      fact('TeamsMatchDefaulted', {
        matchId,
        round,
        ...(session ? { session } : {}),
        scheduledOn: '2026-03-10',
        defaulting,
        defaultedTo,
      }),
    adjusted: (
      session: number,
      teams: Array<{ teamId: string; handicap: number }>,
      reason: string,
    ) => fact('TeamHandicapAdjusted', { session, teams, reason }),
    paired: (round: number, tables: Array<[string, string]>, bye?: string) =>
      fact('SwissRoundPaired', {
        round,
        tables: tables.map(([home, away]) => ({ home, away })),
        ...(bye ? { bye } : {}),
      }),
    ballot: (teams: string[], order: string[]) => fact('TeamsBallotDrawn', { teams, order }),
  };
};

/** The teams read model folded from everything the ledger holds. */
export const teamsReadModel = async (ledger: GatedLedger): Promise<TeamsReadState> =>
  fold(teamsEventsProjection, await collect(ledger.store.readAll()));
