// class-transformer's @Type reads decorator metadata.
import 'reflect-metadata';
import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { compiledSchema, type Passes } from './compiled-schema';
import type { FieldIssue } from './issues';

/**
 * Whether a fact that passes its compiled schema skips class-validator (true but in the test
 * that holds the two to the same answers: test/kernel/compiled-schema.test.ts).
 */
let compiledFirst = true;
export function useCompiledSchemas(on: boolean): void {
  compiledFirst = on;
}

/** Several checks of one fact's data as one: every issue of each, in order. */
export const allOf =
  (...checks: ((d: unknown) => FieldIssue[])[]) =>
  (d: unknown): FieldIssue[] =>
    checks.flatMap((c) => c(d));

/** Event data schemas are class-validator classes; this turns their errors into field issues. */
export function classSchema<T extends object>(cls: ClassConstructor<T>) {
  let passes: Passes | undefined;
  return (data: unknown): FieldIssue[] => {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      return [{ field: '', message: 'must be an object' }];
    }
    // The class compiled once answers a fact that passes; class-validator, by reflection, says
    // what is wrong with one that does not.
    if (compiledFirst) {
      passes ??= compiledOrNone(cls);
      if (passesSafely(passes, data)) return [];
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

/** A class whose decorators the compiler does not know is always validated by class-validator. */
function compiledOrNone(cls: ClassConstructor<object>): Passes {
  try {
    return compiledSchema(cls as new () => object);
  } catch {
    return () => false;
  }
}

function passesSafely(passes: Passes, data: unknown): boolean {
  try {
    return passes(data);
  } catch {
    return false;
  }
}
