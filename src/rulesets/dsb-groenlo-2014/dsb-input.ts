import type { CompetitionState } from '../../contexts/pairs/domain/state';
import {
  resultOf,
  resultsOf,
  sessionKey,
  sitOutMatchesOf,
} from '../../contexts/pairs/domain/state';
import type { SubstitutePlayed } from '../../contexts/pairs/domain/facts';
import type {
  AbsentEntry,
  CompetitionInput,
  CompetitionRoster,
  Dispensation,
  GroupInput,
  PairInput,
  PlayedEntry,
  SessionEntry,
  SubstituteCase,
} from './standings';
import type { TopIntegralInput, WlRebalance } from './standings';
import { clubTime } from '../../kernel/club-time';
import { toHundredths } from '../../contexts/pairs/projection/hundredths';
import { lastSessionScored } from '../../contexts/pairs/projection/last-session';

/**
 * DSB-10.2: which case a substitute session is, from the groups: the substitute's own group in
 * this competition (none: an outside substitute, 10.2(4)), and the group the temporary pair
 * played in (stronger = earlier in the list of groups).
 */
function substituteCase(
  c: CompetitionState,
  entered: EnteredPair[],
  pairGroup: string,
  substituteId: string,
  playedInGroup: string | undefined,
): SubstituteCase {
  const groups = c.competition!.groups ?? [];
  const own = groupOfPlayer(entered, substituteId);
  if (own === undefined) return 'outside';
  if (own === pairGroup) return 'sameGroup';
  const stronger = groups.indexOf(own) < groups.indexOf(pairGroup) ? own : pairGroup;
  return (playedInGroup ?? pairGroup) === stronger ? 'strongerGroup' : 'weakerGroup';
}

/**
 * An entered player's group: that of the first pair naming them, in entry order. Searched for
 * each substitute: a competition has a few, and a table of every player for them cost more.
 */
function groupOfPlayer(entered: EnteredPair[], player: string): string | undefined {
  for (const p of entered) if (p.players.includes(player)) return p.group;
  return undefined;
}

type EnteredPair = CompetitionState['pairs'][string];

/** A competition's facts of one kind, by pair and then by session: one pass, no keys built. */
function byPair<T extends { pairId: string; session: number }>(
  values: Iterable<T>,
): Map<string, Map<number, T>> {
  const out = new Map<string, Map<number, T>>();
  for (const v of values) {
    let m = out.get(v.pairId);
    if (!m) out.set(v.pairId, (m = new Map()));
    m.set(v.session, v);
  }
  return out;
}

function firstSubstitutes(c: CompetitionState) {
  const firsts: SubstitutePlayed[] = [];
  for (const subs of Object.values(c.substitutes)) if (subs.length) firsts.push(subs[0]);
  return byPair(firsts);
}

/**
 * The DSB computations' input from a competition's facts, as of a session: what each pair
 * played (with its DSB-10.2 case), its notified absences (DSB-9.1 notice time and the WL's
 * judgement of the reason), and held sessions it missed without a word (DSB-9.5). `last`, when
 * the caller has it, is `lastSessionScored(c, upToSession)`.
 */
export function dsbInput(
  c: CompetitionState,
  upToSession?: number,
  last = lastSessionScored(c, upToSession),
): CompetitionInput {
  const created = c.competition!;
  const substitutes = firstSubstitutes(c);
  const absences = byPair(Object.values(c.absences));
  const results = byPair(resultsOf(c));
  // Most competitions have no sit-out match: build no keys for them.
  const across = hasAny(c.sitOutMatches);
  // The pairs in entry order, listed at the first substitute (a few per competition).
  let entered: EnteredPair[] | undefined;
  const groups = new Map<string, PairInput[]>();
  for (const g of created.groups ?? []) groups.set(g, []);
  for (const pairId in c.pairs) {
    const pair = c.pairs[pairId];
    const group = pair.group!;
    // One entry per session scored.
    const entries = new Array<SessionEntry>(last);
    const subbed = substitutes.get(pairId);
    const notified = absences.get(pairId);
    const played = results.get(pairId);
    const partnership = pair.players.length === 3;
    for (let s = 1; s <= last; s++) {
      const r = played?.get(s);
      if (r) {
        const sub = subbed?.get(s);
        // DSB-22.5: a round played against another group's sit-out pair is still a sit-out
        // of this group's movement; a result that does not say so is read from the match.
        const matched = across
          ? sitOutMatchesOf(c, s, pairId).reduce((n, m) => n + m.rounds.length, 0)
          : 0;
        const sitOuts = Math.max(r.sitOutRounds ?? 0, matched);
        const entry = playedEntry(s, toHundredths(r.percentage), r.boardsPlayed);
        if (partnership || sub) {
          // The result's own array when every player in it is a member (never mutated).
          entry.players = r.players.every((p) => pair.players.includes(p))
            ? r.players
            : r.players.filter((p) => pair.players.includes(p));
        }
        if (sub) {
          entry.substitute = {
            case: substituteCase(
              c,
              (entered ??= Object.values(c.pairs)),
              group,
              sub.substituteId,
              sub.playedInGroup,
            ),
            name: sub.substituteId,
          };
        }
        if (sitOuts) entry.sitOutRounds = sitOuts;
        if (matched) entry.crossGroupRounds = matched;
        entries[s - 1] = entry;
      } else {
        const a = notified?.get(s);
        // Without a notice: the group played and scored the session without this pair.
        entries[s - 1] = absentEntry(
          s,
          a ? { at: clubTime(a.notifiedAt), validReason: a.validReason } : undefined,
        );
      }
    }
    const dispensations = c.dispensations?.length ? dispensationsOf(c, pairId) : [];
    const input: PairInput = { pairId, members: pair.players, entries };
    if (dispensations.length) input.dispensations = dispensations;
    groups.get(group)?.push(input);
  }
  return {
    id: created.competitionId,
    sessionDates: [...created.sessions].sort((a, b) => a.session - b.session).map((s) => s.date),
    groups: [...groups].map(([group, pairs]) =>
      across ? withEveningScores(c, { group, pairs }, last) : { group, pairs },
    ),
  };
}

/**
 * The pairs `dsbInput` gives, without their entries: what DSB-8 and DSB-11 read of a finished
 * competition beside its final standings. The queries keep this for every competition, not its
 * input.
 */
export function dsbRoster(c: CompetitionState): CompetitionRoster {
  const created = c.competition!;
  const groups = new Map<string, CompetitionRoster['groups'][number]['pairs']>();
  for (const g of created.groups ?? []) groups.set(g, []);
  const dispensed = (c.dispensations?.length ?? 0) > 0;
  for (const pairId in c.pairs) {
    const pair = c.pairs[pairId];
    const dispensations = dispensed ? dispensationsOf(c, pairId) : [];
    groups
      .get(pair.group!)
      ?.push(
        dispensations.length
          ? { pairId, members: pair.players, dispensations }
          : { pairId, members: pair.players },
      );
  }
  return {
    id: created.competitionId,
    groups: [...groups].map(([group, pairs]) => ({ group, pairs })),
  };
}

/**
 * Every played entry has every field, the optional ones undefined when not given, and every
 * absence its notice: the standings read each entry several times, and entries of one layout
 * are read fastest (bench/RESULTS.md).
 */
const playedEntry = (session: number, percentage: number, boards: number): PlayedEntry => ({
  session,
  kind: 'played',
  percentage,
  boards,
  players: undefined,
  substitute: undefined,
  sitOutRounds: undefined,
  crossGroupRounds: undefined,
});

const absentEntry = (session: number, notice: AbsentEntry['notice']): AbsentEntry => ({
  session,
  kind: 'absent',
  notice,
});

/** DSB-9.4: the WL's dispensations for a pair. */
const dispensationsOf = (c: CompetitionState, pairId: string): Dispensation[] =>
  (c.dispensations ?? [])
    .filter((d) => d.pairId === pairId)
    .map((d) =>
      d.rule === 'DSB-9.4(2)'
        ? { rule: d.rule, player: d.playerId ?? '', reason: d.reason }
        : { rule: d.rule, reason: d.reason },
    );

const hasAny = (d: Record<string, unknown> | undefined) => {
  for (const _ in d) return true;
  return false;
};

/**
 * DSB-22.5 + DSB-9.5: a sit-out match's scores are integrated into both groups' results, so
 * on an evening when a pair of this group met another group's sit-out pair, that pair's
 * session percentage is one of this group's scores that evening. Other evenings are left to
 * the default (the group's own played percentages).
 */
function withEveningScores(c: CompetitionState, g: GroupInput, last: number): GroupInput {
  let evening: GroupInput['eveningScores'];
  for (let s = 1; s <= last; s++) {
    const guests = new Set<string>();
    for (const p of g.pairs) {
      for (const m of sitOutMatchesOf(c, s, p.pairId)) guests.add(m.opponentPairId);
    }
    if (!guests.size) continue;
    const scores: number[] = [];
    for (const p of g.pairs) {
      for (const e of p.entries)
        if (e.session === s && e.kind === 'played') scores.push(e.percentage);
    }
    for (const id of guests) {
      if (g.pairs.some((p) => p.pairId === id)) continue; // moved into this group since
      const r = resultOf(c, s, id);
      if (r) scores.push(toHundredths(r.percentage));
    }
    (evening ??= {})[s] = scores;
  }
  return evening ? { ...g, eveningScores: evening } : g;
}

/** GroupsRebalanced facts as the DSB-8 computation's WL decisions (the latest per pair wins). */
export function wlDecisions(c: CompetitionState): WlRebalance[] {
  const byPair = new Map<string, WlRebalance>();
  for (const r of c.rebalances ?? []) {
    for (const m of r.moves)
      byPair.set(m.pairId, { pairId: m.pairId, group: m.group, reason: r.reason });
  }
  return [...byPair.values()];
}

/** DSB-12/13: one field; every pair's sessions up to `upToSession`, a substitute noted (10.2(5)). */
export function topIntegralInput(
  c: CompetitionState,
  ballot: string[],
  upToSession: number,
): TopIntegralInput {
  return {
    id: c.competition!.competitionId,
    sessions: c.competition!.sessions.length,
    ballot,
    pairs: Object.entries(c.pairs).map(([pairId, pair]) => ({
      pairId,
      members: pair.players,
      entries: Array.from({ length: upToSession }, (_, i) => {
        const session = i + 1;
        const key = sessionKey(session, pairId);
        const r = resultOf(c, session, pairId);
        if (!r) return { session, kind: 'absent' as const };
        const sub = (c.substitutes[key] ?? [])[0];
        return {
          session,
          kind: 'played' as const,
          percentage: toHundredths(r.percentage),
          boards: r.boardsPlayed,
          ...(sub ? { substitute: { name: sub.substituteId } } : {}),
        };
      }),
    })),
  };
}
