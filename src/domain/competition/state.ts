import type {
  AbsenceNotified,
  CompetitionCreated,
  CompetitionFact,
  DispensationGranted,
  GroupsRebalanced,
  SessionResultRecorded,
  SessionScoredFromBoards,
  SubstitutePlayed,
} from './facts';
import { dict } from '../dict';
import {
  emptyResults,
  recordResult,
  resultAt,
  resultCount,
  resultRow,
  sharedIds,
  type Share,
  type ResultTable,
} from './results';

import type { ScoredPairLink } from './seating';

// Who sat down where is read in one place (seating.ts); these are re-exported for the readers
// of a competition's state.
export { linkedPlayers, presentAt, type ScoredPairLink } from './seating';

/** DSB-22.5: whom a sit-out pair played, from another group, and in which rounds. */
export interface SitOutOpponent {
  opponentPairId: string;
  rounds: number[];
}

/** What the deciders of one competition know: plain JSON, folded from its stream. */
export interface CompetitionState {
  competition?: CompetitionCreated;
  pairs: Record<string, { players: string[]; group?: string }>;
  /** `${session}:${pairId}` → the partnership's two named players. */
  named: Record<string, string[]>;
  /**
   * Session → the date of its last SessionHeld with a date (`sessionDateOf`). All that is read
   * of a SessionHeld: the 20-season benchmark folds 46,000 of them, and keeping each whole (an
   * object, its strings and a key) was a fifth of the fold's state on the collected heap.
   */
  heldOn?: Record<number, string>;
  /** The recorded results (SessionResultRecorded), as columns: read them with `resultOf`/`resultsOf`. */
  results: ResultTable;
  /**
   * Never folded: results a projection's view derives from board results (SessionScoredFromBoards),
   * `${session}:${pairId}` → result. `resultOf`/`resultsOf` read them after the recorded ones.
   */
  derivedResults?: Record<string, SessionResultRecorded>;
  /** `${session}:${sessionStreamId}` → the link of a session to its board results. */
  boardLinks?: Record<string, SessionScoredFromBoards>;
  /** `${session}:${pairId}` → where the pair's result is scored from (no percentage here). */
  scoredFromBoards?: Record<string, ScoredPairLink>;
  absences: Record<string, AbsenceNotified & { notifiedAt: string }>;
  substitutes: Record<string, SubstitutePlayed[]>;
  dispensations?: DispensationGranted[];
  /** `${session}:${pairId}` → the sit-out matches it played against other groups (DSB-22.5). */
  sitOutMatches?: Record<string, SitOutOpponent[]>;
  rebalances?: GroupsRebalanced[];
  /** Session number → the recorded draw. */
  ballots?: Record<string, string[]>;
  /** The latest group decision per pair (DSB-6 by rule, or the WL's). */
  groupDecisions?: Record<string, { group: string; basis: string; reason?: string }>;
}

// The facts most competitions never have (board links, sit-out matches, ballots, the WL's
// decisions) get their record or list with the first one: 2,560 competitions of empty ones
// were a fifth of the hash tables the 20-season benchmark's fold kept.
export const initialCompetitionState = (): CompetitionState => ({
  pairs: dict(),
  named: dict(),
  results: emptyResults(),
  absences: dict(),
  substitutes: dict(),
});

export const sessionKey = (session: number, id: string) => `${session}:${id}`;

/** Folds one fact into a competition's state. */
export const evolve = (state: CompetitionState, fact: CompetitionFact): CompetitionState =>
  evolveSharing(state, fact, undefined);

/**
 * `evolve`, with `share` giving one string for equal player ids and one array for equal lists
 * of them (a projection's table over all its competitions, `shareTable`): a club history names
 * the same players in thousands of facts, each parsed into strings and arrays of its own. A
 * separate function, so that `facts.reduce(evolve, s)` cannot pass an index for it.
 */
export function evolveSharing(
  state: CompetitionState,
  fact: CompetitionFact,
  share: Share | undefined,
): CompetitionState {
  switch (fact.type) {
    case 'CompetitionCreated':
      state.competition = fact.data;
      break;
    case 'PairEntered':
      state.pairs[fact.data.pairId] = {
        players: sharedIds(fact.data.players, share),
        group: fact.data.group,
      };
      break;
    case 'PairGroupAssigned':
      state.pairs[fact.data.pairId].group = fact.data.group;
      (state.groupDecisions ??= dict())[fact.data.pairId] = {
        group: fact.data.group,
        basis: fact.data.basis,
        reason: fact.data.reason,
      };
      break;
    case 'PartnershipPlayersNamed':
      state.named[sessionKey(fact.data.session, fact.data.pairId)] = sharedIds(
        fact.data.players,
        share,
      );
      break;
    case 'SessionHeld':
      if (fact.data.date) (state.heldOn ??= dict())[fact.data.session] = fact.data.date;
      break;
    case 'SessionResultRecorded':
      recordResult(state.results, fact.data, state.pairs, roomFor(state), share);
      break;
    case 'SessionScoredFromBoards': {
      const d = fact.data;
      (state.boardLinks ??= dict())[sessionKey(d.session, d.sessionStreamId)] = d;
      for (const p of d.pairs) {
        (state.scoredFromBoards ??= dict())[sessionKey(d.session, p.pairId)] = {
          session: d.session,
          pairId: p.pairId,
          sessionStreamId: d.sessionStreamId,
          pairNumber: p.pairNumber,
          ...(p.players ? { players: p.players } : {}),
          ...(d.group !== undefined ? { group: d.group } : {}),
        };
      }
      break;
    }
    case 'AbsenceNotified': {
      const d = fact.data;
      state.absences[sessionKey(d.session, d.pairId)] = {
        competitionId: share ? share.id(d.competitionId) : d.competitionId,
        session: d.session,
        pairId: d.pairId,
        validReason: d.validReason,
        reason: share && d.reason !== undefined ? share.id(d.reason) : d.reason,
        notifiedAt: fact.occurredAt,
      };
      break;
    }
    case 'SubstitutePlayed': {
      const d = fact.data;
      (state.substitutes[sessionKey(d.session, d.pairId)] ??= []).push(
        share
          ? {
              ...d,
              competitionId: share.id(d.competitionId),
              absentPlayerId: share.id(d.absentPlayerId),
              substituteId: share.id(d.substituteId),
            }
          : d,
      );
      break;
    }
    case 'DispensationGranted':
      (state.dispensations ??= []).push(fact.data);
      break;
    case 'SitOutMatchPlayed': {
      const { session, pairs, rounds } = fact.data;
      // Kept under both pairs: each group's evening and each pair's sit-outs read it.
      const matches = (state.sitOutMatches ??= dict());
      for (const [me, other] of [pairs, [pairs[1], pairs[0]]]) {
        (matches[sessionKey(session, me)] ??= []).push({ opponentPairId: other, rounds });
      }
      break;
    }
    case 'BallotDrawn':
      (state.ballots ??= dict())[String(fact.data.session)] = fact.data.order;
      break;
    case 'GroupsRebalanced':
      // The directors' groups for the NEXT competition (DSB-8 "unless the WL decides
      // otherwise"): they override the computed moves, not this competition's groups.
      (state.rebalances ??= []).push(fact.data);
      break;
  }
  return state;
}

/** Rows to make room for in a new results table: every session of every pair entered. */
function roomFor(state: CompetitionState): number {
  if (state.results.count > 0) return 0;
  let pairs = 0;
  for (const _ in state.pairs) pairs++;
  return (state.competition?.sessions.length ?? 1) * pairs;
}

/** DSB-22.5: the rounds of a session a pair played against sit-out pairs of other groups. */
export const sitOutMatchesOf = (state: CompetitionState, session: number, pairId: string) =>
  state.sitOutMatches?.[sessionKey(session, pairId)] ?? [];

/**
 * A pair's result at a session: the recorded one, else one a projection's view derived from
 * board results.
 */
export function resultOf(
  state: CompetitionState,
  session: number,
  pairId: string,
): SessionResultRecorded | undefined {
  const row = resultRow(state.results, session, pairId);
  if (row !== undefined) return resultAt(state.results, row);
  return state.derivedResults?.[sessionKey(session, pairId)];
}

/**
 * Every result, as new objects: the derived ones a recorded result does not replace, then the
 * recorded ones in ledger order.
 */
export function resultsOf(state: CompetitionState): SessionResultRecorded[] {
  const t = state.results;
  const out: SessionResultRecorded[] = [];
  for (const r of Object.values(state.derivedResults ?? {})) {
    if (resultRow(t, r.session, r.pairId) === undefined) out.push(r);
  }
  for (let row = 0; row < resultCount(t); row++) out.push(resultAt(t, row));
  return out;
}

/**
 * A session's day: as held (the last SessionHeld with a date) when recorded, else as planned.
 * Everything dated by session uses it — the rulebook a session is judged by, its scoring
 * settings, its C points, the NZ-8/NZ-10 counts — so that they never disagree on the day.
 */
export function sessionDateOf(state: CompetitionState, session: number): string | undefined {
  return (
    state.heldOn?.[session] ?? state.competition?.sessions.find((s) => s.session === session)?.date
  );
}

/** Whether a pair's session is scored: an imported result, or a link to board results. */
export const isScored = (state: CompetitionState, session: number, pairId: string) =>
  resultRow(state.results, session, pairId) !== undefined ||
  state.scoredFromBoards?.[sessionKey(session, pairId)] !== undefined;
