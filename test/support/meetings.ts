import { v7 } from 'uuid';
import { GatedLedger } from './gated-ledger';
import type { Proposed } from './nz-club';
import { collect } from './events';
import { fold } from '../../src/kernel/projection';
import { meetingsProjection, type MeetingsReadState } from '../../src/contexts/meetings/projection';

/**
 * Pinner BC (`club-pinner`, pinner-2018 from 2018-01-01) with `n` Full members m01 … mNN
 * (elected 2010), and a Temporary member `temp`; its officers recorded from 2018-01-01:
 * chairman m01, vice-chairman m02, treasurer m03, secretary m04. Meetings facts on
 * `meetings-pinner`, as the secretary proposes them.
 */
export const MEETINGS = 'meetings-pinner';
export const member = (i: number) => `m${String(i).padStart(2, '0')}`;
export const members = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => member(from + i));

export function mfact(type: string, data: Record<string, unknown>, streamId = MEETINGS): Proposed {
  return {
    streamId,
    id: v7(),
    type,
    occurredAt: '2019-01-01T12:00:00+00:00',
    data: { clubId: 'pinner', ...data },
    metadata: {},
  };
}

/** The club, its register and its officers, as the secretary would append them. */
export function pinnerClubFacts(n = 30, overrides: Record<string, unknown> = {}): Proposed[] {
  return [
    mfact('ClubRegistered', { name: 'Pinner BC', timeZone: 'Europe/London' }, 'club-pinner'),
    mfact(
      'RulebookAdopted',
      { preset: 'pinner-2018', overrides, effectiveFrom: '2018-01-01' },
      'club-pinner',
    ),
    ...members(1, n).map((p) =>
      mfact(
        'ExistingMemberRecorded',
        { person: p, name: `Member ${p}`, electedOn: '2010-05-01', class: 'full' },
        'members-pinner',
      ),
    ),
    mfact(
      'TemporaryMembershipAccepted',
      { person: 'temp', name: 'A temporary member', on: '2018-02-01' },
      'members-pinner',
    ),
    ...(
      [
        ['chairman', 'm01'],
        ['vice-chairman', 'm02'],
        ['treasurer', 'm03'],
        ['secretary', 'm04'],
      ] as const
    ).map(([post, person]) => mfact('OfficerRecorded', { post, person, from: '2018-01-01' })),
  ];
}

export async function pinnerClub(
  n = 30,
  overrides: Record<string, unknown> = {},
): Promise<GatedLedger> {
  const ledger = new GatedLedger();
  for (const f of pinnerClubFacts(n, overrides)) await ledger.append(f);
  return ledger;
}

/** An AGM (or EGM) on `date`, called by the chairman 30 days before. */
export const called = (meetingId: string, date: string, more: Record<string, unknown> = {}) =>
  mfact('MeetingCalled', {
    meetingId,
    kind: 'agm',
    date,
    time: '19:30',
    venue: 'the club room',
    agenda: ['reports', 'elections', 'motions'],
    calledBy: 'm01',
    calledOn: dayBefore(date, 30),
    ...more,
  });

export const notice = (meetingId: string, displayedOn: string, motions: string[] = []) =>
  mfact('NoticeDisplayed', { meetingId, displayedOn, motions });

export const motion = (
  meetingId: string,
  motionId: string,
  receivedOn: string,
  more: Record<string, unknown> = {},
) =>
  mfact('MotionLodged', {
    meetingId,
    motionId,
    text: `Motion ${motionId}`,
    kind: 'ordinary',
    proposer: 'm05',
    seconder: 'm06',
    receivedOn,
    ...more,
  });

export const attendance = (meetingId: string, present: string[], chair = 'm01') =>
  mfact('AttendanceRecorded', { meetingId, chair, present });

export const vote = (
  meetingId: string,
  on: { motionId?: string; amendmentId?: string },
  forVotes: number,
  against: number,
  abstentions = 0,
) => mfact('VoteTaken', { meetingId, ...on, for: forVotes, against, abstentions });

export const nomination = (
  meetingId: string,
  nominationId: string,
  post: string,
  nominee: string,
  receivedOn: string,
  more: Record<string, unknown> = {},
) =>
  mfact('NominationReceived', {
    meetingId,
    nominationId,
    post,
    nominee,
    proposer: 'm07',
    seconder: 'm08',
    signedBy: ['m07', 'm08', nominee],
    receivedOn,
    displayedOn: receivedOn,
    ...more,
  });

/** The calendar day `days` before a date. */
export function dayBefore(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) - days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** The meetings read model folded from everything the ledger holds. */
export const meetingsReadModel = async (ledger: GatedLedger): Promise<MeetingsReadState> =>
  fold(meetingsProjection, await collect(ledger.store.readAll()));

/**
 * The 2019 AGM of the small club: a contested treasurer (m10 11, m11 8), an uncontested
 * secretary (m12), a change of section 22 carried 16–8 and one of section 27 lost 15–8.
 */
export function agmStory(): Proposed[] {
  const change = (motionId: string, section: string, newText: string) =>
    motion('agm19', motionId, '2019-02-01', { kind: 'constitution', section, newText });
  return [
    called('agm19', '2019-03-20'),
    change('mo1', '22', 'A quorum of fifteen Members.'),
    change('mo2', '27', 'An AGM at least once in every twelve months.'),
    nomination('agm19', 'n1', 'treasurer', 'm10', '2019-03-01'),
    nomination('agm19', 'n2', 'treasurer', 'm11', '2019-03-01'),
    nomination('agm19', 'n3', 'secretary', 'm12', '2019-03-01'),
    notice('agm19', '2019-03-01', ['mo1', 'mo2']),
    attendance('agm19', members(1, 25)),
    vote('agm19', { motionId: 'mo1' }, 16, 8),
    vote('agm19', { motionId: 'mo2' }, 15, 8),
    mfact('BallotHeld', {
      meetingId: 'agm19',
      post: 'treasurer',
      votes: [
        { nominee: 'm10', votes: 11 },
        { nominee: 'm11', votes: 8 },
      ],
    }),
  ];
}
