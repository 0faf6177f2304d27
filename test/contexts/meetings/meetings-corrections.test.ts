import { collect } from '../../support/events';
import {
  attendance,
  called,
  meetingsReadModel,
  members,
  mfact,
  motion,
  notice,
  pinnerClub,
  vote,
} from '../../support/meetings';
import { meetingMinutesOf } from '../../../src/contexts/meetings/projection';
import { meetingAt, meetingDiffAt } from '../../../src/contexts/meetings/read';

/**
 * A general meeting's minutes corrected by one more fact on the club's `corrections-<clubId>`:
 * a recount of a vote (VoteTaken) judged by the meetings decider as the vote it replaces
 * (PIN-C24's voters, PIN-C22's quorum, on the register of the meeting's day); accepted, the
 * result is derived from the recount from then on, and the minutes name the correction.
 */
const AGM = '2019-03-20';

async function voted() {
  const ledger = await pinnerClub();
  await ledger.append(
    called('agm19', AGM),
    motion('agm19', 'mo1', '2019-02-01', {
      kind: 'constitution',
      section: '22',
      newText: 'A quorum of fifteen.',
    }),
    notice('agm19', '2019-03-01', ['mo1']),
  );
  await ledger.append(
    attendance('agm19', members(1, 25)),
    vote('agm19', { motionId: 'mo1' }, 15, 8),
  );
  const recorded = (await collect(ledger.store.readAll())).find((e) => e.type === 'VoteTaken')!;
  return { ledger, recorded };
}

const recount = (eventId: string, data: Record<string, unknown>) =>
  mfact(
    'CorrectionNotified',
    {
      correctionId: 'c1',
      target: { eventId, streamId: 'meetings-pinner', type: 'VoteTaken' },
      corrected: data,
      notifiedBy: 'the secretary',
      reason: 'the tellers recounted: 16 for',
    },
    'corrections-pinner',
  );
const accepted = () =>
  mfact('CorrectionAccepted', { correctionId: 'c1', by: 'the chairman' }, 'corrections-pinner');

describe('PIN-C21 PIN-C25 the minutes corrected: a recount of a vote', () => {
  it('15–8 was short of two thirds; the recount 16–8 carries the change of section 22 from the acceptance, and the minutes name the correction; before it, the vote as first recorded', async () => {
    const { ledger, recorded } = await voted();
    expect(
      meetingMinutesOf(await meetingsReadModel(ledger), 'pinner', 'agm19').motions[0]!.result,
    ).toBe('not carried');
    await ledger.append(
      recount(recorded.id, { ...(recorded.data as Record<string, unknown>), for: 16 }),
    );
    const before = await ledger.store.headPosition();
    await ledger.append(accepted());
    const minutes = meetingMinutesOf(await meetingsReadModel(ledger), 'pinner', 'agm19');
    expect(minutes.motions[0]).toMatchObject({
      result: 'carried',
      rule: 'PIN-C25',
      vote: { for: 16, against: 8 },
    });
    expect(minutes.corrected).toEqual([
      { type: 'VoteTaken', correctionId: 'c1', eventId: recorded.id },
    ]);
    const then = await meetingAt(ledger.store, 'pinner', 'agm19', { atPosition: before });
    expect(then.motions[0]!.result).toBe('not carried');
  });

  it('PIN-C24 bad input: a recount with more hands than the members present who vote is refused at data.corrected, as the vote itself would be; nothing written', async () => {
    const { ledger, recorded } = await voted();
    await ledger.refuses(
      [
        recount(recorded.id, {
          ...(recorded.data as Record<string, unknown>),
          for: 20,
          against: 8,
        }),
      ],
      'PIN-C24',
      'events[0].data.corrected.for',
      /corrected would be refused as the VoteTaken it replaces: 28 hands counted, but 24 members present may vote/,
    );
  });

  it('LEDGER a recount of another motion is another fact: refused naming the identity field', async () => {
    const { ledger, recorded } = await voted();
    await ledger.refuses(
      [recount(recorded.id, { ...(recorded.data as Record<string, unknown>), motionId: 'mo2' })],
      'LEDGER',
      'events[0].data.corrected.motionId',
    );
  });
});

describe('diff: the minutes before and after the recount', () => {
  it('PIN-C25 mo1 from "not carried" to "carried" across the acceptance; nothing between two moments before it', async () => {
    const { ledger, recorded } = await voted();
    await ledger.append(
      recount(recorded.id, { ...(recorded.data as Record<string, unknown>), for: 16 }),
    );
    const before = await ledger.store.headPosition();
    await ledger.append(accepted());
    const d = await meetingDiffAt(ledger.store, 'pinner', 'agm19', { atPosition: before }, {});
    expect(d.changes).toEqual([
      expect.objectContaining({
        subject: 'mo1',
        field: 'result',
        from: 'not carried',
        to: 'carried',
      }),
    ]);
    expect(d.from.at).toBe(`position ${before}`);
    const none = await meetingDiffAt(
      ledger.store,
      'pinner',
      'agm19',
      { atPosition: before - 1 },
      { atPosition: before },
    );
    expect(none.changes).toEqual([]);
    const fromNothing = await meetingDiffAt(ledger.store, 'pinner', 'agm19', { atPosition: 1 }, {});
    expect(fromNothing.changes.map((c) => c.subject)).toContain('quorum');
  });
});
