import type { Json, Params } from './params';
import { SCORING_PARAM_KINDS, scoringParamsIssue } from './scoring-params';

export type { Json, Params } from './params';

/**
 * A rulebook is a preset's parameters with a club's overrides and amendments applied. Every
 * number a rule uses (counts, caps, penalties, tables) is a parameter, so an amendment can
 * change it and a replay recomputes. Parameters are plain JSON: objects, arrays, numbers,
 * strings, booleans.
 */
export interface Preset<P extends Params = Params> {
  id: string;
  /** Where the numbers come from, e.g. the seed rulebook and its date. */
  source: string;
  /** The competition formats this rulebook scores (`CompetitionCreated.format`). */
  formats: readonly string[];
  params: P;
  /**
   * Values the kind check cannot judge (a keyword among several), by dotted path: undefined
   * when allowed, else what is wrong. Checked when a rulebook fact sets the path, so a table
   * never meets a value it cannot read.
   */
  checks?: Readonly<Record<string, (value: Json) => string | undefined>>;
  /**
   * The whole parameter set checked as the ruleset's tables read it (the same function they
   * call), after a rulebook fact changes it: a value the kind check lets through but no table
   * could use (a keyword misspelt, a count out of range) is refused on append, naming the
   * path, rather than found by the next table. Undefined when the parameters can be used.
   */
  validate?(params: P): ParamsProblem | undefined;
}

/** What is wrong with a rulebook's parameters: the dotted path and why (the rule it serves). */
export interface ParamsProblem {
  path: string;
  message: string;
}

/**
 * A ruleset's own parameter check (one that throws an input error naming its `field` and
 * `rule`, as the tables' do) as a `Preset.validate`; `within`: the group the check reads
 * (`visitors.`), which its fields are named from.
 */
export const problemOf =
  <P>(check: (params: P) => void, within = '') =>
  (params: P): ParamsProblem | undefined => {
    try {
      check(params);
      return undefined;
    } catch (e) {
      const { field, rule, reason } = e as { field?: unknown; rule?: unknown; reason?: unknown };
      if (typeof field !== 'string' || typeof rule !== 'string') throw e;
      const text = typeof reason === 'string' ? reason : (e as Error).message;
      const why = text.replace(`${rule}: `, '').replace(`${field} `, '');
      return { path: `${within}${field}`, message: `${why} (${rule})` };
    }
  };

export interface Rulebook<P extends Params = Params> {
  preset: string;
  /** The date from which this version is in force (club calendar date, YYYY-MM-DD). */
  effectiveFrom: string;
  params: P;
}

export class RulebookChangeError extends Error {
  readonly code = 'RULEBOOK_NOT_APPLICABLE';
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`rulebook parameter ${path}: ${message}`);
  }

  answer(): { message: string } & Record<string, unknown> {
    return { message: this.message, rule: 'RULEBOOK', ...(this.path ? { field: this.path } : {}) };
  }
}

const kind = (v: Json): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const isGroup = (v: Json): v is { [key: string]: Json } =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Applies changes given as dotted paths (`pairsSeries.counted: 8`). A path must name an
 * existing parameter and the new value must be of the same kind: a typo or a wrong type is
 * refused with the path, not silently added. The `scoring` group (every preset's scoring
 * conventions, ./scoring-params.ts) is also checked value by value once changed.
 */
export function applyChanges<P extends Params>(params: P, changes: Record<string, Json>): P {
  const out = structuredClone(params) as Params;
  for (const [path, value] of Object.entries(changes)) {
    const keys = path.split('.');
    let node: Json = out;
    for (const key of keys.slice(0, -1)) {
      if (!isGroup(node) || !Object.hasOwn(node, key)) {
        throw new RulebookChangeError(path, 'no such parameter');
      }
      node = node[key];
    }
    const last = keys[keys.length - 1];
    // Own keys only: `constructor` or `__proto__` is in every object, and no parameter.
    if (!isGroup(node) || !Object.hasOwn(node, last)) {
      throw new RulebookChangeError(path, 'no such parameter');
    }
    const before = node[last];
    const kinds = Object.hasOwn(SCORING_PARAM_KINDS, path)
      ? SCORING_PARAM_KINDS[path]
      : [kind(before)];
    if (!kinds.includes(kind(value))) {
      throw new RulebookChangeError(
        path,
        `must be a ${kinds.join(' or a ')}, not a ${kind(value)}`,
      );
    }
    node[last] = structuredClone(value);
  }
  if (Object.keys(changes).some((path) => path === 'scoring' || path.startsWith('scoring.'))) {
    const issue = scoringParamsIssue(out.scoring);
    if (issue) throw new RulebookChangeError(issue.path, issue.message);
  }
  return out as P;
}

function valueAt(params: Params, path: string): Json | undefined {
  let node: Json | undefined = params;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
    node = node[key];
  }
  return node;
}

/** The versions of a club's rulebook over time; the one in force on a date is the latest
 * whose effectiveFrom is on or before it. */
export class RulebookHistory<P extends Params = Params> {
  private readonly versions: Rulebook<P>[] = [];
  /** Each adopted preset's whole-parameter check (`Preset.validate`), by id. */
  private readonly validators = new Map<string, Preset<P>['validate']>();

  /**
   * Only the preset's id and parameters make a version (a what-if passes just those); its
   * `validate`, when given, judges this version and every one amended from it.
   */
  adopt(
    preset: Pick<Preset<P>, 'id' | 'params' | 'validate'>,
    overrides: Record<string, Json>,
    effectiveFrom: string,
  ): void {
    const params = applyChanges(preset.params, overrides);
    if (preset.validate) this.validators.set(preset.id, preset.validate);
    this.usable(preset.id, params);
    this.insert({ preset: preset.id, effectiveFrom, params });
  }

  /** Refuses parameters the preset's tables could not use (`Preset.validate`). */
  private usable(presetId: string, params: P): void {
    const problem = this.validators.get(presetId)?.(params);
    if (problem) throw new RulebookChangeError(problem.path, problem.message);
  }

  /**
   * Applies an amendment from its date. All or nothing: when the change cannot be applied (to
   * the version in force then, or carried into a later one) RulebookChangeError is thrown and
   * the history is left as it was.
   */
  amend(changes: Record<string, Json>, effectiveFrom: string): void {
    const base = this.inForce(effectiveFrom);
    if (!base) throw new RulebookChangeError('', `no rulebook adopted by ${effectiveFrom}`);
    const params = applyChanges(base.params, changes);
    // Later versions were built on the old parameters: carry the change into each one that
    // still had the old value (a later amendment of the same parameter keeps its own).
    const later = this.versions
      .filter((v) => v.effectiveFrom > effectiveFrom)
      .map((v) => {
        const carried = Object.fromEntries(
          Object.entries(changes).filter(
            ([path]) =>
              JSON.stringify(valueAt(v.params, path)) ===
              JSON.stringify(valueAt(base.params, path)),
          ),
        );
        return { v, params: applyChanges(v.params, carried) };
      });
    this.usable(base.preset, params);
    for (const l of later) this.usable(l.v.preset, l.params);
    this.insert({ ...base, effectiveFrom, params });
    for (const { v, params: carried } of later) v.params = carried;
  }

  inForce(date: string): Rulebook<P> | undefined {
    let found: Rulebook<P> | undefined;
    for (const v of this.versions) if (v.effectiveFrom <= date) found = v;
    return found;
  }

  all(): readonly Rulebook<P>[] {
    return this.versions;
  }

  private insert(version: Rulebook<P>): void {
    const i = this.versions.findIndex((v) => v.effectiveFrom >= version.effectiveFrom);
    if (i < 0) this.versions.push(version);
    else if (this.versions[i].effectiveFrom === version.effectiveFrom) this.versions[i] = version;
    else this.versions.splice(i, 0, version);
  }
}
