import { PINNER_VISITOR_DEFAULTS } from '../pinner/visitor-defaults';
/**
 * Each NZ standings row says which prizes its competitor may win (NZ-10: a visitor
 * none; PIN-R13: a visitor normal prize money, not the enhanced money of a special event), each
 * player judged by `prizeEligibility` (src/rulesets/pinner/visitors) on the days the pair
 * played, with the status the roster gave them that day. Pure.
 */
import { sessionDates } from '../../contexts/pairs/domain/club-plays';
import type { CompetitionState } from '../../contexts/pairs/domain/state';
import { PRIZE_RULES, type NzClubParams } from './preset';
import type { RosterEntry } from '../../contexts/pairs/projection/state';
import { NzInputError, type NzPrize, type NzStanding } from './standings';
import {
  competitorPrizeOf,
  MAY_WIN_SAID,
  playerPrizeOf,
  type PrizeJudging,
} from '../../contexts/pairs/projection/prizes';

/** `prizes` of the rulebook, checked: a bad value is refused naming the parameter. */
function prizeParams(params: NzClubParams): { rule: 'NZ-10' | 'PIN-R13'; special: string[] } {
  const p = params.prizes ?? { rule: 'NZ-10', specialEvents: [] };
  if (!(PRIZE_RULES as readonly string[]).includes(p.rule)) {
    throw new NzInputError(
      'NZ-10',
      'prizes.rule',
      `must be ${PRIZE_RULES.join(' or ')}, got '${String(p.rule)}'`,
    );
  }
  if (!Array.isArray(p.specialEvents)) {
    throw new NzInputError('PIN-R13', 'prizes.specialEvents', 'must be a list');
  }
  p.specialEvents.forEach((e, i) => {
    if (typeof e !== 'string' || e === '') {
      throw new NzInputError(
        'PIN-R13',
        `prizes.specialEvents[${i}]`,
        'must be a competition id or format',
      );
    }
  });
  return { rule: p.rule as 'NZ-10' | 'PIN-R13', special: p.specialEvents };
}

/**
 * The prize eligibility of `row` in competition `c` up to session `upToSession`: its players
 * (the pair entered, or the player of an individual event) on the days it played (none played
 * yet: the first session's day). The competitor may win the least of what its players may; one
 * listed, not placed, wins none.
 */
export function nzPrizeOf(
  row: NzStanding,
  c: CompetitionState,
  roster: Record<string, RosterEntry>,
  params: NzClubParams,
  upToSession: number,
  byDate = sessionDates(c),
): NzPrize {
  const { rule, special: specialEvents } = prizeParams(params);
  const created = c.competition!;
  const special =
    specialEvents.includes(created.competitionId) || specialEvents.includes(created.format);
  const played = row.sessions
    .filter((l) => l.played && l.session <= upToSession)
    .map((l) => byDate.get(l.session)?.date)
    .filter((d): d is string => d !== undefined);
  const dates = [...new Set(played.length ? played : [created.sessions[0]!.date])].sort();
  const judging: PrizeJudging = {
    event: { id: created.competitionId, special },
    visitors: {
      ...PINNER_VISITOR_DEFAULTS,
      nzMaxVisits: params.visitorMaxPerYear,
      prizes: rule === 'PIN-R13' ? 'pin-r13' : 'nz-10',
      year: { kind: 'club-year', yearStart: params.yearStarts },
    },
    // NZ-10: a club may let its visitors qualify.
    ...(rule === 'NZ-10' && params.visitorsQualifyForPrizes
      ? { visitorsQualify: 'visitors qualify for prizes (visitorsQualifyForPrizes)' }
      : {}),
  };
  const players = (c.pairs[row.competitor]?.players ?? [row.competitor]).map((p) =>
    playerPrizeOf(p, Object.hasOwn(roster, p) ? roster[p] : undefined, dates, judging),
  );
  const unplacedBy = row.qualifies
    ? undefined
    : (row.explain.find((e) => e.effect === 'does not qualify: listed, not placed')?.rule ?? rule);
  return competitorPrizeOf(players, rule, special, unplacedBy);
}

/** The rows with their prizes, each also explained (the last line before none). */
export function withPrizes(
  rows: readonly NzStanding[],
  c: CompetitionState,
  roster: Record<string, RosterEntry>,
  params: NzClubParams,
  upToSession: number,
): NzStanding[] {
  const byDate = sessionDates(c);
  return rows.map((r) => {
    const prize = nzPrizeOf(r, c, roster, params, upToSession, byDate);
    return {
      ...r,
      prize,
      explain: [
        ...r.explain,
        { rule: prize.rule, effect: `prizes: ${MAY_WIN_SAID[prize.mayWin]} — ${prize.reason}` },
      ],
    };
  });
}
