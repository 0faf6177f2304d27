import type { EventToAppend } from '../../kernel/envelope';
import { Inject, Injectable } from '@nestjs/common';
import type { EventCatalogue } from '../../kernel/catalogue';
import type { FieldIssue } from '../../kernel/issues';
import { validateStreamId } from '../../store/append-rules';
import { InvalidEventError } from '../../store/errors';
import { EVENT_CATALOGUE } from '../tokens';
import { validateAppend } from '../../ledger/validate-append';
import { envelopeStructureIssues, structureIssue } from '../../ledger/json-structure';
import { AppendEventsBody } from './dto';
import { RequestValidator } from './request-validator';

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
 * The structure checks of validateAppend (json-structure.ts), run before the shape check walks
 * the body: names the body's field, or the event's field, that holds a hostile value.
 */
function structureIssues(body: Record<string, unknown>): FieldIssue[] {
  return Object.entries(body).flatMap(([key, value]) =>
    key === 'events' && Array.isArray(value)
      ? value.flatMap((event: unknown, i) => envelopeStructureIssues(event, `events[${i}]`))
      : structureIssue(key, key, value),
  );
}
