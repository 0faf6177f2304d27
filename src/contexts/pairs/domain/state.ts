import type {
  AbsenceNotified,
  CompetitionCreated,
  CompetitionFact,
  DispensationGranted,
  GroupsRebalanced,
  SessionHeld,
  SessionResultRecorded,
  SessionScoredFromBoards,
  SubstitutePlayed,
} from './facts';
import { dict } from '../../../kernel/dict';
import { isLaterInstant } from '../../../kernel/instant';
import type { ScoredPairLink } from './seating';

// Who sat down where is read in one place (seating.ts); these are re-exported for the readers
// of a competition's state.
export { linkedPlayers, presentAt, type ScoredPairLink } from './seating';

/** The latest instant a session's score was recorded at (PIN-R28 counts from it). */
function scored(state: CompetitionState, session: number, at: string | undefined): void {
  if (at === undefined) return;
  const scoredAt = (state.scoredAt ??= dict());
  if (isLaterInstant(at, scoredAt[session])) scoredAt[session] = at;
}

/** A pair's butler session, derived from board results: its IMPs and where they come from. */
export interface ButlerSessionResult {
  session: number;
  pairId: string;
  players: string[];
  /** Σ IMPs won and lost against the datum, to 2 decimals (DSB-16d's tenths included). */
  imps: number;
  boardsPlayed: number;
  sessionStreamId: string;
  pairNumber: string;
}

/** DSB-22.5: whom a sit-out pair played, from another group, and in which rounds. */
export interface SitOutOpponent {
  opponentPairId: string;
  rounds: number[];
}

/**
 * Where a value that is not the one first recorded comes from: the accepted
 * correction that replaced it and the original fact (event ids and correction ids as recorded).
 */
export interface Corrected {
  correctedBy: string;
  original: string;
}

/** A session result as kept: the fact recorded, or its accepted correction. */
export type KeptResult = SessionResultRecorded & {
  /** Present on a corrected result only, with the percentage first recorded. */
  corrected?: Corrected & { originalPercentage?: number };
};

/** A session's conventions as held (PIN-R6): the level, the committee's decision, a sponsor. */
export interface HeldUnder {
  conventionsLevel?: number;
  levelDecidedOn?: string;
  sponsoredBy?: string;
}

/** What the deciders of one competition know: plain JSON, folded from its stream. */
export interface CompetitionState {
  competition?: CompetitionCreated;
  pairs: Record<string, { players: string[]; group?: string; corrected?: Corrected }>;
  /** `${session}:${pairId}` → the partnership's two named players. */
  named: Record<string, string[]>;
  /** Session → the date of its last SessionHeld with a date: all that is read of one. */
  heldOn?: Record<number, string>;
  /** Session → what its last SessionHeld recorded of the conventions (PIN-R6), when it did. */
  heldUnder?: Record<number, HeldUnder>;
  /**
   * The recorded results (SessionResultRecorded), in ledger order; a second one for the same
   * pair and session takes the first one's place. Read them with `resultOf`/`resultsOf`, which
   * add the derived ones.
   */
  results: KeptResult[];
  /**
   * Never folded: results a projection's view derives from board results (SessionScoredFromBoards),
   * `${session}:${pairId}` → result. `resultOf`/`resultsOf` read them after the recorded ones.
   */
  derivedResults?: Record<string, KeptResult>;
  /**
   * Never folded: a butler competition's results (DSB-16b), derived from its linked butler
   * sessions, `${session}:${pairId}` → the pair's IMPs against the datum (STD-BUTLER).
   */
  derivedImps?: Record<string, ButlerSessionResult>;
  /**
   * Session → when its latest result fact (SessionResultRecorded, SessionScoredFromBoards) was
   * recorded as occurring: when its official score was made available (PIN-R28, Law 92B).
   */
  scoredAt?: Record<number, string>;
  /** `${session}:${sessionStreamId}` → the link of a session to its board results. */
  boardLinks?: Record<string, SessionScoredFromBoards>;
  /** `${session}:${pairId}` → where the pair's result is scored from (no percentage here). */
  scoredFromBoards?: Record<string, ScoredPairLink>;
  absences: Record<
    string,
    AbsenceNotified & {
      notifiedAt: string;
      /** An accepted correction; `notice`: the notice time it corrected (DSB-9.1), from → to. */
      corrected?: Corrected & { notice?: { from: string; to: string } };
    }
  >;
  substitutes: Record<string, Array<SubstitutePlayed & { corrected?: Corrected }>>;
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
// decisions) get their record or list with the first one.
export const initialCompetitionState = (): CompetitionState => ({
  pairs: dict(),
  named: dict(),
  results: [],
  absences: dict(),
  substitutes: dict(),
});

export const sessionKey = (session: number, id: string) => `${session}:${id}`;

/** Folds one fact into a competition's state. */
export function evolve(state: CompetitionState, fact: CompetitionFact): CompetitionState {
  switch (fact.type) {
    case 'CompetitionCreated':
      state.competition = fact.data;
      break;
    case 'PairEntered':
      state.pairs[fact.data.pairId] = { players: fact.data.players, group: fact.data.group };
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
      state.named[sessionKey(fact.data.session, fact.data.pairId)] = fact.data.players;
      break;
    case 'SessionHeld':
      if (fact.data.date) (state.heldOn ??= dict())[fact.data.session] = fact.data.date;
      heldUnder(state, fact.data);
      break;
    case 'SessionResultRecorded': {
      const d = fact.data;
      const i = recordedAt(state, d.session, d.pairId);
      if (i >= 0) state.results[i] = d;
      else state.results.push(d);
      scored(state, d.session, fact.occurredAt);
      break;
    }
    case 'SessionScoredFromBoards': {
      const d = fact.data;
      (state.boardLinks ??= dict())[sessionKey(d.session, d.sessionStreamId)] = d;
      scored(state, d.session, fact.occurredAt);
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
        competitionId: d.competitionId,
        session: d.session,
        pairId: d.pairId,
        validReason: d.validReason,
        reason: d.reason,
        notifiedAt: fact.occurredAt,
      };
      break;
    }
    case 'SubstitutePlayed': {
      const d = fact.data;
      (state.substitutes[sessionKey(d.session, d.pairId)] ??= []).push(d);
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
): KeptResult | undefined {
  const i = recordedAt(state, session, pairId);
  return i >= 0 ? state.results[i] : state.derivedResults?.[sessionKey(session, pairId)];
}

/**
 * Every result: the derived ones a recorded result does not replace, then the recorded ones in
 * ledger order. The facts as kept: never mutate them.
 */
export function resultsOf(state: CompetitionState): KeptResult[] {
  const out: KeptResult[] = [];
  for (const key in state.derivedResults) {
    const r = state.derivedResults[key];
    if (recordedAt(state, r.session, r.pairId) < 0) out.push(r);
  }
  out.push(...state.results);
  return out;
}

/** Where a pair's recorded result at a session is in `results`; −1: none. */
function recordedAt(state: Pick<CompetitionState, 'results'>, session: number, pairId: string) {
  const results = state.results;
  for (let i = results.length - 1; i >= 0; i--)
    if (results[i].session === session && results[i].pairId === pairId) return i;
  return -1;
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
  recordedAt(state, session, pairId) >= 0 ||
  state.scoredFromBoards?.[sessionKey(session, pairId)] !== undefined;

/** Keeps what a SessionHeld recorded of its conventions (PIN-R6); a later one replaces it. */
function heldUnder(state: CompetitionState, d: SessionHeld): void {
  const { conventionsLevel, levelDecidedOn, sponsoredBy } = d;
  const under: HeldUnder = {
    ...(conventionsLevel !== undefined ? { conventionsLevel } : {}),
    ...(levelDecidedOn !== undefined ? { levelDecidedOn } : {}),
    ...(sponsoredBy !== undefined ? { sponsoredBy } : {}),
  };
  if (Object.keys(under).length) (state.heldUnder ??= dict())[d.session] = under;
  else if (state.heldUnder) delete state.heldUnder[d.session];
}
