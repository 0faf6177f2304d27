import {
  attendance,
  called,
  meetingsReadModel,
  members,
  mfact,
  motion,
  nomination,
  notice,
  pinnerClub,
  vote,
} from '../../support/meetings';
import {
  meetingMinutesOf,
  meetingsOf,
  officersOf,
  constitutionOf,
} from '../../../src/contexts/meetings/projection';

/**
 * Pinner BC's AGM (PIN-C27 to C33): held at least once in every 13 months; officers and
 * committee elected by ballot (the chair's casting vote on a tie), from nominations signed by
 * proposer, seconder and nominee, received 7 days before and displayed 5; motions received 14
 * days before and published with the notice, or not taken. 30 Full members; m01 chairman, m02
 * vice-chairman, m03 treasurer, m04 secretary since 2018-01-01.
 */
const AGM = '2019-03-20';
const ballot = (post: string, votes: Array<[string, number]>, more: Record<string, unknown> = {}) =>
  mfact('BallotHeld', {
    meetingId: 'agm19',
    post,
    votes: votes.map(([nominee, n]) => ({ nominee, votes: n })),
    ...more,
  });

async function agmWith(...before: ReturnType<typeof mfact>[]) {
  const ledger = await pinnerClub();
  await ledger.append(
    called('agm19', AGM),
    ...before,
    notice(
      'agm19',
      '2019-03-01',
      before
        .filter((f) => f.type === 'MotionLodged')
        .map((f) => (f.data as { motionId: string }).motionId),
    ),
  );
  return ledger;
}

describe('PIN-C29 nominations: signed by three members, received 7 days before, displayed 5', () => {
  it('edge: received exactly 7 days before and displayed 5 days before: accepted', async () => {
    const ledger = await agmWith();
    await ledger.append(
      nomination('agm19', 'n1', 'treasurer', 'm10', '2019-03-13', { displayedOn: '2019-03-15' }),
    );
    const minutes = meetingMinutesOf(await meetingsReadModel(ledger), 'pinner', 'agm19');
    expect(minutes.nominations).toHaveLength(1);
  });

  it('received 6 days before: refused naming PIN-C29 and the day it was due; nothing written', async () => {
    const ledger = await agmWith();
    await ledger.refuses(
      [nomination('agm19', 'n1', 'treasurer', 'm10', '2019-03-14')],
      'PIN-C29',
      'events[0].data.receivedOn',
      /at least 7 days before the AGM of 2019-03-20 \(by 2019-03-13\)/,
    );
  });

  it('bad input: a nominee who is not a member, a missing signature, a display 4 days before: each refused naming PIN-C29 and the field', async () => {
    const ledger = await agmWith();
    await ledger.refuses(
      [nomination('agm19', 'n1', 'treasurer', 'outsider', '2019-03-01')],
      'PIN-C29',
      'events[0].data.nominee',
    );
    await ledger.refuses(
      [nomination('agm19', 'n1', 'treasurer', 'm10', '2019-03-01', { signedBy: ['m07', 'm08'] })],
      'PIN-C29',
      'events[0].data.nominee',
      /m10 has not signed/,
    );
    await ledger.refuses(
      [nomination('agm19', 'n1', 'treasurer', 'm10', '2019-03-01', { displayedOn: '2019-03-16' })],
      'PIN-C29',
      'events[0].data.displayedOn',
    );
    await ledger.refuses(
      [nomination('agm19', 'n1', 'treasurer', 'm07', '2019-03-01')],
      'PIN-C29',
      'events[0].data.seconder',
      /three members/,
    );
  });
});

describe('PIN-C28 officers and committee by ballot at the AGM; the chair’s casting vote on a tie', () => {
  it('a contested post: the most votes elects; an uncontested one is filled unopposed; the officers as of the day after show both', async () => {
    const ledger = await agmWith(
      nomination('agm19', 'n1', 'treasurer', 'm10', '2019-03-01'),
      nomination('agm19', 'n2', 'treasurer', 'm11', '2019-03-01'),
      nomination('agm19', 'n3', 'secretary', 'm12', '2019-03-01'),
    );
    await ledger.append(
      attendance('agm19', members(1, 20)),
      ballot('treasurer', [
        ['m10', 11],
        ['m11', 8],
      ]),
    );
    const s = await meetingsReadModel(ledger);
    const minutes = meetingMinutesOf(s, 'pinner', 'agm19');
    expect(minutes.elections.map((e) => [e.post, e.elected])).toEqual([
      ['treasurer', ['m10']],
      ['secretary', ['m12']],
    ]);
    const before = officersOf(s, 'pinner', '2019-03-19').posts;
    const after = officersOf(s, 'pinner', '2019-03-20').posts;
    expect(before.find((p) => p.post === 'treasurer')!.holders).toEqual(['m03']);
    expect(after.find((p) => p.post === 'treasurer')).toMatchObject({
      holders: ['m10'],
      since: AGM,
      rule: 'PIN-C28',
    });
    expect(after.find((p) => p.post === 'secretary')!.because).toMatch(/elected unopposed/);
    expect(after.find((p) => p.post === 'chairman')!.holders).toEqual(['m01']);
  });

  it('edge: a tie (9 each) needs the chair’s casting vote, which elects one of the tied', async () => {
    const ledger = await agmWith(
      nomination('agm19', 'n1', 'treasurer', 'm10', '2019-03-01'),
      nomination('agm19', 'n2', 'treasurer', 'm11', '2019-03-01'),
    );
    await ledger.append(attendance('agm19', members(1, 20)));
    await ledger.refuses(
      [
        ballot('treasurer', [
          ['m10', 9],
          ['m11', 9],
        ]),
      ],
      'PIN-C28',
      'events[0].data.casting',
      /the chair's casting vote decides/,
    );
    await ledger.refuses(
      [
        ballot(
          'treasurer',
          [
            ['m10', 9],
            ['m11', 9],
          ],
          { casting: ['m12'] },
        ),
      ],
      'PIN-C28',
      'events[0].data.casting',
    );
    await ledger.refuses(
      [
        ballot(
          'treasurer',
          [
            ['m10', 10],
            ['m11', 9],
          ],
          { casting: ['m10'] },
        ),
      ],
      'PIN-C28',
      'events[0].data.casting',
      /no tie/,
    );
    await ledger.append(
      ballot(
        'treasurer',
        [
          ['m10', 9],
          ['m11', 9],
        ],
        { casting: ['m11'] },
      ),
    );
    const after = officersOf(await meetingsReadModel(ledger), 'pinner', AGM).posts;
    expect(after.find((p) => p.post === 'treasurer')).toMatchObject({ holders: ['m11'] });
    expect(after.find((p) => p.post === 'treasurer')!.because).toMatch(
      /tied; the chair's casting vote elects m11/,
    );
  });

  it('bad input: a ballot naming someone not nominated, or for an uncontested post, is refused', async () => {
    const ledger = await agmWith(
      nomination('agm19', 'n1', 'treasurer', 'm10', '2019-03-01'),
      nomination('agm19', 'n4', 'committee', 'm14', '2019-03-01'),
      nomination('agm19', 'n5', 'committee', 'm15', '2019-03-01'),
    );
    await ledger.append(attendance('agm19', members(1, 20)));
    await ledger.refuses(
      [
        ballot(
          'committee',
          [
            ['m14', 9],
            ['m15', 8],
          ],
          { seats: 2 },
        ),
      ],
      'PIN-C28',
      'events[0].data.post',
      /2 nominated for 2 place\(s\) of committee: an uncontested post is filled without a ballot/,
    );
    await ledger.refuses(
      [
        ballot('treasurer', [
          ['m10', 9],
          ['m13', 3],
        ]),
      ],
      'PIN-C29',
      'events[0].data.votes[1].nominee',
    );
  });

  it('a meeting without a quorum elects no one: the uncontested nomination does not take office', async () => {
    const ledger = await agmWith(nomination('agm19', 'n3', 'secretary', 'm12', '2019-03-01'));
    await ledger.append(attendance('agm19', members(1, 5)));
    const s = await meetingsReadModel(ledger);
    expect(meetingMinutesOf(s, 'pinner', 'agm19').elections).toEqual([]);
    expect(officersOf(s, 'pinner', AGM).posts.find((p) => p.post === 'secretary')!.holders).toEqual(
      ['m04'],
    );
  });
});

describe('PIN-C25 a resignation required by two thirds', () => {
  it('carried 14 to 7: the treasurer leaves office from the meeting day', async () => {
    const ledger = await agmWith(
      motion('agm19', 'mo1', '2019-02-01', {
        kind: 'resignation',
        post: 'treasurer',
        officer: 'm03',
      }),
    );
    await ledger.append(
      attendance('agm19', members(1, 22)),
      vote('agm19', { motionId: 'mo1' }, 14, 7),
    );
    const posts = officersOf(await meetingsReadModel(ledger), 'pinner', AGM).posts;
    expect(posts.find((p) => p.post === 'treasurer')).toMatchObject({
      holders: [],
      rule: 'PIN-C25',
    });
  });

  it('bad input: a resignation of someone who does not hold the post is refused naming PIN-C25', async () => {
    const ledger = await pinnerClub();
    await ledger.append(called('agm19', AGM));
    await ledger.refuses(
      [
        motion('agm19', 'mo1', '2019-02-01', {
          kind: 'resignation',
          post: 'treasurer',
          officer: 'm09',
        }),
      ],
      'PIN-C25',
      'events[0].data.officer',
    );
  });
});

describe('PIN-C32 PIN-C33 AGM motions: received 14 days before and published with the notice', () => {
  it('a motion received 13 days before is not taken: its vote is refused naming PIN-C32', async () => {
    const ledger = await pinnerClub();
    await ledger.append(
      called('agm19', AGM),
      motion('agm19', 'mo1', '2019-03-07'),
      notice('agm19', '2019-03-06', ['mo1']),
    );
    await ledger.append(attendance('agm19', members(1, 20)));
    await ledger.refuses(
      [vote('agm19', { motionId: 'mo1' }, 10, 2)],
      'PIN-C32',
      'events[0].data.motionId',
      /by 2019-03-06\); it is not taken/,
    );
  });

  it('a motion not published with the notice is not taken (PIN-C33); an amendment the chair did not accept is not put', async () => {
    const ledger = await pinnerClub();
    await ledger.append(
      called('agm19', AGM),
      motion('agm19', 'mo1', '2019-02-01'),
      motion('agm19', 'mo2', '2019-02-01'),
      notice('agm19', '2019-03-01', ['mo1']),
    );
    await ledger.append(attendance('agm19', members(1, 20)));
    await ledger.refuses(
      [vote('agm19', { motionId: 'mo2' }, 10, 2)],
      'PIN-C33',
      'events[0].data.motionId',
      /not published with the notice/,
    );
    await ledger.append(
      mfact('AmendmentProposed', {
        meetingId: 'agm19',
        amendmentId: 'am1',
        motionId: 'mo1',
        text: 'x',
        proposer: 'm09',
        seconder: 'm10',
        chairAccepts: false,
      }),
    );
    await ledger.refuses(
      [vote('agm19', { amendmentId: 'am1' }, 10, 2)],
      'PIN-C33',
      'events[0].data.amendmentId',
    );
    await ledger.append(vote('agm19', { motionId: 'mo1' }, 10, 2));
  });
});

describe('PIN-C27 an AGM at least once in every 13 months; PIN-C30 PIN-C31 reports', () => {
  it('the calendar: the next AGM is due 13 months after the last; one held a day later is flagged, not refused', async () => {
    const ledger = await pinnerClub();
    await ledger.append(
      called('agm18', '2018-02-28'),
      notice('agm18', '2018-02-01'),
      called('agm19', '2019-03-29'),
      notice('agm19', '2019-03-01'),
    );
    const s = await meetingsReadModel(ledger);
    const list = meetingsOf(s, 'pinner');
    expect(list.meetings.map((m) => [m.meetingId, m.flags.length])).toEqual([
      ['agm18', 0],
      ['agm19', 1],
    ]);
    expect(list.meetings[1]!.flags[0]).toMatch(
      /PIN-C27: held on 2019-03-29, later than allowed: .* the next by 2019-03-28/,
    );
    expect(list.calendar.nextAgmBy!.by).toBe('2020-04-29');
    expect(meetingsOf(s, 'pinner', '2020-04-29').calendar.overdue).toBeUndefined();
    expect(meetingsOf(s, 'pinner', '2020-04-30').calendar.overdue).toBe(
      'PIN-C27: no AGM held since 2019-03-29; the next was due by 2020-04-29',
    );
    expect(meetingsOf(s, 'pinner', '2019-01-01').calendar).toMatchObject({
      lastAgm: '2018-02-28',
      nextAgmBy: { by: '2019-03-28', rule: 'PIN-C27' },
    });
  });

  it('the chairman reports and the treasurer presents the accounts; anyone else is refused', async () => {
    const ledger = await agmWith();
    await ledger.append(attendance('agm19', members(1, 20)));
    await ledger.refuses(
      [mfact('ReportPresented', { meetingId: 'agm19', report: 'chairman', by: 'm02' })],
      'PIN-C30',
      'events[0].data.by',
    );
    await ledger.refuses(
      [mfact('ReportPresented', { meetingId: 'agm19', report: 'accounts', by: 'm04' })],
      'PIN-C31',
      'events[0].data.by',
    );
    await ledger.append(
      mfact('ReportPresented', { meetingId: 'agm19', report: 'chairman', by: 'm01' }),
      mfact('ReportPresented', {
        meetingId: 'agm19',
        report: 'accounts',
        by: 'm03',
        auditorReport: true,
      }),
      mfact('AuditorAppointed', { meetingId: 'agm19', auditor: 'j-smith' }),
    );
    const minutes = meetingMinutesOf(await meetingsReadModel(ledger), 'pinner', 'agm19');
    expect(minutes.reports.map((r) => r.by)).toEqual(['m01', 'm03']);
    expect(minutes.auditor).toBe('j-smith');
  });
});

describe('PIN-C19 PIN-C25 the constitution as amended, section by section', () => {
  it('a change carried by two thirds replaces the section from the meeting; one short of it is kept on the record, not in the text', async () => {
    const change = (motionId: string, section: string, newText: string) =>
      motion('agm19', motionId, '2019-02-01', { kind: 'constitution', section, newText });
    const ledger = await agmWith(
      change('mo1', '22', 'A quorum of fifteen Members.'),
      change('mo2', '27', 'An AGM at least once in every twelve months.'),
    );
    await ledger.append(
      attendance('agm19', members(1, 25)),
      vote('agm19', { motionId: 'mo1' }, 16, 8),
      vote('agm19', { motionId: 'mo2' }, 15, 8),
    );
    const s = await meetingsReadModel(ledger);
    const now = constitutionOf(s, 'pinner', AGM);
    expect(now.sections.map((x) => [x.section, x.text, x.since])).toEqual([
      ['22', 'A quorum of fifteen Members.', AGM],
    ]);
    expect(now.sections[0]!.history[0]).toMatchObject({
      meetingId: 'agm19',
      motionId: 'mo1',
      rule: 'PIN-C25',
    });
    expect(now.notCarried.map((x) => [x.section, x.motionId])).toEqual([['27', 'mo2']]);
    expect(constitutionOf(s, 'pinner', '2019-03-19').sections).toEqual([]);
  });
});

describe('PIN-C19 the constitution as recorded, then as amended', () => {
  it('the recorded text stands until a meeting changes a section; the changed section reads from the meeting, the others as recorded', async () => {
    const ledger = await pinnerClub();
    await ledger.append(
      mfact('ConstitutionRecorded', {
        from: '2018-01-01',
        sections: [
          { section: '22', text: 'A quorum of twenty Members.' },
          { section: '27', text: 'An AGM in every thirteen months.' },
        ],
      }),
      called('agm19', AGM),
      motion('agm19', 'mo1', '2019-02-01', {
        kind: 'constitution',
        section: '22',
        newText: 'A quorum of fifteen Members.',
      }),
      notice('agm19', '2019-03-01', ['mo1']),
    );
    await ledger.append(
      attendance('agm19', members(1, 25)),
      vote('agm19', { motionId: 'mo1' }, 16, 8),
    );
    const s = await meetingsReadModel(ledger);
    const before = constitutionOf(s, 'pinner', '2019-03-19');
    expect(before.sections.map((x) => [x.section, x.text, x.since])).toEqual([
      ['22', 'A quorum of twenty Members.', '2018-01-01'],
      ['27', 'An AGM in every thirteen months.', '2018-01-01'],
    ]);
    const after = constitutionOf(s, 'pinner', AGM);
    expect(after.recordedFrom).toBe('2018-01-01');
    expect(after.sections.map((x) => [x.section, x.text, x.since])).toEqual([
      ['22', 'A quorum of fifteen Members.', AGM],
      ['27', 'An AGM in every thirteen months.', '2018-01-01'],
    ]);
  });

  it('bad input: a section recorded twice is refused naming it; nothing written', async () => {
    const ledger = await pinnerClub();
    await ledger.refuses(
      [
        mfact('ConstitutionRecorded', {
          from: '2018-01-01',
          sections: [
            { section: '22', text: 'a' },
            { section: '22', text: 'b' },
          ],
        }),
      ],
      'LEDGER',
      'events[0].data.sections[1].section',
    );
  });
});

describe('PIN-C28 officers are members', () => {
  it('bad input: an officer recorded who is not a member that day is refused naming data.person', async () => {
    const ledger = await pinnerClub();
    await ledger.refuses(
      [mfact('OfficerRecorded', { post: 'treasurer', person: 'outsider', from: '2018-06-01' })],
      'PIN-C28',
      'events[0].data.person',
      /outsider is not a member on 2018-06-01/,
    );
  });
});
