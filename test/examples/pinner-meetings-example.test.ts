import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GatedLedger } from '../support/gated-ledger';
import { meetingsReadModel } from '../support/meetings';
import {
  constitutionOf,
  meetingMinutesOf,
  meetingsOf,
  officersOf,
} from '../../src/contexts/meetings/projection';

/**
 * Pinner BC's general meetings of 2019 (the end of examples/uk-pinner-bc-2018.ndjson, written by
 * examples/pinner-meetings.ts), loaded through the gate after the example year whose register
 * they count (the quorum is 3: 20 % of the members, rounded up, is below 20).
 */
const lines = (file: string) =>
  readFileSync(join(__dirname, '../../examples', file), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

let ledger: GatedLedger;
beforeAll(async () => {
  ledger = new GatedLedger();
  await ledger.appendFile(lines('uk-pinner-bc-2018.ndjson'));
});

describe('the example AGM of 15 April 2019 and the EGM of 1 July', () => {
  it('PIN-C22 PIN-C25 PIN-C28 the AGM: quorate; §22 carried 7–3 (two thirds), §27 lost 6–4 (a majority, not two thirds); Celia re-elected treasurer 6–4, Desmond secretary unopposed', async () => {
    const s = await meetingsReadModel(ledger);
    const agm = meetingMinutesOf(s, 'pinner', 'pinner-agm-2019');
    expect(agm.quorum).toMatchObject({ quorum: 3, present: 11, quorate: true });
    expect(agm.motions.map((m) => [m.id, m.result, m.rule])).toEqual([
      ['agm19-m1', 'carried', 'PIN-C25'],
      ['agm19-m2', 'not carried', 'PIN-C25'],
    ]);
    expect(agm.elections.map((e) => [e.post, e.elected, e.because])).toEqual([
      ['treasurer', ['pin-celia'], 'pin-celia 6, pin-ivy 4: elected by the most votes'],
      [
        'secretary',
        ['pin-desmond'],
        'elected unopposed at the AGM of 2019-04-15 (the only nomination)',
      ],
    ]);
    expect(agm.auditor).toBe('harrow-audit-partners');
    const constitution = constitutionOf(s, 'pinner', '2019-12-31');
    expect(constitution.sections.map((x) => [x.section, x.since])).toEqual([
      ['22', '2019-04-15'],
      ['27', '2018-04-01'],
    ]);
    expect(constitution.sections[0]!.text).toMatch(/A quorum of fifteen Members/);
    expect(
      officersOf(s, 'pinner', '2019-04-15').posts.find((p) => p.post === 'committee')!.holders,
    ).toEqual(['pin-edith', 'pin-gwen']);
  });

  it('PIN-C34 the EGM on three members’ request, called by the vice-chairman within 14 days; its motion carried 4–1', async () => {
    const s = await meetingsReadModel(ledger);
    const list = meetingsOf(s, 'pinner', '2019-12-31');
    expect(list.requests).toEqual([
      expect.objectContaining({
        requestId: 'pin-2019-egm-request',
        answeredBy: 'pinner-egm-2019',
        flags: [],
      }),
    ]);
    expect(list.calendar.nextAgmBy!.by).toBe('2020-05-15');
    const egm = meetingMinutesOf(s, 'pinner', 'pinner-egm-2019');
    expect(egm.motions[0]).toMatchObject({ result: 'carried', rule: 'PIN-C26' });
  });
});
