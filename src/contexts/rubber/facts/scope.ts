// What every rubber-session fact shares: its session's stream, the kinds of session, a cut's draw.
// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import { IsString, Matches } from 'class-validator';
import { IsInstant, IsLedgerId } from '../../../kernel/ids';

export const RUBBER_STREAM_PREFIX = 'rubber-';
/** One evening's rubber bridge at a club: `rubber-<sessionId>`. */
export const rubberStreamId = (sessionId: string) => `${RUBBER_STREAM_PREFIX}${sessionId}`;

/**
 * PIN-R21: a partnership session, where pairs arrive and a table is two pairs; PIN-R22: a cut-in
 * session, where players arrive and a table is four of them, who cut for partners.
 */
export const SESSION_KINDS = ['partnership', 'cut-in'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

/** The units a table seats: two pairs (R21), four players (R22). */
export const seatsOf = (kind: SessionKind) => (kind === 'partnership' ? 2 : 4);

export class RubberScope {
  @IsLedgerId('sessionId')
  sessionId!: string;

  /** When it happened in the playing room (the rotation is timed by it: PIN-R25's half hour). */
  @IsInstant('at')
  at!: string;
}

/** A table of the session, as the duty member numbers it: "1", "2" … */
export class TableScope extends RubberScope {
  @IsLedgerId('table')
  table!: string;
}

/** A card drawn in a cut, recorded so that a replay decides the same (PIN-R21..R23). */
export class DrawData {
  @IsLedgerId('unit')
  unit!: string;

  @IsString()
  @Matches(/^(10|[2-9JQKA])[SHDC]$/, {
    message: 'card must be a rank 2–10, J, Q, K, A and a suit S, H, D, C, e.g. "QS"',
  })
  card!: string;
}
