import { presetOf } from './presets';
import { RulebookChangeError, RulebookHistory, type Json, type Preset } from './rulebook';

/**
 * A club's rulebook fact as the ledger holds it (the competitions projection keeps these): an
 * adoption (a preset with its overrides) or an amendment, from a date.
 */
export interface RulebookFactRecord {
  kind: 'adopted' | 'amended';
  preset?: string;
  /** The adoption's overrides or the amendment's changes: dotted paths and values. */
  changes: Record<string, Json>;
  effectiveFrom: string;
  /** The fact's position in the ledger, when read from it. */
  position?: number;
}

/** A RulebookAdopted or RulebookAmended fact's data as a record; undefined for other types. */
export function rulebookFactOf(
  type: string,
  data: unknown,
  position?: number,
): RulebookFactRecord | undefined {
  if (type !== 'RulebookAdopted' && type !== 'RulebookAmended') return undefined;
  const d = data as Record<string, unknown>;
  const adopted = type === 'RulebookAdopted';
  return {
    kind: adopted ? 'adopted' : 'amended',
    ...(adopted ? { preset: d.preset as string } : {}),
    changes: ((adopted ? d.overrides : d.changes) ?? {}) as Record<string, Json>,
    effectiveFrom: d.effectiveFrom as string,
    ...(position !== undefined ? { position } : {}),
  };
}

export const rulebookFactType = (f: RulebookFactRecord) =>
  f.kind === 'adopted' ? 'RulebookAdopted' : 'RulebookAmended';

/**
 * Why a rulebook fact cannot be applied. `field` is the field of the fact's data at fault:
 * `preset`, `effectiveFrom`, or the change (`changes["scoring.factoring"]`, or
 * `overrides[…]` for an adoption); `path` the dotted parameter path ('' when none).
 */
export interface RulebookFactProblem {
  field: string;
  path: string;
  /** `no-adoption`: an amendment with no rulebook adopted by its date; `invalid`: the rest. */
  kind: 'invalid' | 'no-adoption';
  message: string;
}

/** The key of `changes` that a refused dotted path comes from (itself, or a group above it). */
function changeKey(changes: Record<string, Json>, path: string): string | undefined {
  if (path in changes) return path;
  return Object.keys(changes).find((k) => path.startsWith(`${k}.`) || k.startsWith(`${path}.`));
}

/** The value a change gives `path`: the path itself, or inside a group changed whole. */
function changedValue(changes: Record<string, Json>, path: string): Json | undefined {
  if (Object.hasOwn(changes, path)) return changes[path];
  const key = Object.keys(changes).find((k) => path.startsWith(`${k}.`));
  if (key === undefined) return undefined;
  let node: Json | undefined = changes[key];
  for (const part of path.slice(key.length + 1).split('.')) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
    node = Object.hasOwn(node, part) ? node[part] : undefined;
  }
  return node;
}

/** A preset's own value checks (`Preset.checks`) on the values a fact sets. */
function checkedValueProblem(
  preset: Preset,
  changes: Record<string, Json>,
  container: string,
): RulebookFactProblem | undefined {
  for (const [path, check] of Object.entries(preset.checks ?? {})) {
    const value = changedValue(changes, path);
    const wrong = value === undefined ? undefined : check(value);
    if (wrong === undefined) continue;
    const key = changeKey(changes, path) ?? path;
    return {
      field: `${container}[${JSON.stringify(key)}]`,
      path,
      kind: 'invalid',
      message: `rulebook parameter ${path}: ${wrong}`,
    };
  }
  return undefined;
}

/**
 * Applies one rulebook fact to a club's history, as every reader of the ledger does; the
 * history is left as it was when the fact cannot be applied, and the problem is returned.
 */
export function applyRulebookFact(
  history: RulebookHistory,
  fact: RulebookFactRecord,
): RulebookFactProblem | undefined {
  const container = fact.kind === 'adopted' ? 'overrides' : 'changes';
  const checked = presetOf(
    fact.kind === 'adopted'
      ? (fact.preset ?? '')
      : (history.inForce(fact.effectiveFrom)?.preset ?? ''),
  );
  const refused = checked && checkedValueProblem(checked, fact.changes, container);
  if (refused) return refused;
  try {
    if (fact.kind === 'adopted') {
      const preset = presetOf(fact.preset ?? '');
      if (!preset) {
        return {
          field: 'preset',
          path: '',
          kind: 'invalid',
          message: `no such preset: ${fact.preset}`,
        };
      }
      history.adopt(preset, fact.changes, fact.effectiveFrom);
    } else {
      if (!history.inForce(fact.effectiveFrom)) {
        return {
          field: 'effectiveFrom',
          path: '',
          kind: 'no-adoption',
          message: `no rulebook adopted by ${fact.effectiveFrom}: record RulebookAdopted first`,
        };
      }
      history.amend(fact.changes, fact.effectiveFrom);
    }
  } catch (err) {
    if (!(err instanceof RulebookChangeError)) throw err;
    // A parameter the fact left as it was, made unusable by one it changed (a scale of places
    // with no places listed): the change is the only one, or the fact as a whole.
    const only = Object.keys(fact.changes);
    const key = changeKey(fact.changes, err.path) ?? (only.length === 1 ? only[0] : undefined);
    return {
      field: key === undefined ? container : `${container}[${JSON.stringify(key)}]`,
      path: err.path,
      kind: 'invalid',
      message: err.message,
    };
  }
  return undefined;
}

/**
 * A rulebook fact the ledger holds that cannot be applied (written before the append gate
 * checked rulebook facts): a published table under that club's rulebook cannot be computed
 * without silently leaving the committee's decision out, so it is refused naming the fact
 * (its club, type, position and date) and the path. `rule` is `RULEBOOK`.
 */
export class UnusableRulebookFactError extends RulebookChangeError {
  readonly rule = 'RULEBOOK';
  readonly type: string;
  readonly position?: number;
  readonly effectiveFrom: string;

  constructor(
    readonly clubId: string,
    fact: RulebookFactRecord,
    readonly problem: RulebookFactProblem,
  ) {
    super(problem.path, problem.message);
    this.name = 'UnusableRulebookFactError';
    this.type = rulebookFactType(fact);
    this.position = fact.position;
    this.effectiveFrom = fact.effectiveFrom;
    const at = fact.position === undefined ? '' : ` at position ${fact.position}`;
    this.message =
      `RULEBOOK: the ${this.type} of club ${clubId}${at} (from ${fact.effectiveFrom}) ` +
      `cannot be applied: ${problem.message}`;
  }

  override answer() {
    return {
      message: this.message,
      rule: this.rule,
      ...(this.path ? { field: this.path } : {}),
      clubId: this.clubId,
      type: this.type,
      ...(this.position !== undefined ? { position: this.position } : {}),
      effectiveFrom: this.effectiveFrom,
    };
  }
}

/**
 * What to do with a fact that cannot be applied: `refuse` (throw UnusableRulebookFactError
 * naming it as the club's: the published tables) or `skip` it (the append gate: the club's
 * rulebook without it). Either way an amendment with no rulebook adopted by its date is
 * skipped, as it always was read: it applies to no date.
 */
export type RulebookHistoryOptions = { unusable: 'refuse'; clubId: string } | { unusable: 'skip' };

/**
 * Every version of a club's rulebook from its facts, in the order the ledger recorded them:
 * the adopted preset with the overrides, and every amendment.
 */
export function buildRulebookHistory(
  facts: readonly RulebookFactRecord[],
  options: RulebookHistoryOptions,
): RulebookHistory {
  const history = new RulebookHistory();
  for (const fact of facts) {
    const problem = applyRulebookFact(history, fact);
    if (problem?.kind === 'invalid' && options.unusable === 'refuse') {
      throw new UnusableRulebookFactError(options.clubId, fact, problem);
    }
  }
  return history;
}

/** The facts of a club's rulebook: what a read model keeping the rulebooks reads. */
export const RULEBOOK_HISTORY_TYPES: ReadonlySet<string> = new Set([
  'RulebookAdopted',
  'RulebookAmended',
]);

/** The club a rulebook fact (RulebookAdopted, RulebookAmended) is of; undefined for any other. */
export function rulebookClubOf(event: { type: string; data: unknown }): string | undefined {
  if (!RULEBOOK_HISTORY_TYPES.has(event.type)) return undefined;
  const clubId = (event.data as { clubId?: unknown } | null)?.clubId;
  return typeof clubId === 'string' ? clubId : undefined;
}
