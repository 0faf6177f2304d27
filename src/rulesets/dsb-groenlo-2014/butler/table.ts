// DSB-16a–d: the butler competition as a pairs-competition format of the DSB rulebook: its
// sessions scored from butler sessions (STD-BUTLER, the artificial scores of DSB-16d by the
// club's scoring settings), its pairs' absences and substitutes read from the competition.
import type { DiffRows } from '../../../contexts/pairs/projection/diff-rows';
import type {
  FormatTable,
  StandingsBodies,
  StandingsRequest,
} from '../../../contexts/pairs/ruleset';
import type { DsbParams } from '../preset';
import { butlerStandings, type ButlerPairInput, type ButlerRow } from './standings';

declare module '../../../contexts/pairs/ruleset' {
  interface StandingsBodies {
    butler: {
      kind: 'butler';
      /** Ranked by total IMPs, pairs level sharing a place (DSB-16b). */
      rows: ButlerRow[];
    };
  }
}

const key = (session: number, pairId: string) => `${session}:${pairId}`;

/**
 * Each entered pair's sessions up to `afterSession` (the sessions every pair's butler session
 * is in): played, its IMPs (with a substitute: in full, DSB-16c); else absent, notified
 * (an AbsenceNotified) or not (DSB-16c: −40 for the session).
 */
export function butlerInputOf(
  c: StandingsRequest['competition'],
  afterSession: number,
): ButlerPairInput[] {
  return Object.keys(c.pairs).map((pairId) => ({
    pairId,
    entries: Array.from({ length: afterSession }, (_, i) => {
      const session = i + 1;
      const k = key(session, pairId);
      const played = c.derivedImps?.[k];
      if (played) {
        const substituted = (c.substitutes[k]?.length ?? 0) > 0;
        return {
          session,
          kind: 'played' as const,
          imps: played.imps,
          ...(substituted ? { withSubstitute: true } : {}),
        };
      }
      return { session, kind: 'absent' as const, notified: c.absences[k] !== undefined };
    }),
  }));
}

export const butlerTable: FormatTable<StandingsBodies['butler']> = {
  standings({ competition: c, head, rulebook }: StandingsRequest) {
    const params = rulebook.params as unknown as DsbParams;
    return { kind: 'butler', rows: butlerStandings(butlerInputOf(c, head.afterSession), params) };
  },
  printed: (view) =>
    view.rows.map((r) => ({
      rank: r.place,
      pair: r.pairId,
      imps: r.total,
      sessions: r.sessions.length,
    })),
  diffRows(view): DiffRows {
    const rows: DiffRows = new Map();
    for (const r of view.rows) {
      rows.set(r.pairId, {
        values: {
          rank: r.place,
          imps: r.total,
          ...Object.fromEntries(r.sessions.map((s) => [`session ${s.session}`, s.imps])),
        },
        explain: r.sessions.map((s) => ({
          rule: s.because.rule,
          session: s.session,
          amount: s.imps,
        })),
      });
    }
    return rows;
  },
};
