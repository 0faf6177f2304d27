import type { NestExpressApplication } from '@nestjs/platform-express';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { raw } from './raw-request';
import { catalogue } from '../../src/contexts/catalogue';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { clubRegistered, ledgerApp, playerRegistered } from './support';

/** A compressed body that cannot be inflated is asked wrongly, never a 500. */
describe('HTTP: compressed bodies (Content-Encoding)', () => {
  let store: MemoryEventStore;
  let app: NestExpressApplication;
  let server: ReturnType<NestExpressApplication['getHttpServer']>;

  beforeAll(async () => {
    store = new MemoryEventStore({ upcast: catalogue.upcast });
    // Club 1 registered: its roster's facts are of a registered club.
    await store.appendToStream('club-1', [clubRegistered()], { expectedRevision: 'no_stream' });
    app = await ledgerApp(store);
    server = app.getHttpServer();
  });
  afterAll(async () => {
    await app.close();
    await store.close();
  });

  // A new player each time: the roster refuses a registration that changes nothing.
  let players = 0;
  const body = () =>
    Buffer.from(
      JSON.stringify({ expectedRevision: 'any', events: [playerRegistered((players += 1))] }),
    );
  // Sent as bytes: supertest would write a Buffer as JSON.
  const post = async (encoding: string, bytes: Buffer) => {
    const res = await raw(server, {
      method: 'POST',
      path: '/streams/club-1-players/events',
      headers: { 'content-type': 'application/json', 'content-encoding': encoding },
      body: bytes,
    });
    return { status: res.status, body: JSON.parse(res.body) as Record<string, unknown> };
  };

  const compress: Record<string, (b: Buffer) => Buffer> = {
    gzip: gzipSync,
    deflate: deflateSync,
    br: brotliCompressSync,
  };

  it.each(Object.keys(compress))('a whole %s body is read', async (encoding) => {
    const res = await post(encoding, compress[encoding](body()));
    expect(res).toMatchObject({ status: 201, body: { position: expect.any(Number) } });
  });

  it.each(Object.keys(compress))(
    'a truncated or corrupt %s body is a 400 naming the encoding, and nothing is written',
    async (encoding) => {
      const whole = compress[encoding](body());
      const corrupt = Buffer.from(whole);
      corrupt.fill(0x55, 2, Math.min(12, corrupt.length));
      for (const bytes of [whole.subarray(0, whole.length - 8), corrupt, Buffer.from('not it')]) {
        const head = await store.headPosition();
        const res = await post(encoding, bytes);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          error: 'InvalidContentEncoding',
          message: expect.stringContaining(`Content-Encoding ${encoding}`),
          encoding,
        });
        expect(await store.headPosition()).toBe(head);
      }
    },
  );

  it('an encoding the ledger does not read is a 415 naming it', async () => {
    const res = await post('compress', body());
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({
      error: 'UnsupportedMediaType',
      message: expect.stringContaining('compress'),
    });
  });
});
