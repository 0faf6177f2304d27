import type { RecordedEvent } from '../events/envelope';

/**
 * A projection is a pure reducer over the facts: a name and a version (bump the version and
 * the runner rebuilds it from zero), an initial state, and apply(state, event, rulebook).
 * State must be JSON data, so the runner can keep it beside its checkpoint: what
 * JSON.stringify writes is what a restart reads back (typed columns write plain arrays). apply
 * owns the state it is given and may update it in place (a replay of 500,000 facts should not
 * copy a table per fact); it reads nothing but its arguments.
 * `rulebook` is the rulebook in force for the event; projections that need none ignore it.
 */
export interface Projection<S, RB = unknown> {
  readonly name: string;
  readonly version: number;
  initial(): S;
  apply(state: S, event: RecordedEvent, rulebook: RB | undefined): S;
}

/** Folds events into a projection: the whole of a replay, with no store involved. */
export function fold<S, RB>(
  projection: Projection<S, RB>,
  events: Iterable<RecordedEvent>,
  rulebookFor: (event: RecordedEvent) => RB | undefined = () => undefined,
  state: S = projection.initial(),
): S {
  let s = state;
  for (const e of events) s = projection.apply(s, e, rulebookFor(e));
  return s;
}
