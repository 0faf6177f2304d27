/**
 * What changed between two publications of one table, and why. Pure: two views of the
 * same competition (its standings), the same club and season (DSB-11 championship) or the same
 * competition's NZ-8 C points, computed at two moments or under two rulebooks (a what-if), give
 * every number that differs — rank, place, total, counted sessions, qualification, the DSB-8
 * move, placing points, C points — each with the explanation entries behind it: those of the
 * row on one side that the other side does not have (a correction named, a rule applied or no
 * longer applied), with the rule IDs and the facts (ids) they name.
 */
import type { Json } from '../../../rulebooks/rulebook';
import type { ChampionshipView, CPointsView, StandingsView } from '../ruleset';
import { championshipTable, cPointsTableOf, tableOf } from '../ruleset-registry';
import { explainKey as key, type DiffRows, type ExplainEntry } from './diff-rows';

export type { ExplainEntry } from './diff-rows';

/** A table a diff compares: a competition's standings, a club's championship, C points. */
export type DiffTable = 'standings' | 'championship' | 'c-points';

export type DiffableView =
  | { table: 'standings'; view: StandingsView }
  | { table: 'championship'; view: ChampionshipView }
  | { table: 'c-points'; view: CPointsView };

/** One number (or list, or flag) that is not the same on both sides. */
export interface Change {
  /**
   * What the row is: a pair or competitor (`pairId`), a player (C points), a DSB-11 placing
   * award (`competitionId/pairId`), a C-point award (`session N/player`), or `heading`.
   */
  subject: string;
  /** The DSB group the row stands in (on the `to` side, else the `from` side), when it has one. */
  group?: string;
  /**
   * rank, place, total, percentage, counted, dropped, qualifies, played, listed, session N
   * (a session's score), move, next group, points, eligible … ; `listed` when the row is on one
   * side only.
   */
  field: string;
  from: Json;
  to: Json;
  /** The explanation entries behind it: on the `to` side and not the `from` side, and back. */
  because: { added: ExplainEntry[]; removed: ExplainEntry[] };
  /** The rule IDs of those entries, once each. */
  rules: string[];
  /** The facts (event, correction, appeal, ruling ids) those entries name, once each. */
  facts: string[];
  /**
   * A rank, place or move whose row explains nothing new (its own numbers unchanged): the rows
   * of its group (its table) whose changes moved it, whose rules and facts it carries.
   */
  via?: string[];
}

/** Which moment (or rulebook) each side is: `position` and what the caller says of it. */
export interface DiffSide {
  position: number;
  rulebook?: { preset: string; effectiveFrom: string };
  [key: string]: unknown;
}

export interface TableDiff {
  table: DiffTable;
  /** The competition (standings, C points) or `clubId season` (championship). */
  subject: string;
  from: DiffSide;
  to: DiffSide;
  /** Every number that changed; empty when the two publications agree. */
  changes: Change[];
}

/** Two views that are not of one table (another competition, club or season). */
export class DiffMismatchError extends Error {
  readonly code = 'INVALID_REQUEST';
  constructor(message: string) {
    super(message);
  }
}

const json = (v: unknown): Json => (v === undefined ? null : (v as Json));
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The entries of `a` that `b` does not have (as many times as `a` has them more). */
function missing(a: readonly ExplainEntry[], b: readonly ExplainEntry[]): ExplainEntry[] {
  const left = new Map<string, number>();
  for (const e of b) left.set(key(e), (left.get(key(e)) ?? 0) + 1);
  const out: ExplainEntry[] = [];
  for (const e of a) {
    const n = left.get(key(e)) ?? 0;
    if (n > 0) left.set(key(e), n - 1);
    else out.push(e);
  }
  return out;
}

/**
 * Facts an explanation entry names: an id it carries in a field (`eventId`, `correctionId` …),
 * or in its text as the tables write them (`by correction c-7 of fact 0193…`, `appeal a-1`,
 * `ruling r-2 (fact …)`), each as `<kind> <id>`.
 */
function factsOf(entries: readonly ExplainEntry[]): string[] {
  const out = new Set<string>();
  const visit = (k: string, v: unknown) => {
    if (typeof v === 'string' && /(^fact$|id$|ids$)/i.test(k)) out.add(v);
    else if (Array.isArray(v)) for (const x of v) visit(k, x);
    else if (v !== null && typeof v === 'object')
      for (const [k2, v2] of Object.entries(v)) visit(k2, v2);
  };
  for (const e of entries) {
    for (const [k, v] of Object.entries(e as object)) {
      if (k !== 'rule' && k !== 'effect') visit(k, v);
    }
    if (typeof e.effect !== 'string') continue;
    for (const m of e.effect.matchAll(NAMED)) out.add(`${m[1]} ${m[2]!.replace(/[.,;:)]+$/, '')}`);
  }
  return [...out];
}

/** The fields whose value depends on the other rows of the group: a place, a move. */
const RELATIVE = new Set(['rank', 'place', 'move', 'next group', 'placing points', 'final list']);

/**
 * A pair moved down because another pair's corrected total passed it: its own explanation did
 * not change, so its rank change carries the rules and facts of the rows of its group (or
 * table) whose own explanation changed, named in `via`.
 */
function creditOthers(changes: Change[]): void {
  for (const c of changes) {
    if (!RELATIVE.has(c.field) || c.rules.length > 0 || c.subject === 'heading') continue;
    const others = changes.filter(
      (o) =>
        o.subject !== c.subject &&
        o.subject !== 'heading' &&
        o.group === c.group &&
        o.rules.length > 0,
    );
    if (!others.length) continue;
    c.via = [...new Set(others.map((o) => o.subject))];
    c.rules = [...new Set(others.flatMap((o) => o.rules))];
    c.facts = [...new Set(others.flatMap((o) => o.facts))];
  }
}

/** `correction c-7`, `fact 0193…`, `appeal a-1`, `ruling r-2`: an id has a digit or a dash. */
const NAMED = /\b(correction|fact|appeal|ruling) ([A-Za-z0-9][\w.:@-]*[-\d][\w.:@-]*)/g;

/**
 * A side's rows as the table's own ruleset reads them: the standings of the view's rulebook and
 * format, the C points of its format, the club championship. A view is only ever made by its
 * table, so the table is registered.
 */
function rowsOf(side: DiffableView): DiffRows {
  switch (side.table) {
    case 'standings':
      return tableOf(side.view.rulebook.preset, side.view.format)!.diffRows(side.view);
    case 'championship':
      return championshipTable()!.diffRows(side.view);
    case 'c-points':
      return cPointsTableOf(side.view.format)!.diffRows(side.view);
  }
}

function subjectOf(side: DiffableView): string {
  switch (side.table) {
    case 'championship':
      return `${side.view.clubId} ${side.view.season}`;
    default:
      return side.view.competitionId;
  }
}

/** The heading numbers a reader sees change: sessions counted, final, the rulebook in force. */
function headingOf(side: DiffableView): Record<string, Json> {
  const v = side.view as unknown as Record<string, unknown>;
  const out: Record<string, Json> = { rulebook: json(v.rulebook) };
  for (const k of ['afterSession', 'final', 'sessions', 'competitions'])
    if (k in v) out[k] = json(v[k]);
  return out;
}

/**
 * Every number that differs between `from` and `to` (two publications of one table), rows in
 * `to`'s order then those only in `from`, fields in the table's order; each change with the
 * explanation entries that differ on its row, their rules and the facts they name.
 */
export function diffTables(
  from: DiffableView | undefined,
  to: DiffableView,
  sides: { from?: Record<string, unknown>; to?: Record<string, unknown> } = {},
): TableDiff {
  if (from === undefined) return diffFromNothing(to, sides);
  if (from.table !== to.table) {
    throw new DiffMismatchError(`a ${from.table} table cannot be compared with a ${to.table} one`);
  }
  const subject = subjectOf(to);
  if (subjectOf(from) !== subject) {
    throw new DiffMismatchError(`${subjectOf(from)} and ${subject} are not one table`);
  }
  return diffRows(from, to, sides);
}

/**
 * The diff from a moment when the table did not exist yet (its competition not created): every
 * row of `to` is new, `listed` false → true.
 */
function diffFromNothing(
  to: DiffableView,
  sides: { from?: Record<string, unknown>; to?: Record<string, unknown> },
): TableDiff {
  return diffRows(undefined, to, sides);
}

function diffRows(
  from: DiffableView | undefined,
  to: DiffableView,
  sides: { from?: Record<string, unknown>; to?: Record<string, unknown> },
): TableDiff {
  const subject = subjectOf(to);
  const changes: Change[] = [];
  const push = (
    subjectId: string,
    group: string | undefined,
    field: string,
    a: Json,
    b: Json,
    ea: readonly ExplainEntry[],
    eb: readonly ExplainEntry[],
  ) => {
    const added = missing(eb, ea);
    const removed = missing(ea, eb);
    const both = [...added, ...removed];
    changes.push({
      subject: subjectId,
      ...(group !== undefined ? { group } : {}),
      field,
      from: a,
      to: b,
      because: { added, removed },
      rules: [...new Set(both.map((e) => e.rule))],
      facts: factsOf(both),
    });
  };
  const ha: Record<string, Json> = from ? headingOf(from) : {};
  const hb = headingOf(to);
  for (const field of new Set([...Object.keys(hb), ...Object.keys(ha)])) {
    if (!same(ha[field], hb[field]))
      push('heading', undefined, field, json(ha[field]), json(hb[field]), [], []);
  }

  const ra: DiffRows = from ? rowsOf(from) : new Map();
  const rb = rowsOf(to);
  for (const id of new Set([...rb.keys(), ...ra.keys()])) {
    const a = ra.get(id);
    const b = rb.get(id);
    const group = b?.group ?? a?.group;
    const ea = a?.explain ?? [];
    const eb = b?.explain ?? [];
    if (!a || !b) {
      push(id, group, 'listed', !!a, !!b, ea, eb);
      continue;
    }
    const fields = [...new Set([...Object.keys(b.values), ...Object.keys(a.values)])];
    for (const field of fields) {
      const va = json(a.values[field]);
      const vb = json(b.values[field]);
      if (!same(va, vb)) push(id, group, field, va, vb, ea, eb);
    }
  }

  creditOthers(changes);

  const side = (
    s: DiffableView | undefined,
    extra: Record<string, unknown> | undefined,
  ): DiffSide => ({
    position: s?.view.position ?? 0,
    ...(extra ?? {}),
    ...(s ? { rulebook: (s.view as { rulebook?: DiffSide['rulebook'] }).rulebook } : {}),
  });
  return {
    table: to.table,
    subject,
    from: side(from, sides.from),
    to: side(to, sides.to),
    changes,
  };
}
