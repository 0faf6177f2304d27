import request from 'supertest';
import { ledgerApp } from '../app/support';
import { GatedLedger } from '../support/gated-ledger';
import { clubRegistered, competition, ROSTER, rulebookAdopted, TUESDAYS } from '../support/nz-club';
import { cellsOf, rowOf } from './support';

/**
 * The standings page's prize column — what the JSON row's `prize` says the pair may
 * win, with its rule id (NZ-10 by default, PIN-R13 when the rulebook says so), and the CSV's.
 */
describe('the standings page shows each pair’s prize eligibility with its rule', () => {
  it('NZ-10/PIN-R13 the visitor’s pair: "none NZ-10", then "normal-only PIN-R13" at a special event; the members’ pair "all"', async () => {
    for (const [overrides, tv] of [
      [{}, 'none NZ-10'],
      [{ 'prizes.rule': 'PIN-R13', 'prizes.specialEvents': ['tue'] }, 'normal-only PIN-R13'],
    ] as const) {
      const dates = TUESDAYS.slice(0, 3);
      const tue = competition('tue', 'three-four-session-pairs', 'tuesday', dates, {
        TV: ['tia', 'vic'],
        TT: ['tom', 'tim'],
      });
      const l = new GatedLedger();
      await l.append(clubRegistered(), rulebookAdopted('nz-club', overrides), ...ROSTER);
      await l.append(...tue.setup);
      for (let s = 1; s <= 3; s++) await l.append(tue.result(s, 'TV'), tue.result(s, 'TT'));
      const app = await ledgerApp(l.store);
      try {
        const server = app.getHttpServer();
        const html = (await request(server).get('/clubs/karori/competitions/tue').expect(200)).text;
        expect(html).toContain('<th scope="col">prize</th>');
        const row = rowOf(html, 'TV');
        expect(cellsOf(row).at(-1)).toBe(tv);
        expect(row).toContain(`<span class="rule">${tv.split(' ')[1]}</span>`);
        expect(row).toMatch(/title="vic: a visitor on 2026-03-03/);
        expect(cellsOf(rowOf(html, 'TT')).at(-1)).toBe(`all ${tv.split(' ')[1]}`);
        const csv = (await request(server).get('/clubs/karori/competitions/tue/standings.csv'))
          .text;
        expect(csv.split('\r\n')[0]).toMatch(/,qualifies,prize,prize rule$/);
        expect(csv).toMatch(new RegExp(`,TV,.*,${tv.replace(' ', ',')}\\r\\n`));
      } finally {
        await app.close();
      }
    }
  });
});
