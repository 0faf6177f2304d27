import type { StandingsKindPage } from './standings-kind-page';
import { pinnerStandingsPage } from './pinner-standings.view';

export type { KindView, StandingsKindPage } from './standings-kind-page';

// The kinds a ruleset publishes beside the built-in ones, each shown by its own view here.
const kinds = new Map<string, StandingsKindPage>([
  ['pinner', pinnerStandingsPage as unknown as StandingsKindPage],
]);

/** The page of a view's kind, if one is listed here. */
export const standingsPageOf = (v: { kind: string }): StandingsKindPage | undefined =>
  kinds.get(v.kind);
