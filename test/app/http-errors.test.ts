import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { StoreError } from '../../src/store/errors';
import type { EventStore } from '../../src/store/event-store';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { ledgerApp } from './support';

class DiskOnFireError extends StoreError {
  readonly code = 'DISK_ON_FIRE';
}

/** A memory store whose reads fail as the test says. */
function failingStore(failure: () => Error): EventStore {
  const store = new MemoryEventStore();
  return Object.assign(store, {
    // eslint-disable-next-line require-yield
    readAll: async function* () {
      throw failure();
    },
    headPosition: () => Promise.reject(failure()),
  });
}

describe('HTTP answers to unexpected failures', () => {
  let app: NestExpressApplication | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('answers an unexpected error with 500 and a generic message that leaks nothing', async () => {
    app = await ledgerApp(failingStore(() => new Error('cannot open /srv/secret/ledger.db')));
    const res = await request(app.getHttpServer()).get('/events').expect(500);
    expect(res.body).toEqual({
      error: 'InternalError',
      message: 'Something went wrong on our side; it has been logged.',
    });
    expect(JSON.stringify(res.body)).not.toMatch(/secret/);
  });

  it('answers a StoreError it has no mapping for with 500, not its message', async () => {
    app = await ledgerApp(failingStore(() => new DiskOnFireError('disk at /srv/secret on fire')));
    const res = await request(app.getHttpServer()).get('/events').expect(500);
    expect(res.body.error).toBe('InternalError');
  });

  it('answers /health with 503 when the store does not answer', async () => {
    const store = failingStore(() => new Error('database is locked'));
    app = await ledgerApp(store);
    const res = await request(app.getHttpServer()).get('/health').expect(503);
    expect(res.body).toEqual({
      status: 'unavailable',
      store: 'memory:',
      writable: true,
      readOnly: false,
      lastError: null,
    });
  });
});
