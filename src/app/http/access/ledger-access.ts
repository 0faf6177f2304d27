import { Inject, Injectable } from '@nestjs/common';
import { AccessKeys, refusalMessage } from '../../../contexts/access/read/access-keys';
import { StreamOwners, type Owner } from '../../../contexts/access/read/owners';
import type { EventStore } from '../../../store/event-store';
import { EVENT_STORE } from '../../tokens';
import { UnauthorizedError } from './access-errors';
import type { Viewer } from './viewer';

/** The key a request carries: `Authorization: Bearer <token>`, else the login cookie. */
export const KEY_COOKIE = 'bridge_ledger_key';

interface KeyedRequest {
  headers: Record<string, string | string[] | undefined>;
}

/** A cookie's value from the Cookie header, undefined when absent. */
export function cookieOf(req: KeyedRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  const text = Array.isArray(header) ? header.join('; ') : header;
  for (const part of text?.split(';') ?? []) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return part.slice(at + 1).trim();
      }
    }
  }
  return undefined;
}

/**
 * The token a request presents, and where: '' for an Authorization header that is not
 * `Bearer <token>`; undefined when it presents none.
 */
export function presentedToken(
  req: KeyedRequest,
): { token: string; from: 'header' | 'cookie' } | undefined {
  const auth = req.headers.authorization;
  if (auth !== undefined) {
    const m = /^Bearer +(\S+)\s*$/i.exec(Array.isArray(auth) ? auth.join(',') : auth);
    return { token: m ? m[1]! : '', from: 'header' };
  }
  const token = cookieOf(req, KEY_COOKIE);
  return token === undefined ? undefined : { token, from: 'cookie' };
}

/** Whether a viewer's key acts for an owner: an admin's for everyone, else its own scope. */
export const covers = (viewer: Viewer, owner: Owner): boolean =>
  viewer.mode === 'open' ||
  (viewer.mode === 'key' &&
    (viewer.role === 'admin' ||
      (viewer.scope?.kind === owner.kind && viewer.scope.id === owner.id)));

/** `club wellington`, `league x`: an owner in words. */
export const ownerName = (o: { kind: string; id: string } | undefined) =>
  o ? `${o.kind} ${o.id}` : 'no club';

/**
 * The ledger's keys and the owners of its streams, one of each per application (the
 * guard, the keys and the login routes share them).
 */
@Injectable()
export class LedgerAccess {
  readonly keys: AccessKeys;
  readonly owners: StreamOwners;

  constructor(@Inject(EVENT_STORE) readonly store: EventStore) {
    this.keys = new AccessKeys(store);
    this.owners = new StreamOwners(store);
  }

  /**
   * Who asks: open mode while no key was ever issued, else the key presented (a malformed,
   * unknown or revoked one is a 401), else anonymous. The keys are caught up first, so a key
   * revoked by another process fails at once. `client`: the request's address, by which wrong
   * secrets are throttled (access-keys.ts MISMATCH_LIMIT).
   */
  async viewerOf(token: string | undefined, client?: string): Promise<Viewer> {
    await this.keys.catchUp();
    if (this.keys.open) return { mode: 'open' };
    if (token === undefined) return { mode: 'anonymous' };
    const found = await this.keys.authenticate(token, client);
    if ('refused' in found) {
      const r = found.refused;
      throw new UnauthorizedError(
        r.reason,
        refusalMessage(r),
        r.reason === 'throttled' ? r.retryAfterSeconds : undefined,
      );
    }
    const { keyId, role, scope } = found.key;
    return { mode: 'key', keyId, role, ...(scope ? { scope } : {}) };
  }
}
