import type { EventToAppend } from '../../events/envelope';
import { Inject, Injectable } from '@nestjs/common';
import type { EventCatalogue } from '../../events/catalogue';
import type { FieldIssue } from '../../events/issues';
import { validateStreamId } from '../../store/append-rules';
import { InvalidEventError } from '../../store/errors';
import { EVENT_CATALOGUE } from '../tokens';
import { validateAppend } from '../../runtime/validate-append';
import { AppendEventsBody } from './dto';
import { RequestValidator } from './request-validator';

/** Deeper JSON than this inside a body is refused before anything walks it recursively. */
export const MAX_JSON_DEPTH = 32;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks a POST /streams/:streamId/events request whole: the body's shape (ValidationPipe),
 * then the envelope and catalogue rules (validateAppend), and answers every bad field at once
 * with InvalidEventError. A field the shape check already named is not named twice.
 */
@Injectable()
export class AppendRequestCheck {
  constructor(
    private readonly validator: RequestValidator,
    @Inject(EVENT_CATALOGUE) private readonly catalogue: EventCatalogue,
  ) {}

  async check(streamId: string, body: unknown): Promise<AppendEventsBody> {
    const pathIssues = validateStreamId(streamId);
    if (!isPlainObject(body)) {
      throw new InvalidEventError([
        ...pathIssues,
        { field: 'body', message: 'must be a JSON object { expectedRevision, events }' },
      ]);
    }
    const hostile = structureIssues(body);
    if (hostile.length > 0) throw new InvalidEventError([...pathIssues, ...hostile]);

    const { issues } = await this.validator.check('body', AppendEventsBody, body);
    try {
      validateAppend(
        this.catalogue,
        streamId,
        body.expectedRevision,
        body.events as readonly EventToAppend[],
      );
    } catch (err) {
      if (!(err instanceof InvalidEventError)) throw err;
      const named = new Set(issues.map((i) => i.field));
      issues.push(...err.issues.filter((i) => !named.has(i.field)));
    }
    if (issues.length > 0) throw new InvalidEventError(inRequestOrder(issues));
    return body as unknown as AppendEventsBody;
  }
}

/** streamId, then the body's own fields, then each event's in batch order (sort is stable). */
function inRequestOrder(issues: FieldIssue[]): FieldIssue[] {
  const rank = (field: string) => {
    if (field === 'streamId') return -2;
    const event = /^events\[(\d+)\]/.exec(field);
    return event ? Number(event[1]) : -1;
  };
  return [...issues].sort((x, y) => rank(x.field) - rank(y.field));
}

/**
 * Refuses what no valid request holds and what could hurt the code that walks it: JSON nested
 * deeper than MAX_JSON_DEPTH (recursive walkers overflow the stack) and `__proto__` keys (a
 * reader that Object.assigns stored data would pollute prototypes). Names the body's field,
 * or the event's field, that holds it.
 */
function structureIssues(body: Record<string, unknown>): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const check = (field: string, key: string, value: unknown) => {
    const problem = key === '__proto__' ? 'proto' : inspect(value, MAX_JSON_DEPTH);
    if (problem === 'proto') issues.push({ field, message: 'must not contain a __proto__ key' });
    if (problem === 'deep') {
      issues.push({ field, message: `nested deeper than ${MAX_JSON_DEPTH} levels` });
    }
  };
  for (const [key, value] of Object.entries(body)) {
    if (key === 'events' && Array.isArray(value)) {
      value.forEach((event: unknown, i) => {
        if (isPlainObject(event)) {
          for (const [f, v] of Object.entries(event)) check(`events[${i}].${f}`, f, v);
        } else {
          check(`events[${i}]`, '', event);
        }
      });
    } else {
      check(key, key, value);
    }
  }
  return issues;
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
