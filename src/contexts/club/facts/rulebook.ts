import { IsDefined, IsObject, IsOptional, IsString, Length } from 'class-validator';
import type { EventDefinition } from '../../../kernel/catalogue';
import { classSchema } from '../../../kernel/class-schema';
import { presetIds } from '../../../rulebooks/presets';
import { IsDay, IsLedgerId, IsOneOf } from '../../../kernel/ids';

class RulebookAdoptedData {
  @IsLedgerId('clubId')
  clubId!: string;

  @IsOneOf(presetIds)
  preset!: string;

  /**
   * Dotted parameter paths and their values, e.g. { "tenSession.counted": 8 }. Only the shape
   * is checked here; whether each applies to the preset is checked on append (RULEBOOK, the
   * gate: src/contexts/club/domain/rulebook-facts.ts), since it depends on the club's history.
   */
  @IsObject()
  overrides!: Record<string, unknown>;

  @IsDay('effectiveFrom')
  effectiveFrom!: string;
}

class RulebookAmendedData {
  @IsLedgerId('clubId')
  clubId!: string;

  /** Dotted parameter paths and their values: checked against the club's rulebook on append. */
  @IsDefined()
  @IsObject()
  changes!: Record<string, unknown>;

  @IsDay('effectiveFrom')
  effectiveFrom!: string;

  @IsOptional()
  @IsString()
  @Length(1, 500)
  reason?: string;
}

/** Each rulebook fact's data as TypeScript sees it: its schema class. */
export interface RulebookFactData {
  RulebookAdopted: RulebookAdoptedData;
  RulebookAmended: RulebookAmendedData;
}

export type { RulebookAdoptedData, RulebookAmendedData };

export const rulebookEvents: Array<EventDefinition & { type: keyof RulebookFactData }> = [
  {
    type: 'RulebookAdopted',
    schemaVersion: 1,
    description: 'A club adopts a preset rulebook with its own overrides, from a date.',
    validate: classSchema(RulebookAdoptedData),
  },
  {
    type: 'RulebookAmended',
    schemaVersion: 1,
    description: 'The committee changes rulebook parameters from a date; replays recompute.',
    validate: classSchema(RulebookAmendedData),
  },
];
