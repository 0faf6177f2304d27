/**
 * Whether a club has marked its published tables private (issue 17). No fact records it yet:
 * every club's tables are public. The one place the pages ask; wired to the club's visibility
 * fact when there is one.
 */
export function tablesPrivate(_clubId: string): boolean {
  return false;
}
