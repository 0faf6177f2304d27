/**
 * A Pinner duplicate session or special event's standings: each pair's matchpoint percentage
 * of each session (STD-MP), placed by their sum; each row says what its pair may win (PIN-R13)
 * and each session under which licence level its conventions were played (PIN-R6). Pure.
 *
 * Reading: the Pinner rules set no way of ranking an event of several sessions (Rule 3 leaves
 * the money to the committee); the sum of the session percentages, a session missed adding
 * nothing, is the club's usual, and for one session it is that session's ranking. Pairs with
 * equal totals (to the hundredth) share the place.
 */
import {
  resultsOf,
  type CompetitionState,
  type HeldUnder,
} from '../../../contexts/pairs/domain/state';
import { sessionDates } from '../../../contexts/pairs/domain/club-plays';
import { toHundredths } from '../../../contexts/pairs/projection/hundredths';
import {
  competitorPrizeOf,
  MAY_WIN_SAID,
  playerPrizeOf,
  type CompetitorPrize,
} from '../../../contexts/pairs/projection/prizes';
import type { RosterEntry } from '../../../contexts/pairs/projection/state';
import type { VisitorParams } from '../../../contexts/membership/model';
import { licenceLevelOf, type Conventions, type LicenceLevel } from './licence';

/** PIN-R13: the format whose events pay enhanced prize money. */
export const SPECIAL_EVENT_FORMAT = 'pinner-special-event';

export interface PinnerRow {
  pairId: string;
  /** 1 the best; pairs with equal totals share it. */
  place: number;
  players: string[];
  /** The sum of its sessions' percentages, to the hundredth. */
  total: number;
  /** Each session up to the standing's: its percentage, null when the pair did not play it. */
  sessions: Array<{ session: number; percentage: number | null }>;
  prize: CompetitorPrize;
  explain: Array<{ rule: string; session?: number; effect: string }>;
}

/** A session as the standings show it: the licence level in force, and what was recorded. */
export interface PinnerSession {
  session: number;
  date: string;
  startTime?: string;
  /** PIN-R6: the level the rulebook of the session's day restricts conventions to. */
  licence: LicenceLevel;
  /** What its SessionHeld recorded (the level, the committee's decision, a sponsor), if any. */
  held?: HeldUnder;
}

export interface PinnerStandingsInput {
  competition: CompetitionState;
  upToSession: number;
  roster: Record<string, RosterEntry>;
  /** The visitors' settings of the rulebook at the end (PIN-R13 reads `prizes`). */
  visitors: VisitorParams;
  /** PIN-R6's settings of the rulebook in force on each session's day. */
  conventionsOf: (session: number) => Conventions;
}

/** Every session of the event, played or still to come, with its licence level in force (PIN-R6). */
export function pinnerSessions(input: PinnerStandingsInput): PinnerSession[] {
  const c = input.competition;
  const dates = sessionDates(c);
  return c.competition!.sessions.map((s) => {
    const { date, startTime } = dates.get(s.session) ?? s;
    const held = c.heldUnder?.[s.session];
    const start = startTime || undefined;
    return {
      session: s.session,
      date,
      ...(start ? { startTime: start } : {}),
      licence: licenceLevelOf(date, start, input.conventionsOf(s.session), held?.sponsoredBy),
      ...(held ? { held } : {}),
    };
  });
}

/** What the committee's decision or a sponsor changed of a session's level, for a row's explain. */
function levelNotes(sessions: readonly PinnerSession[]): PinnerRow['explain'] {
  return sessions.flatMap((s) => {
    const recorded = s.held?.conventionsLevel;
    if (recorded === undefined || recorded === s.licence.level) return [];
    const why = s.held?.levelDecidedOn
      ? `by the committee's decision of ${s.held.levelDecidedOn}`
      : s.licence.reason;
    return [
      { rule: 'PIN-R6', session: s.session, effect: `played under Level ${recorded}, ${why}` },
    ];
  });
}

/** One pair's row before it is placed: its total in hundredths, its sessions, its prizes. */
function pairRow(
  input: PinnerStandingsInput,
  sessions: readonly PinnerSession[],
  pairId: string,
  players: string[],
  special: boolean,
): Omit<PinnerRow, 'place' | 'total'> & { hundredths: number } {
  const created = input.competition.competition!;
  const own = resultsOf(input.competition).filter(
    (r) => r.pairId === pairId && r.session <= input.upToSession,
  );
  const hundredths = own.reduce((sum, r) => sum + toHundredths(r.percentage), 0);
  // PIN-R13: each player judged on the days the pair played (none yet: the first session's).
  const dateOf = new Map(sessions.map((s) => [s.session, s.date]));
  const played = [...new Set(own.map((r) => dateOf.get(r.session)!))].sort();
  const dates = played.length ? played : [sessions[0]?.date ?? created.sessions[0]!.date];
  const judging = { event: { id: created.competitionId, special }, visitors: input.visitors };
  const entryOf = (p: string) => (Object.hasOwn(input.roster, p) ? input.roster[p] : undefined);
  const prize = competitorPrizeOf(
    players.map((p) => playerPrizeOf(p, entryOf(p), dates, judging)),
    'PIN-R13',
    special,
  );
  return {
    pairId,
    players,
    hundredths,
    sessions: sessions
      .filter((s) => s.session <= input.upToSession)
      .map((s) => {
        const r = own.find((x) => x.session === s.session);
        return { session: s.session, percentage: r ? r.percentage : null };
      }),
    prize,
    explain: [
      ...own.map((r) => ({
        rule: 'STD-MP',
        session: r.session,
        effect: `session ${r.session}: ${r.percentage.toFixed(2)} %`,
      })),
      ...levelNotes(sessions.filter((s) => own.some((r) => r.session === s.session))),
      { rule: 'PIN-R13', effect: `prizes: ${MAY_WIN_SAID[prize.mayWin]} — ${prize.reason}` },
    ],
  };
}

/** The standings: every pair entered, placed by its total (ties share), its prizes explained last. */
export function pinnerStandings(input: PinnerStandingsInput): {
  special: boolean;
  sessionLevels: PinnerSession[];
  rows: PinnerRow[];
} {
  const c = input.competition;
  const special = c.competition!.format === SPECIAL_EVENT_FORMAT;
  const sessions = pinnerSessions(input);
  const unplaced = Object.entries(c.pairs).map(([pairId, pair]) =>
    pairRow(input, sessions, pairId, pair.players, special),
  );
  unplaced.sort((a, b) => b.hundredths - a.hundredths || a.pairId.localeCompare(b.pairId));
  const rows = unplaced.map(({ hundredths, ...r }) => {
    const place = unplaced.findIndex((x) => x.hundredths === hundredths) + 1;
    return { ...r, place, total: hundredths / 100 } satisfies PinnerRow;
  });
  return { special, sessionLevels: sessions, rows };
}
