import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { v7 } from 'uuid';
import { registerMembershipRules } from '../../src/contexts/membership/rules';
import { registerMeetingsRules } from '../../src/contexts/meetings';
import { GatedLedger } from '../support/gated-ledger';
import { ledgerApp } from '../app/support';
import { riversideMembershipRules } from '../support/rulesets/riverside-membership';
import { riversideMeetingsRules } from '../support/rulesets/riverside-meetings';

// The lines that add a club's membership and meeting rules: nothing under src/ knows Riverside.
registerMembershipRules(riversideMembershipRules);
registerMeetingsRules(riversideMeetingsRules);

const fact = (streamId: string, type: string, data: Record<string, unknown>) => ({
  streamId,
  id: v7(),
  type,
  occurredAt: '2026-12-31T12:00:00+00:00',
  data: { clubId: 'riverside', ...data },
  metadata: {},
});
const meetings = (type: string, data: Record<string, unknown>) =>
  fact('meetings-riverside', type, data);
const PEOPLE = ['ann', 'bob', 'cat', 'dan', 'eve', 'fox'];

async function riverside(): Promise<GatedLedger> {
  const ledger = new GatedLedger();
  await ledger.append(
    fact('club-riverside', 'ClubRegistered', { name: 'Riverside BC', timeZone: 'Europe/London' }),
    fact('club-riverside', 'RulebookAdopted', {
      preset: 'test-riverside-2026',
      overrides: {},
      effectiveFrom: '2026-01-01',
    }),
  );
  await ledger.append(
    ...PEOPLE.map((person) =>
      fact('members-riverside', 'ExistingMemberRecorded', {
        person,
        name: `Member ${person}`,
        electedOn: '2020-01-01',
        class: 'full',
      }),
    ),
  );
  await ledger.append(
    meetings('MeetingCalled', {
      meetingId: 'agm26',
      kind: 'agm',
      date: '2026-06-10',
      time: '19:00',
      venue: 'the boathouse',
      agenda: ['motions'],
      calledBy: 'eve',
      calledOn: '2026-05-20',
    }),
    meetings('MotionLodged', {
      meetingId: 'agm26',
      motionId: 'm1',
      text: 'Change rule 2',
      kind: 'constitution',
      section: '2',
      newText: 'Every member is a Full member.',
      proposer: 'ann',
      seconder: 'bob',
      receivedOn: '2026-05-25',
    }),
    meetings('NoticeDisplayed', { meetingId: 'agm26', displayedOn: '2026-06-03', motions: ['m1'] }),
  );
  return ledger;
}

/**
 * A second club's constitution, living only under test/ and registered in one line, runs its
 * AGM through the same meetings context: Riverside BC's RIV-4 (any member calls it, 7 days'
 * notice, where Pinner's PIN-C20 and C21 ask the chairman and 14), RIV-5 (a quorum of 5) and
 * RIV-6 (a simple majority, the constitution's change too, where PIN-C25 asks two thirds).
 */
describe('RIV-4…RIV-6: a club’s meeting rules registered in one line run its AGM', () => {
  let app: NestExpressApplication | undefined;
  afterAll(() => app?.close());

  it('called by an ordinary member with 7 days’ notice, 5 present: the change of rule 2 carried 3–2 by RIV-6 (two thirds would not)', async () => {
    const ledger = await riverside();
    await ledger.append(
      meetings('AttendanceRecorded', {
        meetingId: 'agm26',
        chair: 'ann',
        present: PEOPLE.slice(0, 5),
      }),
      meetings('VoteTaken', {
        meetingId: 'agm26',
        motionId: 'm1',
        for: 3,
        against: 2,
        abstentions: 0,
      }),
    );
    app = await ledgerApp(ledger.store);
    const minutes = (
      await request(app.getHttpServer())
        .get('/clubs/riverside/meetings/agm26')
        .set('Accept', 'application/json')
        .expect(200)
    ).body;
    expect(minutes.quorum).toMatchObject({ quorum: 5, present: 5, rule: 'RIV-5' });
    expect(minutes.motions[0]).toMatchObject({ result: 'carried', rule: 'RIV-6' });
  });

  it('bad input: 4 present is below RIV-5’s quorum, and a stranger cannot call a meeting (RIV-4); nothing written', async () => {
    const ledger = await riverside();
    await ledger.append(
      meetings('AttendanceRecorded', {
        meetingId: 'agm26',
        chair: 'ann',
        present: PEOPLE.slice(0, 4),
      }),
    );
    await ledger.refuses(
      [
        meetings('VoteTaken', {
          meetingId: 'agm26',
          motionId: 'm1',
          for: 3,
          against: 1,
          abstentions: 0,
        }),
      ],
      'RIV-5',
      'events[0].data.meetingId',
    );
    await ledger.refuses(
      [
        meetings('MeetingCalled', {
          meetingId: 'egm26',
          kind: 'egm',
          date: '2026-08-10',
          time: '19:00',
          venue: 'the boathouse',
          agenda: ['x'],
          calledBy: 'stranger',
          calledOn: '2026-07-20',
        }),
      ],
      'RIV-4',
      'events[0].data.calledBy',
    );
  });
});
