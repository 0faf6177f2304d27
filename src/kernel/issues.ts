/** A problem with one field of an input: which field, and what is wrong with it. */
export interface FieldIssue {
  /** Path of the offending field, e.g. `events[2].occurredAt`. */
  field: string;
  message: string;
}
