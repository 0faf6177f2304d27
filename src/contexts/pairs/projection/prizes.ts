/**
 * What a competitor of a pairs event may win under its club's prize rule (NZ-10: a visitor
 * none; PIN-R13: a visitor normal prize money, not the enhanced money of a special event): each
 * player judged by `prizeEligibility` (src/contexts/membership/visitors) on the days the
 * competitor played, with the status the club's roster gave them that day. Every ruleset whose
 * standings say who may win reads it from here. Pure.
 */
import type { PlayerStatus } from '../../club';
import { prizeEligibility, type VisitorParams } from '../../membership';
import { rosterEntryOn, type RosterEntry } from './state';

/** What a competitor may win: every prize, normal money only (no enhanced money), or none. */
export type MayWin = 'all' | 'normal-only' | 'none';

/** One player's verdict: whether a visitor on one of the days, what they may win, and why. */
export interface PlayerPrize {
  player: string;
  visitor: boolean;
  mayWin: MayWin;
  reason: string;
}

/** A competitor's prize eligibility: the least of what its players may win, explained. */
export interface CompetitorPrize {
  /** 'NZ-10' or 'PIN-R13'; for a competitor not placed, the rule that left it unplaced. */
  rule: string;
  eligible: boolean;
  mayWin: MayWin;
  /** The event pays enhanced prize money (PIN-R13). */
  special: boolean;
  reason: string;
  players: PlayerPrize[];
}

const ORDER: Readonly<Record<MayWin, number>> = { none: 0, 'normal-only': 1, all: 2 };

export const MAY_WIN_SAID: Readonly<Record<MayWin, string>> = {
  all: 'every prize',
  'normal-only': 'normal prize money only',
  none: 'no prize',
};

const CALLED: Readonly<Record<PlayerStatus, string>> = {
  member: 'a member',
  nominee: 'a nominee (NZ-7: as a member)',
  'non-member': 'a guest from outside the club',
  visitor: 'a visitor',
};

const nextDay = (date: string): string => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
};

/** How a player is judged: the event, the club's visitor settings, and NZ-10's exception. */
export interface PrizeJudging {
  event: { id: string; special: boolean };
  visitors: VisitorParams;
  /** NZ-10 `visitorsQualifyForPrizes`: the reason a visitor still wins every prize. */
  visitorsQualify?: string;
}

/** One player's prizes over the days `dates` (sorted) the competitor played. */
export function playerPrizeOf(
  player: string,
  entry: RosterEntry | undefined,
  dates: readonly string[],
  judging: PrizeJudging,
): PlayerPrize {
  const statusOn = (d: string) => rosterEntryOn(entry, d)?.status;
  const visitorOn = dates.filter((d) => statusOn(d) === 'visitor');
  if (visitorOn.length === 0) {
    const status = statusOn(dates[dates.length - 1]!);
    const who = status ? CALLED[status] : 'a player unknown to the roster (from outside the club)';
    return { player, visitor: false, mayWin: 'all', reason: `${who}, not a visitor: every prize` };
  }
  if (judging.visitorsQualify !== undefined) {
    const reason = `a visitor on ${visitorOn[0]}: ${judging.visitorsQualify}`;
    return { player, visitor: true, mayWin: 'all', reason };
  }
  // The days the player was not a visitor, as the member spans prizeEligibility reads.
  const memberSpans = dates
    .filter((d) => statusOn(d) !== 'visitor')
    .map((d) => ({ from: d, until: nextDay(d) }));
  const { event, visitors } = judging;
  const answer = prizeEligibility(
    player,
    event,
    {
      people: [{ person: player, memberSpans, appliedOn: [] }],
      visits: dates.map((date) => ({ person: player, date, event })),
      year: visitors.year,
      which: visitors.year.kind === 'club-year' ? visitors.year.yearStart : dates[0]!.slice(0, 4),
    },
    visitors,
  );
  return {
    player,
    visitor: true,
    mayWin: answer.mayWin,
    reason: answer.because.map((b) => b.text).join('; '),
  };
}

/**
 * A competitor's prizes from its players' (`players`, each judged over `dates`): the least of
 * theirs; one listed, not placed (`unplacedBy`: the rule that left it so), wins none.
 */
export function competitorPrizeOf(
  players: readonly PlayerPrize[],
  rule: string,
  special: boolean,
  unplacedBy?: string,
): CompetitorPrize {
  const mayWin = players.reduce<MayWin>(
    (least, p) => (ORDER[p.mayWin] < ORDER[least] ? p.mayWin : least),
    'all',
  );
  if (unplacedBy !== undefined) {
    return {
      rule: unplacedBy,
      eligible: false,
      mayWin: 'none',
      special,
      reason: `listed, not placed (${unplacedBy}): no prize`,
      players: [...players],
    };
  }
  const limiting = players.filter((p) => p.mayWin === mayWin && p.mayWin !== 'all');
  const reason = limiting.length
    ? limiting.map((p) => `${p.player}: ${p.reason}`).join('; ')
    : players.some((p) => p.visitor)
      ? players.map((p) => `${p.player}: ${p.reason}`).join('; ')
      : `no visitor: ${MAY_WIN_SAID.all}${special ? ', the enhanced money of this special event included' : ''}`;
  return { rule, eligible: mayWin !== 'none', mayWin, special, reason, players: [...players] };
}
