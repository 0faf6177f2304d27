import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One request sent as given, with no header added (supertest always sets a Content-Type for a
 * body), on the app's server listening on a free port for the time of the request.
 */
export async function raw(
  server: Server,
  o: { method: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  const listening = server.listening;
  if (!listening) await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, method: o.method, path: o.path, headers: o.headers ?? {} },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode!,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(o.body);
    });
  } finally {
    if (!listening) await new Promise<void>((ok) => server.close(() => ok()));
  }
}
