import type { EventCatalogue } from '../kernel/catalogue';
import type { EventToAppend } from '../kernel/envelope';
import type { FieldIssue } from '../kernel/issues';
import { normaliseBatch } from '../store/append-rules';
import { InvalidEventError } from '../store/errors';
import { envelopeStructureIssues } from './json-structure';

/**
 * Everything a writer from outside (HTTP, CLI) must pass before the store sees a batch: the
 * structure no envelope may have (`__proto__` keys, hostile depth), the envelope rules every
 * adapter applies, then the catalogue (known type, data in shape). HTTP and the CLI both call
 * it, so that they refuse exactly the same events.
 * Returns the batch with each event's schemaVersion filled in; throws InvalidEventError
 * naming every bad field, so nothing of the batch is written.
 */
export function validateAppend(
  catalogue: EventCatalogue,
  streamId: string,
  expectedRevision: unknown,
  events: readonly EventToAppend[],
): EventToAppend[] {
  const issues: FieldIssue[] = [];
  if (Array.isArray(events)) {
    const hostile = events.flatMap((e, i) => envelopeStructureIssues(e, `events[${i}]`));
    // Nothing else walks a hostile event.
    if (hostile.length > 0) throw new InvalidEventError(hostile);
  }
  try {
    normaliseBatch(streamId, events, expectedRevision);
  } catch (err) {
    if (!(err instanceof InvalidEventError)) throw err;
    issues.push(...err.issues);
  }
  if (Array.isArray(events)) {
    events.forEach((e, i) => {
      if (typeof e === 'object' && e !== null)
        issues.push(...catalogue.validate(e, `events[${i}]`));
    });
  }
  if (issues.length > 0) throw new InvalidEventError(dedupe(issues));
  return events.map((e) => ({
    ...e,
    schemaVersion: e.schemaVersion ?? catalogue.get(e.type)!.schemaVersion,
  }));
}

function dedupe(issues: FieldIssue[]): FieldIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const key = `${i.field}\u0000${i.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
