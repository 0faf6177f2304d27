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
 * A key for a club or league the ledger has not registered (a typo, `lcba` for the league
 * `lcba-2009-10`) is refused, naming those registered; one issued on purpose before its club
 * registers says so (`beforeRegistration`).
 */
function unregisteredScope(scope: { kind: string; id: string }, club: ClubContext): void {
  const known = club.registered?.();
  if (!known) return;
  const league = scope.kind === 'league';
  const ids = league ? known.leagues : known.clubs;
  if (ids.includes(scope.id)) return;
  const shown = ids.length > 20 ? [...ids.slice(0, 20), '…'] : ids;
  throw refuse(
    `no ${scope.kind} ${scope.id} is registered in this ledger (${league ? 'leagues' : 'clubs'}: ${shown.join(', ') || 'none'}); a key for a ${scope.kind} still to be registered is issued with beforeRegistration (the CLI's --before-registration)`,
    'data.scope.id',
  );
}

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
  // A club's or league's key is judged against the clubs and leagues registered.
  readsClub: (fact) =>
    fact.type === 'ApiKeyIssued' && (fact.data as { scope?: unknown }).scope !== undefined,
  evolve: (state, fact) => foldKeyFact(state, fact),
  decide(fact, state, club) {
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
      if (d.scope && !d.beforeRegistration) unregisteredScope(d.scope, club);
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
