import type { Rulebook } from '../rulebooks/rulebook';
import type { FieldIssue } from '../kernel/issues';
import type { RuleViolation } from '../kernel/rule-violation';
import type { CompetitionFact } from './pairs/domain/facts';
import type { DecideOptions } from './pairs/domain/decide-options';
import type { CompetitionState } from './pairs/domain/state';

/**
 * What a decider may read beyond its own stream: the club's registration, roster, rulebook in
 * force and competitions, and its club-wide counts, kept current by the append use case (the
 * runner's read model in the service, the gate's own index elsewhere).
 */
export interface ClubContext {
  /** What the deciders judge under the club's rulebook in force on a date (ruleset's options). */
  optionsOn(clubId: string, date: string): DecideOptions;
  /** What the deciders judge under a rulebook not stored yet (a proposed rulebook fact's). */
  optionsUnder(rulebook: Rulebook | undefined): DecideOptions;
  /**
   * The refusal, by the play limits the club's rules put on a player's plays over all its
   * competitions (NZ-8e, NZ-10: src/contexts/pairs/play-limits.ts), of a fact that seats a
   * player in the competition `state` (before the fact); undefined when it is permitted.
   */
  playLimitViolation(state: CompetitionState, fact: CompetitionFact): RuleViolation | undefined;
  /**
   * What the catalogue's schema of a fact type finds wrong with some data (a correction's
   * content is judged as the fact it corrects would be); undefined for a type it does not have.
   */
  factIssues(type: string, data: unknown): FieldIssue[] | undefined;
  /** Whether the ledger registered the club (a ClubRegistered of it). */
  isRegistered(clubId: string): boolean;
  /** The clubs and leagues the ledger registered, by id (to name them in a refusal). */
  registered?(): { clubs: string[]; leagues: string[] };
  /**
   * Whether the club's roster registered the player (a PlayerRegistered, whatever the status:
   * a member, nominee, non-member or visitor). A status change alone does not register.
   */
  onRoster(clubId: string, playerId: string): boolean;
  /** The club's competitions, each folded as its stream holds it. */
  competitionsOf(clubId: string): readonly CompetitionState[];
  /** The club's rulebook in force on a date (its `scoring` settings judge a scored session). */
  rulebookOn(clubId: string, date: string): Rulebook | undefined;
  /**
   * The club's scored sessions (session-… streams whose movement names the club): each one's
   * day, scoring method and its board with the most traveller lines (STD-NEUBERG's N).
   */
  sessionsOf(clubId: string): readonly ClubSession[];
  /** One scored session of the club (undefined: no movement recorded on that stream for it). */
  sessionOf(clubId: string, streamId: string): ClubSession | undefined;
  /**
   * A stored fact by its event id, as the ledger reads it (today's shape), when the decider
   * named it in `readsFacts` (a correction's target); undefined when none is stored.
   */
  factById?(eventId: string): StoredFact | undefined;
  /**
   * Why the decider of a stored fact's stream would refuse it with `data` in its place, judged
   * on that stream as it stood before the fact, at the fact's time (or `occurredAt`): a
   * correction's content is judged by the rules that judged the fact it corrects, so what an
   * accepted correction puts in a table is what the table could have been given. Undefined
   * when that decider accepts it, or when the fact was not read (`readsFacts`).
   */
  replacementViolation?(
    eventId: string,
    data: unknown,
    occurredAt?: string,
  ): RuleViolation | undefined;
  /**
   * The club a stored fact's stream belongs to, as the first fact of the stream before it that
   * names a club says (a teams event's TeamsEventCreated): known for the streams of the facts
   * the decider named in `readsFacts`; undefined otherwise.
   */
  clubOfStream?(streamId: string): string | undefined;
  /**
   * A stream's state as its own decider folds it, for a stream the deciding decider named in
   * `readsStreams` (read-only); undefined otherwise.
   */
  streamState?(streamId: string): unknown;
  /** The ledger's head position when the batch is judged (a publication's `atPosition`). */
  headPosition?(): number;
  /** The club's time zone (its ClubRegistered), e.g. `Pacific/Auckland`; undefined: unknown. */
  timeZoneOf?(clubId: string): string | undefined;
  /**
   * A league the ledger registered (its LeagueRegistered), with its organising club:
   * a league's corrections and appeals are judged by that club's rulebook in force and in its
   * time zone. Undefined: no such league (or a context that does not know leagues).
   */
  leagueOf?(leagueId: string): LeagueOrganiser | undefined;
}

/** A registered league's organising club (LeagueRegistered's `clubId`). */
export interface LeagueOrganiser {
  readonly clubId: string;
}

/** A stored fact as a decider reads it: where it is, what it is, when it happened. */
export interface StoredFact {
  readonly id: string;
  readonly streamId: string;
  readonly type: string;
  readonly data: unknown;
  readonly occurredAt: string;
  /** Its ledger position; absent for a fact a dry run accepted and nothing wrote yet. */
  readonly position?: number;
}

/** A scored session of a club, as a rulebook fact is judged against it. */
export interface ClubSession {
  readonly streamId: string;
  readonly date: string;
  readonly scoringMethod: 'MP' | 'BUTLER' | 'CROSS_IMP';
  /**
   * The board with the most traveller lines, and how many (0: none recorded yet): `all` of
   * them, and those of the `field` (sit-out lines against a phantom left out).
   */
  readonly mostLines: {
    readonly all: { readonly board: number; readonly lines: number };
    readonly field: { readonly board: number; readonly lines: number };
  };
}
