import { isDay, isInstant } from '../kernel/instant';
import type { FieldIssue } from '../kernel/issues';

/**
 * The published tables' parameters, read by one set of rules for HTTP (query parameters) and
 * the CLI (options): docs/http.md and docs/cli.md. Each parameter is named as its reader spells
 * it (`asOf` over HTTP, `--as-of` on the command line). A session number beyond the
 * competition's sessions is refused where the competition is known (`UnknownSessionError`).
 */
export type TableParam = 'asOf' | 'atPosition' | 'afterSession' | 'session';

export interface TableQuery {
  /** As published on this instant (facts recorded by then). */
  asOf?: string;
  /** As of this ledger position. */
  atPosition?: number;
  /** The interim standing after this session. */
  afterSession?: number;
  /** Only this session (C points). */
  session?: number;
}

export type Spelling = (param: TableParam) => string;
const AS_HTTP: Spelling = (p) => p;

/** A parameter the reader refuses, with the message its spelling names. */
export class TableParamError extends Error {
  readonly code = 'INVALID_REQUEST';
  constructor(
    readonly field: TableParam,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A whole number >= 0 as a reader writes it (a query parameter, a command-line option): 1 to
 * 15 digits, spaces around them allowed; not `1e3`, `0x10`, `5.0`, `+5` or an empty text,
 * which `Number` would read. The one reader of whole numbers for HTTP and the CLI. Undefined
 * when it is not one.
 */
export const wholeNumber = (v: unknown): number | undefined => {
  const text = typeof v === 'number' ? String(v) : v;
  return typeof text === 'string' && /^\d{1,15}$/.test(text.trim()) ? Number(text) : undefined;
};

const READERS: { [P in TableParam]: (v: unknown, name: string) => TableQuery[P] } = {
  asOf(v, name) {
    if (isInstant(v)) return v;
    throw new TableParamError(
      'asOf',
      `${name} must be an ISO 8601 instant with a zone, e.g. 2014-10-14T00:00:00Z`,
    );
  },
  atPosition(v, name) {
    const n = wholeNumber(v);
    if (n !== undefined) return n;
    throw new TableParamError('atPosition', `${name} must be a whole number >= 0`);
  },
  afterSession(v, name) {
    const n = wholeNumber(v);
    if (n !== undefined && n >= 1) return n;
    throw new TableParamError('afterSession', `${name} must be a session number >= 1`);
  },
  session(v, name) {
    const n = wholeNumber(v);
    if (n !== undefined && n >= 1) return n;
    throw new TableParamError('session', `${name} must be a session number >= 1`);
  },
};

/** One parameter's value from its text; a `TableParamError` naming it when it is not one. */
export function readTableParam<P extends TableParam>(
  param: P,
  value: unknown,
  spelling: Spelling = AS_HTTP,
): NonNullable<TableQuery[P]> {
  return READERS[param](value, spelling(param)) as NonNullable<TableQuery[P]>;
}

/**
 * A table is as published on an instant or as of a position, not both: the two can disagree
 * (a fact recorded before the instant but after the position), and neither reader guesses.
 */
export function oneMomentIssue(
  query: { asOf?: unknown; atPosition?: unknown },
  spelling: Spelling = AS_HTTP,
): FieldIssue | undefined {
  if (query.asOf === undefined || query.atPosition === undefined) return undefined;
  const asOf = spelling('asOf');
  const atPosition = spelling('atPosition');
  return {
    field: 'asOf',
    message: `${asOf} and ${atPosition} cannot be given together: ask as published on an instant (${asOf}) or as of a ledger position (${atPosition})`,
  };
}

/**
 * The parameters of a table request: those in `params` read, any other refused as unknown
 * (except `also`, read by the caller), and asOf with atPosition refused together.
 */
export function readTableQuery(
  raw: Record<string, unknown>,
  params: readonly TableParam[],
  also: readonly string[] = [],
): { value: TableQuery; issues: FieldIssue[] } {
  const value: TableQuery = {};
  const issues: FieldIssue[] = [];
  for (const [key, v] of Object.entries(raw)) {
    if (also.includes(key)) continue;
    if (!(params as readonly string[]).includes(key)) {
      issues.push({ field: key, message: `property ${key} should not exist` });
      continue;
    }
    const param = key as TableParam;
    try {
      (value as Record<string, unknown>)[param] = readTableParam(param, v);
    } catch (e) {
      if (!(e instanceof TableParamError)) throw e;
      issues.push({ field: param, message: e.message });
    }
  }
  const both = oneMomentIssue(raw);
  if (both) issues.push(both);
  return { value, issues };
}

/** Asked wrongly (code INVALID_REQUEST: HTTP 400, CLI exit 2), each parameter named. */
export class InvalidTableQueryError extends Error {
  readonly code = 'INVALID_REQUEST';
  constructor(readonly issues: FieldIssue[]) {
    super(issues.map((i) => i.message).join('; '));
  }

  answer() {
    return { message: this.message, issues: this.issues };
  }
}

/** A moment read two ways: a club date (as played by that day) or an instant (as recorded by then). */
export interface DayOrInstant {
  day?: string;
  asOf?: string;
  atPosition?: number;
}

/**
 * `asOf` (a club date: `dayIs` — "the season as of that day" — or an instant with a zone: as
 * recorded by then) and `atPosition`, each named as `spell` writes it; an instant with a
 * position refused together (they can disagree). A league's and a teams event's answers read it.
 */
export function readDayOrInstant<P extends string>(
  raw: { asOf?: unknown; atPosition?: unknown },
  spell: (p: 'asOf' | 'atPosition' | P) => string,
  dayIs: string,
): { value: DayOrInstant; issues: FieldIssue[] } {
  const value: DayOrInstant = {};
  const issues: FieldIssue[] = [];
  if (raw.asOf !== undefined) {
    if (isDay(raw.asOf)) value.day = raw.asOf;
    else if (isInstant(raw.asOf)) value.asOf = raw.asOf;
    else
      issues.push({
        field: 'asOf',
        message: `${spell('asOf')} must be a club date YYYY-MM-DD (${dayIs}) or an ISO 8601 instant with a zone (as recorded by then), got ${String(raw.asOf)}`,
      });
  }
  if (raw.atPosition !== undefined) {
    const n = wholeNumber(raw.atPosition);
    if (n === undefined)
      issues.push({
        field: 'atPosition',
        message: `${spell('atPosition')} must be a whole number >= 0`,
      });
    else value.atPosition = n;
  }
  if (value.asOf !== undefined && value.atPosition !== undefined) {
    issues.push({
      field: 'asOf',
      message: `${spell('asOf')} (an instant) and ${spell('atPosition')} cannot be given together: ask as recorded by an instant or as of a ledger position`,
    });
  }
  return { value, issues };
}
