/**
 * `diff` and what-if. A table of one competition (standings, NZ-8 C points) or of one
 * club's season (DSB-11 championship) at a moment — now, a ledger position, an instant, or the
 * position a `StandingsPublished` fact names — read from a window of its club's streams
 * (`competitionsSlice` with `window`: the competition's year, its club's rulebook and roster;
 * not the club's other years), and the changes between two such tables, or between the real
 * table and the same under amended rulebook parameters. Nothing is stored.
 */
import { structureIssue } from '../ledger/json-structure';
import { rulebookFactsViolation } from '../contexts/club/domain/rulebook-facts';
import { publicationsStreamId } from '../contexts/corrections/domain/streams';
import type { FieldIssue } from '../kernel/issues';
import { isInstant } from '../kernel/instant';
import {
  championshipOf,
  cPointsOf,
  type CompetitionsState,
  type StandingsView,
  UnknownCompetitionError,
} from '../contexts/pairs/projection';
import {
  diffTables,
  type DiffableView,
  type DiffTable,
  type TableDiff,
} from '../contexts/pairs/projection/diff';
import type { Json } from '../rulebooks/rulebook';
import type { EventStore } from '../store/event-store';
import { StreamNotFoundError } from '../store/errors';
import { competitionsSlice, type SliceScope } from '../contexts/pairs/read/competition-slice';
import { directoryOf } from '../ledger/ledger-directory';
import { standingsFrom } from './published';
import { InvalidTableQueryError, wholeNumber } from './table-query';

/** Which table: a competition's standings or C points, or a club's championship of a season. */
export type TableOf =
  | { table: 'standings'; competitionId: string; afterSession?: number }
  | { table: 'c-points'; competitionId: string }
  | { table: 'championship'; clubId: string; season: string };

/** A moment a table is read at. `published`: the n-th (else the latest) StandingsPublished. */
export type Moment =
  | { kind: 'now' }
  | { kind: 'position'; atPosition: number }
  | { kind: 'instant'; asOf: string }
  | { kind: 'published'; n?: number };

/** A rulebook override: dotted parameter paths and their values (`tenSession.counted: 7`). */
export type RulebookOverride = Record<string, Json>;

/** Asked wrongly, the parameter (`from`, `to`, a rulebook parameter path) named. */
const invalid = (field: string, message: string) =>
  new InvalidTableQueryError([{ field, message }]);

/**
 * A moment as written: `now` (for `to` only), a ledger position (digits), an ISO 8601 instant
 * with a zone, `published` (the latest publication of the table) or `published:N` (its N-th,
 * from 1). `name` is the parameter as its reader spells it (`from`, `--from`).
 */
export function readMoment(text: unknown, field: 'from' | 'to', name: string = field): Moment {
  if (typeof text === 'string') {
    const t = text.trim();
    if (t === 'now' && field === 'to') return { kind: 'now' };
    const n = wholeNumber(t);
    if (n !== undefined) return { kind: 'position', atPosition: n };
    if (isInstant(t)) return { kind: 'instant', asOf: t };
    const p = /^published(?::(\d{1,6}))?$/.exec(t);
    if (p) {
      const k = p[1] === undefined ? undefined : Number(p[1]);
      if (k === undefined || k >= 1) return { kind: 'published', ...(k ? { n: k } : {}) };
    }
  }
  throw invalid(
    field,
    `${name} must be a ledger position (a whole number >= 0), an ISO 8601 instant with a zone (e.g. 2014-10-14T00:00:00Z), published or published:N (N >= 1)${field === 'to' ? ', or now' : ''}; got ${JSON.stringify(text ?? null)}`,
  );
}

const moment = (m: Moment): string =>
  m.kind === 'now'
    ? 'now'
    : m.kind === 'position'
      ? `position ${m.atPosition}`
      : m.kind === 'instant'
        ? `as published on ${m.asOf}`
        : `published${m.n ? ` #${m.n}` : ' (latest)'}`;

const scopeOf = (t: TableOf): SliceScope =>
  t.table === 'championship'
    ? { clubId: t.clubId, season: t.season }
    : { competitionId: t.competitionId, window: true };

/** A publication as its fact names it (`StandingsPublished`). */
export interface Publication {
  eventId: string;
  position: number;
  atPosition: number;
  publishedBy?: string;
  recordedAt: string;
}

/** The StandingsPublished facts of this table, in ledger order, from `publications-<clubId>`. */
export async function publicationsOf(store: EventStore, t: TableOf): Promise<Publication[]> {
  const directory = directoryOf(store);
  await directory.catchUp();
  const clubs =
    t.table === 'championship' ? [t.clubId] : directory.clubsOfCompetition(t.competitionId);
  const out: Publication[] = [];
  for (const clubId of clubs) {
    try {
      for await (const e of store.readStream(publicationsStreamId(clubId))) {
        if (e.type !== 'StandingsPublished') continue;
        const d = e.data as Record<string, unknown>;
        const mine =
          d.table === t.table &&
          (t.table === 'championship'
            ? d.season === t.season
            : d.competitionId === t.competitionId);
        if (!mine || typeof d.atPosition !== 'number') continue;
        out.push({
          eventId: e.id,
          position: e.position,
          atPosition: d.atPosition,
          publishedBy: typeof d.publishedBy === 'string' ? d.publishedBy : undefined,
          recordedAt: e.recordedAt,
        });
      }
    } catch (err) {
      if (!(err instanceof StreamNotFoundError)) throw err;
    }
  }
  return out.sort((a, b) => a.position - b.position);
}

const what = (t: TableOf) =>
  t.table === 'championship'
    ? `the championship of ${t.clubId} ${t.season}`
    : `the ${t.table} of ${t.competitionId}`;

/**
 * The ledger bounds of a moment, and what it was: a publication resolves to the position its
 * fact names (refused, naming the parameter, when the table has no such publication).
 */
async function boundsOf(
  store: EventStore,
  t: TableOf,
  m: Moment,
  field: string,
): Promise<{ at: { asOf?: string; atPosition?: number }; side: Record<string, unknown> }> {
  switch (m.kind) {
    case 'now':
      return { at: {}, side: { at: 'now' } };
    case 'position':
      return { at: { atPosition: m.atPosition }, side: { at: moment(m) } };
    case 'instant':
      return { at: { asOf: m.asOf }, side: { at: moment(m) } };
    case 'published': {
      const all = await publicationsOf(store, t);
      const p = m.n === undefined ? all[all.length - 1] : all[m.n - 1];
      if (!p) {
        throw invalid(
          field,
          m.n === undefined || all.length === 0
            ? `no StandingsPublished fact records a publication of ${what(t)}`
            : `${what(t)} was published ${all.length} time(s), not ${m.n}`,
        );
      }
      return {
        at: { atPosition: p.atPosition },
        side: {
          at: moment(m),
          published: {
            eventId: p.eventId,
            atPosition: p.atPosition,
            recordedAt: p.recordedAt,
            ...(p.publishedBy ? { publishedBy: p.publishedBy } : {}),
          },
        },
      };
    }
  }
}

/** The state a table reads at a moment: its window of the club's streams (not $all). */
export async function stateAt(
  store: EventStore,
  t: TableOf,
  at: { asOf?: string; atPosition?: number },
): Promise<CompetitionsState> {
  return (await competitionsSlice(store, scopeOf(t), at)).state;
}

/** The table from a state, under a rulebook override when given. */
export function tableFrom(
  state: CompetitionsState,
  t: TableOf,
  whatIf?: RulebookOverride,
): DiffableView {
  switch (t.table) {
    case 'standings':
      return {
        table: 'standings',
        view: standingsFrom(state, t.competitionId, t.afterSession, whatIf) as StandingsView,
      };
    case 'c-points':
      return {
        table: 'c-points',
        view: cPointsOf(state, t.competitionId, { whatIf }),
      };
    case 'championship':
      return { table: 'championship', view: championshipOf(state, t.clubId, t.season, { whatIf }) };
  }
}

/** The club whose rulebook a table reads, and the dates whose rulebook in force it reads. */
function rulebookDatesOf(
  state: CompetitionsState,
  t: TableOf,
): { clubId: string; dates: string[] } | undefined {
  const ids =
    t.table === 'championship'
      ? Object.keys(state.competitions).filter((id) => {
          const c = state.competitions[id].competition;
          return c?.clubId === t.clubId && c.season === t.season;
        })
      : [t.competitionId];
  const created = ids.map((id) => state.competitions[id]?.competition).filter((c) => !!c);
  // A season with no finished competition yet: DSB-11 reads the rulebook of its year's end.
  if (!created.length) {
    return t.table === 'championship'
      ? { clubId: t.clubId, dates: [`${t.season.slice(0, 4)}-12-31`] }
      : undefined;
  }
  const dates = [...new Set(created.flatMap((c) => c!.sessions.map((s) => s.date)))].sort();
  return { clubId: created[0]!.clubId, dates };
}

/** `data.changes["tenSession.counted"]` → `tenSession.counted`. */
const pathOf = (field: string, override: RulebookOverride): string => {
  const m = /^data\.changes\[(".*")\]$/.exec(field);
  if (m) return JSON.parse(m[1]!) as string;
  return Object.keys(override)[0] ?? 'rulebookOverride';
};

/**
 * A rulebook override checked as the club's own amendments are (`rulebookFactsViolation`, the
 * append gate's check of RulebookAmended: a path naming a parameter, a value of its kind, the
 * `scoring` group value by value, a deadline as HH:MM), against the rulebook in force on each
 * date the table reads. `scoring.*` is refused: a what-if recomputes standings, not board
 * scores (QueryOptions.whatIf). Each refusal names the parameter path.
 */
export function checkOverride(
  state: CompetitionsState,
  t: TableOf,
  override: unknown,
): RulebookOverride {
  if (override === null || typeof override !== 'object' || Array.isArray(override)) {
    throw invalid(
      'rulebookOverride',
      'a rulebook override is a JSON object of parameter paths and values, e.g. {"tenSession.counted": 7}',
    );
  }
  const changes = override as RulebookOverride;
  // As an append's body is checked: no built-in-named key, no hostile depth or lone surrogate.
  const issues: FieldIssue[] = Object.entries(changes).flatMap(([path, value]) =>
    structureIssue(path, path, value),
  );
  for (const path of Object.keys(changes)) {
    if (path === 'scoring' || path.startsWith('scoring.')) {
      issues.push({
        field: path,
        message: `${path}: a what-if recomputes the tables under other rules, not the board scores: scoring settings cannot be overridden`,
      });
    }
  }
  if (issues.length) throw new InvalidTableQueryError(issues);
  if (Object.keys(changes).length === 0) return changes;
  const read = rulebookDatesOf(state, t);
  if (!read) return changes; // an unknown competition: the table's own error says so
  const existing = state.rulebooks[read.clubId] ?? [];
  for (const date of read.dates) {
    const refused = rulebookFactsViolation(existing, [
      { kind: 'amended', changes, effectiveFrom: date },
    ]);
    // No rulebook in force on the date: the table's NoRulebook error says so.
    if (!refused || refused.violation.field === 'data.effectiveFrom') continue;
    const path = pathOf(refused.violation.field ?? '', changes);
    throw invalid(
      path,
      `${path}: ${refused.violation.message.replace(/^(RULEBOOK: )?(rulebook parameter [^:]*: )?/, '')}`,
    );
  }
  return changes;
}

/**
 * A table computed under an override, a value the rulesets' own checks refuse (NzInputError,
 * DsbInputError: `cPoints.awardedFraction`, a placing table …) named as the parameter it is.
 */
function underOverride<T>(override: RulebookOverride, compute: () => T): T {
  try {
    return compute();
  } catch (err) {
    const field = (err as { field?: unknown }).field;
    const code = (err as { code?: unknown }).code;
    if (code === 'FACTS_NOT_SCORABLE' && typeof field === 'string') {
      const path = Object.keys(override).find(
        (k) => field === k || field.startsWith(`${k}.`) || k.startsWith(`${field}.`),
      );
      if (path) throw invalid(path, `${path}: ${(err as Error).message}`);
    }
    throw err;
  }
}

/** The table before its competition was created: none (every row of the other side is new). */
function before(table: () => DiffableView): DiffableView | undefined {
  try {
    return table();
  } catch (err) {
    if (err instanceof UnknownCompetitionError) return undefined;
    throw err;
  }
}

/** The table at `to`: a competition not yet created there is said so, naming the moment. */
function notYet(at: unknown, table: () => DiffableView): DiffableView {
  try {
    return table();
  } catch (err) {
    if (err instanceof UnknownCompetitionError && at !== 'now') {
      err.message = `no competition ${err.competitionId} in the ledger at ${String(at)}, the diff's "to"`;
    }
    throw err;
  }
}

/** `diff`: every number of the table that changed between two moments, and why. */
export async function diffAt(
  store: EventStore,
  t: TableOf,
  from: Moment,
  to: Moment,
  override?: RulebookOverride,
): Promise<TableDiff> {
  const a = await boundsOf(store, t, from, 'from');
  const b = await boundsOf(store, t, to, 'to');
  const fromState = await stateAt(store, t, a.at);
  const toState = await stateAt(store, t, b.at);
  const whatIf = override ? checkOverride(toState, t, override) : undefined;
  const compute = () =>
    diffTables(
      before(() => tableFrom(fromState, t, whatIf)),
      notYet(b.side.at, () => tableFrom(toState, t, whatIf)),
      {
        from: {
          ...a.side,
          ...(fromState.position !== undefined ? { position: fromState.position } : {}),
        },
        to: b.side,
      },
    );
  return whatIf ? underOverride(whatIf, compute) : compute();
}

/** A what-if's answer: the table as it would be, and what differs from the real one. */
export interface WhatIf {
  table: DiffTable;
  override: RulebookOverride;
  /** The table under the amended parameters (nothing stored). */
  whatIf: DiffableView['view'];
  /** The real table's changes to it: from the real one to the what-if. */
  diff: TableDiff;
}

/** What-if: the table at a moment under amended parameters, with the diff. */
export async function whatIfAt(
  store: EventStore,
  t: TableOf,
  at: Moment,
  override: unknown,
): Promise<WhatIf> {
  const b = await boundsOf(store, t, at, 'to');
  const state = await stateAt(store, t, b.at);
  const whatIf = checkOverride(state, t, override);
  const real = tableFrom(state, t);
  const amended = underOverride(whatIf, () => tableFrom(state, t, whatIf));
  // The what-if's rulebook is the one in force, amended for this answer only: named as it.
  const rulebook = (real.view as { rulebook?: unknown }).rulebook;
  if (rulebook !== undefined) (amended.view as { rulebook?: unknown }).rulebook = rulebook;
  return {
    table: t.table,
    override: whatIf,
    whatIf: amended.view,
    diff: diffTables(real, amended, {
      from: { ...b.side, rules: 'the rulebook in force' },
      to: { ...b.side, rules: 'what-if', override: whatIf },
    }),
  };
}

export type { TableDiff } from '../contexts/pairs/projection/diff';
