/** A fact as a decider reads it: its type, when it happened, its data. */
export interface DecidedFact {
  type: string;
  occurredAt: string;
  data: unknown;
}

/**
 * Where a fact belongs, named by its data: the stream `prefix + data[idField] + suffix`
 * (`competition-<data.competitionId>`, `club-<data.clubId>-players`), as docs/events.md
 * documents it. The append use case refuses such a fact on any other stream (LEDGER).
 */
export interface StreamHome {
  readonly prefix: string;
  /** The data field naming the stream's id (`competitionId`, `clubId`). */
  readonly idField: string;
  readonly suffix?: string;
  /**
   * What readers make of a fact of this home found on another stream (a ledger written before
   * appends were placed): `unread`, the projections do not read it and `verify` reports it (a
   * competition or rulebook fact, which would have bypassed its decider); `read`, read where it
   * is, by the id its data names (a roster fact, a club's registration).
   */
  readonly elsewhere: 'unread' | 'read';
}

/**
 * A context's write side: the state its stream folds to and the decision on a proposed fact
 * (a command may be the fact itself, as club systems append facts). `decide` returns the facts
 * to append, or throws a RuleViolation naming the rule and the field; it is pure, and reads the
 * club-wide context `C` the append use case gives it (src/ledger/domain-gate.ts).
 *
 * Its registry line (src/contexts/deciders.ts) also places its facts: a fact of one of its
 * `factTypes` belongs on a stream it `owns`, and, when `homeOf` names one, on exactly that
 * stream (src/contexts/streams.ts derives every placement from the registry).
 */
export interface Decider<S, C = unknown> {
  readonly name: string;
  /** Whether a stream is one of this context's. */
  owns(streamId: string): boolean;
  /** How its streams are named, for messages: `competition-<competitionId>`. */
  readonly streams: string;
  /**
   * The fact types its streams hold, each of one decider only: one of them anywhere else, or
   * another type on its streams, is refused (LEDGER).
   */
  readonly factTypes: ReadonlySet<string>;
  /** Where a fact of one of its types belongs; undefined: on any stream it owns. */
  homeOf?(type: string): StreamHome | undefined;
  /** Whether its facts are part of the club-wide context the deciders read (`ClubIndex`). */
  readonly clubWide?: boolean;
  initialState(): S;
  /** Folds a fact of its stream, as the ledger holds it (in place: the state is the caller's). */
  evolve(state: S, fact: DecidedFact, streamId: string): void;
  decide(fact: DecidedFact, state: S, context: C, streamId: string): DecidedFact[];
  /** Whether deciding this fact reads the club-wide context (so it must be current first). */
  readsClub?(fact: DecidedFact): boolean;
  /**
   * The stored facts (by event id) deciding this fact reads through the context's `factById`
   * (a correction's target), with the stream each is said to be in (read when the
   * store has no index of ids): the append use case looks them up before deciding. `state` is
   * the stream's before the batch (an appeal's decision reads the match its ruling named).
   */
  readsFacts?(fact: DecidedFact, state: S): ReadonlyArray<{ eventId: string; streamId?: string }>;
  /**
   * Other streams whose state, as their own decider folds it, deciding this fact reads through
   * the context's `streamState` (a general meeting's quorum reads the club's members stream):
   * the append use case folds them before deciding.
   */
  readsStreams?(fact: DecidedFact, streamId: string): readonly string[];
  /**
   * Whether a replacement of one of its facts (a correction's content) is judged with every
   * fact after it decided again, not only folded: a stream whose each fact is judged against
   * the state the facts before it leave (a rubber evening's rotation), so that an accepted
   * correction leaves a stream its decider would have accepted whole.
   */
  readonly redecidesAfterReplacement?: boolean;
  /** Whether deciding reads the ledger's head position (the context's `headPosition`). */
  readonly readsHead?: boolean;
  /** A check of the whole batch once each fact is decided, with the fact it names. */
  settle?(
    state: S,
    batch: readonly DecidedFact[],
    context: C,
  ):
    | { index: number; violation: Error & { rule: string; reason: string; field?: string } }
    | undefined;
}

/** The id a fact's data names for its home: `data[home.idField]`, when a string. */
export function homeIdOf(home: StreamHome, data: unknown): string | undefined {
  const id =
    typeof data === 'object' && data !== null
      ? (data as Record<string, unknown>)[home.idField]
      : undefined;
  return typeof id === 'string' ? id : undefined;
}

/** The stream a fact belongs in, by its home; undefined when its data names no id. */
export function homeStreamOf(home: StreamHome, data: unknown): string | undefined {
  const id = homeIdOf(home, data);
  return id === undefined ? undefined : home.prefix + id + (home.suffix ?? '');
}

/**
 * Whether `streamId` is the home its data names. Read for every fact a projection folds:
 * compared code by code in place, no stream id built.
 */
export function isHomeStream(home: StreamHome, streamId: string | undefined, data: unknown) {
  const id = homeIdOf(home, data);
  if (streamId === undefined || id === undefined) return false;
  const { prefix } = home;
  const suffix = home.suffix ?? '';
  if (streamId.length !== prefix.length + id.length + suffix.length) return false;
  for (let i = 0; i < prefix.length; i++) {
    if (streamId.charCodeAt(i) !== prefix.charCodeAt(i)) return false;
  }
  for (let i = 0, at = prefix.length; i < id.length; i++) {
    if (streamId.charCodeAt(at + i) !== id.charCodeAt(i)) return false;
  }
  for (let i = 0, at = prefix.length + id.length; i < suffix.length; i++) {
    if (streamId.charCodeAt(at + i) !== suffix.charCodeAt(i)) return false;
  }
  return true;
}
