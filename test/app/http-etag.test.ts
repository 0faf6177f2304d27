import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { CLUB_STREAM, clubRegistered, ledgerApp, playerRegistered, ROSTER_STREAM } from './support';

/**
 * A stream's revision travels as an HTTP entity tag. GET /streams/:id answers its
 * ETag; an append may expect a revision with If-Match / If-None-Match instead of the body's
 * expectedRevision; a precondition that does not hold is 412 and writes nothing.
 */
describe('ETag and If-Match on streams', () => {
  let app: NestExpressApplication;
  let store: MemoryEventStore;
  const http = () => request(app.getHttpServer());
  const append = (stream: string, body: object) =>
    http().post(`/streams/${stream}/events`).set('content-type', 'application/json').send(body);

  beforeEach(async () => {
    store = new MemoryEventStore();
    app = await ledgerApp(store);
  });
  afterEach(() => app.close());

  /** Club 1 registered (club-1 at revision 0) and one player on its roster (revision 0). */
  const clubWithOnePlayer = async () => {
    await append(CLUB_STREAM, { expectedRevision: 'no_stream', events: [clubRegistered()] }).expect(
      201,
    );
    await append(ROSTER_STREAM, {
      expectedRevision: 'no_stream',
      events: [playerRegistered(1)],
    }).expect(201);
  };

  it('If-None-Match: * creates a stream, and the answer carries its revision as the ETag', async () => {
    const res = await append(CLUB_STREAM, { events: [clubRegistered()] }).set('If-None-Match', '*');
    expect([res.status, res.headers.etag]).toEqual([201, '"0"']);
    await append(ROSTER_STREAM, { events: [playerRegistered(1)] })
      .set('If-None-Match', '*')
      .expect(201);
    // The same precondition again: the stream exists now, 412, nothing written.
    const again = await append(ROSTER_STREAM, { events: [playerRegistered(2)] }).set(
      'If-None-Match',
      '*',
    );
    expect([again.status, again.body.error]).toEqual([412, 'PreconditionFailed']);
    expect(again.body.message).toMatch(
      /expected revision no_stream, actual 0.*nothing was written/,
    );
    expect(await store.headPosition()).toBe(2);
  });

  it('GET gives the ETag; If-Match with it appends, with a stale one is 412 and writes nothing', async () => {
    await clubWithOnePlayer();
    const read = await http().get(`/streams/${ROSTER_STREAM}`).expect(200);
    expect(read.headers.etag).toBe('"0"');

    const next = await append(ROSTER_STREAM, { events: [playerRegistered(2)] }).set(
      'If-Match',
      read.headers.etag,
    );
    expect([next.status, next.headers.etag]).toEqual([201, '"1"']);

    const head = await store.headPosition();
    const stale = await append(ROSTER_STREAM, { events: [playerRegistered(3)] }).set(
      'If-Match',
      '"0"',
    );
    expect([stale.status, stale.body.error, stale.body.actualRevision]).toEqual([
      412,
      'PreconditionFailed',
      1,
    ]);
    expect(await store.headPosition()).toBe(head);
    // If-Match: * asks only that the stream exists.
    await append(ROSTER_STREAM, { events: [playerRegistered(3)] })
      .set('If-Match', '*')
      .expect(201);
    // A stream that does not exist yet (club 2's roster, its club registered): 412.
    const club2 = {
      ...clubRegistered(),
      data: { clubId: '2', name: 'Hill BC', timeZone: 'Pacific/Auckland' },
    };
    await append('club-2', { expectedRevision: 'no_stream', events: [club2] }).expect(201);
    const none = await append('club-2-players', {
      events: [playerRegistered(4, { clubId: '2' })],
    }).set('If-Match', '*');
    expect(none.status).toBe(412);
  });

  it('a body expectedRevision that disagrees with the header is asked wrongly (400), the same one is fine', async () => {
    await clubWithOnePlayer();
    const head = await store.headPosition();
    const both = await append(ROSTER_STREAM, {
      expectedRevision: 5,
      events: [playerRegistered(2)],
    }).set('If-Match', '"0"');
    expect([both.status, both.body.error, both.body.issues[0].field]).toEqual([
      400,
      'InvalidRequest',
      'expectedRevision',
    ]);
    expect(await store.headPosition()).toBe(head);
    await append(ROSTER_STREAM, { expectedRevision: 0, events: [playerRegistered(2)] })
      .set('If-Match', '"0"')
      .expect(201);
  });

  it('refuses a malformed precondition, naming the header: weak, a list, not a revision, both headers', async () => {
    await append(CLUB_STREAM, { expectedRevision: 'no_stream', events: [clubRegistered()] }).expect(
      201,
    );
    for (const [header, value] of [
      ['If-Match', 'W/"0"'],
      ['If-Match', '"0", "1"'],
      ['If-Match', '0'],
      ['If-Match', '"-1"'],
      ['If-Match', '"01"'],
      ['If-None-Match', '"0"'],
    ]) {
      const res = await append(CLUB_STREAM, { events: [playerRegistered(1)] }).set(header, value);
      expect([header, value, res.status, res.body.issues?.[0]?.field]).toEqual([
        header,
        value,
        400,
        header.toLowerCase(),
      ]);
    }
    const both = await append(CLUB_STREAM, { events: [playerRegistered(1)] })
      .set('If-Match', '"0"')
      .set('If-None-Match', '*');
    expect(both.status).toBe(400);
    expect(await store.headPosition()).toBe(1);
  });

  it('without a header or a body revision the append is refused as before', async () => {
    const res = await append(CLUB_STREAM, { events: [clubRegistered()] });
    expect([res.status, res.body.issues[0].field]).toEqual([400, 'expectedRevision']);
  });

  it('GET with If-None-Match of the current ETag is 304 with no body; after an append, 200 again', async () => {
    await clubWithOnePlayer();
    const same = await http().get(`/streams/${ROSTER_STREAM}`).set('If-None-Match', '"0"');
    expect([same.status, same.text ?? '']).toEqual([304, '']);
    await append(ROSTER_STREAM, { expectedRevision: 0, events: [playerRegistered(2)] }).expect(201);
    const changed = await http().get(`/streams/${ROSTER_STREAM}`).set('If-None-Match', '"0"');
    expect([changed.status, changed.headers.etag, changed.body.events.length]).toEqual([
      200,
      '"1"',
      2,
    ]);
  });
});
