import {
  ACCESS_STREAM,
  ROLES,
  type AccessFactData,
  type Role,
  type ScopeKind,
} from '../facts/access';
import type { Decider, DecidedFact } from '../../../kernel/decider';
import type { ClubContext } from '../../club-context';
import { RuleViolation } from '../../../kernel/rule-violation';
import { needsScope } from './permissions';

/** A key as the ledger's facts describe it (never its token). */
export interface KeyRecord {
  keyId: string;
  role: Role;
  scope?: { kind: ScopeKind; id: string };
  label?: string;
  issuedBy?: string;
  issuedAt: string;
  revokedAt?: string;
  reason?: string;
}

/** The `access-keys` stream folded: each key by its id. */
export interface AccessState {
  keys: Map<string, KeyRecord>;
}

export const ACCESS_FACT_TYPES: ReadonlySet<string> = new Set([
  'ApiKeyIssued',
  'ApiKeyRevoked',
] satisfies Array<keyof AccessFactData>);

type Issued = AccessFactData['ApiKeyIssued'];
type Revoked = AccessFactData['ApiKeyRevoked'];

/** Folds one key fact into a state (the decider's, and the guard's index: one reading of them). */
export function foldKeyFact(state: AccessState, fact: DecidedFact): void {
  if (fact.type === 'ApiKeyIssued') {
    const d = fact.data as Issued;
    if (state.keys.has(d.keyId)) return;
    state.keys.set(d.keyId, {
      keyId: d.keyId,
      role: d.role,
      ...(d.scope ? { scope: { kind: d.scope.kind, id: d.scope.id } } : {}),
      ...(d.label !== undefined ? { label: d.label } : {}),
      ...(d.issuedBy !== undefined ? { issuedBy: d.issuedBy } : {}),
      issuedAt: fact.occurredAt,
    });
  } else if (fact.type === 'ApiKeyRevoked') {
    const d = fact.data as Revoked;
    const key = state.keys.get(d.keyId);
    if (!key || key.revokedAt !== undefined) return;
    key.revokedAt = fact.occurredAt;
    if (d.reason !== undefined) key.reason = d.reason;
  }
}

const refuse = (reason: string, field: string) => new RuleViolation('ACCESS', reason, field);

/**
 * The keys context: one stream, `access-keys`, holding every key issued and revoked.
 * Refused (ACCESS): a key id issued twice; a role outside the table; a club's or league's role
 * (director, secretary, auditor) without its scope, or an admin's key with one; revoking a key
 * never issued, or one revoked already.
 */
export const accessDecider: Decider<AccessState, ClubContext> = {
  name: 'access',
  owns: (streamId) => streamId === ACCESS_STREAM,
  streams: ACCESS_STREAM,
  factTypes: ACCESS_FACT_TYPES,
  initialState: () => ({ keys: new Map() }),
  evolve: (state, fact) => foldKeyFact(state, fact),
  decide(fact, state) {
    if (fact.type === 'ApiKeyIssued') {
      const d = fact.data as Issued;
      if (state.keys.has(d.keyId)) {
        throw refuse(`key ${d.keyId} is issued already; a new key needs a new id`, 'data.keyId');
      }
      if (!(ROLES as readonly string[]).includes(d.role)) {
        throw refuse(`role ${String(d.role)} is not one of ${ROLES.join(', ')}`, 'data.role');
      }
      if (needsScope(d.role) && !d.scope) {
        throw refuse(
          `a ${d.role}'s key acts for a club or a league: give its scope { kind: 'club', id }`,
          'data.scope',
        );
      }
      if (!needsScope(d.role) && d.scope) {
        throw refuse(`an admin's key covers every club: it has no scope`, 'data.scope');
      }
      return [fact];
    }
    if (fact.type === 'ApiKeyRevoked') {
      const d = fact.data as Revoked;
      const key = state.keys.get(d.keyId);
      if (!key) throw refuse(`no key ${d.keyId} was ever issued`, 'data.keyId');
      if (key.revokedAt !== undefined) {
        throw refuse(`key ${d.keyId} was revoked already (${key.revokedAt})`, 'data.keyId');
      }
      return [fact];
    }
    return [fact];
  },
};
