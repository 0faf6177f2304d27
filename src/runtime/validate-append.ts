import type { EventCatalogue } from '../events/catalogue';
import type { EventToAppend } from '../events/envelope';
import type { FieldIssue } from '../events/issues';
import { normaliseBatch } from '../store/append-rules';
import { InvalidEventError } from '../store/errors';

/**
 * Everything a writer from outside (HTTP, CLI) must pass before the store sees a batch: the
 * envelope rules every adapter applies, then the catalogue (known type, data in shape).
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
