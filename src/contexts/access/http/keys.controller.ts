import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors } from '../../../app/http/api-docs';
import type { KeyRecord } from '../domain/access-decider';
import { ACCESS_STREAM, KEY_ID_PATTERN, ROLES, type Role } from '../facts/access';
import { ID_PATTERN } from '../../../kernel/ids';
import type { FieldIssue } from '../../../kernel/issues';
import { newKey, revocation } from '../read/keys';
import { AppendEventsCommand } from '../../../app/cqrs/append-events';
import { InvalidRequestError } from '../../../app/http/errors';
import { LedgerAccess } from '../../../app/http/access/ledger-access';
import { viewerOf, type Viewer } from '../../../app/http/access/viewer';

/** Who issues or revokes over HTTP: the admin's key, or (open mode) the open server. */
const actorOf = (v: Viewer) => (v.mode === 'key' ? `key:${v.keyId}` : 'http:open-mode');

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `POST /keys`'s body: `{ role, club?, league?, label? }`, each bad field named. */
function readKeyRequest(body: unknown) {
  const issues: FieldIssue[] = [];
  if (!isObject(body)) {
    throw new InvalidRequestError([
      {
        field: 'body',
        message: 'must be a JSON object { role, club?, league?, label?, beforeRegistration? }',
      },
    ]);
  }
  const known = new Set(['role', 'club', 'league', 'label', 'beforeRegistration']);
  for (const k of Object.keys(body)) {
    if (!known.has(k)) issues.push({ field: k, message: `${k} is not a field of a key request` });
  }
  const { role, club, league, label, beforeRegistration } = body;
  if (beforeRegistration !== undefined && typeof beforeRegistration !== 'boolean') {
    issues.push({
      field: 'beforeRegistration',
      message: 'beforeRegistration must be true or false',
    });
  }
  if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) {
    issues.push({ field: 'role', message: `role must be one of ${ROLES.join(', ')}` });
  }
  for (const [field, v] of [
    ['club', club],
    ['league', league],
  ] as const) {
    if (v !== undefined && (typeof v !== 'string' || !ID_PATTERN.test(v))) {
      issues.push({ field, message: `${field} must be letters, digits and _ . : @ -` });
    }
  }
  if (club !== undefined && league !== undefined) {
    issues.push({ field: 'league', message: 'a key acts for a club or a league, not both' });
  }
  if (
    label !== undefined &&
    (typeof label !== 'string' || label.length < 1 || label.length > 200)
  ) {
    issues.push({ field: 'label', message: 'label must be text of 1 to 200 characters' });
  }
  if (issues.length > 0) throw new InvalidRequestError(issues);
  const scope =
    club !== undefined
      ? { kind: 'club' as const, id: club as string }
      : league !== undefined
        ? { kind: 'league' as const, id: league as string }
        : undefined;
  return {
    role: role as Role,
    scope,
    label: label as string | undefined,
    beforeRegistration: beforeRegistration === true,
  };
}

/**
 * Keys over HTTP for a server of a memory store (the CLI's `keys` otherwise): an
 * admin's key issues (`POST /keys`, the token in the answer, once), lists (`GET /keys`, never
 * a hash) and revokes (`POST /keys/:keyId/revoke`). In open mode anyone may, to issue the first.
 */
@ApiTags('keys')
@Controller('keys')
export class KeysController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly access: LedgerAccess,
  ) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary: "Issue a key (an admin's key; anyone's in open mode): its token shown once",
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['role'],
      properties: {
        role: { type: 'string', enum: ['director', 'secretary', 'auditor', 'admin'] },
        club: {
          type: 'string',
          description: "The club of a director's, secretary's or auditor's key",
        },
        league: { type: 'string', description: 'A league instead of a club' },
        label: { type: 'string', description: 'Whose key it is, for the list' },
        beforeRegistration: {
          type: 'boolean',
          description:
            'The club or league is not registered yet: issue its key all the same (else refused, naming those registered)',
        },
      },
    },
  })
  @ApiAnswer(201, '{ keyId, role, scope, label, issuedBy, issuedAt, token }: the token this once')
  @ApiErrors(400, 422)
  async issue(@Req() req: object, @Body() body: unknown) {
    const { role, scope, label, beforeRegistration } = readKeyRequest(body);
    const { keyId, token, fact } = await newKey({
      role,
      ...(scope ? { scope } : {}),
      ...(label !== undefined ? { label } : {}),
      ...(beforeRegistration ? { beforeRegistration } : {}),
      issuedBy: actorOf(viewerOf(req)),
    });
    await this.commandBus.execute(new AppendEventsCommand(ACCESS_STREAM, 'any', [fact]));
    await this.access.keys.catchUp();
    return {
      ...this.access.keys.get(keyId)!,
      token,
      message: 'keep the token: it is shown this once and never again (the ledger keeps its hash)',
    };
  }

  @Get()
  @ApiOperation({ summary: 'Every key issued and revoked (never a hash)' })
  @ApiAnswer(200, '{ keys: [{ keyId, role, scope, label, issuedAt, revokedAt?, reason? }] }')
  @ApiErrors(400)
  async list(): Promise<{ keys: KeyRecord[] }> {
    await this.access.keys.catchUp();
    return { keys: this.access.keys.list() };
  }

  @Post(':keyId/revoke')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Revoke a key: every request with it is a 401 from then on' })
  @ApiParam({ name: 'keyId', description: 'The key id: 16 lower-case hex digits', type: String })
  @ApiBody({
    required: false,
    schema: { type: 'object', properties: { reason: { type: 'string' } } },
  })
  @ApiAnswer(200, 'The key, revoked')
  @ApiErrors(400, 422)
  async revoke(@Req() req: object, @Param('keyId') keyId: string, @Body() body: unknown) {
    if (!KEY_ID_PATTERN.test(keyId)) {
      throw new InvalidRequestError([
        { field: 'keyId', message: 'keyId must be 16 lower-case hex digits' },
      ]);
    }
    const reason = isObject(body) ? body.reason : undefined;
    if (reason !== undefined && (typeof reason !== 'string' || reason.length < 1)) {
      throw new InvalidRequestError([{ field: 'reason', message: 'reason must be text' }]);
    }
    const fact = revocation(keyId, {
      revokedBy: actorOf(viewerOf(req)),
      ...(reason !== undefined ? { reason: reason as string } : {}),
    });
    await this.commandBus.execute(new AppendEventsCommand(ACCESS_STREAM, 'any', [fact]));
    await this.access.keys.catchUp();
    return this.access.keys.get(keyId)!;
  }
}
