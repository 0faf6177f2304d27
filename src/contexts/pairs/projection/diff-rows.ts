import type { Json } from '../../../rulebooks/rulebook';

/** One entry of a row's explanation, as the tables give them (rule, session, effect, amount …). */
export interface ExplainEntry {
  rule: string;
  effect?: string;
  session?: number;
  amount?: number;
}

/** A row as a diff reads it: its numbers by field, and its explanation. */
export interface DiffRow {
  /** The group (or table) whose rows a place in it depends on, when the table has groups. */
  group?: string;
  values: Record<string, Json>;
  explain: readonly ExplainEntry[];
}

/**
 * A published table's rows as a diff compares them, by subject (a pair, a player, an award), in
 * the table's own order: each ruleset says how its tables read (`diffRows` of its tables).
 */
export type DiffRows = Map<string, DiffRow>;

/** An explanation entry as one value, to tell the same entry on both sides. */
export const explainKey = (e: ExplainEntry) => JSON.stringify(e);
