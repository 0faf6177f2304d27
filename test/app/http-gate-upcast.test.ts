import { catalogue } from '../../src/contexts/catalogue';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import {
  dispensationGrantedV1,
  DSB_2014_STREAM,
  dsbCompetitionWithPairA1,
  groenloWithAnnAndBob,
} from '../support/dsb-competition';
import { collect } from '../support/events';
import type { Proposed } from '../support/nz-club';
import { ledgerApp, postFacts } from './support';

/** The deciders judge a version-1 fact over HTTP as the ledger reads it: upcast. */
describe('HTTP: the append gate decides on a fact of an older schema version as read', () => {
  it('DSB-9.4(2) a version-1 DispensationGranted (DSB-9.4.2) naming no player is refused with 422, as its v2 reading would be; a valid one is accepted and read as DSB-9.4(2)', async () => {
    const store = new MemoryEventStore({ upcast: catalogue.upcast });
    const app = await ledgerApp(store);
    const stream = DSB_2014_STREAM;
    const post = (facts: Proposed[]) => postFacts(app, facts);
    const granted = (playerId?: string) => dispensationGrantedV1('DSB-9.4.2', playerId, 'illness');
    try {
      // Groenlo and its players first, each on its stream.
      const [club, ...players] = groenloWithAnnAndBob();
      await post([club!]).expect(201);
      await post(players).expect(201);
      await post(dsbCompetitionWithPairA1()).expect(201);
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
