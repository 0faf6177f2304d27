/** A fact as a decider reads it: its type, when it happened, its data. */
export interface DecidedFact {
  type: string;
  occurredAt: string;
  data: unknown;
}

/**
 * A context's write side: the state its stream folds to and the decision on a proposed fact
 * (a command may be the fact itself, as club systems append facts). `decide` returns the facts
 * to append, or throws a RuleViolation naming the rule and the field; it is pure, and reads the
 * club-wide context `C` the append use case gives it (src/runtime/domain-gate.ts).
 */
export interface Decider<S, C = unknown> {
  readonly name: string;
  /** Whether a stream is one of this context's. */
  owns(streamId: string): boolean;
  /** The fact types its streams hold (another is refused, LEDGER); undefined: any. */
  readonly factTypes?: ReadonlySet<string>;
  initialState(): S;
  /** Folds a fact of its stream, as the ledger holds it (in place: the state is the caller's). */
  evolve(state: S, fact: DecidedFact, streamId: string): void;
  decide(fact: DecidedFact, state: S, context: C, streamId: string): DecidedFact[];
  /** Whether deciding this fact reads the club-wide context (so it must be current first). */
  readsClub?(fact: DecidedFact): boolean;
  /** A check of the whole batch once each fact is decided, with the fact it names. */
  settle?(
    state: S,
    batch: readonly DecidedFact[],
  ):
    | { index: number; violation: Error & { rule: string; reason: string; field?: string } }
    | undefined;
}
