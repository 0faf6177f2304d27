import type { FieldIssue } from '../kernel/issues';

/** Deeper JSON than this inside an envelope is refused before anything walks it recursively. */
const MAX_JSON_DEPTH = 32;

/**
 * Keys no fact has and that JavaScript gives a meaning: `__proto__` (a reader that
 * Object.assigns stored data would pollute prototypes), and the names every object already
 * has (`constructor`, `toString`, `hasOwnProperty` …), which validators and class-transformer
 * skip or strip as they see them, so that a fact holding one would pass unchecked or be
 * stored other than sent.
 */
const BUILT_IN_KEYS: ReadonlySet<string> = new Set([
  ...Object.getOwnPropertyNames(Object.prototype),
  'prototype',
]);

type Problem = { kind: 'key'; key: string } | { kind: 'deep' } | { kind: 'surrogate' };

/**
 * What no valid envelope holds and what could hurt the code that walks it: JSON nested deeper
 * than MAX_JSON_DEPTH (recursive walkers overflow the stack), a key named like a built-in
 * property of objects (BUILT_IN_KEYS), and strings with a lone UTF-16 surrogate (`"\ud800"`:
 * no UTF-8 can store it, so it would be stored as another character). `field` names where
 * `value` sits, under `key`.
 */
export function structureIssue(field: string, key: string, value: unknown): FieldIssue[] {
  const problem: Problem | undefined = BUILT_IN_KEYS.has(key)
    ? { kind: 'key', key }
    : inspect(value, MAX_JSON_DEPTH);
  switch (problem?.kind) {
    case 'key':
      return [{ field, message: `must not contain a ${problem.key} key` }];
    case 'deep':
      return [{ field, message: `nested deeper than ${MAX_JSON_DEPTH} levels` }];
    case 'surrogate':
      return [{ field, message: 'must not hold a lone UTF-16 surrogate (\\ud800 to \\udfff)' }];
    default:
      return [];
  }
}

/** `structureIssue` for each field of an envelope (`at`: `events[3]`). */
export function envelopeStructureIssues(event: unknown, at: string): FieldIssue[] {
  if (typeof event !== 'object' || event === null || Array.isArray(event)) {
    return structureIssue(at, '', event);
  }
  return Object.entries(event).flatMap(([f, v]) => structureIssue(`${at}.${f}`, f, v));
}

/** Iterative, so that a hostile depth cannot overflow the stack here either. */
function inspect(value: unknown, maxDepth: number): Problem | undefined {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string' && LONE_SURROGATE.test(v)) return { kind: 'surrogate' };
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= maxDepth) return { kind: 'deep' };
    // JSON.parse makes `__proto__` an own, enumerable key: Object.keys lists it.
    for (const key of Object.keys(v)) {
      if (BUILT_IN_KEYS.has(key)) return { kind: 'key', key };
      if (LONE_SURROGATE.test(key)) return { kind: 'surrogate' };
      stack.push([(v as Record<string, unknown>)[key], depth + 1]);
    }
  }
  return undefined;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
