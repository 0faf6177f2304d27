import { dsbGroenlo2014, type DsbParams } from './preset';
import { problemOf, type Preset } from '../../rulebooks/rulebook';
import { checkDsbParams } from './params-check';
import {
  competitionStandings,
  sitOutReport,
  topIntegralSeeding,
  topIntegralStandings,
  type Explanation,
  type GroupStanding,
  type SitOutReport,
  type TopIntegralStanding,
} from './standings';
import { topIntegralInput } from './dsb-input';
import {
  correctionNotesOf,
  correctionRulesOf,
  withCorrectionNotes,
} from '../../contexts/pairs/projection/corrections';
import { groupPlacements, type GroupPlacementCheck } from './group-placements';
import { lastScoredOf, MissingBallotError } from '../../contexts/pairs/projection/query-context';
import {
  dsbInputOf,
  dsbRosterOf,
  dsbRulesOfSessions,
  earlierOf,
  finalRankingOf,
  finalStandingsOf,
  inPlay,
  pairsByPlayersOf,
} from './context';
import type { GroupMove } from './standings';
import { nextGroupsOf } from './next-groups';
import { dsbShapes } from './shape';
import { butlerTable } from './butler/table';
import { championshipRows, dsbStandingsRows, topIntegralRows } from './diff-rows';
import { championshipOf, type ChampionshipView } from './championship';
import type {
  ChampionshipTable,
  FormatTable,
  Ruleset,
  StandingsBodies,
  StandingsRequest,
} from '../../contexts/pairs/ruleset';

declare module '../../contexts/pairs/ruleset' {
  interface StandingsBodies {
    dsb: {
      kind: 'dsb';
      groups: GroupStanding[];
      sitOuts: SitOutReport[];
      /** DSB-6/DSB-8: whether each pair plays in the group the rules give it. */
      groupPlacements: GroupPlacementCheck[];
      /** DSB-8: each pair's group next time, when the published standing is final. */
      nextGroups?: GroupMove[];
    };
    'top-integral': {
      kind: 'top-integral';
      standing: TopIntegralStanding | null;
      /** DSB-12.2: the seeding of the next session (the draw for session 1, then the running total). */
      nextSeeding: Array<{ pairId: string; seed: number; explain: Explanation[] }>;
    };
  }
}

const fixed = (p: number | null) => (p === null ? null : p.toFixed(2));

/** DSB-1 … DSB-11: a pairs competition in groups, with its sit-outs and group placements. */
const pairsTable: FormatTable<StandingsBodies['dsb']> = {
  publishedFinal: (state, competitionId, options) => ({
    nextGroups: nextGroupsOf(state, competitionId, { whatIf: options?.whatIf }).moves,
  }),
  standings({ state, competition: c, head, rulebook, options }: StandingsRequest) {
    const params = inPlay(rulebook, c.competition!.groups);
    const input = dsbInputOf(state, c, head.afterSession);
    const groupPlacementChecks = groupPlacements(params, c, earlierOf(state, c), {
      lastScored: (o) => lastScoredOf(state, o),
      final: (o, p) => finalRankingOf(state, o, p, options.whatIf),
      roster: (o) => dsbRosterOf(state, o),
      pairsByPlayers: (o) => pairsByPlayersOf(state, o),
    });
    if (head.afterSession === 0) {
      return { kind: 'dsb', groups: [], sitOuts: [], groupPlacements: groupPlacementChecks };
    }
    const groups = head.final
      ? finalStandingsOf(state, c, params, options.whatIf, input)
      : competitionStandings(params, input, {
          afterSession: head.afterSession,
          paramsOn: dsbRulesOfSessions(state, c, params, options.whatIf),
        });
    // A number an accepted correction or an appeal upheld changed names the original
    // fact, the correction or appeal, and the rule (DSB-20.3 for the board's decision).
    const notes = correctionNotesOf(
      state,
      c,
      correctionRulesOf(rulebook.params, { correction: 'DSB-20.3', appeal: 'DSB-20.3' }),
      head.afterSession,
    );
    return {
      kind: 'dsb',
      groups: notes.size
        ? groups.map((g) => ({ ...g, rows: withCorrectionNotes(g.rows, notes, (r) => r.pairId) }))
        : groups,
      // The standings just computed validated the same input under the same parameters.
      sitOuts: sitOutReport(params, input, { validated: true }),
      groupPlacements: groupPlacementChecks,
    };
  },
  printed(view) {
    const next = new Map((view.nextGroups ?? []).map((m) => [m.pairId, m]));
    return view.groups.flatMap((g) =>
      g.rows.map((r) => ({
        group: g.group,
        rank: r.rank,
        pair: r.pairId,
        percentage: fixed(r.percentage),
        played: r.participation.played,
        ...(view.nextGroups ? { next: next.get(r.pairId)?.to ?? null } : {}),
      })),
    );
  },
  diffRows: dsbStandingsRows,
};

/** DSB-12: the top-integral, seeded by its recorded draw. */
const topIntegralTable: FormatTable<StandingsBodies['top-integral']> = {
  standings({ competition: c, head, rulebook }: StandingsRequest) {
    const ballot = c.ballots?.['1'];
    if (!ballot) throw new MissingBallotError(head.competitionId);
    const params = rulebook.params as unknown as DsbParams;
    const input = topIntegralInput(c, ballot, head.afterSession);
    const standing =
      head.afterSession === 0
        ? null
        : topIntegralStandings(params, input, { afterSession: head.afterSession });
    const nextSeeding = head.final ? [] : topIntegralSeeding(params, input, head.afterSession + 1);
    return { kind: 'top-integral', standing, nextSeeding };
  },
  printed: (view) =>
    (view.standing?.rows ?? []).map((r) => ({
      rank: r.rank,
      pair: r.pairId,
      percentage: fixed(r.percentage),
      played: r.played,
      original: r.original,
    })),
  diffRows: topIntegralRows,
};

/** DSB-11: the club championship of a season, from its finished pairs competitions. */
const championshipTable: ChampionshipTable<ChampionshipView> = {
  rule: 'DSB-11 club championship',
  championship: ({ state, clubId, season, options }) =>
    championshipOf(state, clubId, season, options),
  diffRows: championshipRows,
  printed: (view) =>
    view.table.map((r) => ({
      rank: r.rank,
      pair: r.pairId,
      points: r.points,
      eligible: r.eligible ? 'yes' : 'no',
      sessions: `${r.originalSessions}/${r.seasonSessions}`,
    })),
};

/** The preset as registered: with its tables' own check of the keywords they read. */
const preset: Preset<DsbParams> = { ...dsbGroenlo2014, validate: problemOf(checkDsbParams) };

export const dsbGroenlo2014Ruleset: Ruleset = {
  preset: preset as unknown as Preset,
  decideOptions(params) {
    const p = params as unknown as DsbParams;
    return {
      namingDeadline: p.pairs.namingDeadline, // DSB-3
      substituteNoticeBeforeStart: p.substitutes.noticeBeforeStart, // DSB-10.1
      sessionRounds: p.pairsCompetition.rounds, // DSB-4, DSB-22.5
    };
  },
  shapes: dsbShapes,
  championship: championshipTable,
  tables: {
    'dsb-pairs': pairsTable,
    'dsb-top-integral': topIntegralTable,
    'dsb-butler': butlerTable,
  },
};
