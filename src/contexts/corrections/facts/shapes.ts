// The checks of a fact's data that one schema class cannot make: a corrected or adjusted
// content in its target's shape, an appeal's object.
// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import type { FieldIssue } from '../../../kernel/issues';
import { sessionEvents } from '../../pairs';

import { STREAM_ID } from './scope';

const ADJUSTED = sessionEvents.find((d) => d.type === 'AdjustedScoreAwarded')!;

/** An AdjustedScoreAwarded's data at `field` (with `extra` fields allowed beside it). */
export function adjustedAt(field: string, extra: readonly string[] = []) {
  return (data: unknown): FieldIssue[] => {
    if (typeof data !== 'object' || data === null) return [];
    const value = (data as Record<string, unknown>)[field];
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
    const own = { ...(value as Record<string, unknown>) };
    for (const f of extra) delete own[f];
    return ADJUSTED.validate(own).map((i) => ({
      field: i.field ? `${field}.${i.field}` : field,
      message: i.message,
    }));
  };
}

/** The stream the adjusted score of an upheld appeal applies to. */
export function adjustedStream(data: unknown): FieldIssue[] {
  const d = data as Record<string, unknown> | null;
  const a = d?.adjusted as Record<string, unknown> | undefined;
  if (typeof a !== 'object' || a === null) return [];
  const issues: FieldIssue[] = [];
  if (typeof a.sessionStreamId !== 'string' || !STREAM_ID.test(a.sessionStreamId)) {
    issues.push({
      field: 'adjusted.sessionStreamId',
      message: 'is required: the scored session (its stream id) the adjusted score applies to',
    });
  }
  if (d?.outcome === 'dismissed') {
    issues.push({ field: 'adjusted', message: 'is not part of a dismissed appeal' });
  }
  return issues;
}

/** A league match's corrected result is an upheld appeal's, and not beside an adjusted score. */
export function correctedShape(data: unknown): FieldIssue[] {
  const d = data as Record<string, unknown> | null;
  if (d?.corrected === undefined) return [];
  if (d.outcome !== 'upheld')
    return [{ field: 'corrected', message: 'is not part of a dismissed appeal' }];
  if (d.adjusted !== undefined)
    return [
      {
        field: 'adjusted',
        message: 'is a session’s adjusted score: an appeal on a match gives corrected only',
      },
    ];
  return [];
}

/** An appeal is against a ruling, or against a published decision with its publication. */
export function againstShape(data: unknown): FieldIssue[] {
  const a = (data as Record<string, unknown> | null)?.against as
    Record<string, unknown> | undefined;
  if (typeof a !== 'object' || a === null) return [];
  if (a.rulingId !== undefined) {
    return a.decision !== undefined || a.publishedAt !== undefined || a.structure !== undefined
      ? [
          {
            field: 'against',
            message: 'is a rulingId, or a decision and its publishedAt, not both',
          },
        ]
      : [];
  }
  const issues: FieldIssue[] = [];
  if (a.decision === undefined)
    issues.push({
      field: 'against.rulingId',
      message:
        'is required: the appeal is against nothing (give a rulingId, or a decision and its publishedAt)',
    });
  if (a.decision !== undefined && a.publishedAt === undefined)
    issues.push({
      field: 'against.publishedAt',
      message: 'is required with a decision: when it was published',
    });
  return issues;
}
