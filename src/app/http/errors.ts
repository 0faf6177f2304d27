import type { FieldIssue } from '../../events/issues';

/** A request the HTTP layer refuses before any command or query runs (path or query params). */
export class InvalidRequestError extends Error {
  readonly code = 'INVALID_REQUEST';
  constructor(readonly issues: FieldIssue[]) {
    super(issues.map((i) => `${i.field}: ${i.message}`).join('; '));
  }

  answer() {
    return { message: this.message, issues: this.issues };
  }
}

/** A body that is not JSON: we only read application/json. */
export class UnsupportedMediaTypeError extends Error {
  readonly code = 'UNSUPPORTED_MEDIA_TYPE';
  constructor(readonly contentType: string) {
    super(`send the body as application/json, not ${contentType}`);
  }
}

/** What body-parser reports (http-errors): type is e.g. 'entity.parse.failed', 'entity.too.large'. */
export interface BodyParserFailure {
  type: string;
  status: number;
  message: string;
  expose?: boolean;
  limit?: number;
}

export function isBodyParserFailure(x: unknown): x is BodyParserFailure {
  const e = x as Partial<BodyParserFailure> | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.type === 'string' &&
    typeof e.status === 'number'
  );
}

/**
 * The body could not be read. body-parser's own errors are handed on as this class, so that
 * Nest does not rewrap them (losing the type) on the way to our exception filter.
 */
export class RequestBodyError extends Error {
  constructor(readonly failure: BodyParserFailure) {
    super(failure.message);
  }
}

/** Express error middleware, installed right after the JSON parser. */
export function translateBodyParserErrors(
  err: unknown,
  _req: unknown,
  _res: unknown,
  next: (err?: unknown) => void,
): void {
  next(isBodyParserFailure(err) ? new RequestBodyError(err) : err);
}
