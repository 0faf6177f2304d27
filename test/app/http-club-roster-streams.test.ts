import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { v7 } from 'uuid';
import { catalogue } from '../../src/contexts/catalogue';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { ledgerApp } from './support';

/**
 * Over HTTP, on the example ledger (karori and dsb registered, their rosters
 * held): each club and roster fact a decider refuses is a 422 RuleViolation naming the rule
 * and the field, and nothing is written; the same facts on their right streams are 201.
 */
describe('HTTP: the club and roster streams have deciders', () => {
  let store: MemoryEventStore;
  let app: NestExpressApplication;
  let server: ReturnType<NestExpressApplication['getHttpServer']>;

  beforeEach(async () => {
    store = new MemoryEventStore({ upcast: catalogue.upcast });
    await loadExamplesIfEmpty(store);
    app = await ledgerApp(store);
    server = app.getHttpServer();
  });
  afterEach(async () => {
    await app.close();
    await store.close();
  });

  const fact = (type: string, data: Record<string, unknown>) => ({
    id: v7(),
    type,
    occurredAt: '2026-04-20T12:00:00+12:00',
    data,
    metadata: { clubId: String(data.clubId), actor: 'test' },
  });
  const post = (streamId: string, events: unknown[]) =>
    request(server).post(`/streams/${streamId}/events`).send({ expectedRevision: 'any', events });

  /** Posts a batch, expects a 422 RuleViolation with this rule and field, and nothing written. */
  async function refused(streamId: string, events: unknown[], rule: string, field: string) {
    const head = await store.headPosition();
    const res = await post(streamId, events).expect(422);
    expect(res.body).toMatchObject({ error: 'RuleViolation', rule, field });
    expect(res.body.message).toMatch(/nothing was written$/);
    expect(await store.headPosition()).toBe(head);
    return res.body as { reason: string };
  }

  const player = (clubId: string, playerId: string, status = 'member') =>
    fact('PlayerRegistered', { clubId, playerId, name: playerId, status });

  it('LEDGER a player on club-wellington-players naming karori is refused at data.clubId: it does not join karori’s roster', async () => {
    const body = await refused(
      'club-wellington-players',
      [player('karori', 'newbie')],
      'LEDGER',
      'events[0].data.clubId',
    );
    expect(body.reason).toBe(
      'events[0]: PlayerRegistered of club karori belongs in stream club-karori-players, not club-wellington-players',
    );
    await post('club-karori-players', [player('karori', 'newbie')]).expect(201);
  });

  it('LEDGER a roster fact on the club’s stream or an undocumented one is refused at streamId', async () => {
    await refused('club-karori', [player('karori', 'newbie')], 'LEDGER', 'streamId');
    await refused('notes-karori', [player('karori', 'newbie')], 'LEDGER', 'streamId');
  });

  it('LEDGER a ClubRegistered for karori on club-dsb, a second one for karori, and the time zone Mars/Olympus are refused', async () => {
    const karori = (timeZone = 'Pacific/Auckland', clubId = 'karori') =>
      fact('ClubRegistered', { clubId, name: 'Karori', timeZone });
    await refused('club-dsb', [karori()], 'LEDGER', 'events[0].data.clubId');
    const again = await refused('club-karori', [karori()], 'LEDGER', 'events[0].data.clubId');
    expect(again.reason).toMatch(/club karori is registered already/);
    await refused(
      'club-kelburn',
      [karori('Mars/Olympus', 'kelburn')],
      'LEDGER',
      'events[0].data.timeZone',
    );
    await post('club-kelburn', [karori('Pacific/Auckland', 'kelburn')]).expect(201);
  });

  it('LEDGER a status change for a player karori never registered is refused at data.playerId; for one it did, accepted', async () => {
    const change = (playerId: string) =>
      fact('PlayerStatusChanged', { clubId: 'karori', playerId, status: 'visitor' });
    await refused('club-karori-players', [change('nobody')], 'LEDGER', 'events[0].data.playerId');
    await post('club-karori-players', [change('nz-aroha')]).expect(201);
  });

  it('LEDGER a second registration of an example player that changes nothing is refused; one that changes the status is accepted', async () => {
    const aroha = (status: string) => ({
      ...fact('PlayerRegistered', {
        clubId: 'karori',
        playerId: 'nz-aroha',
        name: 'Aroha Example',
        status,
      }),
    });
    await refused('club-karori-players', [aroha('member')], 'LEDGER', 'events[0].data.playerId');
    await post('club-karori-players', [aroha('non-member')]).expect(201);
  });
});
