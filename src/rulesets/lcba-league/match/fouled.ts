import type { LcbaParams } from '../preset';
import {
  TABLE_PAIRS,
  otherSide,
  type Because,
  type BoardScore,
  type Side,
} from '../../../contexts/league/model';
import { impedBoard, signed } from './aggregate';
import { oneTable, pairWithAbsence } from './artificial';
import type { BoardTables, TableState } from './layout';

type Fouled = TableState & { kind: 'fouled' };

/**
 * LCBA-FOUL ii): the further IMPs when the fouling is due solely to one team: every fouling of
 * the board names that same team. A fouling caused by both teams, by neither (no `causedBy`),
 * or foulings by different teams give none.
 */
function foulAward(
  params: LcbaParams['match'],
  fouled: readonly Fouled[],
  because: Because[],
): number {
  const causes = new Set(fouled.map((f) => f.causedBy ?? 'neither'));
  const [cause] = [...causes];
  if (causes.size !== 1 || (cause !== 'home' && cause !== 'away')) {
    because.push({
      rule: 'LCBA-FOUL',
      text: 'not due solely to one team: no further IMPs',
    });
    return 0;
  }
  because.push({
    rule: 'LCBA-FOUL',
    text: `due solely to the ${cause} team: a further ${signed(params.foulImps)} IMPs to the ${otherSide(cause as Side)} team`,
  });
  return cause === 'away' ? params.foulImps : -params.foulImps;
}

/**
 * LCBA-FOUL i): a board fouled at a table of a pair sharing it: the other table's score is
 * cancelled and the board is IMPed on the net score of the other pair. Readings: fouled at both
 * tables of one pair is the same (the other pair's net score); fouled at tables of both pairs
 * leaves no net score, so the board scores 0 before ii)'s award. An absence at a table of the
 * pair still scored is Rule 7's (footnote 1) within that pair: 7.3's artificial score from the
 * board's real scores, or 7.4 when neither table of the pair was played.
 */
export function fouledBoard(
  params: LcbaParams['match'],
  board: number,
  tables: BoardTables,
): BoardScore {
  const fouled = tables.filter((t): t is Fouled => t.kind === 'fouled');
  const because: Because[] = [];
  const pool = tables.flatMap((t) => (t.kind === 'result' ? [t.nsScore] : []));
  const scored = TABLE_PAIRS.filter(([a, b]) =>
    [a, b].every((t) => tables[t - 1]!.kind !== 'fouled'),
  );
  for (const [a, b] of TABLE_PAIRS) {
    const f = [a, b].filter((t) => tables[t - 1]!.kind === 'fouled');
    if (f.length === 0) continue;
    const cancelled = [a, b].filter((t) => !f.includes(t));
    because.push({
      rule: 'LCBA-FOUL',
      text: `fouled at table${f.length > 1 ? 's' : ''} ${f.join(' and ')}${cancelled.length ? `: the score at table ${cancelled[0]} is cancelled` : ''}`,
    });
  }
  if (scored.length === 0) {
    because.push({
      rule: 'LCBA-FOUL',
      text: 'fouled at tables of both pairs: no net score left, 0 IMPs',
    });
    const award = foulAward(params, fouled, because);
    return { board, homeImps: award, because };
  }
  const [a, b] = scored[0]!.map((t) => tables[t - 1]!) as [TableState, TableState];
  if (a.kind === 'unplayed' && b.kind === 'unplayed') {
    const offenders = new Set([...a.offenders, ...b.offenders]);
    const imps = oneTable(
      params,
      offenders,
      because,
      `tables ${a.table} and ${b.table} not played`,
    );
    const award = foulAward(params, fouled, because);
    return { board, homeImps: imps + award, because };
  }
  const aggregate = pairWithAbsence(
    a as Exclude<TableState, Fouled>,
    b as Exclude<TableState, Fouled>,
    pool,
    because,
  );
  because.push({
    rule: 'LCBA-FOUL',
    text: `IMPed on the net score at tables ${a.table} and ${b.table}`,
  });
  const award = foulAward(params, fouled, because);
  return impedBoard(board, aggregate, because, award);
}
