import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { catalogue } from '../../src/contexts/catalogue';
import { issueKey } from '../../src/contexts/access/read/keys';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { clubFacts, division, leagueRegistered } from '../domain/league/support';
import type { Proposed } from '../support/nz-club';
import { ledgerApp } from './support';

/**
 * A league's keys cover the league's stream (`league-<leagueId>`): its
 * secretary records its structure; a key of a club, even the organising club, or of another
 * league is 403 there, and nothing is written.
 */
describe("a league's keys cover the league's streams", () => {
  let app: NestExpressApplication;
  let store: MemoryEventStore;
  const tokens: Record<string, string> = {};
  const post = (who: string, p: Proposed) => {
    const { streamId, ...event } = p;
    return request(app.getHttpServer())
      .post(`/streams/${streamId}/events`)
      .set('Authorization', `Bearer ${tokens[who]}`)
      .send({ expectedRevision: 'any', events: [event] });
  };

  beforeAll(async () => {
    store = new MemoryEventStore({ upcast: catalogue.upcast });
    const issue = async (who: string, kind: 'club' | 'league', id: string) => {
      tokens[who] = (
        await issueKey(store, {
          role: 'secretary',
          scope: { kind, id },
          issuedBy: 'test',
          beforeRegistration: true,
        })
      ).token;
    };
    await issue('lcbaClub', 'club', 'lcba');
    await issue('league', 'league', 'lcba-2009');
    await issue('otherLeague', 'league', 'other');
    app = await ledgerApp(store);
    for (const f of clubFacts()) expect((await post('lcbaClub', f)).status).toBe(201);
  }, 60_000);
  afterAll(() => app.close());

  it("the league's secretary registers the league and forms its divisions", async () => {
    expect((await post('league', leagueRegistered())).status).toBe(201);
    expect((await post('league', division(1))).status).toBe(201);
  });

  it('the organising club’s key and another league’s key are 403 on the league’s stream, nothing written', async () => {
    const head = await store.headPosition();
    for (const who of ['lcbaClub', 'otherLeague']) {
      const res = await post(who, division(2));
      expect([who, res.status, res.body.error]).toEqual([who, 403, 'Forbidden']);
    }
    expect(await store.headPosition()).toBe(head);
  });
});
