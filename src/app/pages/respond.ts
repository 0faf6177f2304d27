/** The little of Express's response the pages use. */
export interface PageResponse {
  status(code: number): PageResponse;
  type(t: string): PageResponse;
  set(field: string, value: string): PageResponse;
  send(body: string): unknown;
}

/**
 * Pages run no script and load nothing from elsewhere: the policy says so, so that a value that
 * escaped the escaping still could not run (defence in depth; every value is escaped).
 */
const POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

export function sendPage(res: PageResponse, body: string, status = 200): void {
  res
    .status(status)
    .type('text/html; charset=utf-8')
    .set('Content-Security-Policy', POLICY)
    .set('X-Content-Type-Options', 'nosniff')
    .send(body);
}
