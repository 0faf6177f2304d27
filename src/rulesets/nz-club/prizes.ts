import { PINNER_VISITOR_DEFAULTS } from '../pinner/visitor-defaults';
/**
 * Each NZ standings row says which prizes its competitor may win (NZ-10: a visitor
 * none; PIN-R13: a visitor normal prize money, not the enhanced money of a special event), each
 * player judged by `prizeEligibility` (src/rulesets/pinner/visitors) on the days the pair
 * played, with the status the roster gave them that day. Pure.
 */
import { sessionDates } from '../../contexts/pairs/domain/club-plays';
import type { CompetitionState } from '../../contexts/pairs/domain/state';
import type { PlayerStatus } from '../../contexts/club/facts/club';
import { PRIZE_RULES, type NzClubParams } from './preset';
import { rosterEntryOn, type RosterEntry } from '../../contexts/pairs/projection/state';
import { NzInputError, type NzMayWin, type NzPrize, type NzStanding } from './standings';
import { type VisitorParams } from '../../contexts/membership/model';
import { prizeEligibility } from '../../contexts/membership/visitors';

const ORDER: Readonly<Record<NzMayWin, number>> = { none: 0, 'normal-only': 1, all: 2 };

const CALLED: Readonly<Record<PlayerStatus, string>> = {
  member: 'a member',
  nominee: 'a nominee (NZ-7: as a member)',
  'non-member': 'a guest from outside the club',
  visitor: 'a visitor',
};

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

const nextDay = (date: string): string => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
};

/** One player's prizes over the days `dates` the competitor played. */
function playerPrize(
  player: string,
  entry: RosterEntry | undefined,
  dates: readonly string[],
  event: { id: string; special: boolean },
  rule: 'NZ-10' | 'PIN-R13',
  params: NzClubParams,
): NzPrize['players'][number] {
  const statusOn = (d: string) => rosterEntryOn(entry, d)?.status;
  const visitorOn = dates.filter((d) => statusOn(d) === 'visitor');
  if (visitorOn.length === 0) {
    const status = statusOn(dates[dates.length - 1]!);
    const who = status ? CALLED[status] : 'a player unknown to the roster (from outside the club)';
    return { player, visitor: false, mayWin: 'all', reason: `${who}, not a visitor: every prize` };
  }
  if (rule === 'NZ-10' && params.visitorsQualifyForPrizes) {
    return {
      player,
      visitor: true,
      mayWin: 'all',
      reason: `a visitor on ${visitorOn[0]}: visitors qualify for prizes (visitorsQualifyForPrizes)`,
    };
  }
  // The days the player was not a visitor, as the member spans prizeEligibility reads.
  const memberSpans = dates
    .filter((d) => statusOn(d) !== 'visitor')
    .map((d) => ({ from: d, until: nextDay(d) }));
  const year = { kind: 'club-year' as const, yearStart: params.yearStarts };
  const visitorParams: VisitorParams = {
    ...PINNER_VISITOR_DEFAULTS,
    nzMaxVisits: params.visitorMaxPerYear,
    prizes: rule === 'PIN-R13' ? 'pin-r13' : 'nz-10',
    year,
  };
  const answer = prizeEligibility(
    player,
    event,
    {
      people: [{ person: player, memberSpans, appliedOn: [] }],
      visits: dates.map((date) => ({ person: player, date, event })),
      year,
      which: params.yearStarts,
    },
    visitorParams,
  );
  return {
    player,
    visitor: true,
    mayWin: answer.mayWin,
    reason: answer.because.map((b) => b.text).join('; '),
  };
}

const SAID: Readonly<Record<NzMayWin, string>> = {
  all: 'every prize',
  'normal-only': 'normal prize money only',
  none: 'no prize',
};

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
  const players = (c.pairs[row.competitor]?.players ?? [row.competitor]).map((p) =>
    playerPrize(
      p,
      Object.hasOwn(roster, p) ? roster[p] : undefined,
      dates,
      { id: created.competitionId, special },
      rule,
      params,
    ),
  );
  const mayWin = players.reduce<NzMayWin>(
    (least, p) => (ORDER[p.mayWin] < ORDER[least] ? p.mayWin : least),
    'all',
  );
  if (!row.qualifies) {
    const why = row.explain.find((e) => e.effect === 'does not qualify: listed, not placed');
    const by = why?.rule ?? rule;
    return {
      rule: by,
      eligible: false,
      mayWin: 'none',
      special,
      reason: `listed, not placed (${by}): no prize`,
      players,
    };
  }
  const limiting = players.filter((p) => p.mayWin === mayWin && p.mayWin !== 'all');
  const reason = limiting.length
    ? limiting.map((p) => `${p.player}: ${p.reason}`).join('; ')
    : players.some((p) => p.visitor)
      ? players.map((p) => `${p.player}: ${p.reason}`).join('; ')
      : `no visitor: ${SAID.all}${special ? ', the enhanced money of this special event included' : ''}`;
  return { rule, eligible: mayWin !== 'none', mayWin, special, reason, players };
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
        { rule: prize.rule, effect: `prizes: ${SAID[prize.mayWin]} — ${prize.reason}` },
      ],
    };
  });
}
