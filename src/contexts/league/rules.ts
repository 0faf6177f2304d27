import type { DecidedFact } from '../../kernel/decider';
import { presetOf, registerPreset } from '../../rulebooks/presets';
import type { Preset, Rulebook } from '../../rulebooks/rulebook';
import type { ClubContext } from '../club-context';
import type { LeagueState } from './domain/state';
import type { DivisionInput, DivisionTable, LeagueParams, MatchInput, MatchScore } from './model';

export type { LeagueParams } from './model';
import type {
  LeagueSeason,
  RecordedMatch,
  SeasonFact,
  SeasonInputs,
  SeasonReading,
} from './season';

/** The league's parameters in force on a club date (its organising club's rulebook then). */
export type ParamsOn = (day: string) => LeagueParams;

/**
 * What the league context needs of a league's rulebook. A league is run under its organising
 * club's rulebook in force (LeagueRegistered is refused unless that rulebook's preset scores one
 * of the registered league formats); from then on its facts are decided, its season read, its
 * matches scored and its divisions' tables computed by the rules registered for that format.
 * A ruleset registers its implementation with `registerLeagueRules` (src/rulesets/index.ts).
 */
export interface LeagueRules {
  /** The competition format a preset lists to run leagues under these rules. */
  readonly format: string;
  /**
   * The preset a club adopts to run a league under these rules (registered with them); its
   * parameters are read when the club's rulebook of a day scores no league.
   */
  readonly preset: Preset;
  /** The fact types whose decision reads the organising club's rulebook. */
  readonly readsClub: ReadonlySet<string>;
  /**
   * Decides a proposed fact of a registered league's stream: the fact, or a RuleViolation naming
   * the rule and the field. The context has already checked the stream's league is registered.
   */
  decide(fact: DecidedFact, state: LeagueState, club: ClubContext, paramsOn: ParamsOn): void;
  /** Every division's input to its table from the league's facts, as of `reading.asOf`. */
  seasonInputsOf(
    facts: readonly SeasonFact[],
    reading: SeasonReading,
    season: LeagueSeason,
  ): SeasonInputs;
  /** A division's table: rank, points, tie-breaks and every row explained. */
  divisionTable(input: DivisionInput, params: LeagueParams): DivisionTable;
  /** A recorded match scored board by board under the parameters of its day. */
  scoreRecorded(match: RecordedMatch, params: LeagueParams): MatchScore;
  /** A match result scored as recorded (a correction's content is checked by it). */
  scoreMatch(input: MatchInput, params: LeagueParams): MatchScore;
  /** The rule a corrected match's explanation names (its rulebook's corrections rule). */
  correctionRuleOf(params: LeagueParams): string;
  /** How the league's pages cite this rulebook's tie-break beside a level team's rank. */
  /**
   * What the rules ask of a match left unplayed, beyond its schema (a correction's content is
   * judged by it too), under the parameters of its day: throws a RuleViolation naming the field
   * of `data`, e.g. `data.offender`.
   */
  checkUnplayed?(data: Readonly<Record<string, unknown>>, params: LeagueParams): void;
  readonly cites: LeagueCitations;
  /** The rulebook's corrections and appeals deadlines, when the club's rulebook reads none. */
  readonly deadlineParams: LeagueParams;
}

/** The rule references a league page prints beside the numbers the rulebook computed. */
export interface LeagueCitations {
  /** The tie-break: its rule id, the row's short link text and its explanation's heading. */
  tieBreak: { rule: string; short: string; heading: string };
  /** The rule the rank follows (the division table's caption). */
  rank: string;
  /** The rule a match's IMPs follow, board by board (the match page's caption). */
  imps: string;
  /** A virtual fixture's rule (a match never played, scored by the rules). */
  virtual: string;
  /** The rule that scores a virtual fixture (the CLI's match line). */
  virtualScore: string;
  /** The rule that removes a team's matches from every table. */
  cancelled: string;
  /** The rules whose warnings carry no score. */
  warnings: string;
  /** What a recorded board says beyond its score: a table incomplete, a board not played, fouled. */
  incidents: { incomplete: string; absent: string; fouled: string };
  /** A match page's words for a match not played as scheduled. */
  status: { unplayed: string; lostByDefault: string; virtual: string };
}

const registered = new Map<string, LeagueRules>();

/**
 * Registers a league rulebook and its preset: a club adopting the preset runs its leagues under
 * these rules. One line (src/rulesets/index.ts, or a test's), and no other edit.
 */
export function registerLeagueRules(rules: LeagueRules): void {
  const known = registered.get(rules.format);
  if (known && known !== rules) throw new Error(`league format ${rules.format} is registered`);
  registerPreset(rules.preset);
  registered.set(rules.format, rules);
}

/** Whether the rules of any registered league format read the club's rulebook for a fact type. */
export function someRulesReadClub(type: string): boolean {
  for (const rules of registered.values()) if (rules.readsClub.has(type)) return true;
  return false;
}

/** The league formats registered, in registration order. */
export const leagueFormats = (): string[] => [...registered.keys()];

/** Whether a rulebook's preset scores a format. */
export const scoresFormat = (rulebook: Rulebook | undefined, format: string): boolean =>
  !!rulebook && (presetOf(rulebook.preset)?.formats.includes(format) ?? false);

/** The league rules a rulebook's preset scores, if it lists a registered league format. */
export function leagueRulesOf(rulebook: Rulebook | undefined): LeagueRules | undefined {
  for (const format of rulebook ? (presetOf(rulebook.preset)?.formats ?? []) : []) {
    const rules = registered.get(format);
    if (rules) return rules;
  }
  return undefined;
}

/** The rules registered for a format. */
export const leagueRulesFor = (format: string): LeagueRules | undefined => registered.get(format);

/**
 * The rules a league is run under: those of its organising club's rulebook in force on the
 * season's start (LeagueRegistered is refused without one). A rulebook history amended since so
 * that no league rulebook is in force then leaves the league to the first rules registered.
 */
export function rulesOfLeague(startRulebook: Rulebook | undefined): LeagueRules {
  const rules = leagueRulesOf(startRulebook) ?? registered.values().next().value;
  if (!rules) throw new Error('no league rules are registered (src/rulesets/index.ts)');
  return rules;
}
