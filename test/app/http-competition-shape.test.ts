import request from 'supertest';
import { clubRegistered, competition, MONDAYS, ROSTER, rulebookAdopted } from '../support/nz-club';
import { postingLedger } from './support';

/**
 * Over HTTP: a competition its rulebook's standings could never score is a
 * RuleViolation (422, src/kernel/errors.ts) naming the rule and the field, and nothing is
 * stored; the same competition in the shape the rule asks for is taken (201).
 */
describe('HTTP: a competition of a shape the rulebook in force forbids', () => {
  it('NZ-1 a club-pairs of 2 sessions is refused with 422, the rule and data.sessions; nothing is stored', async () => {
    const { store, app, post } = await postingLedger();
    try {
      await post([clubRegistered(), rulebookAdopted()]).expect(201);
      await post(ROSTER).expect(201);
      const two = competition('cp', 'club-pairs', 'monday', MONDAYS.slice(0, 2), {
        AB: ['mia', 'max'],
      });
      const head = await store.headPosition();
      const res = await post(two.setup).expect(422);
      expect(res.body).toMatchObject({
        error: 'RuleViolation',
        rule: 'NZ-1',
        field: 'events[0].data.sessions',
      });
      expect(res.body.reason).toMatch(/club-pairs has 10 sessions, got 2/);
      expect(await store.headPosition()).toBe(head);
      await request(app.getHttpServer()).get(`/streams/${two.stream}/events`).expect(404);

      // Ten sessions, as NZ-1 counts them: created, and its standings answer.
      const ten = competition('cp', 'club-pairs', 'monday', MONDAYS.slice(0, 10), {
        AB: ['mia', 'max'],
      });
      await post(ten.setup).expect(201);
      await post([ten.result(1, 'AB')]).expect(201);
      await request(app.getHttpServer()).get('/competitions/cp/standings').expect(200);
    } finally {
      await app.close();
      await store.close();
    }
  });
});
