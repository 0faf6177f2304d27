// A rubber-bridge evening as the duty member records it (PIN-R21..R25): the session opened,
// arrivals, tables made up, hands and rubbers completed, Table Up, Game Call, an agreed further
// rubber, a table that waits, two tables exchanging, a player retiring or going home.
// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  ValidateNested,
} from 'class-validator';
import { EachId, IsDay, IsLedgerId } from '../../../kernel/ids';
import { DrawData, RubberScope, SESSION_KINDS, TableScope, type SessionKind } from './scope';

/** The evening opened: its club, its day, its kind (R21 or R22) and its duty member. */
export class RubberSessionOpenedData extends RubberScope {
  @IsLedgerId('clubId')
  clubId!: string;

  @IsDay('day')
  day!: string;

  @IsIn(SESSION_KINDS, { message: 'kind must be partnership (PIN-R21) or cut-in (PIN-R22)' })
  kind!: SessionKind;

  /** PIN-R22: the member on duty, who may group players by standard. */
  @IsLedgerId('dutyMember')
  dutyMember!: string;
}

/** A pair (R21) or a player (R22) arrives and waits; a unit retired (R25) may come back. */
export class RubberUnitArrivedData extends RubberScope {
  @IsLedgerId('unit')
  unit!: string;

  /** The pair's two players, or the one player (whose id is the unit's). */
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(2)
  @ArrayUnique({ message: 'players must name each player once' })
  @EachId('players')
  players!: string[];
}

/**
 * A table made up from those waiting (R21, R22): all waiting cut when more are present than it
 * takes (`cut`: every waiting unit's card); or, at a cut-in session, the duty member's grouping
 * by standard (`groupedBy`), which overrides the cut.
 */
export class RubberTableMadeUpData extends TableScope {
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(4)
  @ArrayUnique({ message: 'units must name each unit once' })
  @EachId('units')
  units!: string[];

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => DrawData)
  cut?: DrawData[];

  @IsOptional()
  @IsLedgerId('groupedBy')
  groupedBy?: string;
}

/** A hand played to its end at a table. */
export class RubberHandCompletedData extends TableScope {}

/**
 * A rubber ended at a table: won, or (R24, `sevenHandRule`) ended at the seventh hand of a
 * session of two and a half tables or fewer, whatever its state. Each unit seated has played
 * one more rubber there.
 */
export class RubberCompletedData extends TableScope {
  @IsOptional()
  @IsBoolean()
  sevenHandRule?: boolean;
}

/**
 * "Table Up" (R23): the longest tenures leave for those waiting. `leaving` is who the duty
 * member sent; equal tenures at the boundary cut (`cut`), the lower to move. Those waiting take
 * the places in the order they wait.
 */
export class RubberTableUpCalledData extends TableScope {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(4)
  @ArrayUnique({ message: 'leaving must name each unit once' })
  @EachId('leaving')
  leaving!: string[];

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => DrawData)
  cut?: DrawData[];
}

/**
 * "Game Call" (R23): a table still playing (`table`), likely to complete its rubber with the
 * hand in play, calls it for a table at Table Up with none waiting (`for`). Its next hand
 * decides the outcome: its rubber completed, or not.
 */
export class GameCalledData extends TableScope {
  @IsLedgerId('for')
  for!: string;
}

/** R23: with none waiting and no successful Game Call, all four agree to one further rubber. */
export class FurtherRubberAgreedData extends TableScope {
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(4)
  @ArrayUnique({ message: 'agreedBy must name each player once' })
  @EachId('agreedBy')
  agreedBy!: string[];
}

/** R23: failing agreement to continue, the table's units all wait for the next Table Up. */
export class RubberTableWaitingData extends TableScope {}

/** The units one table sends to the other, and its draws where its longest tenures are equal. */
export class TableMoveData {
  @IsLedgerId('table')
  table!: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(2)
  @ArrayUnique({ message: 'units must name each unit once' })
  @EachId('units')
  units!: string[];

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => DrawData)
  cut?: DrawData[];
}

/**
 * R23: two tables have completed a rubber and none is waiting: the longest tenures at each (a
 * pair, or two players) exchange; equal tenures by cut, the lower to move.
 */
export class RubberTablesExchangedData extends RubberScope {
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(2)
  @ValidateNested({ each: true })
  @Type(() => TableMoveData)
  moves!: TableMoveData[];
}

/**
 * R25: a unit waiting that will not follow the rotation retires from the playing room; it may
 * arrive again after half an hour at the earliest.
 */
export class RubberUnitRetiredData extends RubberScope {
  @IsLedgerId('unit')
  unit!: string;
}

/** A unit waiting goes home: it leaves the rotation for the evening. */
export class RubberUnitLeftData extends RubberScope {
  @IsLedgerId('unit')
  unit!: string;
}
