import { competitionsState } from '../../../audit/published';
import { isLedgerError } from '../../../kernel/errors';
import { Fraction } from '../../../scoring/fraction';
import type { EventStore } from '../../../store/event-store';
import { cPointsOf } from '../../pairs/projection';
import {
  teamsEventList,
  teamsStandingOf,
  UnknownTeamsEventError,
  type TeamsReadState,
} from '../projection';
import { replayFromStore } from '../../../audit/replay';
import { teamsEventsProjection } from '../projection';

/** A player's NZ-8 C points at a club, pairs and teams side by side (one page a player). */
export interface PlayerCPointsView {
  clubId: string;
  player: string;
  /** The exact sum of every award ("88", "175/2"). */
  total: string;
  /** Each pairs session award (`c-points <competition>`'s awards of this player). */
  pairs: Array<{
    competitionId: string;
    session: number;
    date: string;
    place: number;
    field: string;
    points: string;
  }>;
  /** Each teams match won or drawn: 2 C a board to each player who played it (NZ-8 teams). */
  teams: Array<{
    eventId: string;
    matchId: string;
    round: number;
    side: string;
    points: string;
    because: string;
  }>;
  /** Matches whose players the ledger cannot name (no line-up, a team of more than four). */
  unnamed: Array<{ eventId: string; matchId: string; reason: string }>;
}

/** Who played for a side: the line-up recorded, else the team's players when it has four. */
function playersOf(
  state: TeamsReadState,
  eventId: string,
  matchId: string,
  side: 'home' | 'away',
): string[] | undefined {
  const facts = state.events[eventId]?.facts ?? [];
  const match = facts.find(
    (f) => f.type === 'TeamsMatchRecorded' && (f.data as { matchId: string }).matchId === matchId,
  )?.data as
    | { home: { teamId: string; players?: string[] }; away: { teamId: string; players?: string[] } }
    | undefined;
  if (!match) return undefined;
  const s = match[side];
  if (s.players) return s.players;
  const team = facts.find(
    (f) => f.type === 'TeamEntered' && (f.data as { teamId: string }).teamId === s.teamId,
  )?.data as { players: string[] } | undefined;
  return team && team.players.length === 4 ? team.players : undefined;
}

/**
 * NZ-8: a player's C points at a club over its pairs competitions (each session's award, as
 * `c-points` gives it) and its teams events (each match the player played and their team won or
 * drew, as the event's standing gives it, before NZ-15). Read from a replay of the ledger; a
 * competition whose rulebook awards no C points adds nothing.
 */
export async function playerCPointsAt(
  store: EventStore,
  clubId: string,
  player: string,
): Promise<PlayerCPointsView> {
  const pairsState = await competitionsState(store);
  const { state: teamsState } = await replayFromStore(store, teamsEventsProjection);
  const competitions = Object.entries(pairsState.competitions).filter(
    ([, c]) => c.competition?.clubId === clubId,
  );
  const events = teamsEventList(teamsState).filter((e) => e.clubId === clubId);
  if (!competitions.length && !events.length) {
    throw new UnknownTeamsEventError(
      'clubId',
      `the ledger has no competition or teams event of club ${clubId}`,
    );
  }
  let total = Fraction.ZERO;
  const pairs: PlayerCPointsView['pairs'] = [];
  for (const [id] of competitions) {
    let view;
    try {
      view = cPointsOf(pairsState, id) as {
        awards?: Array<{
          session: number;
          date: string;
          awards: Array<{ player: string; points: string; place: number; field: string }>;
        }>;
      };
    } catch (e) {
      // A format that awards no C points, or a competition its rulebook cannot score: none here.
      if (isLedgerError(e)) continue;
      throw e;
    }
    for (const s of view.awards ?? []) {
      for (const a of s.awards.filter((x) => x.player === player)) {
        pairs.push({
          competitionId: id,
          session: s.session,
          date: s.date,
          place: a.place,
          field: a.field,
          points: a.points,
        });
        total = total.add(parse(a.points));
      }
    }
  }
  const teams: PlayerCPointsView['teams'] = [];
  const unnamed: PlayerCPointsView['unnamed'] = [];
  for (const e of events) {
    // The replay holds every event, its club's rulebook and corrections: no stream read again.
    const standing = teamsStandingOf(teamsState, e.eventId);
    for (const m of standing.matches) {
      if (!m.cPoints) continue;
      for (const side of ['home', 'away'] as const) {
        const points = m.cPoints[side];
        if (parse(points).compare(Fraction.ZERO) <= 0) continue;
        const players = playersOf(teamsState, e.eventId, m.matchId, side);
        if (!players) {
          unnamed.push({
            eventId: e.eventId,
            matchId: m.matchId,
            reason: `${m[side]}'s players are not named: no line-up recorded and not a team of four`,
          });
          continue;
        }
        if (!players.includes(player)) continue;
        const because = m.because.find((b) => b.startsWith('NZ-8')) ?? 'NZ-8';
        teams.push({
          eventId: e.eventId,
          matchId: m.matchId,
          round: m.round,
          side: m[side],
          points: String(points),
          because,
        });
        total = total.add(parse(points));
      }
    }
  }
  return { clubId, player, total: total.toString(), pairs, teams, unnamed };
}

/** An award as written ("27", "80/3"), exact. */
function parse(points: string): Fraction {
  const [n, d] = points.split('/');
  return Fraction.of(Number(n), d === undefined ? 1 : Number(d));
}
