import { registeredContexts } from '../../../contexts/registry';
import type { RouteAccess } from '../../../kernel/route-access';
/**
 * What each route needs, the one table of it (docs/access.md). The guard
 * (access-guard.ts) reads it by the route Express matched (`GET /clubs/:clubId/corrections`).
 *
 * - `public`: anyone.
 * - `published`: a club's published table: anyone, unless the club made its tables private
 *   (ClubTablesVisibilitySet); then a key of the club, or an admin's.
 * - `private`: a club's private view: a key of the club (any role), or an admin's.
 * - `admin`: an admin's key ($all, the keys).
 * - `append`: a key whose role may append each fact type of the batch, of the stream's club.
 * - `keys`: an admin's key; anyone in open mode (to issue the first key of a memory store).
 *
 * `club` says where the route names its club: a path parameter that is the club, a competition
 * (its CompetitionCreated's club), or a stream (its club: src/contexts/access/read/owners.ts).
 * In open mode (no key issued) every route is open. A route missing from the table (the pages
 * another module serves) is open to a GET, which then asks the viewer itself (viewer.ts), and
 * needs an admin's key for any other method.
 */
export type { ClubOf, RouteAccess } from '../../../kernel/route-access';

export const ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = Object.freeze({
  'GET /health': { kind: 'public' },
  'GET /login': { kind: 'public' },
  'POST /login': { kind: 'public' },
  'POST /logout': { kind: 'public' },
  'POST /streams/:streamId/events': { kind: 'append', stream: 'streamId' },
  'GET /streams/:streamId': { kind: 'private', stream: 'streamId' },
  'GET /events': { kind: 'admin' },
  'GET /competitions/:competitionId/standings': {
    kind: 'published',
    competition: 'competitionId',
  },
  'GET /competitions/:competitionId/c-points': { kind: 'published', competition: 'competitionId' },
  'GET /competitions/:competitionId/diff': { kind: 'published', competition: 'competitionId' },
  // A what-if stores nothing: a read of the published table.
  'POST /competitions/:competitionId/what-if': {
    kind: 'published',
    competition: 'competitionId',
  },
  'GET /sessions/:sessionStreamId/result': { kind: 'published', stream: 'sessionStreamId' },
  'GET /clubs/:clubId/championship': { kind: 'published', club: 'clubId' },
  'GET /clubs/:clubId/championship/diff': { kind: 'published', club: 'clubId' },
  'POST /clubs/:clubId/championship/what-if': { kind: 'published', club: 'clubId' },
  'GET /clubs/:clubId/corrections': { kind: 'private', club: 'clubId' },
  // A league's tables are public reads (a league is not a club's private table).
  'GET /leagues/:leagueId/table': { kind: 'public' },
  'GET /leagues/:leagueId/matches/:fixtureId': { kind: 'public' },
  'GET /matches/:fixtureId': { kind: 'public' },
  // Its correction log is private to the league's keys, as a club's is to the club's.
  'GET /leagues/:leagueId/corrections': { kind: 'private', league: 'leagueId' },
  // A club's teams events: published tables of the club that created them.
  'GET /teams': { kind: 'public' },
  'GET /teams/:eventId': { kind: 'published', teamsEvent: 'eventId' },
  'GET /teams/:eventId/matches/:matchId': { kind: 'published', teamsEvent: 'eventId' },
  'GET /teams/:eventId/teams/:teamId': { kind: 'published', teamsEvent: 'eventId' },
  'GET /teams/:eventId/swiss/:round': { kind: 'published', teamsEvent: 'eventId' },
  'GET /teams/:eventId/diff': { kind: 'published', teamsEvent: 'eventId' },
  // A what-if stores nothing: a read of the published table.
  'POST /teams/:eventId/what-if': { kind: 'published', teamsEvent: 'eventId' },
  'GET /clubs/:clubId/players/:playerId/c-points': { kind: 'published', club: 'clubId' },
  // A club's membership is private to its keys (its auditor reads it).
  'GET /clubs/:clubId/members': { kind: 'private', club: 'clubId' },
  'GET /clubs/:clubId/members/:personId': { kind: 'private', club: 'clubId' },
  // A club's general meetings and officers: private to its keys, as its register is.
  'GET /clubs/:clubId/meetings': { kind: 'private', club: 'clubId' },
  'GET /clubs/:clubId/meetings/:meetingId': { kind: 'private', club: 'clubId' },
  'GET /clubs/:clubId/officers': { kind: 'private', club: 'clubId' },
  'GET /clubs/:clubId/constitution': { kind: 'private', club: 'clubId' },
  'POST /clubs/:clubId/meetings/:meetingId/what-if': { kind: 'private', club: 'clubId' },
  'GET /clubs/:clubId/meetings/:meetingId/diff': { kind: 'private', club: 'clubId' },
  // A club's rubber-bridge evenings: private to its keys (the duty member's).
  'GET /clubs/:clubId/rubber': { kind: 'private', club: 'clubId' },
  'GET /clubs/:clubId/rubber/:sessionId': { kind: 'private', club: 'clubId' },
  'POST /clubs/:clubId/rubber/:sessionId/what-if': { kind: 'private', club: 'clubId' },
  'GET /clubs/:clubId/rubber/:sessionId/diff': { kind: 'private', club: 'clubId' },
  'GET /clubs/:clubId/applications': { kind: 'private', club: 'clubId' },
  'GET /clubs/:clubId/visitors': { kind: 'private', club: 'clubId' },
  'GET /clubs/:clubId/events/:eventId/entries': { kind: 'private', club: 'clubId' },
  'GET /keys': { kind: 'keys' },
  'POST /keys': { kind: 'keys' },
  'POST /keys/:keyId/revoke': { kind: 'keys' },
});

/** Whether a route has its row (else it is a page's, or another module's). */
export const isListed = (method: string, path: string | undefined): boolean =>
  rowOf(`${method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase()} ${path ?? ''}`) !==
  undefined;

/** A route's row: the table's, or that of a context registered at run time (its own routes). */
function rowOf(key: string): RouteAccess | undefined {
  if (Object.hasOwn(ROUTE_ACCESS, key)) return ROUTE_ACCESS[key]!;
  for (const c of registeredContexts()) {
    const routes = c.http?.routes;
    if (routes && Object.hasOwn(routes, key)) return routes[key]!;
  }
  return undefined;
}

/** The route's entry; a GET not in the table is the handler's to judge, another method admin's. */
export function routeAccess(method: string, path: string | undefined): RouteAccess {
  const key = `${method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase()} ${path ?? ''}`;
  const row = rowOf(key);
  if (row) return row;
  return method === 'GET' || method === 'HEAD' ? { kind: 'public' } : { kind: 'admin' };
}
