import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { v7 } from 'uuid';
import { catalogue } from '../../src/contexts/catalogue';
import { issueKey } from '../../src/contexts/access/read/keys';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { ledgerApp } from '../app/support';
import { clubFacts, formResult } from '../domain/league/support';
import type { Proposed } from '../support/nz-club';
import { season } from './leagues-season';

/**
 * Over HTTP: a league's corrections stream `corrections-<leagueId>` is the league's
 * (its facts name the league): the league secretary's key appends a correction there; a club's
 * key, the organising club's too, is 403 and nothing is written. The table then reads the
 * corrected result.
 */
describe("a league's corrections are its keys' (corrections-<leagueId>)", () => {
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
  const f1 = season.results[0]!;
  const onCorrections = (type: string, data: Record<string, unknown>): Proposed => ({
    streamId: 'corrections-lcba-2009',
    id: v7(),
    type,
    occurredAt: '2009-09-20T12:00:00+01:00',
    data: { clubId: 'lcba-2009', leagueId: 'lcba-2009', ...data },
    metadata: {},
  });
  const notified = () =>
    onCorrections('CorrectionNotified', {
      correctionId: 'c1',
      target: { eventId: f1.id, streamId: f1.streamId, type: f1.type },
      corrected: formResult('f1', '2009-09-16', 24, -1).data,
      notifiedBy: 'south captain',
    });

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
    app = await ledgerApp(store);
    for (const f of clubFacts()) expect((await post('lcbaClub', f)).status).toBe(201);
    for (const f of [...season.structure, ...season.results]) {
      expect((await post('league', f)).status).toBe(201);
    }
  }, 60_000);
  afterAll(() => app.close());

  it("a club's key (the organising club's) is 403 on the league's corrections, nothing written", async () => {
    const head = await store.headPosition();
    const res = await post('lcbaClub', notified());
    expect([res.status, res.body.error]).toEqual([403, 'Forbidden']);
    expect(await store.headPosition()).toBe(head);
  });

  it("the league secretary's key notifies and accepts the correction; the table reads it", async () => {
    expect((await post('league', notified())).status).toBe(201);
    expect(
      (await post('league', onCorrections('CorrectionAccepted', { correctionId: 'c1', by: 'sec' })))
        .status,
    ).toBe(201);
    const table = await request(app.getHttpServer()).get('/leagues/lcba-2009/table');
    expect(table.status).toBe(200);
    expect(table.body.corrections).toEqual([
      expect.objectContaining({ fixtureId: 'f1', correctionId: 'c1', original: f1.id }),
    ]);
    const rows = table.body.divisions[0].rows.map((r: { team: string; vp: number }) => [
      r.team,
      r.vp,
    ]);
    expect(rows).toEqual([
      ['east', 52],
      ['south', 31],
      ['north', 30],
    ]);
  });
});
