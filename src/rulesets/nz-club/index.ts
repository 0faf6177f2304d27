import { nzClub, type NzClubParams } from './preset';
import { problemOf, type Preset } from '../../rulebooks/rulebook';
import { checkNzClubParams } from './params-check';
import { nzStandings, type NzStanding } from './standings';
import { nzCPoints } from './c-points';
import { nzEligibilityOf } from './eligibility';
import { nzInput } from './input';
import { withPrizes } from './prizes';
import { nzShapes } from './shape';
import { nzStandingsRows } from './diff-rows';
import { rulesOfSessions } from '../../contexts/pairs/projection/query-context';
import {
  correctionNotesOf,
  correctionRulesOf,
  withCorrectionNotes,
} from '../../contexts/pairs/projection/corrections';
import type {
  FormatTable,
  Ruleset,
  StandingsBodies,
  StandingsRequest,
} from '../../contexts/pairs/ruleset';

declare module '../../contexts/pairs/ruleset' {
  interface StandingsBodies {
    nz: { kind: 'nz'; rows: NzStanding[] };
  }
}

const pct = (hundredths: number) => (hundredths / 100).toFixed(2);

/** NZ-1 … NZ-9: a pairs or individual event's standings, each row explained. */
const nzTable: FormatTable<StandingsBodies['nz']> = {
  standings({ state, competition: c, head, rulebook, options }: StandingsRequest) {
    const params = rulebook.params as unknown as NzClubParams;
    // NZ-8 and NZ-10 verdicts read every session the club's players sat down in.
    const eligibility = nzEligibilityOf(state, head.clubId, rulebook);
    const roster = state.players[head.clubId] ?? {};
    const { event, entries } = nzInput(c, roster, head.afterSession, eligibility);
    const ranked = nzStandings(
      event,
      entries,
      params,
      rulesOfSessions(
        state,
        c,
        params,
        options.whatIf,
        nzClub.id,
        (r) => r.params as unknown as NzClubParams,
      ),
    );
    // What each competitor may win (NZ-10, PIN-R13), under the rules at the end.
    const rows = withPrizes(ranked, c, roster, params, head.afterSession);
    // A number an accepted correction (or an appeal) changed names the original fact,
    // the correction and the rule (NZ-13).
    const notes = correctionNotesOf(
      state,
      c,
      correctionRulesOf(rulebook.params, { correction: 'NZ-13', appeal: 'NZ-13' }),
      head.afterSession,
    );
    return { kind: 'nz', rows: withCorrectionNotes(rows, notes, (r) => r.competitor) };
  },
  printed: (view) =>
    view.rows.map((r) => ({
      place: r.place,
      pair: r.competitor,
      total: pct(r.total),
      counted: r.counted.join(' '),
      dropped: r.dropped.join(' '),
      qualifies: r.qualifies ? 'yes' : 'no',
      prize: r.prize ? `${r.prize.mayWin} (${r.prize.rule})` : null,
    })),
  diffRows: nzStandingsRows,
};

/** The preset as registered: with its tables' own check of what they read (NZ-5, NZ-8, NZ-10). */
const preset: Preset<NzClubParams> = { ...nzClub, validate: problemOf(checkNzClubParams) };

export const nzClubRuleset: Ruleset = {
  preset: preset as unknown as Preset,
  // No partnerships of three to name, no sit-out matches; a substitute's notice by the rulebook.
  decideOptions: (params) => ({
    substituteNoticeBeforeStart: (params as unknown as NzClubParams).substituteNoticeBeforeStart,
  }),
  shapes: nzShapes,
  cPoints: nzCPoints,
  tables: Object.fromEntries(nzClub.formats.map((f) => [f, nzTable])),
};
