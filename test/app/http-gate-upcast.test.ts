import request from 'supertest';
import { catalogue } from '../../src/events';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { collect } from '../support/events';
import { proposed, type Proposed } from '../support/nz-club';
import { ledgerApp } from './support';

/** The deciders judge a version-1 fact over HTTP as the ledger reads it: upcast. */
describe('HTTP: the append gate decides on a fact of an older schema version as read', () => {
  it('DSB-9.4(2) a version-1 DispensationGranted (DSB-9.4.2) naming no player is refused with 422, as its v2 reading would be; a valid one is accepted and read as DSB-9.4(2)', async () => {
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    const app = await ledgerApp(store);
    const stream = 'competition-dsb-2014';
    const fact = (type: string, data: Record<string, unknown>, schemaVersion?: number) => ({
      ...proposed(
        stream,
        type,
        { competitionId: 'dsb-2014', ...data },
        '2014-09-01T12:00:00+02:00',
      ),
      ...(schemaVersion ? { schemaVersion } : {}),
    });
    const post = (facts: Proposed[]) =>
      request(app.getHttpServer())
        .post(`/streams/${stream}/events`)
        .send({ expectedRevision: 'any', events: facts.map(({ streamId: _s, ...e }) => e) });
    const granted = (playerId?: string) =>
      fact(
        'DispensationGranted',
        { pairId: 'a1', rule: 'DSB-9.4.2', ...(playerId ? { playerId } : {}), reason: 'illness' },
        1,
      );
    try {
      await post([
        fact('CompetitionCreated', {
          clubId: 'groenlo',
          name: 'Parencompetitie',
          season: '2014-2015',
          kind: 'pairs-series',
          format: 'dsb-pairs',
          groups: ['A'],
          sessions: [{ session: 1, date: '2014-09-08', startTime: '19:45' }],
        }),
        fact('PairEntered', { pairId: 'a1', players: ['ann', 'bob'], group: 'A' }),
      ]).expect(201);
      const head = await store.headPosition();
      const res = await post([granted()]).expect(422);
      expect(res.body).toMatchObject({
        error: 'RuleViolation',
        rule: 'DSB-9.4',
        field: 'events[0].data.playerId',
      });
      expect(await store.headPosition()).toBe(head);
      await post([granted('bob')]).expect(201);
      const [read] = await collect(store.readStream(stream, { fromRevision: 2 }));
      expect(read).toMatchObject({
        schemaVersion: 2,
        data: { rule: 'DSB-9.4(2)', playerId: 'bob' },
      });
    } finally {
      await app.close();
      await store.close();
    }
  });
});
