// A teams event and its entries: the event created under its club's rulebook, the teams entered
// (four to six players, a captain, a handicap where the event has one), the director's handicap
// adjustments (NZ-16).
// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Length,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsDay, IsLedgerId } from '../../../kernel/ids';
import { EachId, TeamsScope } from './scope';

/** The event's handicap range: a team's handicap (entered or adjusted) lies within it. */
class HandicapRange {
  @IsNumber(
    { allowNaN: false, allowInfinity: false },
    { message: 'handicaps.min must be a number' },
  )
  min!: number;

  @IsNumber(
    { allowNaN: false, allowInfinity: false },
    { message: 'handicaps.max must be a number' },
  )
  max!: number;
}

export class TeamsEventCreatedData extends TeamsScope {
  /** The organising club: its rulebook in force on `startsOn` runs the event. */
  @IsLedgerId('clubId')
  clubId!: string;

  @IsString()
  @Length(1, 200)
  name!: string;

  /**
   * The teams rules the event is run under (a format the club's rulebook scores:
   * `nz-club-teams`, `dsb-viertallen`).
   */
  @IsString()
  @Length(1, 60)
  format!: string;

  /**
   * The club's named competition the event is one year of (`gladys-palmer-teams`,
   * `ed-hillary-teams`): NZ-15 penalises Tuesday players in some of them.
   */
  @IsOptional()
  @IsLedgerId('series')
  series?: string;

  @IsDay('startsOn')
  startsOn!: string;

  /** NZ-14 counts player-sessions over these; DSB-15 plays four. */
  @IsInt()
  @Min(1)
  @Max(60)
  sessions!: number;

  /** A handicap event (the Gladys Palmer Teams, NZ-11, NZ-16): every entry gives a handicap. */
  @IsOptional()
  @ValidateNested()
  @Type(() => HandicapRange)
  handicaps?: HandicapRange;
}

export class TeamEnteredData extends TeamsScope {
  @IsLedgerId('teamId')
  teamId!: string;

  @IsString()
  @Length(1, 200)
  name!: string;

  /** Four to six players: a team of four with up to two reserves. */
  @IsArray()
  @ArrayMinSize(4)
  @ArrayMaxSize(6)
  @ArrayUnique({ message: 'players must name each player once' })
  @EachId('player')
  players!: string[];

  @IsLedgerId('captain')
  captain!: string;

  /** The team's handicap, in a handicap event (within the event's range). */
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'handicap must be a number' })
  handicap?: number;

  /** The team's group, in an event played in fixed groups (DSB-15). */
  @IsOptional()
  @IsLedgerId('group')
  group?: string;
}

class HandicapSet {
  @IsLedgerId('teamId')
  teamId!: string;

  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'handicap must be a number' })
  handicap!: number;
}

export class TeamHandicapAdjustedData extends TeamsScope {
  /** NZ-16: for this session only. */
  @IsInt()
  @Min(1)
  @Max(60)
  session!: number;

  /** NZ-16: both teams of the match, each with its handicap for the session. */
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(2)
  @ValidateNested({ each: true })
  @Type(() => HandicapSet)
  teams!: HandicapSet[];

  @IsString()
  @Length(1, 500)
  reason!: string;
}

export class TeamsBallotDrawnData extends TeamsScope {
  /** NZ-12: the teams the chain could not separate. */
  @IsArray()
  @ArrayMinSize(2)
  @ArrayUnique({ message: 'teams must name each team once' })
  @EachId('team')
  teams!: string[];

  /** The order drawn, first placed first: the same teams. */
  @IsArray()
  @ArrayMinSize(2)
  @ArrayUnique({ message: 'order must name each team once' })
  @EachId('team')
  order!: string[];
}
