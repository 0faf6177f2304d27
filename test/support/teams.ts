import { proposed, type Proposed } from './nz-club';
import { collect } from './events';
import { GatedLedger } from './gated-ledger';
import { clubRegistered, rulebookAdopted } from './nz-club';
import type { RecordedEvent } from '../../src/kernel/envelope';
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

/**
 * Karori's Ed Hillary Teams 2026 (`eh-2026`, three sessions) with teams A and B and match m1
 * played: A 30 IMPs 17 VP with substitute S1 (a club member, not a Tuesday player) for A-4,
 * B 25 IMPs 13 VP. What a correction or an appeal of the match starts from.
 */
export async function edHillaryPlayed(): Promise<{ ledger: GatedLedger; match: RecordedEvent }> {
  const eh = teamsFacts('eh-2026');
  const ledger = new GatedLedger();
  await ledger.append(
    clubRegistered(),
    rulebookAdopted(),
    eh.created({ name: 'Ed Hillary Teams 2026', series: 'ed-hillary-teams', sessions: 3 }),
    eh.team('A'),
    eh.team('B'),
    eh.match(
      'm1',
      1,
      {
        teamId: 'A',
        imps: 30,
        vp: 17,
        players: ['A-1', 'A-2', 'A-3', 'S1'],
        substitutes: [{ player: 'S1', partner: 'A-3', clubMember: true, tuesdayPlayer: false }],
      },
      { teamId: 'B', imps: 25, vp: 13 },
    ),
  );
  const all = await collect(ledger.store.readAll());
  return { ledger, match: all.find((e) => e.type === 'TeamsMatchRecorded')! };
}
