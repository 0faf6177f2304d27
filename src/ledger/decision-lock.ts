import type { DecidedFact, Decider } from '../kernel/decider';

/**
 * Whether a decision reads beyond its own stream — the club-wide context (NZ-8e, NZ-10,
 * PIN-R10's counts, the rulebook in force), other streams, stored facts by id, or the ledger's
 * head (a correction's deadline) — which the stream's expected revision does not guard: two
 * instances could each admit what only one may. A decision on its own stream alone is guarded
 * by the expected revision (one 2xx, one 409).
 */
export function readsBeyondStream<S>(
  decider: Decider<S>,
  facts: readonly DecidedFact[],
  state: S,
  streamId: string,
): boolean {
  return (
    decider.readsHead === true ||
    facts.some(
      (f) =>
        decider.readsClub?.(f) === true ||
        (decider.readsStreams?.(f, streamId).length ?? 0) > 0 ||
        (decider.readsFacts?.(f, state).length ?? 0) > 0,
    )
  );
}

/**
 * The club a decision is of, as the facts fix it for good: a fact's own `clubId`, or the club
 * of the stream's first fact (a competition's CompetitionCreated, an evening's opening) as the
 * decider's state keeps it. Undefined — the whole ledger — when neither names one (a league's
 * decision spans its clubs). Every instance derives the same scope from the same facts, so a
 * club's decisions exclude each other everywhere.
 */
export function clubScopeOf(facts: readonly DecidedFact[], state: unknown): string | undefined {
  for (const f of facts) {
    const clubId = (f.data as { clubId?: unknown } | null)?.clubId;
    if (typeof clubId === 'string') return `club:${clubId}`;
  }
  const s = state as { clubId?: unknown; competition?: { clubId?: unknown } } | null | undefined;
  const clubId = s?.competition?.clubId ?? s?.clubId;
  return typeof clubId === 'string' ? `club:${clubId}` : undefined;
}
