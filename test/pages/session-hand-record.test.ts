import type { NestExpressApplication } from '@nestjs/platform-express';
import { join } from 'node:path';
import request from 'supertest';
import { v7 } from 'uuid';
import { planPbnImport } from '../../src/cli/commands/import-pbn';
import { catalogue } from '../../src/contexts/catalogue';
import { appendSessions } from '../../src/import/append-session';
import { collect } from '../support/events';
import { ledgerApp } from '../app/support';
import { GatedLedger } from '../support/gated-ledger';
import { squash } from './support';

/**
 * A PBN evening with its deals (test/fixtures/pbn/session-deals.pbn: synthetic, a seeded
 * shuffle): `import pbn` keeps each board's deal as a BoardDealRecorded, and the session page
 * prints the hand record above the board's traveller, with the contracts, declarers and leads.
 */
const FILE = join(__dirname, '../fixtures/pbn/session-deals.pbn');

let ledger: GatedLedger;
let app: NestExpressApplication;
let stream: string;
beforeAll(async () => {
  ledger = new GatedLedger();
  await ledger.append({
    streamId: 'club-example',
    id: v7(),
    type: 'ClubRegistered',
    occurredAt: '2026-03-01T12:00:00+13:00',
    data: { clubId: 'example', name: 'Example BC', timeZone: 'Pacific/Auckland' },
    metadata: {},
  });
  const plan = await planPbnImport(FILE, catalogue, { clubId: 'example', session: '1' });
  await appendSessions(ledger.store, plan.facts);
  stream = plan.facts[0]!.streamId;
  app = await ledgerApp(ledger.store);
});
afterAll(() => app.close());

describe('the hand record of a session imported from PBN', () => {
  it('import pbn keeps each deal: the four hands by seat, the dealer and the vulnerability', async () => {
    const deals = (await collect(ledger.store.readAll())).filter(
      (e) => e.type === 'BoardDealRecorded',
    );
    expect(deals).toHaveLength(4);
    expect(deals[0]!.data).toEqual({
      board: 1,
      dealer: 'N',
      vulnerable: 'None',
      hands: {
        N: 'A643.KJT8.92.AK3',
        E: '2.653.QJT7.T9842',
        S: 'KQ97.Q9.AK54.J75',
        W: 'JT85.A742.863.Q6',
      },
    });
  });

  it('the session page: board 1’s hand record (North, West, East, South) above its traveller of contracts, declarers and leads', async () => {
    const res = await request(app.getHttpServer())
      .get(`/clubs/example/sessions/${stream}`)
      .expect(200);
    const text = squash(res.text);
    expect(text).toMatch(
      /Board 1\s*Dealer N\s*Vul None N ♠ A 6 4 3 ♥ K J 10 8 ♦ 9 2 ♣ A K 3 W ♠ J 10 8 5 ♥ A 7 4 2 ♦ 8 6 3 ♣ Q 6 E ♠ 2 ♥ 6 5 3 ♦ Q J 10 7 ♣ 10 9 8 4 2 S ♠ K Q 9 7/,
    );
    expect(text).toMatch(/1 2 4H N AS 10 420 4\.00 0\.00/);
    const pbn = await request(app.getHttpServer())
      .get(`/clubs/example/sessions/${stream}/session.pbn`)
      .buffer(true)
      .parse((r, done) => {
        let t = '';
        r.on('data', (c: Buffer) => (t += c.toString('utf8')));
        r.on('end', () => done(null, t));
      })
      .expect(200);
    expect(pbn.headers['content-type']).toBe('application/x-pbn; charset=utf-8');
    expect(String(pbn.body)).toContain('[Deal "N:A643.KJT8.92.AK3');
  });

  it('bad input: a deal with a card twice or a hand of 12 cards is refused by its schema, naming the hand; a second deal of a board by the decider', async () => {
    const deal = (hands: Record<string, string>) => ({
      streamId: stream,
      id: v7(),
      type: 'BoardDealRecorded',
      occurredAt: '2026-03-16T23:00:00+13:00',
      data: { board: 9, hands },
      metadata: {},
    });
    const issues = await ledger.refusesFile([
      deal({
        N: 'A643.KJT8.92.AK3',
        E: 'A.653.QJT7.T9842',
        S: 'KQ97.Q9.AK54.J75',
        W: 'JT85.A742.863.Q',
      }),
    ]);
    expect(JSON.stringify(issues)).toMatch(/hands.E.*SA is held by N already/);
    expect(JSON.stringify(issues)).toMatch(/hands.W.*holds 12 cards, not 13/);
    await ledger.refuses(
      [
        deal({
          N: 'A643.KJT8.92.AK3',
          E: '2.653.QJT7.T9842',
          S: 'KQ97.Q9.AK54.J75',
          W: 'JT85.A742.863.Q6',
        }),
      ].map((d) => ({ ...d, data: { ...d.data, board: 1 } })),
      'LEDGER',
      'events[0].data.board',
      /board 1's deal is recorded already/,
    );
  });
});
