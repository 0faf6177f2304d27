import type { FieldIssue } from '../events/issues';

/** Deeper JSON than this inside an envelope is refused before anything walks it recursively. */
const MAX_JSON_DEPTH = 32;

/**
 * What no valid envelope holds and what could hurt the code that walks it: JSON nested deeper
 * than MAX_JSON_DEPTH (recursive walkers overflow the stack), `__proto__` keys (a reader
 * that Object.assigns stored data would pollute prototypes), and strings with a lone UTF-16
 * surrogate (`"\ud800"`: no UTF-8 can store it, so it would be stored as another character).
 * `field` names where `value` sits.
 */
export function structureIssue(field: string, key: string, value: unknown): FieldIssue[] {
  const problem = key === '__proto__' ? 'proto' : inspect(value, MAX_JSON_DEPTH);
  if (problem === 'proto') return [{ field, message: 'must not contain a __proto__ key' }];
  if (problem === 'deep')
    return [{ field, message: `nested deeper than ${MAX_JSON_DEPTH} levels` }];
  if (problem === 'surrogate')
    return [{ field, message: 'must not hold a lone UTF-16 surrogate (\\ud800 to \\udfff)' }];
  return [];
}

/** `structureIssue` for each field of an envelope (`at`: `events[3]`). */
export function envelopeStructureIssues(event: unknown, at: string): FieldIssue[] {
  if (typeof event !== 'object' || event === null || Array.isArray(event)) {
    return structureIssue(at, '', event);
  }
  return Object.entries(event).flatMap(([f, v]) => structureIssue(`${at}.${f}`, f, v));
}

/** Iterative, so that a hostile depth cannot overflow the stack here either. */
function inspect(value: unknown, maxDepth: number): 'proto' | 'deep' | 'surrogate' | undefined {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string' && LONE_SURROGATE.test(v)) return 'surrogate';
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= maxDepth) return 'deep';
    if (Object.prototype.hasOwnProperty.call(v, '__proto__')) return 'proto';
    for (const [key, child] of Object.entries(v)) {
      if (LONE_SURROGATE.test(key)) return 'surrogate';
      stack.push([child, depth + 1]);
    }
  }
  return undefined;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
