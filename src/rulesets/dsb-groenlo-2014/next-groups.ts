import { dsbGroenlo2014 } from './preset';
import { nextGroups, type GroupMove } from './standings';
import { wlDecisions } from './dsb-input';
import {
  expectPreset,
  heading,
  WrongRulebookError,
  type Heading,
  type QueryOptions,
} from '../../contexts/pairs/projection/query-context';
import {
  correctionNotesOf,
  correctionRulesOf,
  withCorrectionNotes,
} from '../../contexts/pairs/projection/corrections';
import { dsbRosterOf, finalRankingOf, inPlay } from './context';
import type { CompetitionsState } from '../../contexts/pairs/projection/state';

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
  if (!head.final) return { ...head, moves: [] };
  const params = inPlay(rulebook, c.competition!.groups);
  const moves = nextGroups(
    params,
    dsbRosterOf(state, c),
    wlDecisions(c),
    finalRankingOf(state, c, params, options.whatIf),
  );
  // A move read from a final standing an accepted correction or an appeal upheld
  // changed names, for its pair, the original fact, the correction or appeal, and the rule.
  const notes = correctionNotesOf(
    state,
    c,
    correctionRulesOf(rulebook.params, { correction: 'DSB-20.3', appeal: 'DSB-20.3' }),
  );
  return { ...head, moves: withCorrectionNotes(moves, notes, (m) => m.pairId) };
}
