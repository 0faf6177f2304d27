import { startHttpServer } from '../../src/app';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { clubRegistered } from './support';

describe('startHttpServer', () => {
  it('listens on 127.0.0.1 on a free port, serves the API and stops on close(), leaving the store open', async () => {
    const store = new MemoryEventStore();
    const server = await startHttpServer({ store, port: 0, logger: false });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const posted = await fetch(`${server.url}/streams/club-1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ expectedRevision: 'no_stream', events: [clubRegistered()] }),
    });
    expect(posted.status).toBe(201);
    const health = await fetch(`${server.url}/health`);
    expect(await health.json()).toMatchObject({
      status: 'ok',
      caughtUp: true,
      store: 'memory:',
      headPosition: 1,
    });

    await server.close();
    await server.close(); // twice is harmless
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();
    expect(await store.headPosition()).toBe(1);
    await store.close();
  });

  it('answers 413 over a real socket for a body over the limit', async () => {
    const store = new MemoryEventStore();
    const server = await startHttpServer({ store, port: 0, logger: false, bodyLimit: 1000 });
    try {
      const res = await fetch(`${server.url}/streams/club-1/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ expectedRevision: 'any', events: [], pad: 'x'.repeat(2000) }),
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ error: 'PayloadTooLarge', limit: 1000 });
      expect(await store.headPosition()).toBe(0);
    } finally {
      await server.close();
      await store.close();
    }
  });

  it('rejects when the port is taken, and leaves nothing running', async () => {
    const store = new MemoryEventStore();
    const first = await startHttpServer({ store, port: 0, logger: false });
    const port = Number(new URL(first.url).port);
    const sigterm = process.listenerCount('SIGTERM');
    await expect(startHttpServer({ store, port, logger: false })).rejects.toThrow(/EADDRINUSE/);
    expect(process.listenerCount('SIGTERM')).toBe(sigterm);
    await first.close();
    await store.close();
  });

  it('installs shutdown hooks on SIGINT and SIGTERM, removed on close(); none when told not to', async () => {
    const store = new MemoryEventStore();
    const before = [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')];
    const hooked = await startHttpServer({ store, port: 0, logger: false });
    expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual(
      before.map((n) => n + 1),
    );
    await hooked.close();
    const plain = await startHttpServer({ store, port: 0, logger: false, shutdownSignals: [] });
    expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual(before);
    await plain.close();
    await store.close();
  });
});
