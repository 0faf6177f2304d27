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

export async function pinnerClub(
  n = 30,
  overrides: Record<string, unknown> = {},
): Promise<GatedLedger> {
  const ledger = new GatedLedger();
  await ledger.append(
    mfact('ClubRegistered', { name: 'Pinner BC', timeZone: 'Europe/London' }, 'club-pinner'),
    mfact(
      'RulebookAdopted',
      { preset: 'pinner-2018', overrides, effectiveFrom: '2018-01-01' },
      'club-pinner',
    ),
  );
  await ledger.append(
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
  );
  await ledger.append(
    ...(
      [
        ['chairman', 'm01'],
        ['vice-chairman', 'm02'],
        ['treasurer', 'm03'],
        ['secretary', 'm04'],
      ] as const
    ).map(([post, person]) => mfact('OfficerRecorded', { post, person, from: '2018-01-01' })),
  );
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
