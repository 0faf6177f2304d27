import type { FieldIssue } from '../../kernel/issues';

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
  constructor(readonly contentType: string | string[] | undefined) {
    super(
      contentType === undefined || contentType === ''
        ? 'send the body as application/json (Content-Type: application/json); no Content-Type was given'
        : `send the body as application/json, not ${String(contentType)}`,
    );
  }
}

/**
 * body-parser's `verify` hook: a UTF-8 body must be valid UTF-8. Decoded leniently, each bad
 * byte would become U+FFFD and be stored as a fact the client never sent.
 */
export function refuseInvalidUtf8(_req: unknown, _res: unknown, buf: Buffer, encoding: string) {
  if (encoding.toLowerCase() !== 'utf-8') return;
  try {
    UTF8.decode(buf);
  } catch {
    throw Object.assign(
      new Error('the body is not valid UTF-8; send it encoded as UTF-8, as its charset says'),
      { status: 400, type: 'entity.invalid.utf8' },
    );
  }
}
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

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

/**
 * A compressed body (Content-Encoding gzip, deflate, br) that does not inflate: truncated, corrupt,
 * or not in that encoding. Asked wrongly (400), not a failure of ours.
 */
export class ContentEncodingError extends Error {
  readonly code = 'INVALID_CONTENT_ENCODING';
  constructor(
    readonly encoding: string,
    reason: string,
  ) {
    super(
      `the body is not valid Content-Encoding ${encoding} (${reason}); send it whole, or uncompressed`,
    );
  }

  answer() {
    return { message: this.message, encoding: this.encoding };
  }
}

/** The body's Content-Encoding, when it is one the parser inflates. */
function encodingOf(req: unknown): string | undefined {
  const header = (req as { headers?: Record<string, unknown> } | null)?.headers?.[
    'content-encoding'
  ];
  const encoding = typeof header === 'string' ? header.trim().toLowerCase() : undefined;
  return encoding && encoding !== 'identity' ? encoding : undefined;
}

/** Where a body the parser refused waits for the route's guard (see deferBodyParserErrors). */
const BODY_ERROR = Symbol('bridge-ledger.bodyError');

interface RequestWithBodyError {
  body?: unknown;
  [BODY_ERROR]?: Error;
}

/**
 * Express error middleware, installed right after the JSON parser. A body the parser refuses
 * is not answered here: the request goes on to its route, whose guard judges the key first
 * (without a key a stranger learns 401, not whether the body was good JSON), and
 * `BodyErrorInterceptor` then answers the body's error. body-parser hands on the inflating
 * stream's own error (zlib's, with a 400 status but no body-parser `type`) for a compressed
 * body that does not inflate: named here by its encoding.
 */
export function translateBodyParserErrors(
  err: unknown,
  req: unknown,
  _res: unknown,
  next: (err?: unknown) => void,
): void {
  const refused = bodyErrorFrom(err, req);
  if (!refused || req === null || typeof req !== 'object') return next(err);
  const request = req as RequestWithBodyError;
  request[BODY_ERROR] = refused;
  request.body = undefined;
  next();
}

function bodyErrorFrom(err: unknown, req: unknown): Error | undefined {
  if (isBodyParserFailure(err)) return new RequestBodyError(err);
  const encoding = encodingOf(req);
  const failure = err as { status?: unknown; type?: unknown; message?: unknown } | null;
  if (encoding && failure?.status === 400 && failure.type === undefined) {
    return new ContentEncodingError(encoding, String(failure.message));
  }
  return undefined;
}

/** The body error deferred for this request, if the parser refused its body. */
export function bodyErrorOf(req: unknown): Error | undefined {
  return req !== null && typeof req === 'object'
    ? (req as RequestWithBodyError)[BODY_ERROR]
    : undefined;
}
