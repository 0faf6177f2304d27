import type { LcbaParams } from '../preset';
import { otherSide, type Because, type Side } from '../../../contexts/league/model';
import { homeScore, signed } from './aggregate';
import type { TableState } from './layout';

type Result = TableState & { kind: 'result' };
type Unplayed = TableState & { kind: 'unplayed' };
const flip = (seat: 'NS' | 'EW'): 'NS' | 'EW' => (seat === 'NS' ? 'EW' : 'NS');

/**
 * LCBA-7.3: the real NS score on the board most favourable to a side sitting `seat` at the
 * unplayed table: the highest for NS, the lowest for EW.
 */
export const mostFavourable = (pool: readonly number[], seat: 'NS' | 'EW'): number =>
  seat === 'NS' ? Math.max(...pool) : Math.min(...pool);

/** The single side absent at an unplayed table (a table absent on both sides is FOUL's). */
export const offenderOf = (u: Unplayed): Side => u.offenders[0]!;

/**
 * LCBA-7.3: the home team's score at the two tables of a pair sharing the board, one or both
 * unplayed, each unplayed table given the real score (from `pool`, the NS scores actually
 * played on the board) most favourable to the non-offending side as it sits there. The home
 * team sits NS at one table of a pair and EW at the other (6.4), so an unplayed table's seats
 * are the other way round from its partner's; with both unplayed, the sum does not depend on
 * which is which: (best NS − worst NS) for the non-offender, and 0 when each table had a
 * different side absent.
 */
export function pairWithAbsence(
  a: Result | Unplayed,
  b: Result | Unplayed,
  pool: readonly number[],
  because: Because[],
): number {
  if (a.kind === 'result' && b.kind === 'result') return homeScore(a) + homeScore(b);
  if (a.kind === 'unplayed' && b.kind === 'unplayed') {
    const [oa, ob] = [offenderOf(a), offenderOf(b)];
    const best = Math.max(...pool);
    const worst = Math.min(...pool);
    const sum = oa !== ob ? 0 : (otherSide(oa) === 'home' ? 1 : -1) * (best - worst);
    because.push({
      rule: 'LCBA-7.3',
      text:
        oa === ob
          ? `tables ${a.table} and ${b.table} not played (${oa} absent): artificial scores NS ${best} and ${worst}, the real scores most favourable to the ${otherSide(oa)} team, ${signed(sum)} to the home team`
          : `tables ${a.table} (${oa} absent) and ${b.table} (${ob} absent) not played: each given the real score most favourable to its non-offending side, ${signed(sum)} to the home team`,
    });
    return sum;
  }
  const [real, gap] = a.kind === 'result' ? [a, b as Unplayed] : [b as Result, a];
  const homeSits = flip(real.homeSits);
  const nonOffender = otherSide(offenderOf(gap));
  const seat = nonOffender === 'home' ? homeSits : flip(homeSits);
  const ns = mostFavourable(pool, seat);
  const artificial = homeScore({ ...real, table: gap.table, homeSits, nsScore: ns });
  because.push({
    rule: 'LCBA-7.3',
    text: `table ${gap.table} not played (${offenderOf(gap)} absent${gap.rule === 'LCBA-7.2' ? ', removed by LCBA-7.2' : ''}): artificial score NS ${ns}, the real score most favourable to the ${nonOffender} team sitting ${seat} there`,
  });
  return homeScore(real) + artificial;
}

/**
 * LCBA-7.4: a board played at no more than one table: +oneTableImps to the non-offending team.
 * Reading: with absences on both sides (each team an offender somewhere on the board) the two
 * awards cancel and the board scores 0, as FOUL adds nothing when both teams offend.
 */
export function oneTable(
  params: LcbaParams['match'],
  offenders: ReadonlySet<Side>,
  because: Because[],
  where: string,
): number {
  if (offenders.size !== 1) {
    because.push({
      rule: 'LCBA-7.4',
      text: `${where}: both teams absent, so neither is the non-offending team: 0 IMPs`,
    });
    return 0;
  }
  const [offender] = [...offenders];
  const homeImps = offender === 'away' ? params.oneTableImps : -params.oneTableImps;
  because.push({
    rule: 'LCBA-7.4',
    text: `${where} (${offender} absent): ${signed(params.oneTableImps)} IMPs to the ${otherSide(offender!)} team`,
  });
  return homeImps;
}
