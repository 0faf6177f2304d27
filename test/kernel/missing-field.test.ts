import request from 'supertest';
import { catalogue } from '../../src/contexts/catalogue';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { clubRegistered, ledgerApp } from '../app/support';

/**
 * A field the fact needs and does not have is said to be missing, before what a value of it
 * must look like: "clubId must be letters, digits …" alone sent a secretary hunting for a bad
 * value that was never there.
 */
describe('a missing field is named as missing', () => {
  it('ClubRegistered without data.clubId: "clubId is missing", then the rule of its value', () => {
    const { clubId: _, ...data } = clubRegistered().data;
    const issues = catalogue.validate({ type: 'ClubRegistered', data, metadata: {} }, 'events[0]');
    expect(issues).toEqual([
      {
        field: 'events[0].data.clubId',
        message: 'clubId is missing: clubId must be letters, digits and _ . : @ -',
      },
    ]);
  });

  it('a value given but wrong is not called missing', () => {
    const data = { ...clubRegistered().data, clubId: 'no spaces allowed' };
    const issues = catalogue.validate({ type: 'ClubRegistered', data }, 'events[0]');
    expect(issues).toEqual([
      { field: 'events[0].data.clubId', message: 'clubId must be letters, digits and _ . : @ -' },
    ]);
  });

  it('over HTTP: 400 InvalidEvent naming the field as missing, nothing written', async () => {
    const store = new MemoryEventStore();
    const app = await ledgerApp(store);
    try {
      const { clubId: _, ...data } = clubRegistered().data;
      const res = await request(app.getHttpServer())
        .post('/streams/club-1/events')
        .send({ expectedRevision: 'any', events: [{ ...clubRegistered(), data }] })
        .expect(400);
      expect(res.body.issues).toContainEqual({
        field: 'events[0].data.clubId',
        message: 'clubId is missing: clubId must be letters, digits and _ . : @ -',
      });
      expect(await store.headPosition()).toBe(0);
    } finally {
      await app.close();
    }
  });
});
