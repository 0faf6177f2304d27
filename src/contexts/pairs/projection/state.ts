import type { CompetitionFact } from '../domain/facts';
import { COMPETITION_FACT_TYPES, COMPETITION_HOME, competitionStreamId } from '../domain/facts';
import { SESSION_STREAM_PREFIX } from '../domain/session-decider';
import { dict } from '../../../kernel/dict';
import { evolve, initialCompetitionState, type CompetitionState } from '../domain/state';
import type { RecordedEvent } from '../../../kernel/envelope';
import { rulebookFactOf, type RulebookFactRecord } from '../../../rulebooks/rulebook-facts';
import { onCompetitionStream, onDocumentedStream } from '../../streams';
import { sharedValues, type SharedValues } from './shared-values';
import { readSavedCompetition, SavedCompetition } from './saved-competition';
import { forget } from './memo';
import type { Partitions, Projection } from '../../../kernel/projection';
import { rosterEntryAfter, type RosterEntry } from '../../club';
import {
  correctionKeysOf,
  foldCorrectionFact,
  isCorrectionFact,
  type ClubCorrections,
} from './corrections';
import {
  foldBoardSessionFact,
  isBoardSessionFact,
  type BoardSessionFacts,
} from './scored-sessions';
import {
  foldNzMembershipFact,
  NZ_MEMBERSHIP_FACT_TYPES,
  type NzMembershipFacts,
} from './nz-membership';

/** A club's rulebook fact, with its ledger position (to name it when it cannot be applied). */
export type RulebookFact = RulebookFactRecord;

export type { RosterEntry };

/**
 * A player as the club knew them on a date: a status changed later (a visitor elected, a
 * nominee become a member) does not rewrite the sessions before it. Before the first recorded
 * status, the first one is taken.
 */
export function rosterEntryOn(
  entry: RosterEntry | undefined,
  date: string,
): RosterEntry | undefined {
  if (!entry?.history?.length) return entry;
  let status = entry.history[0].status;
  for (const h of entry.history) if (h.from <= date) status = h.status;
  return { ...entry, status };
}

/**
 * The facts the published tables are computed from: every club's rulebook history and roster,
 * and every competition folded with the deciders' own evolve. Nothing derived is kept here:
 * standings, caps, penalties and placings are computed by the queries, under the rulebook in
 * force, each time they are asked for.
 */
export interface CompetitionsState {
  rulebooks: Record<string, RulebookFact[]>;
  players: Record<string, Record<string, RosterEntry>>;
  competitions: Record<string, CompetitionState>;
  /**
   * The facts of every scored session (the session context), by stream: movement, pairs,
   * board results and adjusted scores. A competition's session linked to one of them
   * (SessionScoredFromBoards) takes its percentages from them, derived at query time.
   */
  boardSessions: Record<string, BoardSessionFacts>;
  /**
   * Each club's notified corrections, rulings and appeals (`corrections-<clubId>`), by
   * id: a decision is applied with them to its target's competition or session, whose state is
   * then the corrected one from that position on.
   */
  corrections: Record<string, ClubCorrections>;
  /**
   * Each club's NZ-8c number checks, NZ-8d requests and NZ-8g dated ranks, from
   * `members-<clubId>`.
   */
  nzMembership: Record<string, NzMembershipFacts>;
  /** Position of the last fact folded in: what an "as of" answer is as of. */
  position: number;
}

/**
 * What the fold keeps beside a state, not saved with it (a state read back starts afresh): the
 * ids and lists of players it keeps once (`sharedValues`), and the last competition found: its
 * facts come in runs (a session's results are one append).
 */
interface FoldContext {
  shared: SharedValues;
  lastId?: string;
  last?: CompetitionState;
}
const contexts = new WeakMap<CompetitionsState, FoldContext>();

function contextOf(state: CompetitionsState): FoldContext {
  let context = contexts.get(state);
  if (!context) contexts.set(state, (context = { shared: sharedValues() }));
  return context;
}

/** The records of the state that are saved as partitions, by the prefix of their key. */
const PARTS = {
  rulebooks: 'rulebooks:',
  players: 'players:',
  competitions: 'competition:',
  boardSessions: 'board-session:',
  corrections: 'corrections:',
  nzMembership: 'nz-membership:',
} as const;
type Part = keyof typeof PARTS;

/** The partition a competition's facts fold into. */
export const competitionPartition = (competitionId: string) => PARTS.competitions + competitionId;
/** The partition a scored session's facts (its stream's) fold into. */
export const boardSessionPartition = (streamId: string) => PARTS.boardSessions + streamId;
const PART_NAMES = Object.keys(PARTS) as Part[];
const isCold = (part: Part) => part === 'competitions' || part === 'boardSessions';
const partOf = (key: string): [Part, string] | undefined => {
  for (const part of PART_NAMES)
    if (key.startsWith(PARTS[part])) return [part, key.slice(PARTS[part].length)];
  return undefined;
};

/**
 * Saved by parts: a competition, a club's rulebook history, a club's roster, a scored session's
 * facts (its stream), and the position. An append rewrites the parts it names, not the ledger.
 */
export const competitionsPartitions: Partitions<CompetitionsState> = {
  keysOf(event, state) {
    const d = event.data as Record<string, unknown>;
    // Named without the stream checks of apply: a part named and left unchanged is only
    // rewritten as it is.
    if (COMPETITION_FACT_TYPES.has(event.type))
      return ['position', PARTS.competitions + String(d.competitionId)];
    if (event.type === 'RulebookAdopted' || event.type === 'RulebookAmended')
      return ['position', PARTS.rulebooks + String(d.clubId)];
    if (event.type === 'PlayerRegistered' || event.type === 'PlayerStatusChanged')
      // The club as apply reads it: in the data (older versions upcast from the metadata).
      return typeof d.clubId === 'string' ? ['position', PARTS.players + d.clubId] : ['position'];
    if (isBoardSessionFact(event.type)) return ['position', PARTS.boardSessions + event.streamId];
    // A correction's decision changes its target's partition, which the state knows.
    if (isCorrectionFact(event.type)) return correctionKeysOf(event, state, PARTS);
    if (NZ_MEMBERSHIP_FACT_TYPES.has(event.type) && typeof d.clubId === 'string')
      return ['position', PARTS.nzMembership + d.clubId];
    return ['position'];
  },
  *keys(state) {
    yield 'position';
    for (const part of PART_NAMES) for (const id in state[part]) yield PARTS[part] + id;
  },
  // A competition is saved in a compact form (saved-competition.ts): its results as columns.
  get(state, key) {
    if (key === 'position') return state.position;
    const at = partOf(key);
    if (!at) return undefined;
    if (at[0] === 'competitions') {
      const c = state.competitions[at[1]];
      return c === undefined ? undefined : new SavedCompetition(c, at[1]);
    }
    return (state[at[0]] as Record<string, unknown>)[at[1]];
  },
  streamOf(key) {
    if (key.startsWith(PARTS.competitions))
      return competitionStreamId(key.slice(PARTS.competitions.length));
    return key.startsWith(PARTS.boardSessions) ? key.slice(PARTS.boardSessions.length) : undefined;
  },
  // A split rebuild's shares each saw the facts up to the last of their own: the last of all.
  merge: (key, values) =>
    key === 'position' ? Math.max(...values.map((v) => v as number)) : undefined,
  // A competition or a scored session is read by apply only for the facts that name it (a
  // correction names its target: correctionKeysOf), so a rebuild may let it go once saved.
  drop(state, key) {
    const at = partOf(key);
    if (!at || !isCold(at[0])) return false;
    delete (state[at[0]] as Record<string, unknown>)[at[1]];
    // The last competition found is kept beside the state: not one that was let go.
    const context = contexts.get(state);
    if (context) context.lastId = context.last = undefined;
    return true;
  },
  // The same partitions: a service leaves them in their save until a fact or a reader names them.
  cold(key) {
    const at = partOf(key);
    return at !== undefined && isCold(at[0]);
  },
  put(state, key, value) {
    if (key === 'position') state.position = value as number;
    const at = partOf(key);
    if (!at) return;
    // Put back into a live state at the same position: what was derived from it is stale.
    forget(state);
    if (at[0] === 'competitions') state.competitions[at[1]] = readSavedCompetition(value, at[1]);
    else (state[at[0]] as Record<string, unknown>)[at[1]] = value;
  },
};

export const competitions: Projection<CompetitionsState> = {
  name: 'competitions',
  // 5: a competition or rulebook fact is read only from its documented stream, and a rulebook
  // fact keeps its position. 6–8: a competition's results as columns. 9: a roster entry keeps
  // the national number (NZ-8c). 10: a competition's results as the facts recorded (a list).
  // 11: the same state, a competition saved in a compact form (results as columns again,
  // saved-competition.ts). 12: a scored session keeps its club, sit-out lines, awarded and
  // weighted adjustments and recorded datums. 13: accepted corrections and decided
  // appeals applied, a club's corrections kept. 14: a session keeps when its score
  // was recorded (`scoredAt`, PIN-R28's appeal deadline). 15: a club's NZ-8c number checks and
  // NZ-8d requests. 16: a club's NZ-8g NZCBA ranks with their dates. 17: an adjusted score
  // keeps the law applied (a session page prints it). Saved states of an older version are
  // rebuilt.
  version: 17,
  // Nearly every fact is a competition's, folded into its results: five times a light read
  // model's cost a fact (bench/RESULTS.md, a federation's rebuild).
  rebuildWeight: 5,
  // A competition's facts fold into it alone, a scored session's into its stream's facts: the
  // rest (clubs' rulebooks, rosters, corrections) is every share's.
  ownStreams: (streamId) =>
    streamId.startsWith(COMPETITION_HOME.prefix) || streamId.startsWith(SESSION_STREAM_PREFIX),
  partitions: competitionsPartitions,
  initial: () => ({
    rulebooks: dict(),
    players: dict(),
    competitions: dict(),
    boardSessions: dict(),
    corrections: dict(),
    nzMembership: dict(),
    position: 0,
  }),
  apply(state, event: RecordedEvent) {
    state.position = event.position;
    // A competition or rulebook fact found outside its stream (competition-<id>, club-<id>),
    // written before the append gate refused it, is not a fact of that competition or club.
    const d = event.data as Record<string, unknown>;
    // Nearly every fact is a competition's: asked first.
    if (COMPETITION_FACT_TYPES.has(event.type)) {
      if (!onCompetitionStream(event)) return state;
      const id = d.competitionId as string;
      const context = contextOf(state);
      let c = context.last;
      if (context.lastId !== id || !c) {
        c = state.competitions[id] ??= initialCompetitionState();
        context.lastId = id;
        context.last = c;
      }
      // The recorded event has the fact's type, occurredAt and data.
      evolve(c, context.shared.fact(event as unknown as CompetitionFact));
      return state;
    }
    if (!onDocumentedStream(event)) return state;
    const rulebookFact = rulebookFactOf(event.type, d, event.position);
    if (rulebookFact) {
      (state.rulebooks[d.clubId as string] ??= []).push(rulebookFact);
    } else if (event.type === 'PlayerRegistered' || event.type === 'PlayerStatusChanged') {
      // The club is in the data (PlayerRegistered v3, PlayerStatusChanged v2: older ones upcast).
      const clubId = d.clubId as string | undefined;
      if (!clubId) return state;
      const roster = (state.players[clubId] ??= dict());
      const id = d.playerId as string;
      roster[id] = rosterEntryAfter(roster[id], d, event.occurredAt);
    } else if (isBoardSessionFact(event.type)) {
      foldBoardSessionFact((state.boardSessions ??= dict()), event);
    } else if (isCorrectionFact(event.type)) {
      state.boardSessions ??= dict();
      foldCorrectionFact(state, event, contextOf(state).shared);
    } else if (NZ_MEMBERSHIP_FACT_TYPES.has(event.type)) {
      foldNzMembershipFact((state.nzMembership ??= dict()), event.type, d);
    }
    return state;
  },
};
