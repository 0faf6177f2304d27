import type { LeagueFactData } from '../facts/league';
import type { DecidedFact } from '../../../kernel/decider';
import { dict } from '../../../kernel/dict';
import { leagueOfStream } from './streams';

export interface LeagueTeamState {
  club: string;
  letter: string;
  enteredOn: string;
  division?: number;
}

export interface LeaguePlayerState {
  paidOn?: string;
  warnings: { level: 'warning' | 'final'; issuedOn: string }[];
  /** The clubs whose teams' line-ups name the player (LCBA-4.3). */
  clubs: Record<string, true>;
  approvals: { clubs: string[]; approvedOn: string }[];
}

export interface LeagueFixtureState {
  round: 1 | 2 | 3;
  home: string;
  away: string;
  scheduled: string;
  /** The day played, from its line-up or result. */
  playedOn?: string;
  lineUp?: { home: string[]; away: string[] };
  resulted?: boolean;
  unplayed?: boolean;
  formReceivedOn?: string;
}

/** A league's stream folded: what its deciders read to refuse what the rules forbid. */
export interface LeagueState {
  registered?: { clubId: string; seasonStart: string; seasonEnd: string };
  divisions: Record<string, true>;
  teams: Record<string, LeagueTeamState>;
  fined: Record<string, true>;
  publishedAt?: string;
  fixtures: Record<string, LeagueFixtureState>;
  elections: Record<string, { elects: boolean; informedOn: string }>;
  players: Record<string, LeaguePlayerState>;
  /** The team's nominations in force (LCBA-4.4/4.5). */
  nominations: Record<string, string[]>;
  /** Ballots drawn, by the sorted teams they split (one per tie: replays agree). */
  ballots: Record<string, true>;
  /** `teamId fixtureId` of each ratified 6.8 offence. */
  ratified: Record<string, true>;
}

export const initialLeagueState = (): LeagueState => ({
  divisions: dict(),
  teams: dict(),
  fined: dict(),
  fixtures: dict(),
  elections: dict(),
  players: dict(),
  nominations: dict(),
  ballots: dict(),
  ratified: dict(),
});

export const ballotKey = (teams: readonly string[]) => [...teams].sort().join(' ');

type Data<K extends keyof LeagueFactData> = LeagueFactData[K];

/** Folds one fact of a league's stream (in place); a fact of another league is not read. */
export function evolveLeague(state: LeagueState, fact: DecidedFact, streamId: string): void {
  const raw = fact.data as Record<string, unknown>;
  if (raw.leagueId !== leagueOfStream(streamId)) return;
  switch (fact.type) {
    case 'LeagueRegistered': {
      const d = raw as unknown as Data<'LeagueRegistered'>;
      state.registered ??= {
        clubId: d.clubId,
        seasonStart: d.seasonStart,
        seasonEnd: d.seasonEnd,
      };
      return;
    }
    case 'DivisionFormed':
      state.divisions[String((raw as unknown as Data<'DivisionFormed'>).division)] = true;
      return;
    case 'LeagueTeamEntered': {
      const d = raw as unknown as Data<'LeagueTeamEntered'>;
      state.teams[d.teamId] ??= { club: d.club, letter: d.letter, enteredOn: d.enteredOn };
      return;
    }
    case 'LateEntryFined':
      state.fined[(raw as unknown as Data<'LateEntryFined'>).teamId] = true;
      return;
    case 'TeamPlaced': {
      const d = raw as unknown as Data<'TeamPlaced'>;
      const team = state.teams[d.teamId];
      if (team && team.division === undefined) team.division = d.division;
      return;
    }
    case 'LeagueStructurePublished':
      state.publishedAt ??= (raw as unknown as Data<'LeagueStructurePublished'>).publishedAt;
      return;
    case 'FixtureScheduled': {
      const d = raw as unknown as Data<'FixtureScheduled'>;
      state.fixtures[d.fixtureId] ??= {
        round: d.round,
        home: d.home,
        away: d.away,
        scheduled: d.scheduled,
      };
      return;
    }
    case 'Rr3ElectionMade': {
      const d = raw as unknown as Data<'Rr3ElectionMade'>;
      state.elections[d.teamId] = { elects: d.elects, informedOn: d.informedOn };
      return;
    }
    case 'LeaguePlayerRegistered': {
      const d = raw as unknown as Data<'LeaguePlayerRegistered'>;
      state.players[d.playerId] ??= { warnings: [], clubs: dict(), approvals: [] };
      return;
    }
    case 'SubscriptionPaid': {
      const p = state.players[(raw as unknown as Data<'SubscriptionPaid'>).playerId];
      if (p) p.paidOn ??= (raw as unknown as Data<'SubscriptionPaid'>).paidOn;
      return;
    }
    case 'TeamNominated': {
      const d = raw as unknown as Data<'TeamNominated'>;
      state.nominations[d.teamId] = [...d.players];
      return;
    }
    case 'TwoClubsApproved': {
      const d = raw as unknown as Data<'TwoClubsApproved'>;
      state.players[d.playerId]?.approvals.push({ clubs: [...d.clubs], approvedOn: d.approvedOn });
      return;
    }
    case 'SubscriptionWarningIssued': {
      const d = raw as unknown as Data<'SubscriptionWarningIssued'>;
      state.players[d.playerId]?.warnings.push({ level: d.level, issuedOn: d.issuedOn });
      return;
    }
    case 'MatchLineUpRecorded': {
      const d = raw as unknown as Data<'MatchLineUpRecorded'>;
      const f = state.fixtures[d.fixtureId];
      if (!f || f.lineUp) return;
      f.playedOn ??= d.playedOn;
      f.lineUp = { home: d.home.map((p) => p.playerId), away: d.away.map((p) => p.playerId) };
      for (const side of ['home', 'away'] as const) {
        const club = state.teams[f[side]]?.club;
        if (club === undefined) continue;
        for (const p of f.lineUp[side]) {
          const player = state.players[p];
          if (player) player.clubs[club] = true;
        }
      }
      return;
    }
    case 'MatchResultRecorded': {
      const d = raw as unknown as Data<'MatchResultRecorded'>;
      const f = state.fixtures[d.fixtureId];
      if (!f) return;
      f.resulted = true;
      f.playedOn ??= d.playedOn;
      return;
    }
    case 'ResultFormReceived': {
      const d = raw as unknown as Data<'ResultFormReceived'>;
      const f = state.fixtures[d.fixtureId];
      if (f) f.formReceivedOn ??= d.receivedOn;
      return;
    }
    case 'MatchUnplayed': {
      const f = state.fixtures[(raw as unknown as Data<'MatchUnplayed'>).fixtureId];
      if (f) f.unplayed = true;
      return;
    }
    case 'LeagueBallotDrawn':
      state.ballots[ballotKey((raw as unknown as Data<'LeagueBallotDrawn'>).teams)] = true;
      return;
    case 'ResultFormOffenceRatified': {
      const d = raw as unknown as Data<'ResultFormOffenceRatified'>;
      state.ratified[`${d.teamId} ${d.fixtureId}`] = true;
      return;
    }
  }
}
