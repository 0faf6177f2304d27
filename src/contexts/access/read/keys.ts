import { v7 as uuidv7 } from 'uuid';
import type { KeyRecord } from '../domain/access-decider';
import { ACCESS_STREAM, type Role, type ScopeKind } from '../facts/access';
import { catalogue } from '../../catalogue';
import type { EventToAppend } from '../../../kernel/envelope';
import type { EventStore } from '../../../store/event-store';
import { appendThroughGate } from '../../../ledger/append-through-gate';
import { DomainGate } from '../../../ledger/domain-gate';
import { validateAppend } from '../../../ledger/validate-append';
import { AccessKeys } from './access-keys';
import { hashToken, newKeyId, newSecret, tokenOf } from './token';

export interface IssueKey {
  role: Role;
  scope?: { kind: ScopeKind; id: string };
  label?: string;
  /** Who issues it: `cli:<user>`, or the admin key's `key:<keyId>`. */
  issuedBy: string;
  /** A key for a club or league not registered yet, issued on purpose. */
  beforeRegistration?: boolean;
}

/** A key issued: its record, and its token — to be shown once and never again. */
export interface IssuedKey {
  key: KeyRecord;
  token: string;
}

/** A key fact as the ledger appends it to `access-keys`. */
const keyFact = (
  type: 'ApiKeyIssued' | 'ApiKeyRevoked',
  data: Record<string, unknown>,
  actor: string,
): EventToAppend => ({
  id: uuidv7(),
  type,
  occurredAt: new Date().toISOString(),
  data,
  metadata: { actor },
});

/**
 * A new key: a fresh id and secret, and the ApiKeyIssued holding the token's scrypt hash. The
 * token is for its holder, once; the fact is what the ledger keeps.
 */
export async function newKey(
  input: IssueKey,
): Promise<{ keyId: string; token: string; fact: EventToAppend }> {
  const keyId = newKeyId();
  const token = tokenOf(keyId, newSecret());
  const data = {
    keyId,
    role: input.role,
    ...(input.scope ? { scope: input.scope } : {}),
    hash: await hashToken(token),
    issuedBy: input.issuedBy,
    ...(input.label !== undefined ? { label: input.label } : {}),
    ...(input.beforeRegistration ? { beforeRegistration: true } : {}),
  };
  return { keyId, token, fact: keyFact('ApiKeyIssued', data, input.issuedBy) };
}

/** The ApiKeyRevoked of a key. */
export const revocation = (keyId: string, by: { revokedBy: string; reason?: string }) =>
  keyFact(
    'ApiKeyRevoked',
    { keyId, revokedBy: by.revokedBy, ...(by.reason !== undefined ? { reason: by.reason } : {}) },
    by.revokedBy,
  );

/** One key fact checked (catalogue, then the access decider's refusals) and appended. */
async function append(store: EventStore, gate: DomainGate, event: EventToAppend): Promise<void> {
  const events = validateAppend(catalogue, ACCESS_STREAM, 'any', [event]);
  await appendThroughGate(gate, store, {
    streamId: ACCESS_STREAM,
    expectedRevision: 'any',
    events,
  });
}

/** A key as the ledger now holds it. */
export async function keyOf(store: EventStore, keyId: string): Promise<KeyRecord | undefined> {
  const keys = new AccessKeys(store);
  await keys.catchUp();
  return keys.get(keyId);
}

/**
 * Issues a key (the CLI's `keys add`): judged by the access decider (a club's role
 * needs its club, an admin's key has none). The token is returned, never stored.
 */
export async function issueKey(
  store: EventStore,
  input: IssueKey,
  gate: DomainGate = new DomainGate(store),
): Promise<IssuedKey> {
  const { keyId, token, fact } = await newKey(input);
  await append(store, gate, fact);
  return { key: (await keyOf(store, keyId))!, token };
}

/** Revokes a key (refused for a key never issued or revoked already): it fails at once. */
export async function revokeKey(
  store: EventStore,
  keyId: string,
  by: { revokedBy: string; reason?: string },
  gate: DomainGate = new DomainGate(store),
): Promise<KeyRecord> {
  await append(store, gate, revocation(keyId, by));
  return (await keyOf(store, keyId))!;
}

/** Every key issued, as `keys list` and `GET /keys` show them (never a hash). */
export async function listKeys(store: EventStore): Promise<KeyRecord[]> {
  const keys = new AccessKeys(store);
  await keys.catchUp();
  return keys.list();
}
