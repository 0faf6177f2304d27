import { ledgerContentsOf, type LedgerContents } from '../../ledger/ledger-contents';
import type { EventStore } from '../../store/event-store';
import type { LedgerAccess } from '../http/access/ledger-access';
import { mayReadPrivate, mayReadPublished, viewerOf } from '../http/access/viewer';
import { PageForbiddenError, PageNotFoundError } from './page-errors';
import { tablesPrivate } from './tables-private';

/**
 * What the page controllers (club, league, register) share: the chooser's reading of a query,
 * the club a page is of, and the two access checks. One copy, so the pages refuse alike.
 */

/** A chooser's empty fields are not asked for: `?asOf=&atPosition=5` is `?atPosition=5`. */
export const asked = (q: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== ''));

/** The club of a page, or a 404 naming it. */
export function clubOf(contents: LedgerContents, clubId: string) {
  const club = contents.club(clubId);
  if (!club) throw new PageNotFoundError(`club ${clubId}`);
  return club;
}

/** Published tables: public unless the club marked them private (then its keys only). */
export async function mayReadTables(
  access: LedgerAccess,
  req: object,
  clubId: string,
): Promise<void> {
  if (!mayReadPublished(viewerOf(req), clubId, await tablesPrivate(access, clubId))) {
    throw new PageForbiddenError(`the tables of club ${clubId}`);
  }
}

/**
 * The club of a private page (roster, correction log, membership): 404 when unknown, else 403
 * naming `what` unless the viewer may read the club's private views.
 */
export async function privateClubOf(store: EventStore, req: object, clubId: string, what: string) {
  const club = clubOf(await ledgerContentsOf(store), clubId);
  if (!mayReadPrivate(viewerOf(req), clubId)) throw new PageForbiddenError(`${what} ${clubId}`);
  return club;
}
