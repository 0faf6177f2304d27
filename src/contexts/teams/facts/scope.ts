// What every teams-event fact shares: its stream, its event, and the values its fields take.
// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import { EachId, IsLedgerId } from '../../../kernel/ids';

export const TEAMS_STREAM_PREFIX = 'teams-';
/** A teams event's stream: `teams-<eventId>`. */
export const teamsStreamId = (eventId: string) => `${TEAMS_STREAM_PREFIX}${eventId}`;

export { EachId };

export class TeamsScope {
  @IsLedgerId('eventId')
  eventId!: string;
}
