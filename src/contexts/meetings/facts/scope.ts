// What every general-meeting fact shares: its club's stream, the posts and kinds it names.
// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import { IsLedgerId } from '../../../kernel/ids';

export const MEETINGS_STREAM_PREFIX = 'meetings-';
/** A club's general meetings, officers and constitution: `meetings-<clubId>`. */
export const meetingsStreamId = (clubId: string) => `${MEETINGS_STREAM_PREFIX}${clubId}`;

/** PIN-C28: the officers of the club, and the committee's members. */
export const POSTS = ['chairman', 'vice-chairman', 'treasurer', 'secretary', 'committee'] as const;
export type Post = (typeof POSTS)[number];

/** An annual or an extraordinary general meeting (PIN-C27, PIN-C34). */
export const MEETING_KINDS = ['agm', 'egm'] as const;
export type MeetingKind = (typeof MEETING_KINDS)[number];

/**
 * What a motion decides, and so the majority it needs (PIN-C25, C26): a change of the
 * constitution, a requirement that an officer or committee member resign, anything else.
 */
export const MOTION_KINDS = ['ordinary', 'constitution', 'resignation'] as const;
export type MotionKind = (typeof MOTION_KINDS)[number];

/** The reports an AGM receives (PIN-C30, C31). */
export const REPORTS = ['chairman', 'accounts'] as const;

export class MeetingsScope {
  @IsLedgerId('clubId')
  clubId!: string;
}

export class MeetingScope extends MeetingsScope {
  @IsLedgerId('meetingId')
  meetingId!: string;
}
