import type { ExpectedRevision } from '../../store/event-store';
import { WrongExpectedVersionError } from '../../store/errors';
import { InvalidRequestError } from './errors';

/**
 * A stream's revision as an HTTP entity tag. `GET /streams/:id` answers
 * `ETag: "<revision of the stream's last fact>"`; an append may name the revision it expects as
 * `If-Match: "<n>"` (or `*`: the stream exists) or `If-None-Match: *` (it does not yet), in place
 * of the body's `expectedRevision`. A precondition that does not hold is 412, and nothing is
 * written.
 */

/** The strong entity tag of a stream at a revision. */
export const etagOf = (revision: number) => `"${revision}"`;

type Headers = Record<string, string | string[] | undefined>;

const one = (headers: Headers, name: string): string | undefined => {
  const v = headers[name];
  if (Array.isArray(v)) {
    throw new InvalidRequestError([
      { field: name, message: `give ${name} once, not ${v.length} times` },
    ]);
  }
  return v?.trim();
};

/**
 * The expected revision the request's headers name, or undefined when they name none. A weak
 * tag, a list of tags, or a tag that is not a revision is refused naming the header: a revision
 * is exact, and an append expects exactly one.
 */
export function expectedRevisionOfHeaders(headers: Headers): ExpectedRevision | undefined {
  const ifMatch = one(headers, 'if-match');
  const ifNoneMatch = one(headers, 'if-none-match');
  if (ifMatch !== undefined && ifNoneMatch !== undefined) {
    throw new InvalidRequestError([
      { field: 'if-none-match', message: 'give If-Match or If-None-Match, not both' },
    ]);
  }
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch === '*') return 'no_stream';
    throw new InvalidRequestError([
      {
        field: 'if-none-match',
        message: `an append takes If-None-Match: * (the stream must not exist yet), not ${ifNoneMatch}`,
      },
    ]);
  }
  if (ifMatch === undefined) return undefined;
  if (ifMatch === '*') return 'stream_exists';
  const m = /^"(0|[1-9]\d{0,15})"$/.exec(ifMatch);
  if (!m || !Number.isSafeInteger(Number(m[1]))) {
    throw new InvalidRequestError([
      {
        field: 'if-match',
        message: `If-Match must be * or one strong entity tag of a revision, e.g. "4" (the ETag of GET /streams/:streamId), not ${ifMatch}`,
      },
    ]);
  }
  return Number(m[1]);
}

/** The expected revision of an append: the headers', the body's, or both when they agree. */
export function expectedRevisionOf(
  headers: Headers,
  body: unknown,
): { fromHeader: boolean; body: unknown } {
  const fromHeader = expectedRevisionOfHeaders(headers);
  if (fromHeader === undefined || typeof body !== 'object' || body === null || Array.isArray(body))
    return { fromHeader: false, body };
  const given = (body as { expectedRevision?: unknown }).expectedRevision;
  if (given !== undefined && given !== fromHeader) {
    throw new InvalidRequestError([
      {
        field: 'expectedRevision',
        message: `the body expects revision ${JSON.stringify(given)} and the ${headers['if-match'] !== undefined ? 'If-Match' : 'If-None-Match'} header ${String(fromHeader)}: give one, or the same`,
      },
    ]);
  }
  return { fromHeader: true, body: { ...body, expectedRevision: fromHeader } };
}

/** An append whose If-Match / If-None-Match did not hold: 412, nothing written. */
export class PreconditionFailedError extends Error {
  readonly code = 'PRECONDITION_FAILED';
  constructor(readonly conflict: WrongExpectedVersionError) {
    super(
      `${conflict.message}: the precondition of the request's headers does not hold; nothing was written`,
    );
  }

  answer() {
    return { ...this.conflict.answer(), message: this.message };
  }
}

/** Whether an If-None-Match of a read names this tag (or *): then 304, no body. */
export function notModified(headers: Headers, etag: string): boolean {
  const v = headers['if-none-match'];
  if (typeof v !== 'string') return false;
  return v
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === etag);
}
