import { fold } from '../../../src/contexts/projections';
import { applicationsView, membership } from '../../../src/contexts/membership/projection';
import { collect } from '../../support/events';
import {
  accepts,
  application,
  applied,
  displayed,
  elected,
  existing,
  fact,
  pinner,
  proposed,
  signed,
} from './support';

describe('PIN-C6/C7 an application displayed at least seven days before it is considered', () => {
  it('PIN-C6: displayed on 1 March, elected on 8 March (the seventh day exactly) is allowed', async () => {
    const ledger = await pinner();
    await accepts(ledger, ...application('a1', 'zoe'), elected('a1', '2018-03-08'));
  });

  it('PIN-C6: elected on 7 March (six days) is refused naming data.on, and nothing is written', async () => {
    const ledger = await pinner();
    await ledger.append(...application('a1', 'zoe'));
    await ledger.refuses(
      [elected('a1', '2018-03-07')],
      'PIN-C6',
      'events[0].data.on',
      /2018-03-08/,
    );
    await ledger.refuses(
      [fact('ApplicationConsidered', { applicationId: 'a1', on: '2018-03-07' })],
      'PIN-C6',
      'events[0].data.on',
    );
    await accepts(ledger, fact('ApplicationConsidered', { applicationId: 'a1', on: '2018-03-08' }));
  });

  it('PIN-C6: an application never displayed is not considered or elected', async () => {
    const ledger = await pinner();
    await ledger.append(applied('a1', 'zoe'), proposed('a1'), signed('a1'));
    await ledger.refuses(
      [elected('a1', '2018-04-30')],
      'PIN-C6',
      'events[0].data.on',
      /never displayed/,
    );
  });

  it('PIN-C7: a withdrawn seconder replaced on 5 March restarts the display: elected from 12 March', async () => {
    const ledger = await pinner();
    await ledger.append(
      ...application('a1', 'zoe'),
      fact('SupportWithdrawn', { applicationId: 'a1', role: 'seconder', on: '2018-03-04' }),
      fact('SupportReplaced', {
        applicationId: 'a1',
        role: 'seconder',
        by: 'dan',
        on: '2018-03-05',
      }),
    );
    await ledger.refuses(
      [elected('a1', '2018-03-11')],
      'PIN-C7',
      'events[0].data.on',
      /2018-03-12/,
    );
    await accepts(ledger, elected('a1', '2018-03-12'));
  });

  it('PIN-C7: a withdrawn seconder not replaced: no election (PIN-C5), naming the withdrawal', async () => {
    const ledger = await pinner();
    await ledger.append(
      ...application('a1', 'zoe'),
      fact('SupportWithdrawn', { applicationId: 'a1', role: 'seconder', on: '2018-03-04' }),
    );
    await ledger.refuses(
      [elected('a1', '2018-03-20')],
      'PIN-C5',
      'events[0].data.applicationId',
      /withdrawn/,
    );
  });

  it('PIN-C5: an application with its seconder withdrawn and unreplaced is not considered, naming the withdrawal; considered once replaced and displayed 7 days', async () => {
    const ledger = await pinner();
    await ledger.append(
      ...application('a1', 'zoe'),
      fact('SupportWithdrawn', { applicationId: 'a1', role: 'seconder', on: '2018-03-04' }),
    );
    await ledger.refuses(
      [fact('ApplicationConsidered', { applicationId: 'a1', on: '2018-03-08' })],
      'PIN-C5',
      'events[0].data.applicationId',
      /no seconder on 2018-03-08 \(withdrawn, not replaced: PIN-C7\)/,
    );
    await ledger.append(
      fact('SupportReplaced', {
        applicationId: 'a1',
        role: 'seconder',
        by: 'dan',
        on: '2018-03-06',
      }),
    );
    await ledger.refuses(
      [fact('ApplicationConsidered', { applicationId: 'a1', on: '2018-03-12' })],
      'PIN-C7',
      'events[0].data.on',
      /2018-03-13/,
    );
    await accepts(ledger, fact('ApplicationConsidered', { applicationId: 'a1', on: '2018-03-13' }));
  });

  it('PIN-C5: supporters are judged on the fact’s own day: considered or elected on a day between the withdrawal and a later-recorded replacement is refused', async () => {
    const ledger = await pinner();
    await ledger.append(
      ...application('a1', 'zoe'),
      fact('SupportWithdrawn', { applicationId: 'a1', role: 'proposer', on: '2018-03-04' }),
      fact('SupportReplaced', {
        applicationId: 'a1',
        role: 'proposer',
        by: 'dan',
        on: '2018-03-20',
      }),
    );
    for (const f of [
      fact('ApplicationConsidered', { applicationId: 'a1', on: '2018-03-10' }),
      elected('a1', '2018-03-10'),
    ]) {
      await ledger.refuses([f], 'PIN-C5', 'events[0].data.applicationId', /no proposer/);
    }
  });

  it('PIN-C7: a replacement while the role is held, or a withdrawal of no one, is refused (LEDGER)', async () => {
    const ledger = await pinner();
    await ledger.append(...application('a1', 'zoe'));
    await ledger.refuses(
      [
        fact('SupportReplaced', {
          applicationId: 'a1',
          role: 'seconder',
          by: 'dan',
          on: '2018-03-05',
        }),
      ],
      'LEDGER',
      'events[0].data.role',
    );
    await ledger.append(
      fact('SupportWithdrawn', { applicationId: 'a1', role: 'proposer', on: '2018-03-04' }),
    );
    await ledger.refuses(
      [fact('SupportWithdrawn', { applicationId: 'a1', role: 'proposer', on: '2018-03-05' })],
      'LEDGER',
      'events[0].data.role',
    );
  });

  it('PIN-C7: support is not withdrawn after the election: refused naming data.applicationId', async () => {
    const ledger = await pinner();
    await ledger.append(...application('a1', 'zoe'), elected('a1'));
    await ledger.refuses(
      [fact('SupportWithdrawn', { applicationId: 'a1', role: 'seconder', on: '2018-03-09' })],
      'PIN-C7',
      'events[0].data.applicationId',
    );
  });

  it('PIN-C6: the display days are a parameter (membership.displayDays 10)', async () => {
    const ledger = await pinner('pinner-2018', { 'membership.displayDays': 10 });
    await ledger.append(...application('a1', 'zoe'));
    await ledger.refuses([elected('a1', '2018-03-10')], 'PIN-C6', 'events[0].data.on');
    await accepts(ledger, elected('a1', '2018-03-11'));
  });
});

describe('PIN-C5 proposed by one member and seconded by another', () => {
  it('PIN-C5: the same person proposing and seconding is refused naming data.seconder', async () => {
    const ledger = await pinner();
    await ledger.append(applied('a1', 'zoe'));
    await ledger.refuses([proposed('a1', 'ann', 'ann')], 'PIN-C5', 'events[0].data.seconder');
  });

  it('PIN-C5: the candidate cannot propose or second', async () => {
    const ledger = await pinner();
    await ledger.append(applied('a1', 'zoe'));
    await ledger.refuses([proposed('a1', 'zoe', 'bob')], 'PIN-C5', 'events[0].data.proposer');
    await ledger.refuses([proposed('a1', 'ann', 'zoe')], 'PIN-C5', 'events[0].data.seconder');
  });

  it('PIN-C5: a proposer who is not a member is refused naming data.proposer', async () => {
    const ledger = await pinner();
    await ledger.append(applied('a1', 'zoe'));
    await ledger.refuses(
      [proposed('a1', 'xavier', 'bob')],
      'PIN-C5',
      'events[0].data.proposer',
      /not a member/,
    );
  });

  it('PIN-C5: a proposer whose membership ended the day before (a member until 28 February, MemberResigned on 1 March) is refused on 1 March; one resigning on 2 March is accepted', async () => {
    const ledger = await pinner();
    await ledger.append(
      fact('MemberResigned', { person: 'ann', on: '2018-03-01' }),
      applied('a1', 'zoe'),
    );
    await ledger.refuses([proposed('a1', 'ann', 'bob')], 'PIN-C5', 'events[0].data.proposer');
    const other = await pinner();
    await other.append(
      applied('a1', 'zoe'),
      fact('MemberResigned', { person: 'ann', on: '2018-03-02' }),
    );
    await accepts(other, proposed('a1', 'ann', 'bob', '2018-03-01'));
  });

  it('PIN-C5: a replacement seconder who is the proposer is refused naming data.by', async () => {
    const ledger = await pinner();
    await ledger.append(
      ...application('a1', 'zoe'),
      fact('SupportWithdrawn', { applicationId: 'a1', role: 'seconder', on: '2018-03-04' }),
    );
    await ledger.refuses(
      [
        fact('SupportReplaced', {
          applicationId: 'a1',
          role: 'seconder',
          by: 'ann',
          on: '2018-03-05',
        }),
      ],
      'PIN-C5',
      'events[0].data.by',
    );
  });

  it('PIN-C5: proposed twice is refused (a new supporter is a SupportReplaced)', async () => {
    const ledger = await pinner();
    await ledger.append(applied('a1', 'zoe'), proposed('a1'));
    await ledger.refuses([proposed('a1', 'cat', 'dan')], 'LEDGER', 'events[0].data.applicationId');
  });
});

describe('PIN-R7 the form signed by a committee member for the standard of play', () => {
  it('PIN-R7: an election without the signature is refused naming data.applicationId', async () => {
    const ledger = await pinner();
    await ledger.append(applied('a1', 'zoe'), proposed('a1'), displayed('a1'));
    await ledger.refuses([elected('a1')], 'PIN-R7', 'events[0].data.applicationId', /signature/);
  });

  it('PIN-R7: a signer not a member, or the candidate, is refused naming data.by', async () => {
    const ledger = await pinner();
    await ledger.append(applied('a1', 'zoe'));
    await ledger.refuses([signed('a1', 'xavier')], 'PIN-R7', 'events[0].data.by');
    await ledger.refuses([signed('a1', 'zoe')], 'PIN-R7', 'events[0].data.by');
  });
});

describe('PIN-C3 membership open above the age of sixteen (16 or older on the day of election)', () => {
  it('PIN-C3: born 2002-03-08, elected on the 16th birthday 2018-03-08 is allowed', async () => {
    const ledger = await pinner();
    await accepts(
      ledger,
      ...application('a1', 'zoe', { birthDate: '2002-03-08' }),
      elected('a1', '2018-03-08'),
    );
  });

  it('PIN-C3: born 2002-03-09, 15 on 2018-03-08, is refused naming data.on; elected the next day', async () => {
    const ledger = await pinner();
    await ledger.append(...application('a1', 'zoe', { birthDate: '2002-03-09' }));
    await ledger.refuses([elected('a1', '2018-03-08')], 'PIN-C3', 'events[0].data.on', /15/);
    await accepts(ledger, elected('a1', '2018-03-09'));
  });

  it('PIN-C3: "over 16" declared with no date of birth is elected', async () => {
    const ledger = await pinner();
    await accepts(
      ledger,
      ...application('a1', 'zoe', { birthDate: undefined, over16Declared: true }),
      elected('a1'),
    );
  });

  it('PIN-C3: an application with neither date of birth nor the declaration is refused naming data.birthDate', async () => {
    const ledger = await pinner();
    await ledger.refuses(
      [applied('a1', 'zoe', '2018-03-01', { birthDate: undefined })],
      'PIN-C3',
      'events[0].data.birthDate',
    );
    await ledger.refuses(
      [applied('a1', 'zoe', '2018-03-01', { birthDate: undefined, over16Declared: false })],
      'PIN-C3',
      'events[0].data.birthDate',
    );
  });
});

describe('PIN-R9 a rejected candidate or a member removed is never admitted', () => {
  it('PIN-R9: rejected in 2018, a new application in 2025 is refused naming data.person', async () => {
    const ledger = await pinner();
    await ledger.append(
      ...application('a1', 'zoe'),
      fact('ApplicationRejected', { applicationId: 'a1', on: '2018-03-08' }),
    );
    await ledger.refuses(
      [applied('a2', 'zoe', '2025-01-01')],
      'PIN-R9',
      'events[0].data.person',
      /never admitted/,
    );
  });

  it('PIN-R9: an expelled member may not apply, nor be invited Honorary, nor play as a visitor', async () => {
    const ledger = await pinner();
    await ledger.append(
      fact('MemberExpelled', {
        person: 'dan',
        on: '2018-02-01',
        reason: 'conduct injurious to the club',
      }),
    );
    await ledger.refuses([applied('a2', 'dan', '2019-01-01')], 'PIN-R9', 'events[0].data.person');
    await ledger.refuses(
      [fact('HonoraryMembershipInvited', { person: 'dan', on: '2020-01-01' })],
      'PIN-R9',
      'events[0].data.person',
    );
    await ledger.refuses(
      [
        fact('SessionPlayedAtClub', {
          person: 'dan',
          date: '2018-02-05',
          event: { id: 'e1', special: false },
        }),
      ],
      'PIN-R9',
      'events[0].data.person',
    );
  });

  it('PIN-C16: a member who resigned may apply again (resignation is not removal)', async () => {
    const ledger = await pinner();
    await ledger.append(fact('MemberResigned', { person: 'dan', on: '2018-02-01' }));
    await accepts(ledger, applied('a2', 'dan', '2018-06-01'));
  });

  it('PIN-C9: a rejection carries no reason: a field "reason" is refused by the schema', async () => {
    const ledger = await pinner();
    await ledger.append(...application('a1', 'zoe'));
    await expect(
      ledger.append(
        fact('ApplicationRejected', { applicationId: 'a1', on: '2018-03-08', reason: 'x' }),
      ),
    ).rejects.toMatchObject({ issues: [{ field: 'events[0].data.reason' }] });
  });
});

describe('PIN-C8 objections, and bad input', () => {
  it('PIN-C8: a member’s objection is recorded; a non-member’s is refused naming data.by', async () => {
    const ledger = await pinner();
    await ledger.append(...application('a1', 'zoe'));
    await accepts(
      ledger,
      fact('ObjectionLodged', {
        applicationId: 'a1',
        by: 'dan',
        on: '2018-03-03',
        grounds: 'Slow play',
      }),
    );
    await ledger.refuses(
      [
        fact('ObjectionLodged', {
          applicationId: 'a1',
          by: 'xavier',
          on: '2018-03-03',
          grounds: 'x',
        }),
      ],
      'PIN-C8',
      'events[0].data.by',
    );
  });

  it('PIN-C8: only an objection in writing and signed by the member counts; an oral or unsigned one is kept, shown invalid with the reason', async () => {
    const ledger = await pinner();
    const objection = (by: string, extra: Record<string, unknown>) =>
      fact('ObjectionLodged', {
        applicationId: 'a1',
        by,
        on: '2018-03-03',
        grounds: 'Slow play',
        ...extra,
      });
    await ledger.append(...application('a1', 'zoe'));
    await accepts(
      ledger,
      objection('ann', { form: 'written', signed: true }),
      objection('bob', { form: 'oral' }),
      objection('cat', { form: 'written', signed: false }),
      objection('dan', {}),
    );
    const state = fold(membership, await collect(ledger.store.readAll()));
    const a = applicationsView({ clubId: 'pinner', state }, '2018-03-05').applications[0]!;
    expect(a.validObjections).toBe(2);
    expect(a.objections.map((o) => [o.by, o.valid, o.because?.rule])).toEqual([
      ['ann', true, undefined],
      ['bob', false, 'PIN-C8'],
      ['cat', false, 'PIN-C8'],
      // Recorded before the fact said how: read as written and signed.
      ['dan', true, undefined],
    ]);
    expect(a.objections[1]!.because!.text).toMatch(
      /^made orally: an objection is valid only in writing/,
    );
    expect(a.objections[2]!.because!.text).toMatch(/^not signed by the member/);
  });

  it('PIN-C8 bad input: a form that is neither written nor oral, or signed not true or false, is refused naming the field, nothing written', async () => {
    const ledger = await pinner();
    await ledger.append(...application('a1', 'zoe'));
    const head = await ledger.store.headPosition();
    for (const [extra, field] of [
      [{ form: 'email' }, /form/],
      [{ signed: 'yes' }, /signed must be true or false/],
    ] as const) {
      await expect(
        ledger.append(
          fact('ObjectionLodged', {
            applicationId: 'a1',
            by: 'dan',
            on: '2018-03-03',
            grounds: 'x',
            ...extra,
          }),
        ),
      ).rejects.toThrow(field);
    }
    expect(await ledger.store.headPosition()).toBe(head);
  });

  it('LEDGER: facts of an application not made, decided already, or dated before it', async () => {
    const ledger = await pinner();
    await ledger.refuses([elected('nope')], 'LEDGER', 'events[0].data.applicationId');
    await ledger.append(...application('a1', 'zoe'), elected('a1'));
    await ledger.refuses(
      [elected('a1', '2018-03-09')],
      'LEDGER',
      'events[0].data.applicationId',
      /elected/,
    );
    await ledger.append(...application('a2', 'yan'));
    await ledger.refuses([displayed('a2', '2018-02-01')], 'LEDGER', 'events[0].data.on');
  });

  it('LEDGER: a member already, or a second pending application, is refused naming data.person', async () => {
    const ledger = await pinner();
    await ledger.refuses([applied('a1', 'ann')], 'LEDGER', 'events[0].data.person');
    await ledger.append(applied('a1', 'zoe'));
    await ledger.refuses([applied('a2', 'zoe')], 'LEDGER', 'events[0].data.person', /pending/);
  });

  it('a malformed day or class is refused by the schema naming the field', async () => {
    const ledger = await pinner();
    await expect(ledger.append(applied('a1', 'zoe', '2018-02-30'))).rejects.toMatchObject({
      issues: [{ field: 'events[0].data.appliedOn' }],
    });
    await expect(
      ledger.append(applied('a1', 'zoe', '2018-03-01', { classApplied: 'restricted' })),
    ).rejects.toMatchObject({
      issues: [{ field: 'events[0].data.classApplied' }],
    });
  });

  it('LEDGER: a membership fact naming another club than its stream’s is refused naming data.clubId', async () => {
    const ledger = await pinner();
    const f = applied('a1', 'zoe');
    (f.data as Record<string, unknown>).clubId = 'other';
    await ledger.refuses([f], 'LEDGER', 'events[0].data.clubId');
  });

  it('existing members are recorded once; a founder recorded twice is refused', async () => {
    const ledger = await pinner();
    await ledger.refuses([existing('ann')], 'LEDGER', 'events[0].data.person');
  });
});
