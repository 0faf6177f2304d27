import type { FieldIssue } from '../events/issues';

/** Deeper JSON than this inside an envelope is refused before anything walks it recursively. */
export const MAX_JSON_DEPTH = 32;

/**
 * What no valid envelope holds and what could hurt the code that walks it: JSON nested deeper
 * than MAX_JSON_DEPTH (recursive walkers overflow the stack) and `__proto__` keys (a reader
 * that Object.assigns stored data would pollute prototypes). `field` names where `value` sits.
 */
export function structureIssue(field: string, key: string, value: unknown): FieldIssue[] {
  const problem = key === '__proto__' ? 'proto' : inspect(value, MAX_JSON_DEPTH);
  if (problem === 'proto') return [{ field, message: 'must not contain a __proto__ key' }];
  if (problem === 'deep')
    return [{ field, message: `nested deeper than ${MAX_JSON_DEPTH} levels` }];
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
function inspect(value: unknown, maxDepth: number): 'proto' | 'deep' | undefined {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= maxDepth) return 'deep';
    if (Object.prototype.hasOwnProperty.call(v, '__proto__')) return 'proto';
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return undefined;
}
