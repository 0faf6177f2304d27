import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { mayAppend, rolesAppending } from '../../../contexts/access/domain/permissions';
import { ownerOfData, type Owner } from '../../../contexts/access/read/owners';
import { teamsStreamId } from '../../../contexts/teams';
import { ForbiddenError, UnauthorizedError } from './access-errors';
import { covers, LedgerAccess, ownerName, presentedToken } from './ledger-access';
import { isListed, routeAccess, type ClubOf } from './route-access';
import { attachViewer, mayReadPrivate, mayReadPublished, type Viewer } from './viewer';

interface GuardedRequest {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  params?: Record<string, string>;
  body?: unknown;
  route?: { path?: unknown };
  /** The client's address (Express: the socket's, unless the app trusts a proxy). */
  ip?: string;
}

const NEEDS_KEY = 'this needs an API key: Authorization: Bearer bl_<keyId>_<secret>';

/** Whom a key acts for, in a message: `key 0123… (secretary of club wellington)`. */
const keyName = (v: Viewer) =>
  `key ${v.keyId} (${v.role}${v.scope ? ` of ${ownerName(v.scope)}` : ''})`;

/**
 * The one guard of every route. It finds the viewer (open mode, a key, anonymous),
 * attaches it to the request for the handlers and pages (viewer.ts), then judges the route by
 * its entry in the table (route-access.ts). A refusal is a 401 or a 403 naming its reason, and
 * nothing runs, so nothing is written.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(private readonly access: LedgerAccess) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<GuardedRequest>();
    const path = typeof req.route?.path === 'string' ? req.route.path : undefined;
    const route = routeAccess(req.method, path);
    const presented = presentedToken(req);
    let viewer: Viewer;
    try {
      viewer = await this.access.viewerOf(presented?.token, req.ip);
    } catch (e) {
      // Logging in again, or out, with a stale cookie is what those routes are for; a page
      // (a GET of no row) read with a stale cookie is read as anonymous, its login link shown.
      const stale =
        path === '/login' ||
        path === '/logout' ||
        (presented?.from === 'cookie' && !isListed(req.method, path));
      if (!(e instanceof UnauthorizedError) || !stale) throw e;
      viewer = { mode: 'anonymous' };
    }
    attachViewer(req, viewer);
    if (viewer.mode === 'open') return true;
    switch (route.kind) {
      case 'public':
        return true;
      case 'published': {
        const owner = await this.ownerOf(route, req);
        // A table of no club answers its own 404.
        if (!owner || owner.kind !== 'club') return true;
        const hidden = await this.access.owners.tablesPrivate(owner.id);
        if (mayReadPublished(viewer, owner.id, hidden)) return true;
        throw new ForbiddenError(
          'private-tables',
          `club ${owner.id} keeps its tables private: they are read with a key of the club`,
          { clubId: owner.id },
        );
      }
      case 'private': {
        const v = this.keyed(viewer);
        const owner = await this.ownerOf(route, req);
        if (owner?.kind === 'club' ? mayReadPrivate(v, owner.id) : owner && covers(v, owner)) {
          return true;
        }
        if (v.role === 'admin') return true;
        throw new ForbiddenError(
          'club',
          owner
            ? `${keyName(v)} may not read ${ownerName(owner)}'s private views`
            : `${keyName(v)} may not read this: it is of no club (or none yet), for an admin's key`,
          owner ? { owner } : {},
        );
      }
      case 'admin':
      case 'keys': {
        const v = this.keyed(viewer);
        if (v.role === 'admin') return true;
        throw new ForbiddenError('admin-only', `${keyName(v)} may not: this needs an admin's key`);
      }
      case 'append':
        return this.mayAppendBatch(this.keyed(viewer), req.params?.[route.stream] ?? '', req.body);
    }
  }

  /** A key's viewer, else 401: the route is not for anonymous readers. */
  private keyed(viewer: Viewer): Viewer {
    if (viewer.mode !== 'key') throw new UnauthorizedError('no-key', NEEDS_KEY);
    return viewer;
  }

  private ownerOf(route: ClubOf, req: GuardedRequest): Promise<Owner | undefined> {
    const param = (name: string) => req.params?.[name] ?? '';
    if ('club' in route) return Promise.resolve({ kind: 'club', id: param(route.club) });
    if ('league' in route) return Promise.resolve({ kind: 'league', id: param(route.league) });
    if ('competition' in route) return this.access.owners.ofCompetition(param(route.competition));
    if ('teamsEvent' in route)
      return this.access.owners.ofStream(teamsStreamId(param(route.teamsEvent)));
    return this.access.owners.ofStream(param(route.stream));
  }

  /**
   * An append: each fact's type is one the key's role may append (APPEND_ROLES), and the stream
   * (or, for a new stream, the club its facts name) and every club a fact names are the key's.
   * A body that is not a batch is the append's own 400, once the key may write to the stream.
   */
  private async mayAppendBatch(v: Viewer, streamId: string, body: unknown): Promise<boolean> {
    const role = v.role!;
    if (role === 'auditor') {
      throw new ForbiddenError('role', `${keyName(v)} may not append: an auditor appends nothing`, {
        role,
      });
    }
    const raw = (body as { events?: unknown } | null)?.events;
    const events = Array.isArray(raw)
      ? raw.filter(
          (e): e is { type?: unknown; data?: unknown } => typeof e === 'object' && e !== null,
        )
      : [];
    events.forEach((e, i) => {
      if (typeof e.type !== 'string' || mayAppend(role, e.type)) return;
      const allowed = rolesAppending(e.type);
      throw new ForbiddenError(
        'role',
        `a ${role}'s key may not append ${e.type} (events[${i}]): ${
          allowed.length ? `appended by a ${allowed.join(' or ')}'s key` : 'no key appends it'
        }`,
        { role, type: e.type, field: `events[${i}].type` },
      );
    });
    if (role === 'admin') return true;
    const named = events.flatMap((e) => ownerOfData(e.data) ?? []);
    const owner = (await this.access.owners.ofStream(streamId)) ?? named[0];
    // A new stream and no fact to read (a body that is not JSON, or not a batch): nothing can
    // be written, and nobody's stream is touched; the body's own 400 answers it.
    if (!owner && events.length === 0) return true;
    if (!owner || !covers(v, owner)) {
      throw new ForbiddenError(
        'club',
        `${keyName(v)} may not append to stream ${streamId}, ${ownerName(owner)}'s`,
        owner ? { streamId, owner } : { streamId },
      );
    }
    const other = named.find((o) => !covers(v, o));
    if (other) {
      throw new ForbiddenError(
        'club',
        `${keyName(v)} may not append a fact of ${ownerName(other)}`,
        { streamId, owner: other },
      );
    }
    return true;
  }
}
