import type { Decider } from '../kernel/decider';
import { rulebookDecider } from './club/rulebook-decider';
import { competitionDecider } from './competition/decider';
import type { ClubContext } from './context';

/**
 * The write side's contexts, one Decider each: the append use case (src/runtime/domain-gate.ts)
 * finds a stream's decider here and runs the same loop for all. A new context is one folder
 * under domain/ and one line here.
 */
export const DECIDERS: ReadonlyArray<Decider<unknown, ClubContext>> = [
  competitionDecider as Decider<unknown, ClubContext>,
  rulebookDecider as Decider<unknown, ClubContext>,
];

/** The decider of a stream, if its context has one. */
export const deciderOf = (streamId: string) => DECIDERS.find((d) => d.owns(streamId));

export type { ClubContext } from './context';
