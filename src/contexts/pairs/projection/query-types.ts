import type { Json } from '../../../rulebooks/rulebook';

/** What every standings answer carries: the competition, its sessions, its rulebook. */
export interface Heading {
  competitionId: string;
  name: string;
  clubId: string;
  season: string;
  format: string;
  /** Sessions held so far, and whether the standing is final. */
  afterSession: number;
  sessions: number;
  final: boolean;
  rulebook: { preset: string; effectiveFrom: string };
  /** The ledger position the answer is as of. */
  position: number;
}

export interface QueryOptions {
  /** An interim standing after this session. */
  afterSession?: number;
  /**
   * What-if: parameter overrides not stored in the ledger, applied to the rulebook of the event
   * and of each session. Not to `scoring.*`: board-scored sessions keep the stored settings.
   */
  whatIf?: Record<string, Json>;
}
