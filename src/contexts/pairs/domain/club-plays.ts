/**
 * Who sat down in which session of a club's competitions, and when: the plays a club's rules
 * count over every competition of the club (a rulebook's club-wide play limits, its standings'
 * eligibility). The seats are `seating.ts`'s (result players, substitutes, the players of a pair
 * linked to board results), so that every count reads the seats the standings read. Pure.
 */
import { seatedPairs } from './seating';
import { sessionDateOf, type CompetitionState } from './state';

/** One session a player sat down in, in one of the club's competitions. */
export interface ClubSitting {
  competitionId: string;
  session: number;
  /** The session's date: as held if recorded, else as planned. */
  date: string;
  /** The session's planned start; '' (or none) for a session held but not planned. */
  startTime?: string;
  /** The pair sat down for. */
  pairId?: string;
}

/** A player's plays are counted in this order: date, start time, competition, session. */
export const playOrder = (a: ClubSitting, b: ClubSitting): number =>
  a.date.localeCompare(b.date) ||
  (a.startTime ?? '').localeCompare(b.startTime ?? '') ||
  a.competitionId.localeCompare(b.competitionId) ||
  a.session - b.session;

/** Date and start time of each session: as held when recorded (SessionHeld), else as planned. */
export function sessionDates(
  c: CompetitionState,
): Map<number, { date: string; startTime: string }> {
  const dates = new Map<number, { date: string; startTime: string }>();
  for (const s of c.competition?.sessions ?? [])
    dates.set(s.session, { date: sessionDateOf(c, s.session) ?? s.date, startTime: s.startTime });
  for (const session in c.heldOn) {
    const n = Number(session);
    if (!dates.has(n)) dates.set(n, { date: c.heldOn[n], startTime: '' });
  }
  return dates;
}

/** One session's entry of `sessionDates`. */
function sessionTime(
  c: CompetitionState,
  session: number,
): { date: string; startTime: string } | undefined {
  const planned = c.competition?.sessions.find((s) => s.session === session);
  if (planned)
    return { date: sessionDateOf(c, session) ?? planned.date, startTime: planned.startTime };
  const held = c.heldOn?.[session];
  return held === undefined ? undefined : { date: held, startTime: '' };
}

/** A play: the player, and the session they sat down in for a pair. */
export type ClubPlay = ClubSitting & { player: string; pairId: string; startTime: string };

/**
 * The plays of a competition (of one session, and one pair, when given): one per seat
 * (`seatedPairs`) at a dated session, player by player as seated.
 */
export function clubPlaysOf(
  c: CompetitionState,
  of: { session?: number; pairId?: string } = {},
): ClubPlay[] {
  const created = c.competition;
  if (!created) return [];
  // One session's day when asked for one (the club index asks at every fact).
  const dates = of.session === undefined ? sessionDates(c) : undefined;
  const out: ClubPlay[] = [];
  for (const { session: s, pairId, players } of seatedPairs(c, of.session, of.pairId).values()) {
    const when = dates ? dates.get(s) : sessionTime(c, s);
    if (!when) continue;
    for (const player of players) {
      out.push({ player, competitionId: created.competitionId, session: s, pairId, ...when });
    }
  }
  return out;
}
