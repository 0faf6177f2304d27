import type { Decider } from '../kernel/decider';
import type { ClubContext } from './club-context';

/**
 * The write side's deciders, each context's added when it is registered (built-in.ts): the
 * append use case (src/ledger/domain-gate.ts) finds a stream's decider here and runs the same
 * loop for all, and every placement of a fact (the stream it belongs in, whether a reader reads
 * it elsewhere: src/contexts/streams.ts) is derived from this list.
 */
const deciders: Array<Decider<unknown, ClubContext>> = [];

/** Every decider, in the order their contexts were registered. */
export const DECIDERS: ReadonlyArray<Decider<unknown, ClubContext>> = deciders;

let version = 0;

/** Adds a registered context's deciders (src/contexts/registry.ts); the placements follow. */
export function addDeciders(added: ReadonlyArray<Decider<unknown, ClubContext>>): void {
  deciders.push(...added);
  version++;
}

/** Changes each time a decider is added: what is derived from the list is derived again. */
export const decidersVersion = () => version;

/** The decider of a stream, if its context has one. */
export const deciderOf = (streamId: string) => DECIDERS.find((d) => d.owns(streamId));

export type { ClubContext } from './club-context';
