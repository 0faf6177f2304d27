import type { Decider } from '../kernel/decider';
import { accessDecider } from './access/domain/access-decider';
import { clubDecider } from './club/domain/club-decider';
import { competitionDecider } from './pairs/domain/decider';
import type { ClubContext } from './club-context';
import { correctionsDecider } from './corrections/domain/decider';
import { leagueDecider } from './league/domain/decider';
import { membershipDecider } from './membership/domain/decider';
import { publicationsDecider } from './corrections/domain/publications-decider';
import { rosterDecider } from './club/domain/roster-decider';
import { sessionDecider } from './pairs/domain/session-decider';

/**
 * The write side's contexts, one Decider each: the append use case (src/ledger/domain-gate.ts)
 * finds a stream's decider here and runs the same loop for all, and every placement of a fact
 * (the stream it belongs in, whether a reader reads it elsewhere: src/contexts/streams.ts) is
 * derived from these lines. A new context is one folder under domain/ and one line here.
 */
const deciders: Array<Decider<unknown, ClubContext>> = [
  competitionDecider as Decider<unknown, ClubContext>,
  clubDecider as Decider<unknown, ClubContext>,
  rosterDecider as Decider<unknown, ClubContext>,
  sessionDecider as Decider<unknown, ClubContext>,
  correctionsDecider as Decider<unknown, ClubContext>,
  publicationsDecider as Decider<unknown, ClubContext>,
  accessDecider as Decider<unknown, ClubContext>,
  leagueDecider as Decider<unknown, ClubContext>,
  membershipDecider as Decider<unknown, ClubContext>,
];

/** Every decider: the built-in ones above, then those of contexts registered at run time. */
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
