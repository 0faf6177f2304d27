import { clubPlaysOf } from '../../pairs';
import type { CompetitionsState } from '../../pairs/projection';

/** One seat a person took in a session of one of the club's competitions. */
export interface Seating {
  person: string;
  date: string;
  competitionId: string;
  session: number;
}

/**
 * Every session a person sat down in, in the club's competitions (any format), from
 * the same source a club's rules count "every play in the club" from (`clubPlaysOf`, the
 * seats `seating.ts` reads: result players, substitutes, the players of a pair
 * linked to board results). One per person, competition and session, sorted by date.
 */
export function seatingsOf(state: CompetitionsState, clubId: string): Seating[] {
  const out: Seating[] = [];
  const seen = new Set<string>();
  for (const c of Object.values(state.competitions)) {
    if (c.competition?.clubId !== clubId) continue;
    for (const p of clubPlaysOf(c)) {
      const key = `${p.player}|${p.competitionId}|${p.session}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({
        person: p.player,
        date: p.date,
        competitionId: p.competitionId,
        session: p.session,
      });
    }
  }
  return out.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      a.competitionId.localeCompare(b.competitionId) ||
      a.session - b.session ||
      a.person.localeCompare(b.person),
  );
}
