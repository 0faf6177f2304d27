import type { DecidedFact } from '../../kernel/decider';
import type { Params } from '../../rulebooks/params';
import type { Rulebook } from '../../rulebooks/rulebook';
import type { TeamsEventState, TeamsPlay, TeamsStanding } from './model';

/**
 * What the teams context needs of a teams event's rulebook. An event is run under the rules of
 * the format it names (TeamsEventCreated's `format`), refused unless its organising club's
 * rulebook in force on its first day is one of the presets the rules read. A ruleset registers
 * its implementation with `registerTeamsRules` (src/rulesets/index.ts): one line, no other edit.
 */
export interface TeamsRules {
  /** The format an event names to be run under these rules (`nz-club-teams`). */
  readonly format: string;
  /** The rulebook presets whose parameters these rules read. */
  readonly presets: readonly string[];
  /**
   * The parameters the rules read, from a rulebook of one of `presets` (undefined: no such
   * rulebook in force, the rules' own preset's).
   */
  paramsOf(rulebook: Rulebook | undefined): Params;
  /**
   * How an event is played under these parameters (groups, Swiss, its repeats): read once, from
   * the rulebook in force on the event's first day, so an amendment does not re-shape an event
   * already under way (the context passes it to `standing`).
   */
  playOf(params: Params): TeamsPlay;
  /**
   * Decides a proposed fact of a created event, beyond what the context checks of every event
   * (teams entered, a match between two of them, the line-up's size, the Swiss pairing's
   * shape): throws a RuleViolation naming the rule and the field (`data.home.substitutes[1]`).
   * `event` is the event before the fact.
   */
  decide(fact: DecidedFact, event: TeamsEventState, params: Params): void;
  /**
   * The event's standing: every match scored, the teams ranked, every number explained, under
   * `params` (the rulebook of the event's latest day) played as `play` (its first day's). What
   * the deciders accepted it publishes: no fact accepted under an earlier rulebook is refused.
   */
  standing(event: TeamsEventState, params: Params, play: TeamsPlay): TeamsStanding;
  /** The VP a Swiss bye scores (DSB-16's reading), for the proposal's words. */
  byeVp?(params: Params): number;
}

const registered = new Map<string, TeamsRules>();

/** Registers a teams rulebook: an event naming its format is run under it. */
export function registerTeamsRules(rules: TeamsRules): void {
  const known = registered.get(rules.format);
  if (known && known !== rules) throw new Error(`teams format ${rules.format} is registered`);
  registered.set(rules.format, rules);
}

/** The rules registered for a format. */
export const teamsRulesFor = (format: string): TeamsRules | undefined => registered.get(format);

/** The teams formats registered, in registration order. */
export const teamsFormats = (): string[] => [...registered.keys()];

/** The teams formats a rulebook's preset runs (what an event of its club may name). */
export const teamsFormatsOf = (rulebook: Rulebook | undefined): string[] =>
  rulebook
    ? [...registered.values()]
        .filter((r) => r.presets.includes(rulebook.preset))
        .map((r) => r.format)
    : [];
