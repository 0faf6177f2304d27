import { IsIn, IsOptional, IsString, Length, Matches } from 'class-validator';
import type { EventDefinition } from '../catalogue';
import { classSchema } from '../class-schema';

const ID = /^[A-Za-z0-9][A-Za-z0-9_.:@-]{0,99}$/;

class ClubRegisteredData {
  @Matches(ID, { message: 'clubId must be letters, digits and _ . : @ -' })
  clubId!: string;

  @IsString()
  @Length(1, 200)
  name!: string;

  /** IANA zone: deadlines (NZ-13, DSB-9.1) are club time. */
  @IsString()
  @Length(1, 64)
  timeZone!: string;
}

export const PLAYER_STATUSES = ['member', 'non-member', 'visitor'] as const;

class PlayerRegisteredData {
  @Matches(ID, { message: 'playerId must be letters, digits and _ . : @ -' })
  playerId!: string;

  @IsString()
  @Length(1, 200)
  name!: string;

  @IsIn(PLAYER_STATUSES)
  status!: (typeof PLAYER_STATUSES)[number];

  @IsOptional()
  @IsString()
  @Length(1, 40)
  nationalNumber?: string;
}

export const clubEvents: EventDefinition[] = [
  {
    type: 'ClubRegistered',
    schemaVersion: 1,
    description: 'A club starts keeping its ledger: its id, name and time zone.',
    validate: classSchema(ClubRegisteredData),
  },
  {
    type: 'PlayerRegistered',
    schemaVersion: 2,
    description:
      'A player becomes known to the club as a member, a non-member or a visitor (v1 had only a member flag).',
    rules: ['NZ-5', 'NZ-10'],
    validate: classSchema(PlayerRegisteredData),
    upcasters: {
      // v1 { playerId, name, member: boolean } -> v2: visitors (NZ-10) needed a third status.
      1: ({ member, ...rest }) => ({ ...rest, status: member ? 'member' : 'non-member' }),
    },
  },
];
