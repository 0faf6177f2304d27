import { applyDecorators } from '@nestjs/common';
import { ApiParam, ApiQuery, ApiResponse } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/**
 * The OpenAPI document's words for the routes, in one place: every refusal a route
 * can answer (docs/http.md's table), and every parameter of the tables (read by
 * src/audit/table-query.ts). The controllers name which; the words are here.
 */

/** Every refusal has this shape (the exception filter's). */
export const ERROR_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['error', 'message'],
  properties: {
    error: { type: 'string', example: 'InvalidRequest' },
    message: { type: 'string' },
    issues: {
      type: 'array',
      items: {
        type: 'object',
        properties: { field: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
};

const ERRORS: Record<number, string> = {
  304: 'Not modified: the stream is still at the revision If-None-Match names',
  400: 'Asked wrongly: a parameter, the body or a fact field, each named (InvalidRequest, InvalidEvent)',
  401: 'No key, or a key that is malformed, unknown or revoked (when keys are configured)',
  403: "The key's role or club may not do this (a fact type, another club, a private table)",
  404: 'No such stream, competition, club or session in the ledger',
  405: 'The ledger is served read-only (ReadOnlyLedger)',
  409: 'The stream is not at the expected revision (WrongExpectedRevision), or a table cannot be computed from its facts',
  412: 'If-Match named a revision the stream is not at: nothing written',
  413: 'The body is over the limit (1 MB)',
  415: 'The body is not application/json',
  422: 'A rule refused the facts (RuleViolation, naming the rule), or a table its rulebook cannot compute',
  503: 'The store does not answer, or the tables are still catching up (Retry-After)',
  507: 'The store is full: nothing written',
};

/** The refusals a route answers, each with the error shape. */
export const ApiErrors = (...codes: number[]) =>
  applyDecorators(
    ...codes.map((status) =>
      ApiResponse({ status, description: ERRORS[status], schema: ERROR_SCHEMA }),
    ),
  );

/** A success and what it answers. */
export const ApiAnswer = (status: number, description: string) =>
  ApiResponse({ status, description, schema: { type: 'object' } });

const TABLE_PARAMS: Record<string, { description: string; schema: SchemaObject }> = {
  asOf: {
    description:
      'As published on this instant: ISO 8601 with a date, a time and a zone (2026-03-02T19:30:00+13:00). Not with atPosition.',
    schema: { type: 'string', format: 'date-time' },
  },
  atPosition: {
    description: 'As of this ledger position (a whole number >= 0). Not with asOf.',
    schema: { type: 'integer', minimum: 0 },
  },
  afterSession: {
    description: 'The interim standing after this session (>= 1, one the competition has).',
    schema: { type: 'integer', minimum: 1 },
  },
  session: {
    description: 'Only this session (>= 1, one the competition has).',
    schema: { type: 'integer', minimum: 1 },
  },
  season: {
    description: 'The season, as the competitions name it (e.g. 2014-2015).',
    schema: { type: 'string' },
  },
  table: {
    description: 'Which table: standings (default) or c-points.',
    schema: { type: 'string', enum: ['standings', 'c-points'] },
  },
  from: {
    description:
      'A ledger position, an ISO 8601 instant with a zone, published (the latest StandingsPublished) or published:N.',
    schema: { type: 'string' },
  },
  to: {
    description: 'As from, or now (the default).',
    schema: { type: 'string' },
  },
};

export type TableParam =
  'asOf' | 'atPosition' | 'afterSession' | 'session' | 'season' | 'table' | 'from' | 'to';

/** The table parameters a route reads; `required` those it cannot do without. */
export const ApiTableQuery = (params: TableParam[], required: TableParam[] = []) =>
  applyDecorators(
    ...params.map((name) =>
      ApiQuery({ name, required: required.includes(name), ...TABLE_PARAMS[name] }),
    ),
  );

/**
 * `asOf` read two ways (a club date: `dayIs`; an instant with a zone: as recorded by then) and
 * `atPosition`: the moment of a league's or a teams event's answer (`readDayOrInstant`).
 */
export const ApiDayOrInstantQuery = (dayIs: string) =>
  applyDecorators(
    ApiQuery({
      name: 'asOf',
      required: false,
      description: `A club date YYYY-MM-DD: ${dayIs}; or an ISO 8601 instant with a zone: as recorded by then (not with atPosition).`,
      schema: { type: 'string' },
    }),
    ApiQuery({
      name: 'atPosition',
      required: false,
      description: 'As of this ledger position (a whole number >= 0).',
      schema: { type: 'integer', minimum: 0 },
    }),
  );

const PATH_PARAMS = {
  streamId:
    'A stream id (letters, digits and _ . : @ -), e.g. club-karori, competition-club-pairs-2026',
  competitionId: 'A competition id, e.g. club-pairs-2026',
  clubId: 'A club id, e.g. karori',
  sessionStreamId: "A scored session's stream id",
  sessionId: 'A rubber-bridge evening of the club, e.g. pinner-rubber-2019-11-05',
} as const;

/** The path's parameters, described once. */
export const ApiPath = (...names: (keyof typeof PATH_PARAMS)[]) =>
  applyDecorators(
    ...names.map((name) => ApiParam({ name, description: PATH_PARAMS[name], type: String })),
  );
