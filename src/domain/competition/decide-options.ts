import type { Params, Rulebook } from '../../rulebooks/rulebook';
import { dsbGroenlo2014, type DsbParams } from '../../rulebooks/presets/dsb-groenlo-2014';
import { nzClub, type NzClubParams } from '../../rulebooks/presets/nz-club';

/** What the competition deciders read of the club's rulebook in force on a session's day. */
export interface DecideOptions {
  /**
   * DSB-3: a partnership names its two players by this time on the session's day (club time,
   * HH:MM); undefined: no deadline (a rulebook with no partnerships of three to name).
   */
  namingDeadline?: string;
  /** DSB-10.1: a substitute must be notified before the session's planned start. */
  substituteNoticeBeforeStart: boolean;
  /** DSB-4: the rounds of a session, the range of a sit-out match's rounds (DSB-22.5). */
  sessionRounds: number;
}

const dsbOptions = (p: DsbParams): DecideOptions => ({
  namingDeadline: p.pairs.namingDeadline,
  substituteNoticeBeforeStart: p.substitutes.noticeBeforeStart,
  sessionRounds: p.pairsCompetition.rounds,
});

/**
 * With no rulebook to go by (none in force that day, or `decide` called without one): the
 * dsb-groenlo-2014 preset's, the one rulebook of the ledger that has these rules.
 */
export const DEFAULT_DECIDE_OPTIONS: DecideOptions = Object.freeze(
  dsbOptions(dsbGroenlo2014.params),
);

/**
 * The decide options of a rulebook (its preset with the club's overrides and the amendments
 * in force): each preset names where it keeps them. The nz-club rules have no partnerships to
 * name and no notice time for a substitute (`substituteNoticeBeforeStart`, false), and no
 * sit-out matches between groups (the default rounds stand). Another preset: the defaults.
 */
export function decideOptionsOf(rulebook: Rulebook<Params> | undefined): DecideOptions {
  switch (rulebook?.preset) {
    case dsbGroenlo2014.id:
      return dsbOptions(rulebook.params as unknown as DsbParams);
    case nzClub.id: {
      const p = rulebook.params as unknown as NzClubParams;
      return {
        substituteNoticeBeforeStart: p.substituteNoticeBeforeStart,
        sessionRounds: DEFAULT_DECIDE_OPTIONS.sessionRounds,
      };
    }
    default:
      return DEFAULT_DECIDE_OPTIONS;
  }
}
