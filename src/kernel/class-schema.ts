// class-transformer's @Type reads decorator metadata.
import 'reflect-metadata';
import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import type { FieldIssue } from './issues';

/** Event data schemas are class-validator classes; this turns their errors into field issues. */
/** Several checks of one fact's data as one: every issue of each, in order. */
export const allOf =
  (...checks: ((d: unknown) => FieldIssue[])[]) =>
  (d: unknown): FieldIssue[] =>
    checks.flatMap((c) => c(d));

export function classSchema<T extends object>(cls: ClassConstructor<T>) {
  return (data: unknown): FieldIssue[] => {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      return [{ field: '', message: 'must be an object' }];
    }
    const errors = validateSync(plainToInstance(cls, data), {
      whitelist: true,
      forbidNonWhitelisted: true,
    });
    return flatten(errors, '');
  };
}

function flatten(errors: ValidationError[], prefix: string): FieldIssue[] {
  return errors.flatMap((e) => {
    const field = prefix ? `${prefix}.${e.property}` : e.property;
    const messages = Object.values(e.constraints ?? {});
    // One issue per field: a missing string fails several constraints at once. A field not
    // given at all is said to be missing first, so that nobody hunts for a bad value.
    const missing = e.value === undefined ? `${e.property} is missing: ` : '';
    const own = messages.length ? [{ field, message: missing + messages.join('; ') }] : [];
    return [...own, ...flatten(e.children ?? [], field)];
  });
}
