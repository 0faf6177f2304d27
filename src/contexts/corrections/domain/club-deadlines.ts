// The deadlines a club's (or a league's) corrections and appeals are judged by: its rulebook's
// groups, its time zone, its sessions' calendar.
import { type RulingGivenData } from '../facts/corrections';
import type { Params } from '../../../rulebooks/params';
import type { Rulebook } from '../../../rulebooks/rulebook';
import { rulesOfLeague, scoresFormat } from '../../league';
import type { ClubContext } from '../../club-context';
import { calendarOf, rulingSession, sessionTimeOfFact } from './calendar';
import { offsetOf, type ClubDeadlines } from './judge';

/**
 * A match's day, as its corrected fact says it: a league's (LCBA-10.2 counts from the match), a
 * teams event's played or defaulted match (its session's deadline counts from that day).
 */
export function matchDayOf(corrected: unknown) {
  const d = (corrected ?? {}) as { playedOn?: unknown; on?: unknown; scheduledOn?: unknown };
  const date = typeof d.playedOn === 'string' ? d.playedOn : (d.on ?? d.scheduledOn);
  return typeof date === 'string' ? { date } : undefined;
}

/**
 * The match a ruling is on: its day (LCBA-10.2's 7 days count from it; a teams event's match
 * is a session of its own, DSB-20.3 read as for a competition's last session).
 */
export function rulingMatchDay(ruling: RulingGivenData) {
  const day = ruling.match?.playedOn;
  return typeof day === 'string' ? { date: day } : undefined;
}

/**
 * A league's deadlines, by its organising club's rulebook in force on the match's day
 * (an LCBA one: its `corrections` and `appeals` groups, amendments included) and in that club's
 * time zone; the league rules' own (their preset's) when the organiser has no league rulebook then, and the offset
 * the fact is written in when the context knows no organiser.
 */
export function leagueDeadlines(
  rulebookOn: (date: string) => Rulebook | undefined,
  zone: string | undefined,
  fallbackAt: string,
): ClubDeadlines {
  return {
    zone: zone ?? offsetOf(fallbackAt),
    rulebookOn: (date) => {
      const r = rulebookOn(date);
      const rules = rulesOfLeague(r);
      return scoresFormat(r, rules.format) ? r!.params : (rules.deadlineParams as Params);
    },
    sessionOfTarget: (_streamId, corrected) => matchDayOf(corrected),
    sessionOfRuling: rulingMatchDay,
  };
}

/**
 * The club's deadlines as the deciders read them: over the club-wide context. For a league's
 * corrections stream (`league`), the match's day and the organising club's rulebook and zone.
 */
export function clubDeadlines(
  club: ClubContext,
  clubId: string,
  fallbackAt: string,
  league = false,
): ClubDeadlines {
  if (league) {
    const organiser = club.leagueOf?.(clubId)?.clubId;
    return leagueDeadlines(
      (date) => (organiser !== undefined ? club.rulebookOn(organiser, date) : undefined),
      organiser !== undefined ? club.timeZoneOf?.(organiser) : undefined,
      fallbackAt,
    );
  }
  let calendars: ReturnType<typeof calendarsOf> | undefined;
  const calendarsNow = () => (calendars ??= calendarsOf(club, clubId));
  const scoredDate = (streamId: string) => club.sessionOf(clubId, streamId)?.date;
  return {
    zone: club.timeZoneOf?.(clubId) ?? offsetOf(fallbackAt),
    rulebookOn: (date) => club.rulebookOn(clubId, date)?.params,
    sessionOfTarget: (streamId, corrected) =>
      sessionTimeOfFact({ streamId, data: corrected }, calendarsNow(), scoredDate) ??
      matchDayOf(corrected),
    sessionOfRuling: (ruling) =>
      rulingSession(ruling, calendarsNow(), scoredDate) ?? rulingMatchDay(ruling),
  };
}

const calendarsOf = (club: ClubContext, clubId: string) =>
  club.competitionsOf(clubId).flatMap((c) => calendarOf(c) ?? []);
