import {
  attendance,
  called,
  meetingsReadModel,
  members,
  mfact,
  notice,
  pinnerClub,
  vote,
} from '../../support/meetings';
import { meetingMinutesOf, meetingsOf } from '../../../src/contexts/meetings/projection';

/**
 * Pinner BC's EGM (PIN-C34 to C37): called within 14 days of a request signed by 15 members or
 * 10 % of the membership, whichever is smaller; only the published motions, published 14 days
 * before; amendments only at the chair's discretion and with the main motion's proposer's
 * agreement.
 */
const request = (signatories: string[], receivedOn = '2019-05-01') =>
  mfact('EgmRequested', {
    requestId: 'rq1',
    receivedOn,
    signatories,
    motions: [
      {
        motionId: 'em1',
        text: 'That the club moves its Thursday duplicate to Wednesday.',
        kind: 'ordinary',
        proposer: 'm05',
        seconder: 'm06',
      },
    ],
  });

describe('PIN-C34 an EGM on a request signed by 15 members or 10 % of the membership, whichever is smaller', () => {
  it('edge: 31 members, 10 % rounded up is 4: four signatures are enough, three are refused naming PIN-C34', async () => {
    const ledger = await pinnerClub();
    await ledger.refuses(
      [request(members(5, 7))],
      'PIN-C34',
      'events[0].data.signatories',
      /3 members signed: a request needs 15 or 10 % of the 31 members \(4\), whichever is smaller: 4/,
    );
    await ledger.append(request(members(5, 8)));
  });

  it('a large club (200 members): 15 signatures suffice although 10 % is 20', async () => {
    const ledger = await pinnerClub(199);
    await ledger.refuses([request(members(1, 14))], 'PIN-C34', 'events[0].data.signatories');
    await ledger.append(request(members(1, 15)));
  });

  it('bad input: a signatory who is not a member is refused naming the field', async () => {
    const ledger = await pinnerClub();
    await ledger.refuses(
      [request([...members(5, 8), 'outsider'])],
      'PIN-C34',
      'events[0].data.signatories[4]',
    );
  });

  it('called within 14 days: not flagged; called on the 15th day: flagged in the meetings list, never refused; unanswered past the day, flagged as of a later day', async () => {
    const ledger = await pinnerClub();
    await ledger.append(request(members(5, 8)));
    const s0 = await meetingsReadModel(ledger);
    expect(meetingsOf(s0, 'pinner', '2019-05-16').requests[0]!.flags[0]).toMatch(
      /PIN-C34: no EGM called by 2019-05-15/,
    );
    await ledger.append(
      called('egm19', '2019-06-10', { kind: 'egm', requestId: 'rq1', calledOn: '2019-05-16' }),
    );
    const list = meetingsOf(await meetingsReadModel(ledger), 'pinner');
    expect(list.requests[0]).toMatchObject({ answeredBy: 'egm19', dueBy: { by: '2019-05-15' } });
    expect(list.meetings[0]!.flags[0]).toMatch(/PIN-C34: called on 2019-05-16, late/);
  });
});

describe('PIN-C35 PIN-C36 PIN-C37 the EGM takes only its published motions', () => {
  async function egm(noticeOn = '2019-05-20') {
    const ledger = await pinnerClub();
    await ledger.append(request(members(5, 8)));
    await ledger.append(
      called('egm19', '2019-06-10', { kind: 'egm', requestId: 'rq1', calledOn: '2019-05-10' }),
      notice('egm19', noticeOn, ['em1']),
    );
    return ledger;
  }

  it('the request’s motions are the meeting’s: published and voted on, the result derived', async () => {
    const ledger = await egm();
    await ledger.append(
      attendance('egm19', members(1, 12)),
      vote('egm19', { motionId: 'em1' }, 7, 4),
    );
    const minutes = meetingMinutesOf(await meetingsReadModel(ledger), 'pinner', 'egm19');
    expect(minutes.motions[0]).toMatchObject({
      id: 'em1',
      published: true,
      result: 'carried',
      rule: 'PIN-C26',
    });
    expect(minutes.requestId).toBe('rq1');
  });

  it('PIN-C36 published 13 days before: the EGM cannot sit', async () => {
    const ledger = await egm('2019-05-28');
    await ledger.refuses(
      [attendance('egm19', members(1, 12))],
      'PIN-C36',
      'events[0].data.meetingId',
    );
  });

  it('PIN-C35 a motion not published is not discussed; PIN-C37 an amendment without the proposer’s agreement is not put', async () => {
    const ledger = await egm();
    await ledger.append(
      mfact('MotionLodged', {
        meetingId: 'egm19',
        motionId: 'em2',
        text: 'Any other business',
        kind: 'ordinary',
        proposer: 'm09',
        seconder: 'm10',
        receivedOn: '2019-06-01',
      }),
      attendance('egm19', members(1, 12)),
      mfact('AmendmentProposed', {
        meetingId: 'egm19',
        amendmentId: 'ea1',
        motionId: 'em1',
        text: 'Tuesday instead',
        proposer: 'm09',
        seconder: 'm10',
        chairAccepts: true,
      }),
    );
    await ledger.refuses(
      [vote('egm19', { motionId: 'em2' }, 7, 2)],
      'PIN-C35',
      'events[0].data.motionId',
    );
    await ledger.refuses(
      [vote('egm19', { amendmentId: 'ea1' }, 7, 2)],
      'PIN-C37',
      'events[0].data.amendmentId',
      /needs the main motion's proposer's agreement/,
    );
    // Not put, so it does not hold up the main motion.
    await ledger.append(vote('egm19', { motionId: 'em1' }, 7, 2));
  });

  it('LEDGER bad input: an EGM naming no recorded request, a request answered twice, an AGM on a request', async () => {
    const ledger = await pinnerClub();
    await ledger.refuses(
      [called('egm19', '2019-06-10', { kind: 'egm', requestId: 'rq9' })],
      'LEDGER',
      'events[0].data.requestId',
    );
    await ledger.append(request(members(5, 8)));
    await ledger.refuses(
      [called('agm19', '2019-06-10', { requestId: 'rq1' })],
      'LEDGER',
      'events[0].data.kind',
    );
    await ledger.append(called('egm19', '2019-06-10', { kind: 'egm', requestId: 'rq1' }));
    await ledger.refuses(
      [called('egm20', '2019-06-12', { kind: 'egm', requestId: 'rq1' })],
      'LEDGER',
      'events[0].data.requestId',
      /answered already by meeting egm19/,
    );
    await ledger.refuses(
      [
        mfact('NominationReceived', {
          meetingId: 'egm19',
          nominationId: 'n1',
          post: 'treasurer',
          nominee: 'm10',
          proposer: 'm07',
          seconder: 'm08',
          signedBy: ['m07', 'm08', 'm10'],
          receivedOn: '2019-05-20',
          displayedOn: '2019-05-20',
        }),
      ],
      'LEDGER',
      'events[0].data.meetingId',
      /is an EGM/,
    );
  });
});
