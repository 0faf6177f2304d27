import {
  applyRulebookFact,
  buildRulebookHistory,
  type RulebookFactRecord,
} from '../../../rulebooks/rulebook-facts';
import type { Json, Rulebook, RulebookHistory } from '../../../rulebooks/rulebook';
import { scoringSettingsOf } from '../../../rulebooks/scoring-params';
import type { ClubContext, ClubSession } from '../../club-context';
import { scorableRefusalOn } from '../../pairs';
import { sessionDateOf, type CompetitionState } from '../../pairs';
import { RuleViolation } from '../../../kernel/rule-violation';

/**
 * Parameters that are a club time of day (HH:MM), which the deciders compare as text with a
 * fact's club time (DSB-3, DSB-9.1): the rulebook takes any string for them, so a value such
 * as `noon` or `9:00` would silently move the deadline.
 */
const CLOCK_PARAMS = ['pairs.namingDeadline', 'absence.noticeDeadline'];
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A clock parameter set by `changes` (by its path, or within its group) to a string not HH:MM. */
function badClock(changes: Record<string, Json>): { key: string; value: string } | undefined {
  for (const path of CLOCK_PARAMS) {
    const [group, leaf] = path.split('.') as [string, string];
    const whole = changes[group];
    const inGroup =
      whole !== null && typeof whole === 'object' && !Array.isArray(whole)
        ? whole[leaf]
        : undefined;
    const value = changes[path] ?? inGroup;
    if (typeof value === 'string' && !CLOCK.test(value)) {
      return { key: path in changes ? path : group, value };
    }
  }
  return undefined;
}

/**
 * RULEBOOK: may these rulebook facts of a club be written? The club's history is built from
 * the facts the ledger holds (one that cannot be applied, written before this check, is left
 * out: the rulebook a reader can use), then each proposed fact is applied in order, as every
 * reader will apply it. The first that cannot be applied is refused: a change the parameter
 * does not take or a path naming no parameter (`data.changes["scoring.factoring"]`,
 * `data.overrides[…]` for an adoption; the reason names the dotted path, the `scoring` group
 * checked value by value, a deadline (CLOCK_PARAMS) as HH:MM), an unknown preset
 * (`data.preset`), an amendment with no rulebook adopted by its date (`data.effectiveFrom`). Pure: the append gate supplies the facts.
 *
 * Returns the refused fact's place among `proposed` and the violation (its field relative to
 * the fact), or undefined when every proposed fact applies.
 */
export function rulebookFactsViolation(
  existing: readonly RulebookFactRecord[],
  proposed: readonly RulebookFactRecord[],
): { index: number; violation: RuleViolation } | undefined {
  const history = buildRulebookHistory(existing, { unusable: 'skip' });
  for (const [index, fact] of proposed.entries()) {
    const clock = badClock(fact.changes);
    if (clock) {
      const container = fact.kind === 'adopted' ? 'overrides' : 'changes';
      return {
        index,
        violation: new RuleViolation(
          'RULEBOOK',
          `a deadline is a club time HH:MM (e.g. 12:00), not ${JSON.stringify(clock.value)}`,
          `data.${container}[${JSON.stringify(clock.key)}]`,
        ),
      };
    }
    const problem = applyRulebookFact(history, fact);
    if (problem) {
      return {
        index,
        violation: new RuleViolation('RULEBOOK', problem.message, `data.${problem.field}`),
      };
    }
  }
  return undefined;
}

/**
 * The field of a rulebook fact a refusal of its effect names: an amendment's one change
 * (`data.changes["tenSession.sessions"]`), else its changes; an adoption's preset when the
 * format is not the preset's, else its overrides.
 */
function fieldOf(fact: RulebookFactRecord, refused: RuleViolation): string {
  if (fact.kind === 'adopted') {
    return refused.field === 'data.format' ? 'data.preset' : 'data.overrides';
  }
  const keys = Object.keys(fact.changes);
  return keys.length === 1 ? `data.changes[${JSON.stringify(keys[0])}]` : 'data.changes';
}

/**
 * A rulebook fact may not make a competition of the club already created unscorable: for every competition of the club, each of its sessions whose day (as held,
 * else planned) is on or after the fact's `effectiveFrom` is judged under the rulebook in force
 * that day once the fact is applied, as the standing after that session will read it
 * (`scorableRefusalOn`): the shape a new competition is judged by (the ruleset's
 * `FormatShape.created`, the format published), and every result recorded up to that session
 * by the checks a new result passes (`maxBoardsPlayed`, `sessionRounds`, `FormatShape.result`),
 * those of sessions before `effectiveFrom` too, since that standing validates them all under
 * that day's rulebook. Refused, naming the rule (NZ-1, DSB-4, DSB-5, DSB-7, DSB-3, RULEBOOK …)
 * and the competition, when a session scorable before the fact is not after it; a competition unscorable already (written before
 * shapes were checked) does not block the club's rulebook. `existing` are the club's rulebook
 * facts (those that cannot be applied left out), `proposed` one that applies to them.
 */
export function strandedCompetition(
  existing: readonly RulebookFactRecord[],
  proposed: RulebookFactRecord,
  clubId: string,
  club: ClubContext,
): RuleViolation | undefined {
  const competitions = club.competitionsOf(clubId);
  if (competitions.length === 0) return undefined;
  const before = buildRulebookHistory(existing, { unusable: 'skip' });
  const after = buildRulebookHistory([...existing, proposed], { unusable: 'skip' });
  const options = new Map<string, ReturnType<ClubContext['optionsUnder']>>();
  const under = (history: RulebookHistory, key: string, day: string) => {
    const k = `${key} ${day}`;
    if (!options.has(k)) options.set(k, club.optionsUnder(history.inForce(day)));
    return options.get(k)!;
  };
  for (const c of competitions) {
    const created = c.competition!;
    for (const { session, day } of sessionsFrom(c, proposed.effectiveFrom)) {
      const refused = scorableRefusalOn(c, session, day, under(after, 'after', day));
      if (!refused || scorableRefusalOn(c, session, day, under(before, 'before', day))) continue;
      return new RuleViolation(
        refused.rule,
        `competition ${created.competitionId} (${created.format}, ${created.sessions.length} sessions) could no longer be scored from ${day}: ${refused.reason}`,
        fieldOf(proposed, refused),
      );
    }
  }
  return undefined;
}

/**
 * A competition's sessions whose day (as held, else planned) is on or after `from`, by day
 * and then number: the standing after each reads the rulebook in force on its day.
 */
function sessionsFrom(c: CompetitionState, from: string): Array<{ session: number; day: string }> {
  const out: Array<{ session: number; day: string }> = [];
  for (const s of c.competition!.sessions) {
    const day = sessionDateOf(c, s.session);
    if (day !== undefined && day >= from) out.push({ session: s.session, day });
  }
  return out.sort((a, b) => (a.day === b.day ? a.session - b.session : a.day < b.day ? -1 : 1));
}

/**
 * STD-NEUBERG: a fixed `scoring.neubergExpected` below the lines of a session's fullest board,
 * counted as the rulebook's `scoring.sitOutLines` counts them, or undefined (it can apply).
 */
function neubergOverflow(
  rulebook: Rulebook | undefined,
  session: ClubSession,
): { n: number; board: number; lines: number } | undefined {
  if (!rulebook) return undefined;
  let settings: ReturnType<typeof scoringSettingsOf>;
  try {
    settings = scoringSettingsOf(rulebook.params);
  } catch {
    return undefined; // a scoring group the engine refuses: rulebookFactsViolation names it
  }
  const n = settings.neubergExpected;
  const most =
    settings.sitOutLines === 'out-of-field' ? session.mostLines.field : session.mostLines.all;
  return typeof n === 'number' && most.lines > n ? { n, ...most } : undefined;
}

/**
 * STD-NEUBERG: a rulebook fact may not set `scoring.neubergExpected` (or
 * `scoring.sitOutLines`) so that N is below the lines of a board already recorded in a
 * matchpoint session of the club on or after its `effectiveFrom`: that session could no longer
 * be scored (its standing would be an error). A session already unscorable before the fact
 * does not block it. Refused naming the session, the board, and the setting's field.
 */
export function overfullSession(
  existing: readonly RulebookFactRecord[],
  proposed: RulebookFactRecord,
  clubId: string,
  club: ClubContext,
): RuleViolation | undefined {
  const sessions = club
    .sessionsOf(clubId)
    .filter((s) => s.scoringMethod === 'MP' && s.date >= proposed.effectiveFrom)
    .sort((a, b) =>
      a.date === b.date ? (a.streamId < b.streamId ? -1 : 1) : a.date < b.date ? -1 : 1,
    );
  if (sessions.length === 0) return undefined;
  const before = buildRulebookHistory(existing, { unusable: 'skip' });
  const after = buildRulebookHistory([...existing, proposed], { unusable: 'skip' });
  for (const s of sessions) {
    const over = neubergOverflow(after.inForce(s.date), s);
    if (!over || neubergOverflow(before.inForce(s.date), s)) continue;
    return new RuleViolation(
      'STD-NEUBERG',
      `scoring.neubergExpected ${over.n} from ${proposed.effectiveFrom} is below the ${over.lines} lines recorded on board ${over.board} of session ${s.streamId} (${s.date}): N is at least the results on a board, so that session could no longer be scored`,
      neubergField(proposed),
    );
  }
  return undefined;
}

/** Where a rulebook fact sets N: by its path, the sit-out setting, its group, or its changes. */
function neubergField(fact: RulebookFactRecord): string {
  const container = fact.kind === 'adopted' ? 'overrides' : 'changes';
  for (const key of ['scoring.neubergExpected', 'scoring.sitOutLines', 'scoring']) {
    if (key in fact.changes) return `data.${container}[${JSON.stringify(key)}]`;
  }
  return `data.${container}`;
}
