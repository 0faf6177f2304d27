import { dict } from '../../../kernel/dict';
import type { DecidedFact } from '../../../kernel/decider';
import type { TeamsEventState } from '../model';

export const initialTeamsEvent = (): TeamsEventState => ({
  teams: [],
  adjustments: [],
  rounds: dict(),
  matches: [],
  defaults: [],
  ballots: [],
});

type Data = Record<string, unknown>;

/**
 * Folds one fact of an event's stream, as the decider accepted it (in place). The same fold
 * serves the decider and the standings: what one accepted, the other reads.
 */
export function evolveTeamsEvent(state: TeamsEventState, fact: DecidedFact): void {
  const d = fact.data as Data;
  switch (fact.type) {
    case 'TeamsEventCreated':
      state.created = d as unknown as TeamsEventState['created'];
      return;
    case 'TeamEntered':
      state.teams.push(d as unknown as TeamsEventState['teams'][number]);
      return;
    case 'TeamHandicapAdjusted': {
      const a = d as {
        session: number;
        teams: Array<{ teamId: string; handicap: number }>;
        reason: string;
      };
      for (const t of a.teams)
        state.adjustments.push({
          session: a.session,
          teamId: t.teamId,
          handicap: t.handicap,
          reason: a.reason,
        });
      return;
    }
    case 'SwissRoundPaired': {
      const r = d as unknown as TeamsEventState['rounds'][string];
      state.rounds[String(r.round)] = {
        round: r.round,
        tables: r.tables,
        ...(r.bye ? { bye: r.bye } : {}),
      };
      return;
    }
    case 'TeamsMatchRecorded':
      state.matches.push(d as unknown as TeamsEventState['matches'][number]);
      return;
    case 'TeamsMatchDefaulted':
      state.defaults.push(d as unknown as TeamsEventState['defaults'][number]);
      return;
    case 'TeamsBallotDrawn':
      state.ballots.push(d as unknown as TeamsEventState['ballots'][number]);
      return;
  }
}

/** An event folded from its facts in order. */
export function foldTeamsEvent(facts: Iterable<DecidedFact>): TeamsEventState {
  const state = initialTeamsEvent();
  for (const f of facts) evolveTeamsEvent(state, f);
  return state;
}

/** The session a match or default was played in: its own, or its round's. */
export const sessionOf = (m: { round: number; session?: number }) => m.session ?? m.round;

/** The pairs of teams that have met before `round` (matches and defaults), as sorted keys. */
export function meetingsBefore(state: TeamsEventState, round: number): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const m of state.matches) if (m.round < round) out.push([m.home.teamId, m.away.teamId]);
  for (const m of state.defaults) if (m.round < round) out.push([m.defaulting, m.defaultedTo]);
  return out;
}

/** The latest round paired (0: none). */
export const lastPairedRound = (state: TeamsEventState) =>
  Object.values(state.rounds).reduce((n, r) => Math.max(n, r.round), 0);

/** The event's latest day of play recorded (its first day when none). */
export function lastDayOf(state: TeamsEventState): string | undefined {
  let day = state.created?.startsOn;
  for (const m of state.matches) if (day === undefined || m.playedOn > day) day = m.playedOn;
  for (const m of state.defaults) if (day === undefined || m.scheduledOn > day) day = m.scheduledOn;
  return day;
}
