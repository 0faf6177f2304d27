import type { DsbParams } from '../../rulebooks/presets/dsb-groenlo-2014';
import type { Json, Rulebook } from '../../rulebooks/rulebook';
import {
  competitionStandings,
  type CompetitionInput,
  type GroupRanking,
  type GroupStanding,
} from '../../standings/dsb';
import { dsbInput, dsbRoster, lastSessionScored } from './dsb-input';
import type { Earlier } from './group-placements';
import { sessionDateOf, type CompetitionState } from '../../domain/competition/state';
import { scoringSettingsOf } from '../../rulebooks/scoring-params';
import { NoRulebookError, rulebookHistory, rulebookInForce } from './rulebook-in-force';
import {
  SCORED_SESSION_SETTINGS,
  withScoredSessions,
  type ScoringSettingsFor,
} from './scored-sessions';
import { remember, identity } from './memo';
import type { CompetitionsState } from './state';

/**
 * What every published table of a competition reads, whatever its rulebook: the heading, the
 * rulebook in force, the competition with its board-scored sessions, and the answers kept per
 * state (src/projections/competitions/memo.ts). The rulesets' tables (src/rulesets/) are
 * computed from these.
 */
export class UnknownCompetitionError extends Error {
  readonly code = 'UNKNOWN_COMPETITION';
  constructor(readonly competitionId: string) {
    super(`no competition ${competitionId} in the ledger`);
  }
}

export class WrongRulebookError extends Error {
  readonly code = 'NO_APPLICABLE_RULEBOOK';
  constructor(competitionId: string, format: string, preset: string) {
    super(`competition ${competitionId} (${format}) cannot be scored under the ${preset} rulebook`);
  }
}

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

/** DSB-12.2: a top-integral is seeded by a recorded draw; without it there is no field order. */
export class MissingBallotError extends Error {
  readonly code = 'NO_APPLICABLE_RULEBOOK';
  constructor(readonly competitionId: string) {
    super(`competition ${competitionId}: the first session's draw (BallotDrawn) is not recorded`);
  }
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

export function heading(state: CompetitionsState, competitionId: string, options: QueryOptions) {
  const stored = state.competitions[competitionId];
  if (!stored?.competition) throw new UnknownCompetitionError(competitionId);
  // Sessions scored from board results: their percentages derived by the scoring engine.
  const c = scoredCompetition(state, competitionId);
  const created = stored.competition;
  const afterSession = lastScoredOf(state, c, options.afterSession);
  const sessions = [...created.sessions].sort((a, b) => a.session - b.session);
  // The rulebook in force on the day of the last session counted (as held, else planned): NZ-4
  // penalties are "calculated only at the end of the event", DSB averages final only at the end.
  const date = sessionDateOf(c, afterSession) ?? sessions[0].date;
  const rulebook = rulebookOn(state, created.clubId, date, options.whatIf);
  const head: Heading = {
    competitionId,
    name: created.name,
    clubId: created.clubId,
    season: created.season,
    format: created.format,
    afterSession,
    sessions: sessions.length,
    final: afterSession === sessions.length,
    rulebook: { preset: rulebook.preset, effectiveFrom: rulebook.effectiveFrom },
    position: state.position,
  };
  return { c, head, rulebook };
}

/**
 * The DSB rulebook with the groups this competition plays in (A–C of the preset's A–E): the
 * lowest group in play relegates nobody and the highest promotes nobody (DSB-8.1/8.2).
 */
export function inPlay(rulebook: Rulebook, groups: string[] | undefined): DsbParams {
  const params = rulebook.params as unknown as DsbParams;
  if (!groups?.length) return params;
  // One object per rulebook and groups, so that answers memoised on the parameters are shared.
  let byGroups = inPlayOf.get(rulebook);
  if (!byGroups) inPlayOf.set(rulebook, (byGroups = new Map()));
  const key = groups.join('\u0000');
  let p = byGroups.get(key);
  if (!p)
    byGroups.set(key, (p = { ...params, groups: params.groups.filter((g) => groups.includes(g)) }));
  return p;
}
const inPlayOf = new WeakMap<Rulebook, Map<string, DsbParams>>();

/** The rulebook in force, once per state, club and date (a what-if is computed each time). */
export function rulebookOn(
  state: CompetitionsState,
  clubId: string,
  date: string,
  whatIf?: Record<string, Json>,
): Rulebook {
  // The club's versions once per state: every date inside a version gets the same object, so
  // answers memoised on the parameters are shared across a competition's sessions.
  const history = remember(state, 'rulebooks', clubId, () => rulebookHistory(state, clubId));
  return rulebookInForce(state, clubId, date, whatIf, history);
}

export const expectPreset = (
  rulebook: Rulebook,
  preset: string,
  competitionId: string,
  format: string,
) => {
  if (rulebook.preset !== preset)
    throw new WrongRulebookError(competitionId, format, rulebook.preset);
};

/** A club's DSB pairs competitions in date order, and who last played in which group. */
interface ClubIndex {
  competitions: CompetitionState[];
  /** Each competition's first session date, in the same order (ascending). */
  firsts: string[];
  /**
   * player → the competitions the player's pair played in a group (indexes, ascending) and
   * that group, as two lists: no pair of values built per player and competition.
   */
  groups: Map<string, { at: number[]; group: string[] }>;
}

/** Every club's DSB pairs competitions, from one scan of the state. */
const pairsCompetitionsByClub = (state: CompetitionsState) =>
  remember(state, 'club-pairs', '', () => {
    const byClub = new Map<string, CompetitionState[]>();
    for (const id in state.competitions) {
      const o = state.competitions[id];
      if (o.competition?.format !== 'dsb-pairs') continue;
      const clubId = o.competition.clubId;
      (byClub.get(clubId) ?? byClub.set(clubId, []).get(clubId)!).push(o);
    }
    return byClub;
  });

/** Indexed once per state: the club's competitions are a slice of it, not a scan of the ledger. */
function clubIndex(state: CompetitionsState, clubId: string): ClubIndex {
  return remember(state, 'club-index', clubId, () => {
    // ISO dates: compared as strings (the first session's date orders the competitions).
    const dated = (pairsCompetitionsByClub(state).get(clubId) ?? [])
      .map((o) => ({ o, first: firstDate(o) }))
      .sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0));
    const groups = new Map<string, { at: number[]; group: string[] }>();
    dated.forEach(({ o }, i) => {
      for (const pairId in o.pairs) {
        const p = o.pairs[pairId];
        if (!p.group) continue;
        for (const player of p.players) {
          let list = groups.get(player);
          if (!list) groups.set(player, (list = { at: [], group: [] }));
          // A player in two pairs of one competition: the first pair found, as a scan would.
          if (list.at[list.at.length - 1] !== i) {
            list.at.push(i);
            list.group.push(p.group);
          }
        }
      }
    });
    return { competitions: dated.map(({ o }) => o), firsts: dated.map((d) => d.first), groups };
  });
}

export const clubPairsCompetitions = (state: CompetitionsState, clubId: string) =>
  clubIndex(state, clubId).competitions;

/** The club's DSB pairs competitions that started before this one, as the DSB-6/8 check reads them. */
export function earlierOf(state: CompetitionsState, c: CompetitionState): Earlier {
  const index = clubIndex(state, c.competition!.clubId);
  const start = firstDate(c);
  // The first competition starting on or after this one's first date: all before it are earlier.
  let lo = 0;
  let hi = index.firsts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (index.firsts[mid] < start) lo = mid + 1;
    else hi = mid;
  }
  const count = lo;
  const previous = count > 0 ? index.competitions[count - 1] : undefined;
  return {
    previous: previous && scoredCompetition(state, previous.competition!.competitionId),
    lastGroupOf(player) {
      const list = index.groups.get(player);
      if (!list) return null;
      for (let i = list.at.length - 1; i >= 0; i--) if (list.at[i] < count) return list.group[i];
      return null;
    },
  };
}

/**
 * A competition with its board-scored sessions' percentages derived under its club's scoring
 * settings on each session's day: once per state.
 */
export function scoredCompetition(
  state: CompetitionsState,
  competitionId: string,
): CompetitionState {
  return remember(state, 'scored', competitionId, () => {
    const c = state.competitions[competitionId];
    const clubId = c.competition?.clubId;
    return withScoredSessions(
      c,
      state.boardSessions,
      clubId === undefined ? undefined : scoringSettingsFor(state, clubId),
    );
  });
}

/**
 * STD-MP / STD-NEUBERG: the `scoring` settings of a club's rulebook in force on a date, once per
 * state, club and date. Before the club adopted a rulebook: the engine's defaults, as the
 * presets' (a session dated before the adoption still scores; its standing asks for the
 * rulebook on its own).
 */
export function scoringSettingsFor(state: CompetitionsState, clubId: string): ScoringSettingsFor {
  return (date) =>
    remember(state, 'scoring', `${clubId}:${date}`, () => {
      try {
        return scoringSettingsOf(rulebookOn(state, clubId, date).params);
      } catch (e) {
        if (e instanceof NoRulebookError) return SCORED_SESSION_SETTINGS;
        throw e;
      }
    });
}

/**
 * A competition's DSB input as of a session (all scored sessions by default). Made for the
 * standing that reads it and not kept: what the answers kept read of it later (DSB-8, DSB-11)
 * is its roster (`dsbRosterOf`).
 */
export function dsbInputOf(state: CompetitionsState, c: CompetitionState, upTo?: number) {
  return dsbInput(c, upTo, lastScoredOf(state, c, upTo));
}

/** A competition's pairs, as DSB-8 and DSB-11 read them beside its final standings, once per state. */
export const dsbRosterOf = (state: CompetitionsState, c: CompetitionState) =>
  remember(state, 'dsb-roster', c.competition!.competitionId, () => dsbRoster(c));

/**
 * A finished competition's final DSB standings under these parameters, from its final input
 * (`input`, when the caller has made it): made for the answer that publishes them. What later
 * answers read of them (DSB-8, DSB-11) is kept for the state (`finalRankingOf`).
 */
export function finalStandingsOf(
  state: CompetitionsState,
  c: CompetitionState,
  params: DsbParams,
  whatIf?: Record<string, Json>,
  input?: CompetitionInput,
): GroupStanding[] {
  const groups = competitionStandings(params, input ?? dsbInputOf(state, c), {
    paramsOn: dsbRulesOfSessions(state, c, params, whatIf),
  });
  remember(state, finalKey(params), c.competition!.competitionId, () => rankingOf(groups));
  return groups;
}

/**
 * A finished competition's final ranking under these parameters, once per state: what the next
 * competition's DSB-6/8 check and the season's DSB-11 championship read of its final standings.
 * The rows' session scores and explanations, most of what a standing holds, are not kept: no
 * later answer reads them (bench/RESULTS.md, "Rule code made plain").
 */
export const finalRankingOf = (
  state: CompetitionsState,
  c: CompetitionState,
  params: DsbParams,
  whatIf?: Record<string, Json>,
): GroupRanking[] =>
  remember(state, finalKey(params), c.competition!.competitionId, () =>
    rankingOf(finalStandingsOf(state, c, params, whatIf)),
  );

const finalKey = (params: DsbParams) => `final:${identity(params)}`;

const rankingOf = (groups: GroupStanding[]): GroupRanking[] =>
  groups.map((g) => ({
    group: g.group,
    rows: g.rows.map(({ pairId, rank, percentage, participation }) => ({
      pairId,
      rank,
      percentage,
      participation,
    })),
  }));

/** The last session scored (up to a session), once per state. */
export function lastScoredOf(state: CompetitionsState, c: CompetitionState, upTo?: number): number {
  const all = remember(state, 'last', c.competition!.competitionId, () => lastSessionScored(c));
  // Sessions are scored in order: the last scored up to `upTo` is the smaller of the two.
  if (upTo === undefined) return all;
  return Number.isInteger(upTo) ? Math.min(all, Math.max(0, upTo)) : lastSessionScored(c, upTo);
}

const firstDate = (c: { competition?: { sessions: Array<{ date: string }> } }) =>
  c.competition!.sessions.reduce((min, s) => (s.date < min ? s.date : min), '9999-12-31');

/**
 * The rules in force on each session's day (as held, else planned: `sessionDateOf`), for what the rules decide per
 * session (DSB-10.2 clamps, an absence's DSB-9.1/9.2/9.3/9.5; NZ-5, NZ-8h): an amendment applies
 * from its date, not to the sessions before it. Before the club's first rulebook, or under
 * another preset, the standing's own parameters.
 */
export function rulesOfSessions<P>(
  state: CompetitionsState,
  c: CompetitionState,
  params: P,
  whatIf: Record<string, Json> | undefined,
  preset: string,
  paramsOf: (rulebook: Rulebook) => P,
): (session: number) => P {
  const created = c.competition!;
  const bySession = new Map<number, P>();
  return (session) => {
    let rules = bySession.get(session);
    if (!rules) {
      const date = sessionDateOf(c, session);
      rules = params;
      if (date !== undefined) {
        try {
          const rulebook = rulebookOn(state, created.clubId, date, whatIf);
          if (rulebook.preset === preset) rules = paramsOf(rulebook);
        } catch (err) {
          if (!(err instanceof NoRulebookError)) throw err;
        }
      }
      bySession.set(session, rules);
    }
    return rules;
  };
}

export const dsbRulesOfSessions = (
  state: CompetitionsState,
  c: CompetitionState,
  params: DsbParams,
  whatIf?: Record<string, Json>,
) =>
  rulesOfSessions(state, c, params, whatIf, 'dsb-groenlo-2014', (r) =>
    inPlay(r, c.competition!.groups),
  );
