import type { LedgerAccess } from '../http/access/ledger-access';

/**
 * Whether a club has marked its published tables private (its latest
 * ClubTablesVisibilitySet), as the access guard reads it: the one place the pages ask.
 */
export function tablesPrivate(access: LedgerAccess, clubId: string): Promise<boolean> {
  return access.owners.tablesPrivate(clubId);
}
