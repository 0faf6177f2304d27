import type { CompetitionCreated, SessionHeld, SessionResultRecorded } from './facts';
import type { RuleViolation } from '../../../kernel/rule-violation';

/**
 * What the competition deciders read of the club's rulebook in force on a session's day. Each
 * ruleset says how its parameters give these (`Ruleset.decideOptions`, src/rulesets/).
 */
export interface DecideOptions {
  /**
   * DSB-3: a partnership names its two players by this time on the session's day (club time,
   * HH:MM); undefined: no deadline (a rulebook with no partnerships of three to name).
   */
  namingDeadline?: string;
  /** DSB-10.1: a substitute must be notified before the session's planned start. */
  substituteNoticeBeforeStart: boolean;
  /**
   * DSB-4: the rounds of a session, the range of a sit-out match's rounds and of the rounds a
   * result sat out (DSB-22.5); undefined: the rulebook sets none, and a round is not checked.
   */
  sessionRounds?: number;
  /**
   * The formats the rulebook in force publishes standings for (its preset's `formats`), each
   * with the shape its standings need of a competition's facts (`Ruleset.shapes`): a fact the
   * standings could never score is refused when appended, naming the rule.
   * Undefined: no rulebook in force that day, and no shape is judged.
   */
  formats?: Readonly<Record<string, FormatShape>>;
  /** The preset of the rulebook in force, as a refusal names it; undefined with no rulebook. */
  rulebook?: string;
}

/**
 * What one format's standings need of a competition's facts, under a rulebook's parameters.
 * Each part is optional: a format that says nothing of a part is not judged on it. A refusal
 * names the rule and the field, as the standings' FactsNotScorable would have.
 */
export interface FormatShape {
  /**
   * A competition of this format that its standings could never score (NZ-1's ten sessions,
   * DSB-4's at most six, DSB-5's groups): the refusal, with the field of `CompetitionCreated`
   * (`data.sessions`, `data.format`, `data.groups`); undefined: accepted.
   */
  created?(c: CompetitionCreated): RuleViolation | undefined;
  /**
   * How many players a pair of this format has (DSB-3: `pairs.minMembers` to `maxMembers`, a
   * pair or a partnership of three): the refusal at `data.players`, or undefined.
   */
  pair?(players: readonly string[]): RuleViolation | undefined;
  /**
   * The refusal of a pair entering once sessions have been drawn (`drawn`: the sessions with a
   * BallotDrawn, none when empty; DSB-12.2: the draw seeds the field, every pair once), with the
   * field of `PairEntered`; undefined: the pair may enter.
   */
  entry?(pairId: string, drawn: readonly string[]): RuleViolation | undefined;
  /**
   * The refusal of any substitute in a competition of this format (NZ-3: an individual event
   * has none), with the field of `SubstitutePlayed`; undefined: substitutes are taken.
   */
  substitute?(c: CompetitionCreated): RuleViolation | undefined;
  /**
   * Who a result must name of its pair (DSB-3: two of a partnership's three; DSB-10.1: with a
   * substitute, one member beside the substitute), the players already checked to be the pair's
   * or its substitute's (NZ-7): the refusal at `data.players`, or undefined.
   */
  result?(
    r: SessionResultRecorded,
    members: readonly string[],
    substituted: boolean,
  ): RuleViolation | undefined;
  /**
   * How the sessions its standings read are scored from board results: `MP` (the default: a
   * pair's matchpoint percentage, STD-MP) or `BUTLER` (a pair's IMPs against the datum,
   * STD-BUTLER: DSB-16b's butler competition). A session scored otherwise cannot be linked.
   */
  scoringMethod?: 'MP' | 'BUTLER';
  /**
   * The competitions its pairs come from (DSB-16a: the butler competition is played with the
   * pairs of the pairs competitions): a pair entered must be one of a competition of these
   * formats of the club and season (the same players), else refused naming `rule`.
   */
  entriesFrom?: { formats: readonly string[]; rule: string };
  /** The most boards a pair plays in a session, and the rule (DSB-7: rounds × boards a round). */
  maxBoardsPlayed?: { boards: number; rule: string };
  /**
   * The refusal of a session held as `held` records it (PIN-R6: conventions restricted to
   * another licence level than the rulebook's for its day and start, without the committee's
   * decision), `startTime` its planned start; undefined: accepted.
   */
  held?(held: SessionHeld, startTime: string | undefined): RuleViolation | undefined;
  /**
   * The rule whose verdicts read a session's day once it is scored (NZ-5: the roster on the
   * day and the rulebook in force then): a scored session cannot be moved to another day.
   */
  sessionDay?: string;
  /**
   * The rule whose verdicts read a player's status on the club's roster in this format (NZ-5:
   * a partner who is not a club member; NZ-8 in the other NZ events: C points, visitors): a
   * substitute the roster never registered is refused, naming it, as its status would be
   * guessed. Undefined: no rule of the format reads the roster (DSB: DSB-10.2(4) reads the
   * competition), and a substitute need not be registered.
   */
  playerStatus?: string;
}

/**
 * With no rulebook to go by (none in force that day, or a rulebook that sets none of these):
 * no deadline, no range of rounds and no format's shape is the club's, so none is judged. The
 * standings of such a competition are refused until a rulebook is adopted
 * (NoApplicableRulebook).
 */
export const NO_RULEBOOK_OPTIONS: DecideOptions = Object.freeze({
  substituteNoticeBeforeStart: false,
});
