import request from 'supertest';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { clubRegistered, ledgerApp } from './support';

/**
 * The expected revision is the writer's optimistic-concurrency contract, answered before any
 * rule: a stream elsewhere than the writer thought is 409 WrongExpectedVersion naming where it
 * is, nothing written; the same append sent again is a retry (2xx); at the right revision the
 * rules judge the fact.
 */
describe('a conflict is answered as a conflict, before the rules', () => {
  const store = new MemoryEventStore();
  let app: Awaited<ReturnType<typeof ledgerApp>>;
  const first = clubRegistered();
  const post = (expectedRevision: unknown, events: unknown[]) =>
    request(app.getHttpServer()).post('/streams/club-1/events').send({ expectedRevision, events });

  beforeAll(async () => {
    app = await ledgerApp(store);
    await post('no_stream', [first]).expect(201);
  });
  afterAll(() => app.close());

  it('no_stream on a stream that exists: 409 naming revision 0, though the rules would refuse the fact too', async () => {
    const res = await post('no_stream', [clubRegistered()]).expect(409);
    expect(res.body).toMatchObject({
      error: 'WrongExpectedVersion',
      streamId: 'club-1',
      expectedRevision: 'no_stream',
      actualRevision: 0,
    });
    expect(await store.headPosition()).toBe(1);
  });

  it('a revision the stream is not at: 409 naming where it is', async () => {
    const res = await post(3, [clubRegistered()]).expect(409);
    expect(res.body).toMatchObject({ expectedRevision: 3, actualRevision: 0 });
  });

  it('the same append sent again is a retry: 2xx, nothing written twice', async () => {
    const res = await post('no_stream', [first]);
    expect(res.status).toBeLessThan(300);
    expect(await store.headPosition()).toBe(1);
  });

  it('at the right revision the rules judge it: a second registration is 422', async () => {
    const res = await post(0, [clubRegistered()]).expect(422);
    expect(res.body).toMatchObject({ error: 'RuleViolation', rule: 'LEDGER' });
  });
});
