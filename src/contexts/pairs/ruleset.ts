import type { Json, Params, Preset, Rulebook } from '../../rulebooks/rulebook';
import type { DecideOptions, FormatShape } from './domain/decide-options';
import type { CompetitionState } from './domain/state';
import type { CompetitionsState } from './projection/state';
import type { Heading, QueryOptions } from './projection/query-types';
import type { DiffRows } from './projection/diff-rows';

/**
 * The bodies of the standings the registered rulesets publish, by kind. Each ruleset adds its
 * own by declaration merging in its folder (`declare module '…/rulesets/ruleset'`), so a new
 * ruleset widens `StandingsView` without editing this file.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface StandingsBodies {}

export type StandingsBody = StandingsBodies[keyof StandingsBodies];

/** A competition's standings: the heading every table shares, and its ruleset's body. */
export type StandingsView = Heading & StandingsBody;

/** What a standings table is computed from: the facts, the competition, and its rulebook. */
export interface StandingsRequest {
  state: CompetitionsState;
  /** The competition, its board-scored sessions' percentages derived. */
  competition: CompetitionState;
  head: Heading;
  /** The rulebook in force on the day of the last session counted. */
  rulebook: Rulebook;
  options: QueryOptions;
}

/**
 * The C-point views of the rulesets that award C points, by ruleset: each adds its own by
 * declaration merging in its folder, as `StandingsBodies`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface CPointsViews {}

export type CPointsView = CPointsViews[keyof CPointsViews];

/** What a C-point table is computed from: the facts and a competition of one of its formats. */
export interface CPointsRequest {
  state: CompetitionsState;
  competitionId: string;
  /** Only this session (1-based), already checked against the competition's sessions. */
  session?: number;
  /** What-if: parameter overrides not stored in the ledger. */
  whatIf?: Record<string, Json>;
}

/**
 * The C points (NZ-8: the club's masterpoints) a ruleset awards in its formats' competitions,
 * session by session, each under the rulebook in force on the session's day.
 */
export interface CPointsTable<V = CPointsView> {
  /** The rule, named when a competition of another format asks for C points ('NZ-8 C points'). */
  rule: string;
  cPoints(request: CPointsRequest): V;
  /** Its rows as a diff compares them: each player's total, each session's awards. */
  diffRows(view: V): DiffRows;
}

/**
 * The club championship views of the rulesets that publish one, by ruleset: each adds its own
 * by declaration merging in its folder, as `StandingsBodies`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ChampionshipViews {}

/** What every club championship answer carries: the club, the season, the rulebook, the position. */
export interface ChampionshipHeading {
  clubId: string;
  season: string;
  /** The competitions it reads (finished ones, for DSB-11). */
  competitions: string[];
  rulebook: { preset: string; effectiveFrom: string };
  position: number;
}

export type ChampionshipView = ChampionshipHeading & ChampionshipViews[keyof ChampionshipViews];

/** What a club championship is computed from: the facts, the club and the season. */
export interface ChampionshipRequest {
  state: CompetitionsState;
  clubId: string;
  season: string;
  options: QueryOptions;
}

/**
 * A club's championship of a season over its competitions (DSB-11): `GET
 * /clubs/:clubId/championship`, `championship`, and the what-if and diff of it.
 */
export interface ChampionshipTable<V = ChampionshipView> {
  /** The rule, named in a refusal ('DSB-11 club championship'). */
  rule: string;
  championship(request: ChampionshipRequest): V;
  /** Its rows as the club prints them (CLI table and CSV). */
  printed(view: V): PrintedRow[];
  /** Its rows as a diff compares them: each pair's season row, each placing award. */
  diffRows(view: V): DiffRows;
}

/** A row as the club prints it (CLI table and CSV); the explanations live in the JSON. */
export type PrintedRow = Record<string, string | number | null>;

/** How one competition format is published under a ruleset. */
export interface FormatTable<B extends StandingsBody = StandingsBody> {
  standings(request: StandingsRequest): B;
  /** What a final standing carries beside its rows when published (DSB-8: each pair's next group). */
  publishedFinal?(
    state: CompetitionsState,
    competitionId: string,
    options?: QueryOptions,
  ): Record<string, unknown>;
  printed(view: Heading & B): PrintedRow[];
  /** Its rows as a diff compares them (numbers by field, and the explanation behind them). */
  diffRows(view: Heading & B): DiffRows;
}

/**
 * A rulebook and what it publishes: its preset (parameters, and the formats a club can create
 * competitions in) and, for each format, its standings table.
 */
export interface Ruleset {
  preset: Preset;
  /**
   * What the competition deciders read of this rulebook (deadlines, rounds), from the
   * parameters in force; without it, none is judged (NO_RULEBOOK_OPTIONS).
   */
  decideOptions?(params: Params): DecideOptions;
  /**
   * What each of its formats needs of a competition's facts under the parameters in force
   * (sessions, groups, substitutes, boards), so that a fact its standings could never score is
   * refused at append, naming the rule (`FormatShape`). A format left out is
   * judged on nothing but being one of the preset's formats.
   */
  shapes?(params: Params): Readonly<Record<string, FormatShape>>;
  /** The C points it awards in its formats' competitions (`GET …/c-points`, `c-points`). */
  cPoints?: CPointsTable;
  /** The club championship of a season it publishes (one ruleset publishes it). */
  championship?: ChampionshipTable;
  // A table of any one body: each format names its own.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  tables: Readonly<Record<string, FormatTable<any>>>;
}
