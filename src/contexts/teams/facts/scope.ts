// What every teams-event fact shares: its stream, its event, and the values its fields take.
// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import { Matches } from 'class-validator';
import { ID_PATTERN, IsLedgerId } from '../../../kernel/ids';

export const TEAMS_STREAM_PREFIX = 'teams-';
/** A teams event's stream: `teams-<eventId>`. */
export const teamsStreamId = (eventId: string) => `${TEAMS_STREAM_PREFIX}${eventId}`;

export const EachId = (what: string) =>
  Matches(ID_PATTERN, {
    each: true,
    message: `each ${what} must be letters, digits and _ . : @ -`,
  });

export class TeamsScope {
  @IsLedgerId('eventId')
  eventId!: string;
}
