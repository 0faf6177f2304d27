import type { Html } from '../../../app/pages/html';
import type { Explained, PageMoment } from '../../../app/pages/views/shapes';
import type { Heading } from '../projection/query-types';
import type { PairNames } from './names';

/** A standings view of a kind a ruleset publishes beside the built-in ones (nz, dsb, butler). */
export type KindView = Heading & { kind: string };

/** What the standings page, its CSV and a row's explain page show of one kind of standings. */
export interface StandingsKindPage<V extends KindView = KindView> {
  /** The table (or tables) of the page. */
  table(
    v: V,
    at: {
      moment: PageMoment;
      names: PairNames;
      /** A session column's heading (a link to its page when scored from boards). */
      heading: (session: number) => Html;
      /** Where a number of a row is explained: the row's explain page at `anchor`. */
      explainHref: (competitor: string, anchor: string) => string;
    },
  ): Html;
  /** The chart by session: `bySession` the standings after each session 1 … afterSession. */
  chart(v: V, bySession: readonly V[], label: (id: string) => string): Html;
  csv(v: V, names: PairNames): string;
  /** A row's explain page body and its rules, or undefined when `competitor` has no row. */
  explain(v: V, competitor: string): { body: Html; explain: Explained[] } | undefined;
}
