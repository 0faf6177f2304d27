/**
 * How the access guard judges a route (the table: src/app/http/access/route-access.ts, and the
 * routes a context registered at run time brings: src/contexts/registry.ts). docs/access.md.
 */
export type ClubOf =
  | { club: string }
  | { competition: string }
  | { stream: string }
  // A path parameter that is a league (its keys, an admin's).
  | { league: string }
  // A path parameter that is a teams event (its club: the one its stream's creation names).
  | { teamsEvent: string };

export type RouteAccess =
  | { kind: 'public' }
  | ({ kind: 'published' } & ClubOf)
  | ({ kind: 'private' } & ClubOf)
  | { kind: 'admin' }
  | { kind: 'append'; stream: string }
  | { kind: 'keys' };
