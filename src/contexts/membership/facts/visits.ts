// Who played at the club: sessions played, visitors' partners asked, guests' NZCBA numbers
// checked, ranks recorded (PIN-R10, PIN-R12, NZ-8, NZ-10).
// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsDefined,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Length,
  ValidateNested,
} from 'class-validator';
import { NZ_RANKS } from '../../club';
import { IsDay, IsLedgerId } from '../../../kernel/ids';

import { IsPerson, MembershipScope } from './scope';

class PlayedEvent {
  @IsLedgerId('event.id')
  id!: string;

  /** PIN-R13: a special event pays enhanced prize money, which visitors do not win. */
  @IsBoolean({ message: 'event.special must be true or false' })
  special!: boolean;
}

export class SessionPlayedAtClubData extends MembershipScope {
  @IsPerson('person')
  person!: string;

  @IsDay('date')
  date!: string;

  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => PlayedEvent)
  event!: PlayedEvent;

  /** PIN-R12: the adult member supervising a player under 16. */
  @IsOptional()
  @IsPerson('supervisedBy')
  supervisedBy?: string;

  /** A visitor's date of birth, when given (PIN-R12: the register knows members'). */
  @IsOptional()
  @IsDay('birthDate')
  birthDate?: string;

  @IsOptional()
  @IsString()
  @Length(1, 200)
  name?: string;
}

export class VisitorPartnerAskedData extends MembershipScope {
  /** NZ-8d: the member the Secretary asked to play with a visitor. */
  @IsPerson('member')
  member!: string;

  @IsPerson('visitor')
  visitor!: string;

  @IsDay('date')
  date!: string;
}

export class GuestNzcbaNumberCheckedData extends MembershipScope {
  /** NZ-8c: a guest from outside the club qualifies for C points with a valid NZCBA number. */
  @IsPerson('guest')
  guest!: string;

  @IsString()
  @Length(1, 40)
  number!: string;

  @IsBoolean({ message: 'valid must be true or false' })
  valid!: boolean;

  @IsDay('checkedOn')
  checkedOn!: string;
}

export class NzcbaRankRecordedData extends MembershipScope {
  /** NZ-8g: the player's NZCBA rank from a date. */
  @IsPerson('person')
  person!: string;

  @IsIn(NZ_RANKS)
  rank!: (typeof NZ_RANKS)[number];

  @IsDay('from')
  from!: string;
}
