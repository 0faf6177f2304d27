/**
 * NZ-8 (playing out of one's graded night, C-point eligibility) and NZ-10 (visitors): pure
 * verdicts over a player's plays in a club year. Each verdict names its rule and a reason.
 * Scopes: 'play' — whether the play is permitted (a decider refuses it); 'event' — whether the
 * pair is placed (a standing lists it unplaced when not); 'c-points'; 'prizes'.
 */
import type { PlayerStatus } from '../../../contexts/club/facts/club';
import type { NzClubParams } from '../preset';
import {
  type Night,
  NIGHTS,
  NzInputError,
  type NzcbaRank,
  type NzVerdict,
  type OneBoardReason,
} from './types';

export interface NzPlayer {
  id: string;
  homeNight: Night;
  /** NZCBA ranking; needed for a Tuesday player on a Monday (NZ-8g). */
  rank?: NzcbaRank;
}

/** One session a player played. */
export interface NzPlay {
  /** Club calendar date, YYYY-MM-DD. */
  date: string;
  night: Night;
  /** The event kind or name (NZ-8e leaves out the Wellesley and Wilkinson nights). */
  event?: string;
  /** The pair or team the player played in (the subject of a disqualification). */
  pair?: string;
  /** NZ-8g: the player's NZCBA rank on this play's date (`nzcbaRankOn`); else `NzPlayer.rank`. */
  rank?: NzcbaRank;
  /** The day that rank was recorded from, for the reason (none: the roster's rank). */
  rankFrom?: string;
}

const DATE = /^\d{4}-(\d{2})-(\d{2})$/;

/** The club year a date falls in: the calendar year of its start (`yearStarts`, MM-DD). */
export function clubYear(date: string, params: NzClubParams, field = 'date'): number {
  if (!DATE.test(date)) throw new NzInputError('NZ-8', field, `must be YYYY-MM-DD, got '${date}'`);
  const year = Number(date.slice(0, 4));
  return date.slice(5) >= params.yearStarts ? year : year - 1;
}

const ordinal = (n: number): string =>
  `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;

type LimitKey = keyof NzClubParams['nightLimits'];

/**
 * NZ-8 e/f/g: a verdict for each play of `player` out of their home night, in date order, each
 * with the play's `date`, counted per club year:
 * e) a Monday or Wednesday player on a Tuesday: at most `nightLimits.mondayWedToTuesday` (3)
 *    a year, not counting the nights of `nightLimitExcludedEvents` (the 4 Wellesley Pairs and
 *    3 Wilkinson Individual nights: at most `wellesley.nights` / `wilkinson.nights` of them a
 *    year are left out);
 * f) a Tuesday player on a Wednesday: at most 2 a year; the 3rd or later disqualifies the pair;
 * g) a Tuesday Intermediate or Open on a Monday: at most 2 (disqualified as f); a Tuesday Junior
 *    plays Mondays freely but qualifies for no Monday event. Each Monday is judged by the rank
 *    on its day (`NzPlay.rank`, else `player.rank`): only Mondays played as Intermediate or Open
 *    count towards the limit.
 * Over the limit: `nightLimitOver` says 'disqualify' (a verdict with scope 'event' on the pair)
 * or 'not-permitted' (scope 'play': the play is refused; e states no sanction).
 */
export function outOfNightVerdicts(
  player: NzPlayer,
  plays: readonly NzPlay[],
  params: NzClubParams,
): NzVerdict[] {
  if (!NIGHTS.includes(player.homeNight)) {
    throw new NzInputError('NZ-8', `${player.id}.homeNight`, `must be one of ${NIGHTS.join(', ')}`);
  }
  const sorted = plays
    .map((p, i) => ({ p, i, year: clubYear(p.date, params, `plays[${i}].date`) }))
    .sort((a, b) => (a.p.date < b.p.date ? -1 : a.p.date > b.p.date ? 1 : a.i - b.i));
  const counts = new Map<string, number>();
  const bump = (key: string): number => {
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    return n;
  };
  const out: NzVerdict[] = [];
  const home = player.homeNight;
  for (const { p, i, year } of sorted) {
    if (!NIGHTS.includes(p.night)) {
      throw new NzInputError('NZ-8', `plays[${i}].night`, `must be one of ${NIGHTS.join(', ')}`);
    }
    if (p.night === home) continue;
    const limited = (rule: string, key: LimitKey, what: string): void => {
      const n = bump(`${year}:${key}`);
      const max = params.nightLimits[key];
      if (n <= max) {
        out.push({
          rule,
          subject: player.id,
          scope: 'play',
          ok: true,
          date: p.date,
          reason: `${p.date}: ${what}, the ${ordinal(n)} this year (at most ${max})`,
        });
        return;
      }
      const disqualify = params.nightLimitOver[key] === 'disqualify';
      out.push({
        rule,
        subject: disqualify ? (p.pair ?? player.id) : player.id,
        scope: disqualify ? 'event' : 'play',
        ok: false,
        date: p.date,
        reason: `${p.date}: ${what}, the ${ordinal(n)} this year (at most ${max}): ${disqualify ? 'the pair or team is disqualified' : 'not permitted'}`,
      });
    };
    if ((home === 'monday' || home === 'wednesday') && p.night === 'tuesday') {
      const excluded = p.event !== undefined && params.nightLimitExcludedEvents.includes(p.event);
      if (excluded) {
        const cap =
          p.event === 'wellesley-pairs'
            ? params.wellesley.nights
            : p.event === 'wilkinson-individual'
              ? params.wilkinson.nights
              : Infinity;
        const n = bump(`${year}:excluded:${p.event}`);
        if (n <= cap) {
          out.push({
            rule: 'NZ-8e',
            subject: player.id,
            scope: 'play',
            ok: true,
            date: p.date,
            reason: `${p.date}: a ${p.event} night, not counted towards the Tuesday limit`,
          });
          continue;
        }
      }
      limited('NZ-8e', 'mondayWedToTuesday', `a ${home} player on a Tuesday`);
    } else if (home === 'tuesday' && p.night === 'wednesday') {
      limited('NZ-8f', 'tuesdayToWednesday', 'a Tuesday player on a Wednesday');
    } else if (home === 'tuesday' && p.night === 'monday') {
      // The rank on the play's day: a Junior's Mondays do not count towards a later limit.
      const rank = p.rank ?? player.rank;
      if (rank === undefined) {
        throw new NzInputError(
          'NZ-8g',
          `${player.id}.rank`,
          'is needed for a Tuesday player on a Monday',
        );
      }
      const recorded = p.rank !== undefined && p.rankFrom ? ` (NZCBA rank from ${p.rankFrom})` : '';
      if (rank === 'junior') {
        out.push({
          rule: 'NZ-8g',
          subject: player.id,
          scope: 'play',
          ok: true,
          date: p.date,
          reason: `${p.date}: a Tuesday Junior${recorded} may play on Mondays as often as they wish`,
        });
        if (!params.juniorQualifiesForMondayEvents) {
          out.push({
            rule: 'NZ-8g',
            subject: p.pair ?? player.id,
            scope: 'event',
            ok: false,
            date: p.date,
            reason: `${p.date}: a Tuesday Junior${recorded} does not qualify for any Monday event`,
          });
        }
      } else {
        limited(
          'NZ-8g',
          'tuesdayIntermediateOpenToMonday',
          `a Tuesday ${rank}${recorded} on a Monday`,
        );
      }
    } else {
      out.push({
        rule: 'NZ-8',
        subject: player.id,
        scope: 'play',
        ok: true,
        date: p.date,
        reason: `${p.date}: a ${home} player on a ${p.night}: no limit in the rules`,
      });
    }
  }
  return out;
}

/**
 * NZ-8c "a valid NZCBA number". Neither the seed nor RULES.md gives its form; reading
 * (docs/rules-nz.md "NZCBA numbers"): a whole number written in digits only, 1 to 10 of them,
 * not zero. Letters, signs, spaces or punctuation make it not valid. Whether the NZCBA has
 * issued it is for the club to check before recording it: the ledger cannot.
 */
export function isValidNzcbaNumber(n: unknown): boolean {
  return typeof n === 'string' && /^\d{1,10}$/.test(n) && !/^0+$/.test(n);
}

/** NZ-7: a nominee (nomination form posted) plays as a member; the others are from outside. */
export const isMemberStatus = (status: PlayerStatus | undefined): boolean =>
  status === 'member' || status === 'nominee';

/** How the rules call a player of each status in a reason: a non-member is NZ-8c's "guest". */
const CALLED: Readonly<Record<PlayerStatus, string>> = {
  member: 'member',
  nominee: 'nominee',
  'non-member': 'guest',
  visitor: 'visitor',
};

/** A player in one session, as NZ-8 a–d and NZ-5 see them. */
export interface NzSessionPlayer {
  id: string;
  /** The roster's status (`PLAYER_STATUSES`); a nominee counts as a member (NZ-7). */
  status: PlayerStatus;
  /** Members' graded night. */
  homeNight?: Night;
  /** A guest's or visitor's NZCBA number as the roster records it (NZ-8c: `isValidNzcbaNumber`). */
  nzcbaNumber?: string;
  /** A guest's or visitor's NZCBA number is valid (NZ-8c), when the caller checked it; wins over `nzcbaNumber`. */
  nzcbaNumberValid?: boolean;
  /** The day the number was checked (GuestNzcbaNumberChecked), for the reason. */
  nzcbaCheckedOn?: string;
}

/** NZ-8c: whether a guest's or visitor's NZCBA number is valid, and why, for the verdict. */
function nzcbaNumberOf(p: NzSessionPlayer, i: number): { valid: boolean; reason: string } {
  const called = CALLED[p.status];
  if (p.nzcbaNumber !== undefined && typeof p.nzcbaNumber !== 'string') {
    throw new NzInputError('NZ-8c', `players[${i}].nzcbaNumber`, 'must be a string');
  }
  const valid =
    p.nzcbaNumberValid !== undefined ? p.nzcbaNumberValid : isValidNzcbaNumber(p.nzcbaNumber);
  if (p.nzcbaNumberValid !== undefined && p.nzcbaCheckedOn !== undefined) {
    return {
      valid,
      reason: valid
        ? `a ${called} whose NZCBA number was checked valid on ${p.nzcbaCheckedOn}`
        : `a ${called} whose NZCBA number was checked not valid on ${p.nzcbaCheckedOn}`,
    };
  }
  if (valid) return { valid, reason: `a ${called} with a valid NZCBA number` };
  if (p.nzcbaNumber !== undefined && p.nzcbaNumberValid === undefined) {
    return {
      valid,
      reason: `a ${called} whose recorded NZCBA number is not valid (reading: 1 to 10 digits, not zero)`,
    };
  }
  return { valid, reason: `a ${called} without a valid NZCBA number` };
}

const isMember = (p: NzSessionPlayer): boolean => isMemberStatus(p.status);

/** Bad input: a status not in the roster's vocabulary is refused, naming the player. */
function checkStatuses(players: readonly NzSessionPlayer[], rule: string): void {
  players.forEach((p, i) => {
    if (!Object.hasOwn(CALLED, p.status)) {
      throw new NzInputError(
        rule,
        `players[${i}].status`,
        `must be one of ${Object.keys(CALLED).join(', ')}, got '${String(p.status)}'`,
      );
    }
  });
}

/**
 * NZ-8 a–d and NZ-10: C-point (and prize) verdicts for the two players of a pair in one session
 * on `night`.
 * a) a member on their own night with a partner from a lower grade qualifies for the event in
 *    their own grade; the lower-graded player qualifies for C points if earned;
 * b) a Tuesday player on a Monday or Wednesday: the pair qualifies for C points after the NZ-5
 *    penalty;
 * c) a member with a guest from outside the club qualifies for C points; the guest too if they
 *    have a valid NZCBA number;
 * d) a member asked by the Secretary to play with a visitor qualifies for the event and C points;
 * NZ-10: a visitor does not qualify for prizes. Reading: a visitor's C points follow c (a valid
 * NZCBA number); a member out of night in a grade not covered by a/b (e.g. Monday on a
 * Wednesday when the grades rank equal) is treated as a.
 */
export function sessionEligibility(
  input: {
    night: Night;
    players: readonly [NzSessionPlayer, NzSessionPlayer];
    requestedBySecretary?: boolean;
  },
  params: NzClubParams,
): NzVerdict[] {
  checkStatuses(input.players, 'NZ-8');
  const out: NzVerdict[] = [];
  const grade = (n: Night) => params.nightGrades[n];
  input.players.forEach((p, i) => {
    const partner = input.players[1 - i]!;
    const v = (rule: string, scope: NzVerdict['scope'], ok: boolean, reason: string) =>
      out.push({ rule, subject: p.id, scope, ok, reason });
    if (isMember(p)) {
      if (!p.homeNight) {
        throw new NzInputError('NZ-8', `players[${i}].homeNight`, 'is needed for a member');
      }
      if (p.homeNight === input.night) {
        if (
          isMember(partner) &&
          partner.homeNight &&
          grade(partner.homeNight) > grade(input.night)
        ) {
          v(
            'NZ-8a',
            'event',
            true,
            `plays on own night with a lower-graded partner: qualifies in own grade`,
          );
        }
        if (partner.status === 'non-member')
          v('NZ-8c', 'c-points', true, 'a member with a guest from outside the club');
        else if (partner.status === 'visitor') {
          v(
            input.requestedBySecretary ? 'NZ-8d' : 'NZ-8c',
            'event',
            true,
            input.requestedBySecretary
              ? 'asked by the Secretary to play with a visitor'
              : 'a member with a visitor',
          );
          v(
            input.requestedBySecretary ? 'NZ-8d' : 'NZ-8c',
            'c-points',
            true,
            'a member with a visitor qualifies for C points',
          );
        } else v('NZ-8', 'c-points', true, 'plays on own night');
      } else if (grade(p.homeNight) < grade(input.night)) {
        v(
          'NZ-8b',
          'c-points',
          true,
          `a ${p.homeNight} player on a ${input.night}: C points after the one-board penalty (NZ-5) where the event has one`,
        );
      } else {
        v(
          'NZ-8a',
          'c-points',
          true,
          `a ${p.homeNight} player on a ${input.night} (${grade(p.homeNight) > grade(input.night) ? 'a lower grade' : 'reading: as a lower grade'}): C points if earned`,
        );
      }
    } else {
      const number = nzcbaNumberOf(p, i);
      v('NZ-8c', 'c-points', number.valid, number.reason);
      if (p.status === 'visitor') {
        v(
          'NZ-10',
          'prizes',
          params.visitorsQualifyForPrizes,
          'a visitor does not qualify for prizes',
        );
      }
    }
  });
  return out;
}

/**
 * NZ-5 reasons for one session, from who played: a member partnering a non-club member; a
 * Tuesday player playing on another night. The standing applies each only in the events the
 * rulebook names (Club and Victoria Pairs; Victoria Pairs for the Tuesday player).
 */
export function oneBoardReasons(
  night: Night,
  players: readonly [NzSessionPlayer, NzSessionPlayer],
): OneBoardReason[] {
  checkStatuses(players, 'NZ-5');
  const reasons: OneBoardReason[] = [];
  if (players.some(isMember) && players.some((p) => !isMember(p)))
    reasons.push('partner-non-member');
  if (players.some((p) => isMember(p) && p.homeNight === 'tuesday' && night !== 'tuesday')) {
    reasons.push('tuesday-player');
  }
  return reasons;
}

/**
 * NZ-10: a visitor may play at most `visitorMaxPerYear` (3) times a club year and never
 * qualifies for prizes. One 'play' verdict per play, in date order (with its `date`), and one
 * 'prizes' verdict.
 */
export function visitorVerdicts(
  visitor: string,
  dates: readonly string[],
  params: NzClubParams,
): NzVerdict[] {
  const counts = new Map<number, number>();
  const out: NzVerdict[] = [...dates]
    .map((d, i) => ({ d, year: clubYear(d, params, `dates[${i}]`) }))
    .sort((a, b) => (a.d < b.d ? -1 : a.d > b.d ? 1 : 0))
    .map(({ d, year }) => {
      const n = (counts.get(year) ?? 0) + 1;
      counts.set(year, n);
      const ok = n <= params.visitorMaxPerYear;
      return {
        rule: 'NZ-10',
        subject: visitor,
        scope: 'play' as const,
        ok,
        date: d,
        reason: `${d}: the visitor's ${ordinal(n)} play this year (at most ${params.visitorMaxPerYear})${ok ? '' : ': not permitted'}`,
      };
    });
  out.push({
    rule: 'NZ-10',
    subject: visitor,
    scope: 'prizes',
    ok: params.visitorsQualifyForPrizes,
    reason: params.visitorsQualifyForPrizes
      ? 'visitors qualify for prizes'
      : 'a visitor does not qualify for prizes',
  });
  return out;
}
