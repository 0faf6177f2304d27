import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * `serve` logs JSON lines through pino, from its first line to each request's, a
 * request's line carrying its correlation id, and never a key. Runs the built CLI
 * (`npm test` builds it first) as a user runs it.
 */
const MAIN = join(__dirname, '..', '..', 'dist', 'src', 'cli', 'main.js');
const built = existsSync(MAIN);
const maybe = built ? describe : describe.skip;
if (!built) console.warn(`serve logs: skipped, ${MAIN} is not built (npm run build)`);

maybe('the service logs JSON with a correlation id per request', () => {
  let child: ChildProcessWithoutNullStreams;
  const lines: Record<string, unknown>[] = [];
  let url: string;

  beforeAll(async () => {
    child = spawn(process.execPath, [
      MAIN,
      'serve',
      '--store',
      'memory:',
      '--no-examples',
      '--port',
      '0',
    ]);
    const rl = createInterface({ input: child.stdout });
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no 'serving' line: ${JSON.stringify(lines)}`)),
        20_000,
      );
      rl.on('line', (text) => {
        const line = JSON.parse(text) as Record<string, unknown>;
        lines.push(line);
        const m = /serving memory: at (http:\/\/\S+)/.exec(String(line.msg ?? ''));
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
    });
  }, 30_000);
  afterAll(() => {
    child.kill('SIGTERM');
  });

  it('every line is a JSON object with a level and a time, the service named in its messages', () => {
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines)
      expect(line).toEqual(
        expect.objectContaining({ level: expect.any(Number), time: expect.any(Number) }),
      );
    expect(lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^serving memory: at http/)]),
    );
  });

  it("a request's line carries its correlation id, and its Authorization header redacted", async () => {
    const res = await fetch(`${url}/health`, {
      headers: { 'X-Correlation-Id': 'log-test-1', Authorization: 'Bearer bl_secret_token' },
    });
    expect(res.headers.get('x-correlation-id')).toBe('log-test-1');
    const deadline = Date.now() + 5000;
    let line: Record<string, unknown> | undefined;
    while (!line && Date.now() < deadline) {
      line = lines.find((l) => (l.req as { id?: string } | undefined)?.id === 'log-test-1');
      if (!line) await new Promise((r) => setTimeout(r, 50));
    }
    expect(line).toBeDefined();
    expect(JSON.stringify(line)).not.toContain('bl_secret_token');
    expect((line!.req as { headers: Record<string, string> }).headers.authorization).toBe(
      '[redacted]',
    );
    expect((line!.res as { statusCode: number }).statusCode).toBe(200);
  });
});
