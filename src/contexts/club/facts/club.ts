import { IsBoolean, IsIn, IsOptional, IsString, Length, Matches } from 'class-validator';
import type { EventDefinition, Upcaster } from '../../../kernel/catalogue';
import { classSchema } from '../../../kernel/class-schema';
import { ID_PATTERN } from '../../../kernel/ids';

class ClubRegisteredData {
  @Matches(ID_PATTERN, { message: 'clubId must be letters, digits and _ . : @ -' })
  clubId!: string;

  @IsString()
  @Length(1, 200)
  name!: string;

  /** IANA zone: deadlines (NZ-13, DSB-9.1) are club time. */
  @IsString()
  @Length(1, 64)
  timeZone!: string;
}

/**
 * A player's status at the club: the one vocabulary of the facts, the rosters and the NZ rules.
 * A nominee's form is posted: NZ-7 lets them play as a member. A non-member is the rules'
 * "guest from outside the Club" (NZ-5, NZ-8c); a visitor is NZ-10's.
 */
export const PLAYER_STATUSES = ['member', 'nominee', 'non-member', 'visitor'] as const;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];
export const NIGHTS = ['monday', 'tuesday', 'wednesday', 'thursday-afternoon'] as const;
export const NZ_RANKS = ['junior', 'intermediate', 'open'] as const;

/** What every version of PlayerRegistered says of the player, beside their status. */
class PlayerFields {
  @Matches(ID_PATTERN, { message: 'playerId must be letters, digits and _ . : @ -' })
  playerId!: string;

  @IsString()
  @Length(1, 200)
  name!: string;

  @IsOptional()
  @IsString()
  @Length(1, 40)
  nationalNumber?: string;

  /** NZ-8: the graded night the player normally plays. */
  @IsOptional()
  @IsIn(NIGHTS)
  homeNight?: (typeof NIGHTS)[number];

  /** NZ-8g: the player's NZCBA rank. */
  @IsOptional()
  @IsIn(NZ_RANKS)
  rank?: (typeof NZ_RANKS)[number];
}

/** Version 1: a member flag, no visitors. */
class PlayerRegisteredV1Data extends PlayerFields {
  @IsBoolean({ message: 'member must be true or false' })
  member!: boolean;
}

/** Version 2: a status; the club was the envelope's metadata.clubId. */
class PlayerRegisteredV2Data extends PlayerFields {
  @IsIn(PLAYER_STATUSES)
  status!: PlayerStatus;
}

class PlayerRegisteredData extends PlayerRegisteredV2Data {
  /** The club whose roster the player joins (v3; before, the envelope's metadata.clubId). */
  @Matches(ID_PATTERN, { message: 'clubId must be letters, digits and _ . : @ -' })
  clubId!: string;
}

/** Version 1: the club was the envelope's metadata.clubId. */
class PlayerStatusChangedV1Data {
  @Matches(ID_PATTERN, { message: 'playerId must be letters, digits and _ . : @ -' })
  playerId!: string;

  @IsIn(PLAYER_STATUSES)
  status!: PlayerStatus;

  @IsOptional()
  @IsString()
  @Length(1, 500)
  reason?: string;
}

class PlayerStatusChangedData extends PlayerStatusChangedV1Data {
  /** The club whose roster it is (v2; before, the envelope's metadata.clubId). */
  @Matches(ID_PATTERN, { message: 'clubId must be letters, digits and _ . : @ -' })
  clubId!: string;
}

/**
 * A roster fact of a version before the club was in its data: `clubId` from the envelope's
 * metadata.clubId, written first as today's writers write it. Without one the data is left as
 * it was (no reader knew its club; today's shape names the missing field).
 */
const withClubOfMetadata: Upcaster = (data, { metadata }) => {
  if (typeof metadata.clubId !== 'string') return data;
  const out: Record<string, unknown> = { clubId: metadata.clubId };
  for (const k in data) if (k !== 'clubId') out[k] = data[k];
  return out;
};

/** Each club fact's data as TypeScript sees it: its schema class. */
export interface ClubFactData {
  ClubRegistered: ClubRegisteredData;
  PlayerRegistered: PlayerRegisteredData;
  PlayerStatusChanged: PlayerStatusChangedData;
}

export type { ClubRegisteredData, PlayerRegisteredData, PlayerStatusChangedData };

export const clubEvents: Array<EventDefinition & { type: keyof ClubFactData }> = [
  {
    type: 'ClubRegistered',
    schemaVersion: 1,
    description: 'A club starts keeping its ledger: its id, name and time zone.',
    validate: classSchema(ClubRegisteredData),
  },
  {
    type: 'PlayerRegistered',
    schemaVersion: 3,
    description:
      'A player becomes known to the club as a member, a non-member or a visitor (v1 had only a member flag; v3 names the club in its data).',
    rules: ['NZ-5', 'NZ-10'],
    validate: classSchema(PlayerRegisteredData),
    older: {
      // v1 -> v2: visitors (NZ-10) needed a third status.
      1: {
        validate: classSchema(PlayerRegisteredV1Data),
        upcast: (v1) => {
          const v2: Record<string, unknown> = {};
          for (const k in v1) if (k !== 'member') v2[k] = v1[k];
          v2.status = v1.member ? 'member' : 'non-member';
          return v2;
        },
        replaces: ['member'],
      },
      // v2 -> v3: the club, read from the envelope's metadata.clubId, is in the data.
      2: { validate: classSchema(PlayerRegisteredV2Data), upcast: withClubOfMetadata },
    },
  },
  {
    type: 'PlayerStatusChanged',
    schemaVersion: 2,
    description:
      'A player becomes a nominee (form posted), a member, a non-member or a visitor from this date (v2 names the club in its data).',
    rules: ['NZ-7', 'NZ-10'],
    validate: classSchema(PlayerStatusChangedData),
    older: { 1: { validate: classSchema(PlayerStatusChangedV1Data), upcast: withClubOfMetadata } },
  },
];
