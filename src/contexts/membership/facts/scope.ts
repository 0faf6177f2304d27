// What every membership fact shares: its club's stream, the classes and roles it names.
// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import { IsLedgerId } from '../../../kernel/ids';

export const MEMBERS_STREAM_PREFIX = 'members-';
/** A club's membership stream: `members-<clubId>`. */
export const membersStreamId = (clubId: string) => `${MEMBERS_STREAM_PREFIX}${clubId}`;

/** The classes one applies for (PIN-C11: normally Full; Restricted is derived, Honorary invited). */
export const APPLIED_CLASSES = ['full', 'student', 'temporary', 'non-playing'] as const;
/** The classes a fact may record (Restricted is derived, PIN-R8). */
export const RECORDED_CLASSES = [
  'full',
  'student',
  'honorary',
  'temporary',
  'non-playing',
] as const;
export const SUPPORT_ROLES = ['proposer', 'seconder'] as const;

export const IsPerson = (what: string) => IsLedgerId(what);

export class MembershipScope {
  @IsLedgerId('clubId')
  clubId!: string;
}
