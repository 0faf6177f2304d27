import { UnsupportedMediaTypeError } from './errors';

/** The little of Express's request a JSON route reads (Express 5 ships no types). */
export interface JsonRequest {
  /** The correlation id pino-http gave the request (src/app/logging.ts). */
  id?: string;
  body?: unknown;
  headers: Record<string, string | string[] | undefined>;
  is(type: string): string | false | null;
}

/**
 * A what-if's body: JSON (an object of parameter paths and values), as an append's is; one
 * without a Content-Type, or of another type, is refused (415).
 */
export function jsonBodyOf(req: JsonRequest): unknown {
  const type = req.headers['content-type'];
  if (type === undefined || !req.is('application/json')) {
    throw new UnsupportedMediaTypeError(type as string | undefined);
  }
  return req.body;
}
