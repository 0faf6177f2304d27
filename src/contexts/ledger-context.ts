import type { EventDefinition } from '../kernel/catalogue';
import type { Decider } from '../kernel/decider';
import type { Projection } from '../kernel/projection';
import type { RouteAccess } from '../kernel/route-access';
import type { ClubContext } from './club-context';

/**
 * Each context folds its own state, which the ledger only hands back to that context's decider
 * and projection: the registry holds them whatever their state's type.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyState = any;

/**
 * A context as the ledger takes it in one line: its facts, its deciders, its projections, and,
 * when it serves them, its HTTP controllers (NestJS classes, with the access table's row of each
 * route) and its CLI commands. The core never loads an adapter: the HTTP module and the CLI take
 * `http` and `cli` of the registered contexts when they are built.
 */
export interface LedgerContext {
  readonly name: string;
  readonly facts: readonly EventDefinition[];
  readonly deciders: ReadonlyArray<Decider<AnyState, ClubContext>>;
  readonly projections?: ReadonlyArray<Projection<AnyState>>;
  readonly http?: {
    /** NestJS controller classes (their constructors' dependencies: the ledger module's). */
    readonly controllers: readonly (abstract new (...args: never[]) => unknown)[];
    /** How the access guard judges each of their routes (`GET /notes/:clubId`). */
    readonly routes: Readonly<Record<string, RouteAccess>>;
  };
  /** Adds its commands to the program (a commander `Command`; the core knows no commander). */
  readonly cli?: (program: unknown) => void;
}
