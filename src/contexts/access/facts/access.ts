import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  ValidateNested,
} from 'class-validator';
import type { EventDefinition } from '../../../kernel/catalogue';
import { classSchema } from '../../../kernel/class-schema';
import { ID_PATTERN } from '../../../kernel/ids';

/** Every key fact is on this one stream, so an auditor reads who held which key when. */
export const ACCESS_STREAM = 'access-keys';

/** The roles a key may have (what each may do: src/contexts/access/domain/permissions.ts). */
export const ROLES = ['director', 'secretary', 'auditor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** What a key covers: a club, or a league; an admin's key covers no one scope. */
export const SCOPE_KINDS = ['club', 'league'] as const;
export type ScopeKind = (typeof SCOPE_KINDS)[number];

/** A key's id: in the token `bl_<keyId>_<secret>`, so hex only (never an underscore). */
export const KEY_ID_PATTERN = /^[0-9a-f]{16}$/;

/**
 * The stored hash: `scrypt$N$r$p$<salt>$<hash>` (base64url salt and hash), the parameters in
 * the string so that a later change of cost still verifies the keys issued before it.
 */
export const KEY_HASH_PATTERN =
  /^scrypt\$\d{1,8}\$\d{1,3}\$\d{1,3}\$[A-Za-z0-9_-]{16,64}\$[A-Za-z0-9_-]{32,128}$/;

class KeyScope {
  @IsIn(SCOPE_KINDS)
  kind!: ScopeKind;

  @Matches(ID_PATTERN, { message: 'scope.id must be letters, digits and _ . : @ -' })
  id!: string;
}

class ApiKeyIssuedData {
  @Matches(KEY_ID_PATTERN, { message: 'keyId must be 16 lower-case hex digits' })
  keyId!: string;

  @IsIn(ROLES)
  role!: Role;

  /** The club or league the key acts for; none for an admin's key. */
  @IsOptional()
  @IsObject({ message: 'scope must be an object { kind, id }' })
  @ValidateNested()
  @Type(() => KeyScope)
  scope?: KeyScope;

  @Matches(KEY_HASH_PATTERN, {
    message: 'hash must be scrypt$N$r$p$salt$hash (the token itself is never stored)',
  })
  hash!: string;

  /** Who issued it: `cli:<user>` or the admin key's `key:<keyId>`. */
  @IsOptional()
  @IsString()
  @Length(1, 200)
  issuedBy?: string;

  @IsOptional()
  @IsString()
  @Length(1, 200)
  label?: string;

  /**
   * A key for a club or league the ledger has not registered yet, issued on purpose (its
   * secretary is to register it): without it such a key is refused, naming what is registered.
   */
  @IsOptional()
  @IsBoolean({ message: 'beforeRegistration must be true or false' })
  beforeRegistration?: boolean;
}

class ApiKeyRevokedData {
  @Matches(KEY_ID_PATTERN, { message: 'keyId must be 16 lower-case hex digits' })
  keyId!: string;

  @IsOptional()
  @IsString()
  @Length(1, 500)
  reason?: string;

  @IsOptional()
  @IsString()
  @Length(1, 200)
  revokedBy?: string;
}

/** Whether a club's published tables are for everyone or for the club's keys only. */
export const TABLE_VISIBILITIES = ['public', 'private'] as const;

class ClubTablesVisibilitySetData {
  @Matches(ID_PATTERN, { message: 'clubId must be letters, digits and _ . : @ -' })
  clubId!: string;

  @IsIn(TABLE_VISIBILITIES)
  tables!: (typeof TABLE_VISIBILITIES)[number];
}

/** Each access fact's data as TypeScript sees it. */
export interface AccessFactData {
  ApiKeyIssued: ApiKeyIssuedData;
  ApiKeyRevoked: ApiKeyRevokedData;
  ClubTablesVisibilitySet: ClubTablesVisibilitySetData;
}

export type { ApiKeyIssuedData, ApiKeyRevokedData, ClubTablesVisibilitySetData };

export const accessEvents: Array<EventDefinition & { type: keyof AccessFactData }> = [
  {
    type: 'ApiKeyIssued',
    schemaVersion: 1,
    description:
      'An API key is issued: its id, role, scope (a club or a league; none for an admin) and the scrypt hash of its token, never the token.',
    validate: classSchema(ApiKeyIssuedData),
  },
  {
    type: 'ApiKeyRevoked',
    schemaVersion: 1,
    description: 'An API key is revoked: every request with it fails from then on.',
    validate: classSchema(ApiKeyRevokedData),
  },
  {
    type: 'ClubTablesVisibilitySet',
    schemaVersion: 1,
    description:
      "A club's published tables (standings, C points, championship and their diffs) are public, or private to the club's keys.",
    validate: classSchema(ClubTablesVisibilitySetData),
  },
];
