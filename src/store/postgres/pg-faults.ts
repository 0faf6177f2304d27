import { StoreBusyError, StoreFaultError } from '../errors';
import { StoreUnavailableError } from '../store-unavailable-error';

const codeOf = (err: unknown) => (err as { code?: unknown } | null)?.code;

/** A second event with an id already stored (the unique index of `events.id`): a retry or a conflict. */
export const isDuplicateId = (err: unknown): boolean =>
  codeOf(err) === '23505' && (err as { constraint?: unknown }).constraint === 'events_id_key';

/** The connection is gone or was never made: the server is down, restarting or unreachable. */
const CONNECTION = /^(08|57P0)/;
const NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EPIPE',
  'ENOENT',
]);

/**
 * An error of the server or the connection as the store's own, so that HTTP and the CLI answer
 * it as they answer SQLite's: a full disk (53100) or a read-only server (25006) is a
 * StoreFaultError; a lock or deadlock timeout a StoreBusyError (retry later); a lost or refused
 * connection StoreUnavailableError (whether a pending append was written is then unknown: a
 * retry with the same ids is safe). Other errors unchanged.
 */
export function storeErrorOf(err: unknown, url: string): unknown {
  const code = codeOf(err);
  const message = err instanceof Error ? err.message : String(err);
  if (code === '53100' || code === '53000')
    return new StoreFaultError('STORE_FULL', url, undefined, `PostgreSQL ${code}: ${message}`, {
      cause: err,
    });
  if (code === '25006' || code === '42501')
    return new StoreFaultError(
      'STORE_NOT_WRITABLE',
      url,
      undefined,
      `PostgreSQL ${code}: ${message}`,
      { cause: err },
    );
  if (code === '55P03' || code === '40P01' || code === '57014') return new StoreBusyError(url, 0);
  if (
    (typeof code === 'string' && (CONNECTION.test(code) || NETWORK.has(code))) ||
    /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect/.test(
      message,
    )
  )
    return new StoreUnavailableError(url, err, 'PostgreSQL');
  return err;
}
