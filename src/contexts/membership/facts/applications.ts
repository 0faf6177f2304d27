// An application for membership: applied, proposed, signed, displayed, supported, objected
// to, considered, elected or rejected (PIN-C3 to C9, PIN-R7).
// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import { IsBoolean, IsIn, IsOptional, IsString, Length } from 'class-validator';
import { IsDay, IsLedgerId } from '../../../kernel/ids';

import { APPLIED_CLASSES, IsPerson, MembershipScope, SUPPORT_ROLES } from './scope';

/** PIN-C8: how an objection reached the chairman. */
export const OBJECTION_FORMS = ['written', 'oral'] as const;

class ApplicationScope extends MembershipScope {
  @IsLedgerId('applicationId')
  applicationId!: string;
}

export class MembershipAppliedData extends ApplicationScope {
  @IsPerson('person')
  person!: string;

  @IsString()
  @Length(1, 200)
  name!: string;

  /** PIN-C3: the candidate's date of birth, or `over16Declared` when it is not given. */
  @IsOptional()
  @IsDay('birthDate')
  birthDate?: string;

  @IsOptional()
  @IsBoolean({ message: 'over16Declared must be true or false' })
  over16Declared?: boolean;

  /** PIN-C11: normally Full. */
  @IsIn(APPLIED_CLASSES)
  classApplied!: (typeof APPLIED_CLASSES)[number];

  @IsDay('appliedOn')
  appliedOn!: string;
}

export class ApplicationProposedData extends ApplicationScope {
  /** PIN-C5: one member proposes, another seconds; both members in good standing that day. */
  @IsPerson('proposer')
  proposer!: string;

  @IsPerson('seconder')
  seconder!: string;

  @IsDay('on')
  on!: string;
}

export class ApplicationSignedData extends ApplicationScope {
  /** PIN-R7: the committee member who finds the candidate's standard of play satisfactory. */
  @IsPerson('by')
  by!: string;

  @IsDay('on')
  on!: string;
}

export class ApplicationDisplayedData extends ApplicationScope {
  /** PIN-C6: displayed in the club from this day. */
  @IsDay('on')
  on!: string;
}

export class SupportWithdrawnData extends ApplicationScope {
  /** PIN-C7: the proposer or the seconder withdraws, before the election. */
  @IsIn(SUPPORT_ROLES)
  role!: (typeof SUPPORT_ROLES)[number];

  @IsDay('on')
  on!: string;
}

export class SupportReplacedData extends ApplicationScope {
  /** PIN-C7: another member proposes or seconds; the display restarts from this day. */
  @IsIn(SUPPORT_ROLES)
  role!: (typeof SUPPORT_ROLES)[number];

  @IsPerson('by')
  by!: string;

  @IsDay('on')
  on!: string;
}

export class ObjectionLodgedData extends ApplicationScope {
  /** PIN-C8: a member's written and signed objection to the chairman, with its grounds in full. */
  @IsPerson('by')
  by!: string;

  @IsDay('on')
  on!: string;

  @IsString()
  @Length(1, 5000)
  grounds!: string;

  /**
   * PIN-C8: how the objection was made. Only one "in writing and signed by the member" counts;
   * an oral or unsigned one is recorded all the same and shown as invalid. Absent: written and
   * signed (what the fact meant before it said so).
   */
  @IsOptional()
  @IsIn(OBJECTION_FORMS)
  form?: (typeof OBJECTION_FORMS)[number];

  @IsOptional()
  @IsBoolean({ message: 'signed must be true or false' })
  signed?: boolean;
}

export class ApplicationConsideredData extends ApplicationScope {
  @IsDay('on')
  on!: string;
}

export class MemberElectedData extends ApplicationScope {
  /** PIN-C4: the committee elects; Restricted for the first year from this day (PIN-R8). */
  @IsDay('on')
  on!: string;
}

/** PIN-C9: rejected without a reason; none is stored. PIN-R9: never admitted after. */
export class ApplicationRejectedData extends ApplicationScope {
  @IsDay('on')
  on!: string;
}
