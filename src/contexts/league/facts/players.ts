// A league's players: registered, paid, nominated, approved for two clubs, warned, in a
// match's line-up (LCBA-4).
// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsDay, IsLedgerId } from '../../../kernel/ids';

import { EachId, LeagueScope, WARNING_LEVELS } from './scope';

export class LeaguePlayerRegisteredData extends LeagueScope {
  @IsLedgerId('playerId')
  playerId!: string;

  @IsString()
  @Length(1, 200)
  name!: string;
}

export class SubscriptionPaidData extends LeagueScope {
  @IsLedgerId('playerId')
  playerId!: string;

  /** LCBA-4.1/4.2: a paid-up member from this day; before it, a non-member. */
  @IsDay('paidOn')
  paidOn!: string;
}

export class TeamNominatedData extends LeagueScope {
  @IsLedgerId('teamId')
  teamId!: string;

  /** LCBA-4.4: `players.nominated` (eight) players (checked on append). */
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @ArrayUnique({ message: 'players must name each player once' })
  @EachId('player')
  players!: string[];

  @IsDay('receivedOn')
  receivedOn!: string;

  /** LCBA-4.5: nominations change only with the LMSC's consent: who gave it. */
  @IsOptional()
  @IsString()
  @Length(1, 200)
  changeConsentedBy?: string;
}

export class TwoClubsApprovedData extends LeagueScope {
  @IsLedgerId('playerId')
  playerId!: string;

  /** LCBA-4.3: the clubs the player may play for this season. */
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(5)
  @ArrayUnique({ message: 'clubs must name each club once' })
  @EachId('club')
  clubs!: string[];

  @IsDay('approvedOn')
  approvedOn!: string;
}

export class SubscriptionWarningIssuedData extends LeagueScope {
  @IsLedgerId('playerId')
  playerId!: string;

  /** LCBA-4.2: a warning, then a final warning (its 14 days run from `issuedOn`). */
  @IsIn(WARNING_LEVELS)
  level!: (typeof WARNING_LEVELS)[number];

  @IsDay('issuedOn')
  issuedOn!: string;
}

export class LineUpPlayer {
  @IsLedgerId('playerId')
  playerId!: string;

  /** Boards played: required for each when more than eight played for the team (LCBA-6.8). */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(24)
  boards?: number;
}

export class MatchLineUpRecordedData extends LeagueScope {
  @IsLedgerId('fixtureId')
  fixtureId!: string;

  @IsDay('playedOn')
  playedOn!: string;

  @IsArray()
  @ArrayMaxSize(16)
  @ValidateNested({ each: true })
  @Type(() => LineUpPlayer)
  home!: LineUpPlayer[];

  @IsArray()
  @ArrayMaxSize(16)
  @ValidateNested({ each: true })
  @Type(() => LineUpPlayer)
  away!: LineUpPlayer[];
}
