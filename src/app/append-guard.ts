import type { EventToAppend } from '../events/envelope';

/**
 * normaliseBatch measures JSON.stringify(event.data), which is undefined when `data` is
 * missing, and then throws a TypeError instead of naming the field. Passing null instead lets
 * validateAppend answer "events[i].data: must be an object" as it should.
 */
export function withMissingDataAsNull(events: unknown): readonly EventToAppend[] {
  if (!Array.isArray(events)) return events as readonly EventToAppend[];
  return events.map((e: unknown) =>
    typeof e === 'object' &&
    e !== null &&
    !Array.isArray(e) &&
    (e as EventToAppend).data === undefined
      ? { ...e, data: null }
      : e,
  ) as EventToAppend[];
}
