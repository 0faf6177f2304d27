import type { DecidedFact } from '../../kernel/decider';
import { rulesRegistry } from '../../rulebooks/rules-registry';
import type { Preset, Rulebook } from '../../rulebooks/rulebook';
import type { BallotHeldData, VoteTakenData } from './facts/business';
import type { Post } from './facts/scope';
import type { MeetingRecord, MeetingsState } from './domain/state';

/** A member on the register on a day, and their class then (who votes is the rules' to say). */
export interface MemberOnDay {
  person: string;
  class?: string;
}

/**
 * What a club's meeting rules read beside the meetings stream: the register (the membership
 * context's, as of a day) and the officers in office (derived from the stream by the context).
 */
export interface MeetingsView {
  /** Every member on the register that day (all classes), each with their class. */
  membersOn(day: string): readonly MemberOnDay[];
  /** The officers and committee members in office on a day, by post. */
  officersOn(day: string): Partial<Record<Post, readonly string[]>>;
}

/** A vote's result as the rules derive it, and why. */
export interface VoteResult {
  passed: boolean;
  /** The rule that decided it (PIN-C25, PIN-C26, PIN-C24 for a tie). */
  rule: string;
  because: string;
}

/** A ballot's elected nominees, and why. */
export interface BallotResult {
  elected: string[];
  rule: string;
  because: string;
}

export interface QuorumJudgement {
  quorum: number;
  /** Members present who count towards it. */
  present: number;
  quorate: boolean;
  rule: string;
  because: string;
}

/** A deadline the rules set for a meeting to be held (PIN-C27's AGM, PIN-C34's EGM). */
export interface DueBy {
  by: string;
  rule: string;
  because: string;
}

/**
 * What the meetings context needs of a club's constitution: to decide each fact of the club's
 * meetings stream, and to derive what the minutes publish (quorum, results, elected officers,
 * the meetings due). A ruleset registers its implementation with `registerMeetingsRules`
 * (src/rulesets/index.ts); another club's constitution is another ruleset.
 */
export interface MeetingsRules {
  readonly name: string;
  /** Its preset (registered with it): its `meetings` group is the default. */
  readonly preset: Preset;
  /** Whether a club's rulebook in force is read by these rules. */
  appliesTo(rulebook: Rulebook | undefined): boolean;
  /**
   * Decides a fact of a registered club's meetings stream on its own day: returns when it is
   * accepted, throws a RuleViolation naming the rule and the field.
   */
  decide(
    fact: DecidedFact,
    state: MeetingsState,
    view: MeetingsView,
    rulebook: Rulebook | undefined,
  ): void;
  /** The quorum of a meeting and whether its attendance meets it. */
  quorum(
    meeting: MeetingRecord,
    view: MeetingsView,
    rulebook: Rulebook | undefined,
  ): QuorumJudgement;
  /** A vote's result: the majority its motion needs, a tie's casting vote. */
  voteResult(
    meeting: MeetingRecord,
    vote: VoteTakenData,
    rulebook: Rulebook | undefined,
  ): VoteResult;
  /** Who a ballot elects. */
  ballotResult(ballot: BallotHeldData, rulebook: Rulebook | undefined): BallotResult;
  /** The latest day the next AGM may be held, after one held on `previous`. */
  agmDueBy(previous: string, rulebook: Rulebook | undefined): DueBy;
  /** The latest day an EGM requested on `receivedOn` must be called by. */
  egmDueBy(receivedOn: string, rulebook: Rulebook | undefined): DueBy;
}

const registry = rulesRegistry<MeetingsRules>('meetings');

/** Registers a club's meeting rules and their preset. One line, and no other edit. */
export const registerMeetingsRules = (rules: MeetingsRules): void => registry.register(rules);

/** The rules a club's rulebook in force is read by; undefined when none registered applies. */
export const meetingsRulesFor = (rulebook: Rulebook | undefined): MeetingsRules | undefined =>
  registry.for(rulebook);
