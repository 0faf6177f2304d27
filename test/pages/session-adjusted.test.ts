import type { NestExpressApplication } from '@nestjs/platform-express';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import request from 'supertest';
import { v7 } from 'uuid';
import { planUsebioImport } from '../../src/cli/commands/import-usebio';
import { catalogue } from '../../src/contexts/catalogue';
import { appendSessions } from '../../src/import/append-session';
import { parseUsebio } from '../../src/import/usebio/parse';
import { checkSession } from '../../src/import/check/check-session';
import { ledgerApp } from '../app/support';
import { GatedLedger } from '../support/gated-ledger';
import { squash } from './support';
import { collect } from '../support/events';
import { tempDir } from '../support/temp';

/**
 * A session whose board 1 the director adjusted (Law 12C1: NS 1 v EW 1 assigned +120, for
 * misinformation) and whose board 2 line was corrected after scoring (the club's corrections
 * stream: 2S-1 was 2S made, +110): the traveller shows what was scored and why, the numbers are
 * the JSON's, and the exported file carries what was scored, so check agrees with it.
 */
const at = (day: string, time: string) => `${day}T${time}:00+11:00`;

let app: NestExpressApplication;
let stream: string;
let ledger: GatedLedger;
beforeAll(async () => {
  ledger = new GatedLedger();
  const fact = (streamId: string, type: string, data: Record<string, unknown>, when: string) => ({
    streamId,
    id: v7(),
    type,
    occurredAt: when,
    data,
    metadata: {},
  });
  await ledger.append(
    fact(
      'club-lindfield',
      'ClubRegistered',
      { clubId: 'lindfield', name: 'NSBC Lindfield', timeZone: 'Australia/Sydney' },
      at('2020-01-01', '12:00'),
    ),
  );
  const plan = await planUsebioImport(
    join(__dirname, '../fixtures/usebio/mp-mitchell-sitout.xml'),
    catalogue,
    { club: 'lindfield' },
  );
  await appendSessions(ledger.store, plan.facts);
  stream = plan.facts[0]!.streamId;
  await ledger.append(
    fact(
      stream,
      'AdjustedScoreAwarded',
      {
        board: 1,
        nsPair: '1NS',
        ewPair: '1EW',
        kind: 'assigned',
        nsScore: 120,
        reason: 'misinformation: 1NT made by North',
        law: '21B',
      },
      at('2026-03-16', '22:30'),
    ),
  );
  const recorded = await collect(ledger.store.readStream(stream));
  const line = recorded.find(
    (e) =>
      e.type === 'BoardResultRecorded' &&
      (e.data as { board: number; nsPair: string }).board === 2 &&
      (e.data as { nsPair: string }).nsPair === '1NS',
  )!;
  await ledger.append(
    fact(
      'corrections-lindfield',
      'CorrectionNotified',
      {
        clubId: 'lindfield',
        correctionId: 'c1',
        target: { eventId: line.id, streamId: stream, type: 'BoardResultRecorded' },
        // 2S by North, 8 tricks: made, the score computed (STD-SCORE).
        corrected: Object.fromEntries(
          Object.entries({ ...(line.data as Record<string, unknown>), tricks: 8 }).filter(
            ([k]) => k !== 'nsScore',
          ),
        ),
        notifiedBy: 'pair 1NS',
      },
      at('2026-03-17', '10:00'),
    ),
    fact(
      'corrections-lindfield',
      'CorrectionAccepted',
      { clubId: 'lindfield', correctionId: 'c1', by: 'director' },
      at('2026-03-17', '10:05'),
    ),
  );
  app = await ledgerApp(ledger.store);
});
afterAll(() => app.close());

const get = (url: string) => request(app.getHttpServer()).get(url).expect(200);

describe('a session page with a director’s score and a corrected line', () => {
  it('Law 12C1: board 1’s traveller shows the table’s −90 struck, the assigned +120 scored, the law’s reason under it', async () => {
    const html = await get(`/clubs/lindfield/sessions/${stream}`).then((r) => r.text);
    const board1 = squash(html.slice(html.indexOf('id="board-1"'), html.indexOf('id="board-2"')));
    expect(board1).toContain('-90 +120');
    expect(board1).toContain(
      'Adjusted (assigned score, Law 21B): +120 — misinformation: 1NT made by North',
    );
    expect(html).toMatch(/<s>-90<\/s> <strong>\+120<\/strong>/);
  });

  it('the corrected line shows the corrected contract’s score (2S made, +110), marked corrected', async () => {
    const html = await get(`/clubs/lindfield/sessions/${stream}`).then((r) => r.text);
    const board2 = squash(html.slice(html.indexOf('id="board-2"'), html.indexOf('id="board-3"')));
    expect(board2).toMatch(/1NS 1EW 2S N 8 110 \(corrected\)/);
  });

  it('STD-MP every matchpoint on the page is the JSON result’s, and links to the pair’s scorecard at that board', async () => {
    const json = (await get(`/sessions/${stream}/result`)).body as {
      pairs: Array<{ pair: string; total: number }>;
    };
    const card = (await get(`/clubs/lindfield/sessions/${stream}/pairs/1NS`)).text;
    const running = [...card.matchAll(/<td class="num">(-?\d+\.\d\d)<\/td>\s*<\/tr>/g)];
    expect(Number(running.at(-1)![1])).toBeCloseTo(
      json.pairs.find((p) => p.pair === '1NS')!.total,
      2,
    );
    expect(squash(card)).toMatch(/1 NS .*1NT E \+?120 adjusted/);
    const page = (await get(`/clubs/lindfield/sessions/${stream}`)).text;
    expect(page).toContain(`href="/clubs/lindfield/sessions/${stream}/pairs/1NS#board-1"`);
    expect(card).toContain(`href="/clubs/lindfield/sessions/${stream}#board-1"`);
  });

  it('the USEBIO export carries what was scored: +120 on board 1, +110 on board 2; check agrees on every number', async () => {
    const xml = (await get(`/clubs/lindfield/sessions/${stream}/usebio.xml`)).text;
    const file = join(tempDir(), 'adjusted.xml');
    writeFileSync(file, xml);
    const [s] = parseUsebio(xml).sessions;
    const line = (board: number) =>
      s!.boards.find((b) => b.board === board)!.lines.find((l) => l.nsPair === '1NS')!;
    expect(line(1).result).toMatchObject({ nsScore: 120 });
    expect(line(2).result).toMatchObject({ nsScore: 110 });
    const report = checkSession(s!);
    expect(report.mismatches).toEqual([]);
  });
});
