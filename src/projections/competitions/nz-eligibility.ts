/**
 * NZ-8 (playing out of one's graded night) and NZ-10 (visitors) from the ledger: who sat down
 * on which night across ALL the club's competitions, and the verdicts the pure helpers of
 * `src/standings/nz/eligibility.ts` give for each play of a competition's pairs. Pure: the
 * answer depends only on the projection state and the rulebook's parameters.
 */
import {
  linkedPlayers,
  resultsOf,
  sessionDateOf,
  type CompetitionState,
} from '../../domain/competition/state';
import type { NzClubParams } from '../../rulebooks/presets/nz-club';
import {
  clubYear,
  isMemberStatus,
  outOfNightVerdicts,
  sessionEligibility,
  visitorVerdicts,
  type Night,
  type NzcbaRank,
  type NzEventKind,
  type NzPlay,
  type NzSessionPlayer,
  type NzVerdict,
} from '../../standings/nz';
import { rosterEntryOn, type CompetitionsState, type RosterEntry } from './state';

/** CompetitionCreated.format → the NZ rules' kind of event. */
export const NZ_KIND_OF_FORMAT: Readonly<Record<string, NzEventKind>> = {
  'club-pairs': 'club-pairs',
  'victoria-pairs': 'victoria-pairs',
  'thursday-club-pairs': 'thursday-afternoon-club-pairs',
  'three-four-session-pairs': 'short-pairs',
  'random-draw-individual': 'random-draw-individual',
  'wilkinson-individual': 'wilkinson-individual',
  'wellesley-pairs': 'wellesley-pairs',
};

/** A night as the ledger spells it ('thursday-afternoon') → the NZ rules' `Night`. */
export const nzNight = (n?: string): Night | undefined =>
  n === 'thursday-afternoon' ? 'thursday' : (n as Night | undefined);

/**
 * One session a player sat down in (result players, substitutes, the players of a pair linked to
 * board results), in any club competition.
 */
export interface NzPlayRecord {
  player: string;
  competitionId: string;
  session: number;
  pairId: string;
  /** The session's date: as held (SessionHeld) if recorded, else as planned. */
  date: string;
  startTime: string;
  /** The competition's night; undefined when CompetitionCreated gives none. */
  night?: Night;
  /** The NZ kind of event, or the format when it is not an NZ pairs/individual format. */
  event: string;
}

/** Every play of every player of one club, in date order, with the rulebook to judge them by. */
export interface NzEligibilityIndex {
  clubId: string;
  params: NzClubParams;
  roster: Record<string, RosterEntry>;
  /** player → plays, sorted by date, start time, competition, session. */
  plays: Record<string, NzPlayRecord[]>;
}

/** What an index is built from (the whole projection state and the rulebook in force). */
export interface NzEligibilitySource {
  state: CompetitionsState;
  params: NzClubParams;
}

const order = (a: NzPlayRecord, b: NzPlayRecord): number =>
  a.date.localeCompare(b.date) ||
  a.startTime.localeCompare(b.startTime) ||
  a.competitionId.localeCompare(b.competitionId) ||
  a.session - b.session;

/** Date (and start time) of each session of a competition: as held when recorded, else planned. */
function sessionDates(c: CompetitionState): Map<number, { date: string; startTime: string }> {
  const dates = new Map<number, { date: string; startTime: string }>();
  for (const s of c.competition?.sessions ?? [])
    dates.set(s.session, { date: sessionDateOf(c, s.session) ?? s.date, startTime: s.startTime });
  for (const session in c.heldOn) {
    const n = Number(session);
    if (!dates.has(n)) dates.set(n, { date: c.heldOn[n], startTime: '' });
  }
  return dates;
}

/**
 * Who sat down for each pair in each session: `${session}:${pairId}` → players. A pair linked to
 * board results (SessionScoredFromBoards) sat down from the link on, whether or not its
 * percentage can be derived yet: the append gate counts it so (`nz-play-limits.ts`), and the
 * standings must flag what the gate refuses.
 */
function seated(
  c: CompetitionState,
): Map<string, { session: number; pairId: string; players: Set<string> }> {
  const out = new Map<string, { session: number; pairId: string; players: Set<string> }>();
  const at = (session: number, pairId: string) => {
    const key = `${session}:${pairId}`;
    let e = out.get(key);
    if (!e) out.set(key, (e = { session, pairId, players: new Set() }));
    return e;
  };
  for (const r of resultsOf(c)) r.players.forEach((p) => at(r.session, r.pairId).players.add(p));
  for (const link of Object.values(c.scoredFromBoards ?? {}))
    linkedPlayers(c, link).forEach((p) => at(link.session, link.pairId).players.add(p));
  for (const subs of Object.values(c.substitutes))
    for (const s of subs) at(s.session, s.pairId).players.add(s.substituteId);
  return out;
}

/**
 * The plays of every player in the club's competitions (all of them, whatever their format), for
 * NZ-8 e/f/g and NZ-10. A player "plays on a night" when they sit down in a session of a
 * competition held on that night.
 */
export function nzEligibilityIndex(
  state: CompetitionsState,
  clubId: string,
  params: NzClubParams,
): NzEligibilityIndex {
  const plays: Record<string, NzPlayRecord[]> = {};
  for (const [competitionId, c] of Object.entries(state.competitions)) {
    const created = c.competition;
    if (!created || created.clubId !== clubId) continue;
    const dates = sessionDates(c);
    const night = nzNight(created.night);
    const event = NZ_KIND_OF_FORMAT[created.format] ?? created.format;
    for (const { session, pairId, players } of seated(c).values()) {
      const when = dates.get(session);
      if (!when) continue;
      for (const player of players) {
        (plays[player] ??= []).push({
          player,
          competitionId,
          session,
          pairId,
          ...when,
          ...(night ? { night } : {}),
          event,
        });
      }
    }
  }
  for (const list of Object.values(plays)) list.sort(order);
  return { clubId, params, roster: state.players[clubId] ?? {}, plays };
}

export const isEligibilityIndex = (
  e: NzEligibilityIndex | NzEligibilitySource,
): e is NzEligibilityIndex => 'plays' in e;

/**
 * The plays up to and including the one `isThis` picks, one per night: a player who sat down in
 * two competitions' sessions (or for two pairs, NZ-6) on the same date and night played that
 * night once. Undefined when the play is not among them.
 */
function playsUpTo(
  history: readonly NzPlayRecord[],
  isThis: (p: NzPlayRecord) => boolean,
): NzPlayRecord[] | undefined {
  const mine = history.find(isThis);
  if (!mine) return undefined;
  const night = (p: NzPlayRecord) => `${p.date}|${p.night ?? ''}`;
  const seen = new Set<string>();
  const out: NzPlayRecord[] = [];
  for (const p of history) {
    if (p === mine) return [...out, p];
    if (night(p) === night(mine) || seen.has(night(p))) continue;
    seen.add(night(p));
    out.push(p);
  }
  return undefined;
}

/**
 * A verdict on one play: its session and date as fields (C points match on the session: two
 * sessions may share a date), and the date leading the reason for the explain.
 */
const ofPlay = (v: NzVerdict, session: number, date: string): NzVerdict => ({
  ...v,
  session,
  date,
  reason: v.reason.startsWith(`${date}:`) ? v.reason : `${date}: ${v.reason}`,
});

/**
 * The NZ-8 and NZ-10 verdicts for each pair (or individual) of competition `c`, as of session
 * `upToSession`: this competition's sessions up to it, the club's other competitions up to the
 * date of the last of them. For each session a pair played:
 * - NZ-8 e/f/g for each member or nominee with a home night, counting by date order their plays
 *   on the competition's night in the club year (`outOfNightVerdicts`; a 3rd Wednesday or Monday
 *   disqualifies the pair it was played for, from that session on);
 * - NZ-10 for each visitor: the visitor's plays in the club year, and once no prizes;
 * - NZ-8 a–d C-point verdicts for the two players at the table (`sessionEligibility`), leaving
 *   out the plain "plays on own night" line and the NZ-10 line already given.
 * Each verdict on a play carries its `session` and `date` (and its reason starts with the date);
 * the NZ-10 "no prizes" verdict, once per visitor and pair, carries neither.
 */
export function nzEligibilityVerdicts(
  index: NzEligibilityIndex,
  c: CompetitionState,
  upToSession = Number.MAX_SAFE_INTEGER,
): Record<string, NzVerdict[]> {
  const created = c.competition;
  if (!created) return {};
  const { params, roster } = index;
  const competitionId = created.competitionId;
  const dates = sessionDates(c);
  const counted = [...dates].filter(([s]) => s <= upToSession);
  if (!counted.length) return {};
  const cutoff = counted.map(([, d]) => d.date).sort()[counted.length - 1]!;
  const night = nzNight(created.night);
  const inScope = (p: NzPlayRecord) =>
    p.competitionId === competitionId ? p.session <= upToSession : p.date <= cutoff;
  const isPlay = (p: NzPlayRecord, session: number) =>
    p.competitionId === competitionId && p.session === session;

  const out: Record<string, NzVerdict[]> = {};
  const visitorsSeen = new Map<string, Set<string>>();
  const seats = [...seated(c).values()]
    .filter((s) => s.session <= upToSession && dates.has(s.session) && c.pairs[s.pairId])
    .sort((a, b) => a.session - b.session || a.pairId.localeCompare(b.pairId));

  for (const { session, pairId, players } of seats) {
    const date = dates.get(session)!.date;
    const verdicts = (out[pairId] ??= []);
    const year = clubYear(date, params, `${competitionId}.sessions[${session}].date`);
    for (const id of players) {
      const entry = rosterEntryOn(roster[id], date);
      const upTo = playsUpTo(
        (index.plays[id] ?? []).filter((p) => inScope(p) && clubYear(p.date, params) === year),
        (p) => isPlay(p, session),
      );
      if (!upTo) continue;
      const homeNight = nzNight(entry?.homeNight);
      if (entry && isMemberStatus(entry.status) && homeNight && night) {
        // Only plays on this night change this play's count (the helper counts per limit).
        const player = {
          id,
          homeNight,
          ...(entry.rank ? { rank: entry.rank as NzcbaRank } : {}),
        };
        const toPlay = (p: NzPlayRecord): NzPlay => ({
          date: p.date,
          night: p.night!,
          event: p.event,
          pair: isPlay(p, session) ? pairId : `${p.competitionId}/${p.pairId}`,
        });
        const sameNight = upTo.filter((p) => p.night === night).map(toPlay);
        const before = outOfNightVerdicts(player, sameNight.slice(0, -1), params).length;
        verdicts.push(
          ...outOfNightVerdicts(player, sameNight, params)
            .slice(before)
            .map((v) => ofPlay(v, session, date)),
        );
      }
      if (entry?.status === 'visitor') {
        const vs = visitorVerdicts(
          id,
          upTo.map((p) => p.date),
          params,
        );
        verdicts.push(ofPlay(vs[vs.length - 2]!, session, date));
        const seen = visitorsSeen.get(pairId) ?? new Set<string>();
        visitorsSeen.set(pairId, seen);
        if (!seen.has(id)) {
          seen.add(id);
          verdicts.push(vs[vs.length - 1]!);
        }
      }
    }
    // NZ-8 a–d: the two players at the table, when the night and every member's grade are known.
    const table = [...players].map((id): NzSessionPlayer | undefined => {
      const entry = rosterEntryOn(roster[id], date);
      // A player the roster does not know is from outside the club.
      const status = entry?.status ?? 'non-member';
      const homeNight = nzNight(entry?.homeNight);
      if (isMemberStatus(status)) return homeNight ? { id, status, homeNight } : undefined;
      // NZ-8c: a guest's or visitor's C points follow the NZCBA number on the roster.
      const nzcbaNumber = entry?.nationalNumber;
      return nzcbaNumber === undefined ? { id, status } : { id, status, nzcbaNumber };
    });
    if (night && table.length === 2 && table.every((p) => p !== undefined)) {
      const vs = sessionEligibility(
        { night, players: table as [NzSessionPlayer, NzSessionPlayer] },
        params,
      );
      verdicts.push(
        ...vs
          .filter((v) => !(v.rule === 'NZ-8' && v.ok) && v.rule !== 'NZ-10')
          .map((v) => ofPlay(v, session, date)),
      );
    }
  }
  return out;
}
