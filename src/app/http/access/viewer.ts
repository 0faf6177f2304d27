/**
 * Who is asking, as the access guard found it, and what they may read. The pages and
 * the JSON controllers ask these two questions and nothing else of the access rules.
 *
 * Until keys are configured the ledger is in open mode (a single-club install on localhost):
 * everyone may read everything.
 */
export type Role = 'director' | 'secretary' | 'auditor' | 'admin';

export interface Viewer {
  /** 'open': no key is configured; 'key': a valid key was presented; 'anonymous': none was. */
  mode: 'open' | 'key' | 'anonymous';
  keyId?: string;
  role?: Role;
  /** The club or league the key belongs to (an admin's key may have none). */
  scope?: { kind: 'club' | 'league'; id: string };
}

const VIEWER = Symbol.for('bridge-ledger.viewer');

/** The viewer the guard attached to a request (open mode when none was attached). */
export function viewerOf(req: object): Viewer {
  return (req as Record<symbol, Viewer | undefined>)[VIEWER] ?? { mode: 'open' };
}

export function attachViewer(req: object, viewer: Viewer): void {
  (req as Record<symbol, Viewer>)[VIEWER] = viewer;
}

/** A club's private views (members, visitors, the correction log, unpublished tables). */
export function mayReadPrivate(viewer: Viewer, clubId: string): boolean {
  if (viewer.mode === 'open') return true;
  if (viewer.mode !== 'key') return false;
  if (viewer.role === 'admin') return true;
  return viewer.scope?.kind === 'club' && viewer.scope.id === clubId;
}

/** A club's published tables: public unless the club marked them private. */
export function mayReadPublished(
  viewer: Viewer,
  clubId: string,
  clubTablesPrivate: boolean,
): boolean {
  return !clubTablesPrivate || mayReadPrivate(viewer, clubId);
}
