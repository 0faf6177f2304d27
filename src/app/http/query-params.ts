import type { FieldIssue } from '../../kernel/issues';
import { InvalidRequestError } from './errors';

/**
 * A request's query read by a runtime reader (the CLI's too), the route's own parameters only:
 * a parameter the route does not read, or a value the reader refuses, is one 400 naming each.
 */
export function readQueryOrRefuse<P extends string, V>(
  query: Record<string, unknown>,
  params: readonly P[],
  read: (raw: Partial<Record<P, unknown>>) => { value: V; issues: FieldIssue[] },
): V {
  const unknown = Object.keys(query)
    .filter((k) => !(params as readonly string[]).includes(k))
    .map((k) => ({ field: k, message: `property ${k} should not exist` }));
  const { value, issues } = read(query as Partial<Record<P, unknown>>);
  if (unknown.length + issues.length > 0) throw new InvalidRequestError([...unknown, ...issues]);
  return value;
}
