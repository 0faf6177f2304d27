// A league's structure: registered, divisions, teams entered, fined and placed, the
// structure published, fixtures, RR3 elections (LCBA-2, LCBA-A).
// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
} from 'class-validator';
import { IsDay, IsInstant, IsLedgerId } from '../../../kernel/ids';

import { LeagueScope } from './scope';

export class LeagueRegisteredData extends LeagueScope {
  /** The organising club (the LCBA): its rulebook in force is the league's. */
  @IsLedgerId('clubId')
  clubId!: string;

  @IsString()
  @Length(1, 200)
  name!: string;

  /** e.g. `2009-10`. */
  @IsString()
  @Length(1, 20)
  season!: string;

  @IsDay('seasonStart')
  seasonStart!: string;

  @IsDay('seasonEnd')
  seasonEnd!: string;
}

export class DivisionFormedData extends LeagueScope {
  /** LCBA-2.2: one hierarchy, 1 the strongest. */
  @IsInt()
  @Min(1)
  @Max(30)
  division!: number;

  @IsOptional()
  @IsString()
  @Length(1, 100)
  name?: string;
}

export class LeagueTeamEnteredData extends LeagueScope {
  @IsLedgerId('teamId')
  teamId!: string;

  @IsLedgerId('club')
  club!: string;

  /** The team's letter within its club: A ranks above B in one division (LCBA-4.4). */
  @Matches(/^[A-Z]$/, { message: 'letter must be one capital letter A–Z' })
  letter!: string;

  @IsString()
  @Length(1, 200)
  name!: string;

  @IsString()
  @Length(1, 200)
  captain!: string;

  @IsString()
  @Length(1, 200)
  venue!: string;

  /** When the application reached the secretary (LCBA-2.1: late after the entry deadline). */
  @IsDay('enteredOn')
  enteredOn!: string;
}

export class LateEntryFinedData extends LeagueScope {
  @IsLedgerId('teamId')
  teamId!: string;

  /** LCBA-2.1: up to `season.lateEntryMaxFine` VP (checked on append). */
  @IsNumber({ maxDecimalPlaces: 1, allowNaN: false, allowInfinity: false })
  @Min(0.5)
  @Max(100)
  vp!: number;

  @IsDay('finedOn')
  finedOn!: string;

  @IsString()
  @Length(1, 200)
  by!: string;
}

export class TeamPlacedData extends LeagueScope {
  @IsLedgerId('teamId')
  teamId!: string;

  @IsInt()
  @Min(1)
  @Max(30)
  division!: number;
}

export class LeagueStructurePublishedData extends LeagueScope {
  /** LCBA-2.5: the appeal window (the corrections context's AppealLodged) runs from it. */
  @IsInstant('publishedAt')
  publishedAt!: string;

  @IsString()
  @Length(1, 200)
  by!: string;
}

export class FixtureScheduledData extends LeagueScope {
  @IsLedgerId('fixtureId')
  fixtureId!: string;

  /** Round robin 1 or 2 (home and away, LCBA-2.2), or 3 (LCBA-A, a real match). */
  @IsIn([1, 2, 3])
  round!: 1 | 2 | 3;

  @IsLedgerId('home')
  home!: string;

  @IsLedgerId('away')
  away!: string;

  /** The date originally scheduled (LCBA-5.5 reads it; a rearrangement does not change it). */
  @IsDay('scheduled')
  scheduled!: string;
}

export class Rr3ElectionMadeData extends LeagueScope {
  @IsLedgerId('teamId')
  teamId!: string;

  /** Whether the team plays RR3 (LCBA-A2). */
  @IsBoolean()
  elects!: boolean;

  /** When the secretary was informed (LCBA-A2: by `rr3.electionDeadline`). */
  @IsDay('informedOn')
  informedOn!: string;
}
