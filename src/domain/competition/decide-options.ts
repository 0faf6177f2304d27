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
   * DSB-4: the rounds of a session, the range of a sit-out match's rounds (DSB-22.5);
   * undefined: the rulebook sets none, and a round is not checked against it.
   */
  sessionRounds?: number;
}

/**
 * With no rulebook to go by (none in force that day, or a rulebook that sets none of these):
 * no deadline and no range of rounds is the club's, so none is judged. The standings of such a
 * competition are refused until a rulebook is adopted (NoApplicableRulebook).
 */
export const NO_RULEBOOK_OPTIONS: DecideOptions = Object.freeze({
  substituteNoticeBeforeStart: false,
});
