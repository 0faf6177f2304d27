// What every league fact shares: its stream, its league, and the values its fields take.
// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import { EachId, IsLedgerId } from '../../../kernel/ids';

export const LEAGUE_STREAM_PREFIX = 'league-';
/** A league's stream: `league-<leagueId>`. */
export const leagueStreamId = (leagueId: string) => `${LEAGUE_STREAM_PREFIX}${leagueId}`;

export const SIDES = ['home', 'away'] as const;
export const OFFENDERS = ['home', 'away', 'both'] as const;
/** The rules a match is left unplayed or defaulted under (LCBA-5.2, 5.3, 7.5; 8 scores it). */
export const UNPLAYED_RULES = ['LCBA-5.2', 'LCBA-5.3', 'LCBA-7.5', 'LCBA-8'] as const;
export const WARNING_LEVELS = ['warning', 'final'] as const;

export { EachId };

export class LeagueScope {
  @IsLedgerId('leagueId')
  leagueId!: string;
}
