import type { NzClubView } from './club/nz-play-limits';
import type { DecideOptions } from './competition/decide-options';

/**
 * What a decider may read beyond its own stream: the club's rulebook in force and its
 * club-wide counts, kept current by the append use case (the runner's read model in the
 * service, the gate's own index elsewhere).
 */
export interface ClubContext {
  /** What the deciders judge under the club's rulebook in force on a date (ruleset's options). */
  optionsOn(clubId: string, date: string): DecideOptions;
  /** The club-wide view the NZ-8e/NZ-10 limits read. */
  clubView(clubId: string): NzClubView;
}
