import type { KindView, StandingsKindPage } from './standings-kind-page';
import { pinnerStandingsPage } from './pinner-standings.view';

export type { KindView, StandingsKindPage } from './standings-kind-page';

// The kinds a ruleset publishes beside the built-in ones, each shown by its own view here.
const kinds = new Map<string, StandingsKindPage>([
  ['pinner', pinnerStandingsPage as unknown as StandingsKindPage],
]);

/** Registers how a ruleset's standings kind is shown (a club's own ruleset, a test's). */
export function registerStandingsPage<V extends KindView>(
  kind: string,
  page: StandingsKindPage<V>,
): void {
  const known = kinds.get(kind);
  if (known && known !== page) throw new Error(`a standings page of kind ${kind} is registered`);
  kinds.set(kind, page as unknown as StandingsKindPage);
}

/** The registered page of a view's kind, if a ruleset registered one. */
export const standingsPageOf = (v: { kind: string }): StandingsKindPage | undefined =>
  kinds.get(v.kind);
