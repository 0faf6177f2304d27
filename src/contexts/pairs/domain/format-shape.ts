import type { DecideOptions } from './decide-options';
import type { CompetitionCreated, SessionResultRecorded } from './facts';
import { RuleViolation } from '../../../kernel/rule-violation';
import { sessionKey, type CompetitionState } from './state';

/**
 * Whether the club's rulebook in force on `day` (its options) could score a competition created
 * so: its format must be one the rulebook publishes (RULEBOOK, `data.format`), in the shape the
 * ruleset says its standings need (`FormatShape.created`: NZ-1, NZ-2, DSB-4, DSB-5, DSB-12.1,
 * at the field of CompetitionCreated). Undefined: scorable, or no rulebook in force that day
 * (nothing is judged). The competition decider asks it of each of a new competition's days,
 * the club decider of each day a rulebook fact changes for the club's competitions.
 */
export function shapeRefusalOn(
  c: CompetitionCreated,
  day: string,
  options: DecideOptions,
): RuleViolation | undefined {
  if (!options.formats) return undefined;
  const shape = options.formats[c.format];
  const inForce = `the ${options.rulebook ?? "club's"} rulebook in force on ${day}`;
  if (!shape) {
    return new RuleViolation(
      'RULEBOOK',
      `${c.format} is not a format of ${inForce} (${Object.keys(options.formats).join(', ')}): its standings could never be published`,
      'data.format',
    );
  }
  const refused = shape.created?.(c);
  return (
    refused && new RuleViolation(refused.rule, `${refused.reason} (${inForce})`, refused.field)
  );
}

/**
 * Whether the club's rulebook in force (its options) takes a recorded result of the
 * competition by its size: a pair plays at most the format's boards of a session
 * (`FormatShape.maxBoardsPlayed`: DSB-7, DSB-12.2) and sits out at most the session's rounds
 * (`sessionRounds`: DSB-22.5). The refusal names the rule and the field of
 * SessionResultRecorded; undefined: taken (or nothing to judge it by).
 */
export function resultSizeRefusal(
  c: CompetitionCreated,
  r: SessionResultRecorded,
  options: DecideOptions,
): RuleViolation | undefined {
  const most = options.formats?.[c.format]?.maxBoardsPlayed;
  if (most && r.boardsPlayed > most.boards) {
    return new RuleViolation(
      most.rule,
      `a pair plays at most ${most.boards} boards of a ${c.format} session, got ${r.boardsPlayed}`,
      'data.boardsPlayed',
    );
  }
  const rounds = options.sessionRounds;
  if (rounds !== undefined && r.sitOutRounds !== undefined && r.sitOutRounds > rounds) {
    return new RuleViolation(
      'DSB-22.5',
      `a session has ${rounds} rounds: a pair cannot sit out ${r.sitOutRounds}`,
      'data.sitOutRounds',
    );
  }
  return undefined;
}

/**
 * Every check the rulebook in force makes of a result the ledger holds: its size
 * (`resultSizeRefusal`) and whom it names of its pair (`FormatShape.result`: DSB-3, DSB-10.1).
 * The standings validate every result up to the last session counted under the rulebook in
 * force on that session's day, so a result taken under one rulebook must still be taken under
 * the rulebook of every later session's day.
 */
export function resultRefusal(
  state: CompetitionState,
  r: SessionResultRecorded,
  options: DecideOptions,
): RuleViolation | undefined {
  const c = state.competition!;
  const pair = state.pairs[r.pairId];
  if (!pair) return undefined;
  const substituted = (state.substitutes[sessionKey(r.session, r.pairId)] ?? []).length > 0;
  return (
    resultSizeRefusal(c, r, options) ??
    options.formats?.[c.format]?.result?.(r, pair.players, substituted)
  );
}

/**
 * Whether the competition could be scored on `day`, a day of its session `session`, under the
 * rulebook in force then (`options`): the standing after that session reads that rulebook for
 * the competition's shape (`shapeRefusalOn`), its pairs (`FormatShape.pair`) and every recorded result of that session and
 * the sessions before it (`resultRefusal`). The refusal names the rule, and the result it
 * could not score (undefined: scorable, or no rulebook in force that day).
 */
export function scorableRefusalOn(
  state: CompetitionState,
  session: number,
  day: string,
  options: DecideOptions,
): RuleViolation | undefined {
  const c = state.competition!;
  const shape = shapeRefusalOn(c, day, options);
  if (shape || !options.formats) return shape;
  for (const [pairId, pair] of Object.entries(state.pairs)) {
    const refused = options.formats[c.format]?.pair?.(pair.players);
    if (refused) {
      return new RuleViolation(
        refused.rule,
        `pair ${pairId} (${pair.players.join(', ')}): ${refused.reason} (the ${options.rulebook ?? "club's"} rulebook in force on ${day})`,
        refused.field,
      );
    }
  }
  for (const r of state.results) {
    if (r.session > session) continue;
    const refused = resultRefusal(state, r, options);
    if (refused) {
      return new RuleViolation(
        refused.rule,
        `the result of pair ${r.pairId} at session ${r.session}: ${refused.reason} (the ${options.rulebook ?? "club's"} rulebook in force on ${day})`,
        refused.field,
      );
    }
  }
  return undefined;
}
