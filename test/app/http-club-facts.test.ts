import request from 'supertest';
import {
  clubRegistered,
  competition,
  MONDAYS,
  ROSTER,
  rulebookAdopted,
  rulebookAmended,
  type Proposed,
} from '../support/nz-club';
import { postingLedger } from './support';

/**
 * Over HTTP: a competition of a club never registered, a pair naming a player
 * the club's roster never registered, and an amendment that would leave a competition
 * unscorable are each a 422 RuleViolation naming the rule and the field; nothing is stored.
 */
describe('HTTP: the club’s facts behind a competition’s', () => {
  it('LEDGER an unregistered club (data.clubId), LEDGER an unregistered player (data.players[i]), NZ-1 an amendment stranding a competition: 422, nothing stored', async () => {
    const { store, app, post } = await postingLedger();
    const refused = async (facts: Proposed[], rule: string, field: string) => {
      const head = await store.headPosition();
      const res = await post(facts).expect(422);
      expect(res.body).toMatchObject({ error: 'RuleViolation', rule, field });
      expect(await store.headPosition()).toBe(head);
      return res.body as { reason: string; message: string };
    };
    try {
      const cp = competition('cp', 'club-pairs', 'monday', MONDAYS.slice(0, 10), {
        AB: ['mia', 'max'],
        XT: ['tia', 'xena'],
      });
      const [created, ab, xt] = cp.setup;
      // A club registers first: its rulebook, its roster and its competitions are refused before.
      await refused([rulebookAdopted()], 'LEDGER', 'events[0].data.clubId');
      await refused(ROSTER, 'LEDGER', 'events[0].data.clubId');
      const club = await refused([created!], 'LEDGER', 'events[0].data.clubId');
      expect(club.message).toMatch(/club karori is not registered.*; nothing was written$/);
      await request(app.getHttpServer()).get(`/streams/${cp.stream}/events`).expect(404);

      await post([clubRegistered()]).expect(201);
      await post([rulebookAdopted()]).expect(201);
      await post(ROSTER).expect(201);
      const player = await refused([created!, ab!, xt!], 'LEDGER', 'events[2].data.players[1]');
      expect(player.reason).toMatch(/^xena is not on club karori's roster/);
      await post([created!, ab!]).expect(201);

      const amended = await refused(
        [rulebookAmended({ 'tenSession.sessions': 8 }, '2026-01-01')],
        'NZ-1',
        'events[0].data.changes["tenSession.sessions"]',
      );
      expect(amended.reason).toMatch(/^competition cp \(club-pairs, 10 sessions\) could no longer/);
      await request(app.getHttpServer()).get('/competitions/cp/standings').expect(200);
    } finally {
      await app.close();
      await store.close();
    }
  });
});
