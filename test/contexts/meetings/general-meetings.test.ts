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

/**
 * Pinner BC's general meetings (PIN-C20 to C26): a meeting sits after 14 days' notice, called
 * and chaired by the chairman or vice-chairman, with a quorum of 20 members or 20 % of the
 * membership (whichever is lower); each motion is proposed and seconded by members; its result
 * is derived from the show of hands, never typed. The club has 30 Full members (quorum 6) and a
 * Temporary member; m01 is chairman, m02 vice-chairman.
 */
const AGM = '2019-03-20';

async function sitting(present = members(1, 12), motions = ['mo1']) {
  const ledger = await pinnerClub();
  await ledger.append(
    called('agm19', AGM),
    ...motions.map((id) => motion('agm19', id, '2019-02-01')),
    notice('agm19', '2019-03-06', motions),
  );
  await ledger.append(attendance('agm19', present));
  return ledger;
}

describe('PIN-C20 a general meeting is called with 14 days’ notice', () => {
  it('edge: the notice displayed exactly 14 days before: the meeting sits', async () => {
    const ledger = await sitting();
    const minutes = meetingMinutesOf(await meetingsReadModel(ledger), 'pinner', 'agm19');
    expect(minutes.notice).toEqual({ displayedOn: '2019-03-06', daysBefore: 14, motions: ['mo1'] });
    expect(minutes.present).toBe(12);
  });

  it('a notice displayed 13 days before: the meeting cannot sit; its attendance is refused naming PIN-C20, nothing written', async () => {
    const ledger = await pinnerClub();
    await ledger.append(called('agm19', AGM), notice('agm19', '2019-03-07'));
    await ledger.refuses(
      [attendance('agm19', members(1, 12))],
      'PIN-C20',
      'events[0].data.meetingId',
      /needs 14 days' notice \(displayed by 2019-03-06\)/,
    );
  });

  it('no notice at all: refused naming PIN-C20', async () => {
    const ledger = await pinnerClub();
    await ledger.append(called('agm19', AGM));
    await ledger.refuses(
      [attendance('agm19', members(1, 12))],
      'PIN-C20',
      'events[0].data.meetingId',
      /no notice was displayed/,
    );
  });
});

describe('PIN-C21 the chairman or vice-chairman calls the meeting and takes the chair', () => {
  it('called by the vice-chairman, chaired by the vice-chairman: accepted', async () => {
    const ledger = await pinnerClub();
    await ledger.append(called('agm19', AGM, { calledBy: 'm02' }), notice('agm19', '2019-03-01'));
    await ledger.append(attendance('agm19', members(1, 12), 'm02'));
    const minutes = meetingMinutesOf(await meetingsReadModel(ledger), 'pinner', 'agm19');
    expect([minutes.calledBy, minutes.chair]).toEqual(['m02', 'm02']);
  });

  it('bad input: called by the treasurer, or chaired by the secretary, is refused naming PIN-C21 and the field', async () => {
    const ledger = await pinnerClub();
    await ledger.refuses(
      [called('agm19', AGM, { calledBy: 'm03' })],
      'PIN-C21',
      'events[0].data.calledBy',
      /m03 is neither the chairman nor the vice-chairman on 2019-02-18 \(m01, m02\)/,
    );
    await ledger.append(called('agm19', AGM), notice('agm19', '2019-03-01'));
    await ledger.refuses(
      [attendance('agm19', members(1, 12), 'm04')],
      'PIN-C21',
      'events[0].data.chair',
    );
    await ledger.refuses(
      [attendance('agm19', members(3, 12), 'm01')],
      'PIN-C21',
      'events[0].data.chair',
      /not among those present/,
    );
  });
});

describe('PIN-C22 a quorum of 20 members or 20 % of the membership, whichever is lower', () => {
  it('edge: 31 on the register (30 Full, 1 Temporary): 20 % rounded up is 7, the quorum; 7 present may vote', async () => {
    const ledger = await sitting(members(1, 7));
    await ledger.append(vote('agm19', { motionId: 'mo1' }, 4, 2));
    const minutes = meetingMinutesOf(await meetingsReadModel(ledger), 'pinner', 'agm19');
    expect(minutes.quorum).toMatchObject({ quorum: 7, present: 7, quorate: true, rule: 'PIN-C22' });
  });

  it('6 present: no business may be done; the vote is refused naming PIN-C22, nothing written', async () => {
    const ledger = await sitting(members(1, 6));
    await ledger.refuses(
      [vote('agm19', { motionId: 'mo1' }, 4, 1)],
      'PIN-C22',
      'events[0].data.meetingId',
      /whichever is lower: 7; 6 present: no business may be done/,
    );
  });

  it('a large club: 150 members, the quorum is 20 (not 30)', async () => {
    const ledger = await pinnerClub(149);
    await ledger.append(
      called('agm19', AGM),
      motion('agm19', 'mo1', '2019-02-01'),
      notice('agm19', '2019-03-01', ['mo1']),
    );
    await ledger.append(attendance('agm19', members(1, 20)));
    await ledger.append(vote('agm19', { motionId: 'mo1' }, 10, 5));
    const minutes = meetingMinutesOf(await meetingsReadModel(ledger), 'pinner', 'agm19');
    expect(minutes.quorum).toMatchObject({ quorum: 20, present: 20, quorate: true });
  });

  it('bad input: a person present who is not a member is refused naming PIN-C22 and the field', async () => {
    const ledger = await pinnerClub();
    await ledger.append(called('agm19', AGM), notice('agm19', '2019-03-01'));
    await ledger.refuses(
      [attendance('agm19', [...members(1, 8), 'stranger'])],
      'PIN-C22',
      'events[0].data.present[8]',
      /stranger is not a member on 2019-03-20/,
    );
  });
});

describe('PIN-C23 motions proposed and seconded by members; amendments decided first', () => {
  it('bad input: a proposer who is not a member, or the same person seconding, is refused naming PIN-C23', async () => {
    const ledger = await pinnerClub();
    await ledger.append(called('agm19', AGM));
    await ledger.refuses(
      [motion('agm19', 'mo1', '2019-02-01', { proposer: 'nobody' })],
      'PIN-C23',
      'events[0].data.proposer',
    );
    await ledger.refuses(
      [motion('agm19', 'mo1', '2019-02-01', { seconder: 'm05' })],
      'PIN-C23',
      'events[0].data.seconder',
    );
  });

  it('a motion with an amendment not yet decided is not voted on; the amendment after its motion is refused', async () => {
    const ledger = await sitting();
    const amend = mfact('AmendmentProposed', {
      meetingId: 'agm19',
      amendmentId: 'am1',
      motionId: 'mo1',
      text: 'add "from 2020"',
      proposer: 'm07',
      seconder: 'm08',
      chairAccepts: true,
    });
    await ledger.append(amend);
    await ledger.refuses(
      [vote('agm19', { motionId: 'mo1' }, 6, 2)],
      'PIN-C23',
      'events[0].data.motionId',
      /amendment am1 to motion mo1 is not decided/,
    );
    await ledger.append(
      vote('agm19', { amendmentId: 'am1' }, 3, 5),
      vote('agm19', { motionId: 'mo1' }, 6, 2),
    );
    const minutes = meetingMinutesOf(await meetingsReadModel(ledger), 'pinner', 'agm19');
    expect(minutes.motions[0]).toMatchObject({ result: 'carried', rule: 'PIN-C26' });
    expect(minutes.motions[0]!.amendments![0]).toMatchObject({ result: 'not carried' });
    await ledger.refuses(
      [
        {
          ...amend,
          id: mfact('x', {}).id,
          data: { ...(amend.data as Record<string, unknown>), amendmentId: 'am2' },
        },
      ],
      'PIN-C23',
      'events[0].data.motionId',
      /decided already/,
    );
  });
});

describe('PIN-C24 to C26 the result of a vote is derived, never typed', () => {
  const kinds = async (kind: string, forVotes: number, against: number, abstentions = 0) => {
    const ledger = await pinnerClub();
    const more =
      kind === 'constitution'
        ? { kind, section: '22', newText: 'A quorum of fifteen Members.' }
        : {};
    await ledger.append(
      called('agm19', AGM),
      motion('agm19', 'mo1', '2019-02-01', more),
      notice('agm19', '2019-03-01', ['mo1']),
    );
    await ledger.append(
      attendance('agm19', members(1, 30)),
      vote('agm19', { motionId: 'mo1' }, forVotes, against, abstentions),
    );
    return meetingMinutesOf(await meetingsReadModel(ledger), 'pinner', 'agm19').motions[0]!;
  };

  it('PIN-C26 an ordinary motion: a simple majority of the votes cast (10 to 9, 5 abstaining) is carried', async () => {
    expect(await kinds('ordinary', 10, 9, 5)).toMatchObject({ result: 'carried', rule: 'PIN-C26' });
  });

  it('PIN-C24 a tie (8 to 8): the chair decides for the status quo, not carried', async () => {
    const m = await kinds('ordinary', 8, 8);
    expect(m).toMatchObject({ result: 'not carried', rule: 'PIN-C24' });
    expect(m.because).toMatch(/the chair decides for the status quo/);
  });

  it('PIN-C25 edge: a change of the constitution at exactly two thirds of those present and voting (12 to 6, abstentions not counted) is carried', async () => {
    expect(await kinds('constitution', 12, 6, 10)).toMatchObject({
      result: 'carried',
      rule: 'PIN-C25',
    });
  });

  it('PIN-C25 a change of the constitution short of two thirds (11 to 6) is not carried', async () => {
    const m = await kinds('constitution', 11, 6);
    expect(m).toMatchObject({ result: 'not carried', rule: 'PIN-C25' });
    expect(m.because).toMatch(/needs 2\/3 of the 17 present and voting \(12\)/);
  });

  it('PIN-C24 bad input: more hands than members who may vote (29: the chair does not vote) is refused, nothing written', async () => {
    const ledger = await pinnerClub();
    await ledger.append(
      called('agm19', AGM),
      motion('agm19', 'mo1', '2019-02-01'),
      notice('agm19', '2019-03-01', ['mo1']),
    );
    await ledger.append(attendance('agm19', [...members(1, 30), 'temp']));
    await ledger.refuses(
      [vote('agm19', { motionId: 'mo1' }, 20, 10)],
      'PIN-C24',
      'events[0].data.for',
      /30 hands counted, but 29 members present may vote/,
    );
    await ledger.append(vote('agm19', { motionId: 'mo1' }, 20, 9));
  });
});
