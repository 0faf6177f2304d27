/**
 * Every refusal the ledger gives carries a code; this table is the one place a code becomes an
 * HTTP status, the `error` name of the JSON body, and a CLI exit code (1: the ledger or the
 * input refused it; 2: the command was asked wrongly). A new error class adds a row here, not
 * an `instanceof` in the HTTP filter or the CLI.
 */
export const ERROR_CODES = {
  // The write side: a fact the rules forbid, a batch that is not valid, a lost race.
  RULE_VIOLATION: { status: 422, error: 'RuleViolation', exit: 1 },
  INVALID_EVENT: { status: 400, error: 'InvalidEvent', exit: 1 },
  WRONG_EXPECTED_VERSION: { status: 409, error: 'WrongExpectedVersion', exit: 1 },
  IDEMPOTENCY_CONFLICT: { status: 409, error: 'IdempotencyConflict', exit: 1 },
  // HTTP only: an append's If-Match / If-None-Match named a revision the stream is not at.
  PRECONDITION_FAILED: { status: 412, error: 'PreconditionFailed', exit: 1 },
  STREAM_NOT_FOUND: { status: 404, error: 'StreamNotFound', exit: 1 },
  STORE_UNAVAILABLE: { status: 503, error: 'StoreUnavailable', exit: 1 },
  // The store's own state (docs/architecture.md, "Failure modes"): nothing was written.
  STORE_BUSY: { status: 503, error: 'StoreBusy', exit: 1 },
  STORE_FULL: { status: 507, error: 'StoreFull', exit: 1 },
  STORE_IO_ERROR: { status: 503, error: 'StoreIoError', exit: 1 },
  STORE_NOT_WRITABLE: { status: 503, error: 'StoreNotWritable', exit: 1 },
  STORE_CANNOT_OPEN: { status: 503, error: 'StoreCannotOpen', exit: 1 },
  READ_ONLY_LEDGER: { status: 405, error: 'ReadOnlyLedger', exit: 1 },
  // The read side: a table that cannot be published from the facts held.
  UNKNOWN_COMPETITION: { status: 404, error: 'UnknownCompetition', exit: 1 },
  NO_APPLICABLE_RULEBOOK: { status: 409, error: 'NoApplicableRulebook', exit: 1 },
  RULEBOOK_NOT_APPLICABLE: { status: 422, error: 'RulebookNotApplicable', exit: 1 },
  FACTS_NOT_SCORABLE: { status: 422, error: 'FactsNotScorable', exit: 1 },
  // A league, or a division or fixture of it, the ledger does not have.
  UNKNOWN_LEAGUE: { status: 404, error: 'UnknownLeague', exit: 1 },
  // A teams event, or a match, team or Swiss round of it, the ledger does not have.
  UNKNOWN_TEAMS_EVENT: { status: 404, error: 'UnknownTeamsEvent', exit: 1 },
  // A club's general meetings, or one meeting of them, the ledger does not have.
  UNKNOWN_MEETING: { status: 404, error: 'UnknownMeeting', exit: 1 },
  // A rubber-bridge evening the ledger does not have.
  UNKNOWN_RUBBER_SESSION: { status: 404, error: 'UnknownRubberSession', exit: 1 },
  // A fixture asked without its league that several leagues have.
  AMBIGUOUS_FIXTURE: { status: 409, error: 'AmbiguousFixture', exit: 2 },
  // A club, or a person of its membership, the ledger does not have.
  MEMBERSHIP_NOT_FOUND: { status: 404, error: 'NotFound', exit: 1 },
  // Asked wrongly: a parameter, a body, a store URL.
  INVALID_REQUEST: { status: 400, error: 'InvalidRequest', exit: 2 },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, error: 'UnsupportedMediaType', exit: 2 },
  INVALID_CONTENT_ENCODING: { status: 400, error: 'InvalidContentEncoding', exit: 2 },
  // A body body-parser could not read (HTTP only; answered by body-parser's type).
  MALFORMED_JSON: { status: 400, error: 'MalformedJson', exit: 2 },
  INVALID_UTF8: { status: 400, error: 'InvalidUtf8', exit: 2 },
  PAYLOAD_TOO_LARGE: { status: 413, error: 'PayloadTooLarge', exit: 2 },
  // Refused by the HTTP server before routing: a request line or headers over Node's limit, a
  // request not received in time, bytes that are not HTTP/1.1.
  URI_TOO_LONG: { status: 414, error: 'UriTooLong', exit: 2 },
  HEADERS_TOO_LARGE: { status: 431, error: 'RequestHeaderFieldsTooLarge', exit: 2 },
  REQUEST_TIMEOUT: { status: 408, error: 'RequestTimeout', exit: 2 },
  UNREADABLE_REQUEST: { status: 400, error: 'BadRequest', exit: 2 },
  STORE_URL: { status: 400, error: 'InvalidStoreUrl', exit: 2 },
  // Files read by the CLI (append, replay, import): refused whole, nothing written.
  INVALID_FILE: { status: 400, error: 'InvalidFile', exit: 1 },
  IMPORT_CONFLICT: { status: 409, error: 'ImportConflict', exit: 1 },
  // EventStoreDB only (no multi-stream transaction): a write of several streams failed part-way
  // (another writer, the store); the error names what was written. Writing again completes it.
  PARTIAL_APPEND: { status: 409, error: 'PartialAppend', exit: 1 },
  // Access: no key, or one malformed, unknown or revoked (401); a key whose role or
  // scope does not cover the request, or a private table (403). Nothing is written.
  UNAUTHORIZED: { status: 401, error: 'Unauthorized', exit: 1 },
  FORBIDDEN: { status: 403, error: 'Forbidden', exit: 1 },
  // `serve` on an interface other than loopback while no key is issued (open mode): refused.
  OPEN_MODE_NOT_LOOPBACK: { status: 400, error: 'OpenModeNotLoopback', exit: 2 },
  // `serve` could not listen on its port (in use, not allowed): the CLI only, before the store.
  PORT_UNAVAILABLE: { status: 503, error: 'PortUnavailable', exit: 1 },
  // `serve --read-models` given a file it cannot use (a SQLite ledger, one it cannot open), or
  // given with a SQLite ledger, which keeps its read models in its own file.
  BAD_READ_MODELS_FILE: { status: 400, error: 'BadReadModelsFile', exit: 2 },
} as const satisfies Record<string, { status: number; error: string; exit: number }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * What an error of the ledger has: its code, and the fields its answer carries beside `error`
 * (by default just its message).
 */
export interface LedgerError {
  readonly code: ErrorCode;
  readonly message: string;
  answer?(): { message: string } & Record<string, unknown>;
  /** HTTP headers the answer carries (Retry-After, Allow). */
  headers?(): Record<string, string>;
}

export function isLedgerError(e: unknown): e is LedgerError {
  const code = (e as { code?: unknown } | null)?.code;
  return e instanceof Error && typeof code === 'string' && Object.hasOwn(ERROR_CODES, code);
}

/** The status, the body and the exit code of a ledger error, read from the table. */
export function answerOf(e: LedgerError): {
  status: number;
  exit: number;
  body: { error: string; message: string } & Record<string, unknown>;
  headers: Record<string, string>;
} {
  const row = ERROR_CODES[e.code];
  return {
    status: row.status,
    exit: row.exit,
    body: { error: row.error, ...(e.answer?.() ?? { message: e.message }) },
    headers: e.headers?.() ?? {},
  };
}
