import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { v7 } from 'uuid';
import { catalogue } from '../../src/contexts/catalogue';
import { loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { MemoryEventStore } from '../../src/store/memory/memory-event-store';
import { ledgerApp } from './support';

/**
 * On the example ledger, over HTTP: a rulebook amendment that cannot be applied is refused on
 * append (RULEBOOK); one already in the ledger makes the published tables a 422 naming it, not
 * a 500, and blocks no other append; a competition fact on another stream is refused (LEDGER)
 * and, already in the ledger, not read.
 */
describe('HTTP: rulebook facts are applied before they are written; facts belong in their streams', () => {
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

  const envelope = (type: string, data: Record<string, unknown>, clubId: string) => ({
    id: v7(),
    type,
    occurredAt: '2026-04-20T12:00:00+12:00',
    data,
    metadata: { clubId, actor: 'test' },
  });
  const badAmendment = () =>
    envelope(
      'RulebookAmended',
      {
        clubId: 'karori',
        changes: { 'scoring.factoring': 'neubreg' },
        effectiveFrom: '2026-03-01',
      },
      'karori',
    );
  const post = (streamId: string, events: unknown[]) =>
    request(server).post(`/streams/${streamId}/events`).send({ expectedRevision: 'any', events });

  /** A new Karori competition, a pair entered and its result: a valid append of the club's. */
  const karoriResult = () => {
    const competitionId = 'karori-extra';
    const fact = (type: string, data: Record<string, unknown>) =>
      envelope(type, { competitionId, ...data }, 'karori');
    return [
      fact('CompetitionCreated', {
        clubId: 'karori',
        name: 'Extra',
        season: '2026',
        kind: 'short-pairs',
        format: 'three-four-session-pairs',
        night: 'tuesday',
        sessions: ['2026-05-05', '2026-05-12', '2026-05-19'].map((date, i) => ({
          session: i + 1,
          date,
          startTime: '19:30',
        })),
      }),
      fact('PairEntered', { pairId: 'x1', players: ['nz-aroha', 'nz-ben'] }),
      fact('SessionResultRecorded', {
        session: 1,
        pairId: 'x1',
        players: ['nz-aroha', 'nz-ben'],
        percentage: 55,
        boardsPlayed: 24,
        source: 'imported',
      }),
    ];
  };

  it('RULEBOOK an amendment with a value the parameter does not take is refused on append with 422 naming the path; nothing is written', async () => {
    const head = await store.headPosition();
    const res = await post('club-karori', [badAmendment()]).expect(422);
    expect(res.body).toMatchObject({
      error: 'RuleViolation',
      rule: 'RULEBOOK',
      field: 'events[0].data.changes["scoring.factoring"]',
      reason: 'rulebook parameter scoring.factoring: must be "neuberg" or "none", not "neubreg"',
    });
    expect(await store.headPosition()).toBe(head);
    await request(server).get('/competitions/club-pairs-2026/standings').expect(200);
    await request(server).get('/competitions/club-pairs-2026/c-points').expect(200);
  });

  it('RULEBOOK one already in the ledger: standings and C points answer 422 naming the fact and the path; other appends are not blocked', async () => {
    const { position } = await store.appendToStream('club-karori', [badAmendment()], {
      expectedRevision: 'any',
    });
    const expected = {
      error: 'RulebookNotApplicable',
      rule: 'RULEBOOK',
      field: 'scoring.factoring',
      clubId: 'karori',
      position,
      type: 'RulebookAmended',
    };
    const standings = await request(server).get('/competitions/club-pairs-2026/standings');
    expect(standings.status).toBe(422);
    expect(standings.body).toMatchObject(expected);
    expect(standings.body.message).toBe(
      `RULEBOOK: the RulebookAmended of club karori at position ${position} (from 2026-03-01) cannot be applied: rulebook parameter scoring.factoring: must be "neuberg" or "none", not "neubreg"`,
    );
    const cPoints = await request(server).get('/competitions/club-pairs-2026/c-points');
    expect(cPoints.status).toBe(422);
    expect(cPoints.body).toMatchObject(expected);
    // Before it was written, the tables are as published then.
    await request(server)
      .get(`/competitions/club-pairs-2026/standings?atPosition=${position - 1}`)
      .expect(200);
    // The other club is untouched, and Karori's own facts are still written.
    await request(server).get('/competitions/dsb-2014-c1/standings').expect(200);
    const [created, entered, result] = karoriResult();
    await post('competition-karori-extra', [created, entered]).expect(201);
    await post('competition-karori-extra', [result]).expect(201);
  });

  const sitOutMatch = () =>
    envelope(
      'SitOutMatchPlayed',
      { competitionId: 'dsb-2014-c1', session: 1, pairs: ['dsb-p1', 'dsb-p2'], rounds: [1] },
      'dsb',
    );

  it('LEDGER a competition fact on another stream is refused with 422 naming streamId; nothing is written', async () => {
    const head = await store.headPosition();
    const own = await post('competition-dsb-2014-c1', [sitOutMatch()]).expect(422);
    expect(own.body).toMatchObject({ error: 'RuleViolation', rule: 'DSB-22.5' });
    const elsewhere = await post('notes-dsb', [sitOutMatch()]).expect(422);
    expect(elsewhere.body).toMatchObject({
      error: 'RuleViolation',
      rule: 'LEDGER',
      field: 'streamId',
      reason:
        'events[0]: SitOutMatchPlayed of competition dsb-2014-c1 belongs in stream competition-dsb-2014-c1, not notes-dsb',
    });
    expect(await store.headPosition()).toBe(head);
  });

  it('LEDGER a competition fact on another stream already in the ledger is ignored by the standings', async () => {
    const before = await request(server).get('/competitions/dsb-2014-c1/standings').expect(200);
    await store.appendToStream('notes-dsb', [sitOutMatch()], { expectedRevision: 'any' });
    const after = await request(server).get('/competitions/dsb-2014-c1/standings').expect(200);
    const { position: _p, ...rest } = after.body;
    const { position: _q, ...was } = before.body;
    expect(rest).toEqual(was);
  });
});
