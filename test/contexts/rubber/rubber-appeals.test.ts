import { v7 } from 'uuid';
import { correctionLogFromStore } from '../../../src/contexts/corrections/read/correction-log';
import type { GatedLedger } from '../../support/gated-ledger';
import type { Proposed } from '../../support/nz-club';
import { at, eveningStory, rubberClub } from '../../support/rubber';

/**
 * PIN-R26: an appeal at rubber bridge is indicated before the end of the rubber. A ruling that
 * names the evening it was given in (`rubber.sessionId`) names a rubber the evening records:
 * its table and its end are the evening's RubberCompleted, so the appeal's deadline is the end
 * the duty member recorded, not one typed again.
 */
const correction = (type: string, data: Record<string, unknown>, occurredAt: string): Proposed => ({
  streamId: 'corrections-pinner',
  id: v7(),
  type,
  occurredAt,
  data: { clubId: 'pinner', ...data },
  metadata: {},
});

const ruling = (rubber: Record<string, unknown>) =>
  correction(
    'RulingGiven',
    {
      rulingId: 'rr1',
      director: 'duty',
      decision: 'Law 64: one trick transferred',
      rubber,
    },
    at('19:42'),
  );

const appeal = (hm: string) =>
  correction(
    'AppealLodged',
    { appealId: 'a1', against: { rulingId: 'rr1' }, by: 'ann', receivedAt: at(hm) },
    at(hm),
  );

async function evening(): Promise<GatedLedger> {
  const ledger = await rubberClub();
  // The club's facts are the story's first two: the evening only.
  await ledger.append(...eveningStory().slice(2));
  return ledger;
}

describe('PIN-R26 a ruling names the rubber its evening records', () => {
  it('the rubber of table 1 that ended at 19:40: an appeal at 19:39 is in time, its deadline the recorded end', async () => {
    const ledger = await evening();
    await ledger.append(
      ruling({ sessionId: 'eve1', table: '1', endedAt: at('19:40') }),
      appeal('19:39'),
    );
    const log = await correctionLogFromStore(ledger.store, 'pinner');
    expect(log.entries.find((e) => e.id === 'a1')).toMatchObject({
      late: false,
      deadline: { at: at('19:40'), rule: 'PIN-R26', inclusive: false },
    });
  });

  it('an appeal at 19:41, after the recorded end: recorded, and out of time by PIN-R26', async () => {
    const ledger = await evening();
    await ledger.append(
      ruling({ sessionId: 'eve1', table: '1', endedAt: at('19:40') }),
      appeal('19:41'),
    );
    const log = await correctionLogFromStore(ledger.store, 'pinner');
    expect(log.entries.find((e) => e.id === 'a1')).toMatchObject({
      late: true,
      summary: 'refused: out of time (PIN-R26)',
    });
  });

  it('an end the evening does not record: refused (LEDGER, data.rubber.endedAt), naming the recorded ends', async () => {
    await (
      await evening()
    ).refuses(
      [ruling({ sessionId: 'eve1', table: '1', endedAt: at('19:50') })],
      'LEDGER',
      'events[0].data.rubber.endedAt',
      /records no rubber completed at table 1 at 2019-03-05T19:50:00\+00:00 \(its rubbers there ended at 2019-03-05T19:40:00\+00:00\)/,
    );
  });

  it('bad input: an evening the club does not have, a table not named', async () => {
    const ledger = await evening();
    await ledger.refuses(
      [ruling({ sessionId: 'eve9', table: '1', endedAt: at('19:40') })],
      'LEDGER',
      'events[0].data.rubber.sessionId',
      /club pinner has no rubber session eve9/,
    );
    await ledger.refuses(
      [ruling({ sessionId: 'eve1', endedAt: at('19:40') })],
      'LEDGER',
      'events[0].data.rubber.table',
    );
  });
});
