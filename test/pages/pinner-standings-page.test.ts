import request from 'supertest';
import { ledgerApp } from '../app/support';
import { event, ledger, THURSDAY } from '../support/pinner-pairs';
import { cellsOf, rowOf } from './support';

/**
 * A Pinner special event's page: the sessions with the licence level in force (PIN-R6) and what
 * was recorded, the pairs with what each may win (PIN-R13), the CSV, a row's explanation, and
 * the CLI-style JSON the page links.
 */
describe('the standings page of a Pinner event', () => {
  it('PIN-R6/PIN-R13 shows each session’s licence level and each pair’s prize with its rule', async () => {
    const e = event('cup', 'pinner-special-event', [THURSDAY]);
    const l = await ledger(
      ...e.setup,
      e.held(1, { conventionsLevel: 2 }),
      e.result(1, 'AV', 57.5),
      e.result(1, 'BC', 42.5),
    );
    const app = await ledgerApp(l.store);
    try {
      const server = app.getHttpServer();
      const html = (await request(server).get('/clubs/pinner/competitions/cup').expect(200)).text;
      expect(html).toContain('data-kind="pinner" data-special="true"');
      expect(html).toMatch(/<tr data-session="1" data-level="2">/);
      expect(html).toContain(
        'title="a Thursday evening session (starting 19:30, evenings from 17:00): Level 2"',
      );
      expect(html).toContain('<td>Level 2</td>');
      const av = rowOf(html, 'AV');
      expect(cellsOf(av)[0]).toBe('1');
      expect(cellsOf(av).at(-1)).toBe('normal-only PIN-R13');
      expect(av).toMatch(/title="val: a visitor on 2018-05-10 at a special event/);
      expect(cellsOf(rowOf(html, 'BC')).at(-1)).toBe('all PIN-R13');

      const csv = (
        await request(server).get('/clubs/pinner/competitions/cup/standings.csv').expect(200)
      ).text;
      expect(csv.split('\r\n')[0]).toBe('place,pairId,names,total,session 1,prize,prize rule');
      expect(csv).toMatch(/\r\n1,AV,[^,]*,57\.5,57\.5,normal-only,PIN-R13\r\n/);

      const explain = (
        await request(server).get('/clubs/pinner/competitions/cup/explain/AV').expect(200)
      ).text;
      expect(explain).toContain('may win <strong>normal-only</strong> (PIN-R13)');
      expect(explain).toContain('<span class="rule">STD-MP</span>');
      await request(server).get('/clubs/pinner/competitions/cup/explain/nobody').expect(404);

      const json = (await request(server).get('/competitions/cup/standings').expect(200)).body;
      expect(json).toMatchObject({ kind: 'pinner', special: true, format: 'pinner-special-event' });
      expect(json.sessionLevels[0].licence.level).toBe(2);
    } finally {
      await app.close();
    }
  });
});
