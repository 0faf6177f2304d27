import type { LeagueFactData } from '../../../contexts/league/facts/league';
import type { LeagueState } from '../../../contexts/league/domain/state';
import type { LcbaParams } from '../preset';

/** One fact type's check under the LCBA: throws a RuleViolation naming the rule and the field. */
export type Check<K extends keyof LeagueFactData> = (
  d: LeagueFactData[K],
  state: LeagueState,
  params: (day: string) => LcbaParams,
) => void;
