import { Injectable, ValidationPipe, type ArgumentMetadata, type Type } from '@nestjs/common';
import type { ValidationError } from 'class-validator';
import type { FieldIssue } from '../../kernel/issues';

/** Thrown by the pipe's exceptionFactory so that its errors come back as field issues. */
class ValidationIssues extends Error {
  constructor(readonly issues: FieldIssue[]) {
    super('validation failed');
  }
}

/** class-validator's nested errors as `events[0].data`-style field issues. */
export function toFieldIssues(errors: readonly ValidationError[], prefix = ''): FieldIssue[] {
  return errors.flatMap((e) => {
    const field = !prefix
      ? e.property
      : /^\d+$/.test(e.property)
        ? `${prefix}[${e.property}]`
        : `${prefix}.${e.property}`;
    const own = Object.values(e.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...toFieldIssues(e.children ?? [], field)];
  });
}

export interface Checked<T> {
  /** The input as a class instance (with @Transform applied) when `transform` is on. */
  value: T;
  issues: FieldIssue[];
}

/**
 * Runs Nest's ValidationPipe (whitelist, forbidNonWhitelisted, nested validation) and hands
 * back its complaints as field issues instead of throwing, so that a controller can add the
 * issues of the path and of the ledger's own rules and answer them all at once.
 */
@Injectable()
export class RequestValidator {
  private readonly pipes = {
    // Query strings: convert (each DTO's @Transform) and report one problem per parameter.
    query: this.pipe(true),
    // Bodies: validate the shape, keep the JSON exactly as sent.
    body: this.pipe(false),
  };

  async check<T extends object>(
    kind: 'query' | 'body',
    metatype: Type<T>,
    input: unknown,
  ): Promise<Checked<T>> {
    const metadata: ArgumentMetadata = { type: kind, metatype };
    try {
      return { value: (await this.pipes[kind].transform(input, metadata)) as T, issues: [] };
    } catch (err) {
      if (!(err instanceof ValidationIssues)) throw err;
      return { value: input as T, issues: err.issues };
    }
  }

  private pipe(transform: boolean): ValidationPipe {
    return new ValidationPipe({
      transform,
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      stopAtFirstError: true,
      exceptionFactory: (errors) => new ValidationIssues(toFieldIssues(errors)),
    });
  }
}
