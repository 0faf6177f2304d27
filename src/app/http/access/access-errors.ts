/**
 * Issue 17: a request without a key the route needs, or with one malformed, unknown or revoked
 * (401); `reason` names which. Nothing is written.
 */
export class UnauthorizedError extends Error {
  readonly code = 'UNAUTHORIZED';
  constructor(
    readonly reason: 'no-key' | 'malformed' | 'unknown' | 'revoked' | 'mismatch' | 'open-mode',
    message: string,
  ) {
    super(message);
  }

  answer() {
    return { message: this.message, reason: this.reason };
  }

  headers() {
    return { 'WWW-Authenticate': 'Bearer realm="bridge-ledger"' };
  }
}

/**
 * Issue 17: a valid key whose role or scope does not cover the request, or a club's private
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
