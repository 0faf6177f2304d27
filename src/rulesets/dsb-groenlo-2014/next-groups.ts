import { dsbGroenlo2014 } from '../../rulebooks/presets/dsb-groenlo-2014';
import { nextGroups, type GroupMove } from '../../standings/dsb';
import { wlDecisions } from '../../projections/competitions/dsb-input';
import {
  expectPreset,
  heading,
  WrongRulebookError,
  type Heading,
  type QueryOptions,
} from '../../projections/competitions/query-context';
import { dsbRosterOf, finalRankingOf, inPlay } from './context';
import type { CompetitionsState } from '../../projections/competitions/state';

/** DSB-8: every pair's group for the next competition, with the reasons. Final standings only. */
export function nextGroupsOf(
  state: CompetitionsState,
  competitionId: string,
  options: QueryOptions = {},
): Heading & { moves: GroupMove[] } {
  const { c, head, rulebook } = heading(state, competitionId, { whatIf: options.whatIf });
  expectPreset(rulebook, dsbGroenlo2014.id, competitionId, head.format);
  if (head.format !== 'dsb-pairs')
    throw new WrongRulebookError(competitionId, head.format, 'DSB-8 promotion');
  const moves = head.final
    ? nextGroups(
        inPlay(rulebook, c.competition!.groups),
        dsbRosterOf(state, c),
        wlDecisions(c),
        finalRankingOf(state, c, inPlay(rulebook, c.competition!.groups), options.whatIf),
      )
    : [];
  return { ...head, moves };
}
