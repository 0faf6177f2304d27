import type { Rulebook } from '../rulebooks/rulebook';
import type { NzClubView } from './club/nz-play-limits';
import type { DecideOptions } from './competition/decide-options';
import type { CompetitionState } from './competition/state';

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
  /** The club-wide view the NZ-8e/NZ-10 limits read. */
  clubView(clubId: string): NzClubView;
  /** Whether the ledger registered the club (a ClubRegistered of it). */
  isRegistered(clubId: string): boolean;
  /**
   * Whether the club's roster registered the player (a PlayerRegistered, whatever the status:
   * a member, nominee, non-member or visitor). A status change alone does not register.
   */
  onRoster(clubId: string, playerId: string): boolean;
  /** The club's competitions, each folded as its stream holds it. */
  competitionsOf(clubId: string): readonly CompetitionState[];
}
