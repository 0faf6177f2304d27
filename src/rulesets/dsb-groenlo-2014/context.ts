import type { DsbParams } from './preset';
import type { Json, Rulebook } from '../../rulebooks/rulebook';
import {
  competitionStandings,
  type CompetitionInput,
  type GroupRanking,
  type GroupStanding,
} from './standings';
import { dsbInput, dsbRoster } from './dsb-input';
import { pairsByPlayers, type Earlier } from './group-placements';
import type { CompetitionState } from '../../contexts/pairs/domain/state';
import { remember, identity } from '../../contexts/pairs/projection/memo';
import type { CompetitionsState } from '../../contexts/pairs/projection/state';
import {
  lastScoredOf,
  rulesOfSessions,
  scoredCompetition,
} from '../../contexts/pairs/projection/query-context';
import { dsbGroenlo2014 } from './preset';

/**
 * What the DSB tables read beside a competition's facts: the groups in play, the club's earlier
 * competitions and each player's last group (DSB-6/8), a competition's input, roster and final
 * ranking (DSB-8, DSB-11), and the DSB rules in force on each session's day; answers kept per
 * state.
 */

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

/** A competition's pairs by their players, once per state: read when it is the previous one. */
export const pairsByPlayersOf = (state: CompetitionsState, c: CompetitionState) =>
  remember(state, 'pairs-by-players', c.competition!.competitionId, () => pairsByPlayers(c));

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

const firstDate = (c: { competition?: { sessions: Array<{ date: string }> } }) =>
  c.competition!.sessions.reduce((min, s) => (s.date < min ? s.date : min), '9999-12-31');

export const dsbRulesOfSessions = (
  state: CompetitionsState,
  c: CompetitionState,
  params: DsbParams,
  whatIf?: Record<string, Json>,
) =>
  rulesOfSessions(state, c, params, whatIf, dsbGroenlo2014.id, (r) =>
    inPlay(r, c.competition!.groups),
  );
