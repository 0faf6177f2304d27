/**
 * Pinner BC's duplicate sessions and special events as a pairs ruleset of the pinner-2018
 * rulebook: its two formats, the standings of each (./standings.ts), and the refusal of a
 * session held under another licence level than PIN-R6's without the committee's decision.
 */
import type { Preset } from '../../../rulebooks/rulebook';
import type { FormatShape } from '../../../contexts/pairs/domain/decide-options';
import { rulesOfSessions } from '../../../contexts/pairs/projection/query-context';
import type { DiffRows } from '../../../contexts/pairs/projection/diff-rows';
import type {
  FormatTable,
  Ruleset,
  StandingsBodies,
  StandingsRequest,
} from '../../../contexts/pairs/ruleset';
import { PINNER_FORMATS, type PinnerParams } from '../preset';
import { pinnerPreset } from '../registered-preset';
import { heldUnderAnotherLevel } from './licence';
import { pinnerStandings, type PinnerRow, type PinnerSession } from './standings';

declare module '../../../contexts/pairs/ruleset' {
  interface StandingsBodies {
    pinner: {
      kind: 'pinner';
      special: boolean;
      sessionLevels: PinnerSession[];
      rows: PinnerRow[];
    };
  }
}

const paramsOf = (p: unknown) => p as PinnerParams;

/** PIN-R6 and PIN-R13: a Pinner event's standings, each session's licence level shown. */
const pinnerTable: FormatTable<StandingsBodies['pinner']> = {
  standings({ state, competition, head, rulebook, options }: StandingsRequest) {
    const params = paramsOf(rulebook.params);
    const ofSession = rulesOfSessions(
      state,
      competition,
      params,
      options.whatIf,
      pinnerPreset.id,
      (r) => paramsOf(r.params),
    );
    const body = pinnerStandings({
      competition,
      upToSession: head.afterSession,
      roster: state.players[head.clubId] ?? {},
      visitors: params.visitors,
      conventionsOf: (session) => ofSession(session).conventions,
    });
    return { kind: 'pinner', ...body };
  },
  printed: (view) =>
    view.rows.map((r) => ({
      place: r.place,
      pair: r.pairId,
      total: r.total.toFixed(2),
      ...Object.fromEntries(
        r.sessions.map((s) => [
          `session ${s.session}`,
          s.percentage === null ? '—' : s.percentage.toFixed(2),
        ]),
      ),
      prize: `${r.prize.mayWin} (${r.prize.rule})`,
    })),
  diffRows(view) {
    const rows: DiffRows = new Map();
    for (const r of view.rows) {
      rows.set(r.pairId, {
        values: {
          place: r.place,
          total: r.total,
          mayWin: r.prize.mayWin,
          ...Object.fromEntries(r.sessions.map((s) => [`session ${s.session}`, s.percentage])),
        },
        explain: r.explain,
      });
    }
    return rows;
  },
};

/** PIN-R6: a session held under another level than the rulebook's, without a decision, is refused. */
function pinnerShapes(params: unknown): Readonly<Record<string, FormatShape>> {
  const { conventions } = paramsOf(params);
  const shape: FormatShape = {
    held: (held, startTime) => heldUnderAnotherLevel(held, startTime, conventions),
    // PIN-R13 reads each player's status on the roster on the days they played.
    playerStatus: 'PIN-R13',
  };
  return Object.fromEntries(PINNER_FORMATS.map((f) => [f, shape]));
}

export const pinnerPairsRuleset: Ruleset = {
  preset: pinnerPreset as unknown as Preset,
  shapes: pinnerShapes,
  tables: Object.fromEntries(PINNER_FORMATS.map((f) => [f, pinnerTable])),
};
