/**
 * A request without a key the route needs, or with one malformed, unknown or revoked
 * (401); `reason` names which. Nothing is written.
 */
export class UnauthorizedError extends Error {
  readonly code = 'UNAUTHORIZED';
  constructor(
    readonly reason:
      'no-key' | 'malformed' | 'unknown' | 'revoked' | 'mismatch' | 'throttled' | 'open-mode',
    message: string,
    /** A key refused unchecked after too many wrong secrets: when to try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  answer() {
    return { message: this.message, reason: this.reason };
  }

  headers(): Record<string, string> {
    return {
      'WWW-Authenticate': 'Bearer realm="bridge-ledger"',
      ...(this.retryAfterSeconds !== undefined
        ? { 'Retry-After': String(this.retryAfterSeconds) }
        : {}),
    };
  }
}

/**
 * A valid key whose role or scope does not cover the request, or a club's private
 * table read without its key (403); `reason` names which. Nothing is written.
 */
export class ForbiddenError extends Error {
  readonly code = 'FORBIDDEN';
  constructor(
    readonly reason: 'role' | 'club' | 'private-tables' | 'admin-only',
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }

  answer() {
    return { message: this.message, reason: this.reason, ...this.details };
  }
}
