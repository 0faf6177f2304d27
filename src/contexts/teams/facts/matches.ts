// A teams event's play: the Swiss rounds paired (round 1 drawn), the matches recorded with their
// line-ups and substitutes, the matches defaulted (NZ-11).
// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsDefined,
  IsInt,
  IsNumber,
  IsOptional,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsDay, IsLedgerId } from '../../../kernel/ids';
import { EachId, TeamsScope } from './scope';

class PairedTable {
  @IsLedgerId('home')
  home!: string;

  @IsLedgerId('away')
  away!: string;
}

export class SwissRoundPairedData extends TeamsScope {
  /** Round 1 is the draw; each later round paired from the standings after the one before. */
  @IsInt()
  @Min(1)
  @Max(60)
  round!: number;

  @IsArray()
  @ArrayMinSize(1)
  @ValidateNested({ each: true })
  @Type(() => PairedTable)
  tables!: PairedTable[];

  /** The team sitting out (an odd number of teams), scored as the rulebook sets a bye. */
  @IsOptional()
  @IsLedgerId('bye')
  bye?: string;
}

/** A player who is not one of the team's entered players, seated for this match. */
class SubstituteData {
  @IsLedgerId('player')
  player!: string;

  /** The player they partnered at the table (NZ-15: two Tuesday players may not). */
  @IsLedgerId('partner')
  partner!: string;

  /** NZ-15: a substitute who is not a club member costs the team VP. */
  @IsBoolean({ message: 'clubMember must be true or false' })
  clubMember!: boolean;

  /** NZ-15: a Tuesday player (their home night, NZ-8a) costs VP in some events. */
  @IsBoolean({ message: 'tuesdayPlayer must be true or false' })
  tuesdayPlayer!: boolean;
}

/** One board of a match: the IMPs each side won on it (STD-IMP: one side, or neither). */
class BoardImps {
  @IsInt()
  @Min(1)
  @Max(64)
  board!: number;

  @IsInt()
  @Min(0)
  @Max(24)
  homeImps!: number;

  @IsInt()
  @Min(0)
  @Max(24)
  awayImps!: number;
}

class MatchSide {
  @IsLedgerId('teamId')
  teamId!: string;

  @IsInt()
  @Min(0)
  @Max(999)
  imps!: number;

  /** The four seated (a team of four at two tables); absent: the team's own players. */
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(8)
  @ArrayUnique({ message: 'players must name each player once' })
  @EachId('player')
  players?: string[];

  /** Each seated player who is not the team's own. */
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => SubstituteData)
  substitutes?: SubstituteData[];

  /** VP as the scorer recorded them, when the rulebook publishes no table to compute them. */
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'vp must be a number' })
  @Min(0)
  @Max(25)
  vp?: number;
}

/** A match of the event, played or defaulted: its id, its round and session. */
class MatchScope extends TeamsScope {
  @IsLedgerId('matchId')
  matchId!: string;

  /** The round of the event (a Swiss round, a group's round robin round). */
  @IsInt()
  @Min(1)
  @Max(60)
  round!: number;

  /** The session it was played in (NZ-14, NZ-16); the round's by default. */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(60)
  session?: number;
}

export class TeamsMatchRecordedData extends MatchScope {
  @IsDay('playedOn')
  playedOn!: string;

  @IsInt()
  @Min(1)
  @Max(64)
  boards!: number;

  @IsDefined()
  @ValidateNested()
  @Type(() => MatchSide)
  home!: MatchSide;

  @IsDefined()
  @ValidateNested()
  @Type(() => MatchSide)
  away!: MatchSide;

  /** The match board by board, when the scorer gives it: each board's IMPs to each side. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(64)
  @ValidateNested({ each: true })
  @Type(() => BoardImps)
  byBoard?: BoardImps[];
}

export class TeamsMatchDefaultedData extends MatchScope {
  @IsDay('scheduledOn')
  scheduledOn!: string;

  /** NZ-11: the team that defaulted scores the rulebook's defaulting VP. */
  @IsLedgerId('defaulting')
  defaulting!: string;

  @IsLedgerId('defaultedTo')
  defaultedTo!: string;
}
