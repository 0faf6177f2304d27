import { clubRegistered, competition, ROSTER, rulebookAdopted, TUESDAYS } from '../support/nz-club';
import { postingLedger } from './support';

/** NZ-8e and NZ-10 refused over HTTP: 422, the rule and the field, nothing written. */
describe('HTTP: the club-wide limits of the nz-club rulebook', () => {
  it('NZ-8e a Monday player’s 4th Tuesday is refused with 422, the rule and the field; nothing is written', async () => {
    const { store, app, post } = await postingLedger();
    try {
      const tue = competition('tue', 'three-four-session-pairs', 'tuesday', TUESDAYS.slice(0, 4), {
        MT: ['mia', 'tia'],
        TT: ['tom', 'tim'],
      });
      await post([clubRegistered(), rulebookAdopted()]).expect(201);
      await post(ROSTER).expect(201);
      await post(tue.setup).expect(201);
      for (const s of [1, 2, 3]) await post([tue.result(s, 'MT')]).expect(201);
      const head = await store.headPosition();
      const res = await post([tue.result(4, 'TT'), tue.result(4, 'MT')]).expect(422);
      expect(res.body).toMatchObject({
        error: 'RuleViolation',
        rule: 'NZ-8e',
        field: 'events[1].data.players[0]',
        reason:
          'mia: 2026-03-24: a monday player on a Tuesday, the 4th this year (at most 3): not permitted',
      });
      expect(await store.headPosition()).toBe(head);
      await post([tue.result(4, 'TT')]).expect(201);
    } finally {
      await app.close();
      await store.close();
    }
  });
});
