import type { Decider } from '../kernel/decider';
import type { Projection } from '../kernel/projection';
import { catalogue } from './catalogue';
import type { ClubContext } from './club-context';
import { addDeciders } from './deciders';
import type { LedgerContext } from './ledger-context';
import { addProjections } from './projections';

export type { LedgerContext } from './ledger-context';

const registered: LedgerContext[] = [];

/**
 * Registers a context: its facts join the catalogue (validated on every append and read in
 * today's shape), its deciders judge its streams, its projections are kept live by the runner,
 * and its routes and commands are served by the HTTP module and the CLI built after this. The
 * built-in contexts are one line each in built-in.ts; a context of its own (a plug-in, a
 * test's) is this one line too.
 */
export function registerContext(context: LedgerContext): void {
  if (registered.some((c) => c.name === context.name)) {
    throw new Error(`context ${context.name} is registered`);
  }
  catalogue.add(context.facts);
  addDeciders(context.deciders as ReadonlyArray<Decider<unknown, ClubContext>>);
  addProjections((context.projections ?? []) as ReadonlyArray<Projection<unknown>>);
  registered.push(context);
}

/** The contexts registered at run time, in order. */
export const registeredContexts = (): readonly LedgerContext[] => registered;
