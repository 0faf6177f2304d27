import type { LcbaParams } from '../preset';
import {
  TABLE_PAIRS,
  type Because,
  type BoardScore,
  type Side,
} from '../../../contexts/league/model';
import { impedBoard } from './aggregate';
import { oneTable, pairWithAbsence } from './artificial';
import { fouledBoard } from './fouled';
import type { BoardTables, TableState } from './layout';

/**
 * One board of a match: plainly IMPed on the net aggregate of its four tables (LCBA-6.7), or
 * with artificial scores (7.2–7.4), or fouled (FOUL).
 *
 * Reading: a table left unplayed by both sides (each team absent there) has no non-offending
 * side for 7.3's artificial score; it is scored as a board fouled there by both teams (the
 * other table of its pair cancelled, the board IMPed on the other pair, nothing added), unless
 * the board was played at no more than one table (7.4, where absences on both sides cancel).
 */
export function scoreBoard(
  params: LcbaParams['match'],
  board: number,
  tables: BoardTables,
): BoardScore {
  const absent = tables.filter((t) => t.kind === 'unplayed');
  const played = tables.filter((t) => t.kind === 'result');
  const fouled = tables.some((t) => t.kind === 'fouled');
  if (!fouled && absent.length === 0) {
    const aggregate = played.reduce(
      (s, r) => s + (r.homeSits === 'NS' ? r.nsScore : -r.nsScore),
      0,
    );
    return impedBoard(board, aggregate);
  }
  const because: Because[] = [];
  if (!fouled && played.length <= 1) {
    const offenders = new Set<Side>(absent.flatMap((t) => t.offenders));
    const where = `played at ${played.length === 0 ? 'no table' : `table ${played[0]!.table} only`}`;
    return { board, homeImps: oneTable(params, offenders, because, where), because };
  }
  if (fouled || absent.some((t) => t.offenders.length > 1)) {
    const asFouled = tables.map((t): TableState => {
      if (t.kind !== 'unplayed' || t.offenders.length < 2) return t;
      because.push({
        rule: 'LCBA-7.3',
        text: `table ${t.table} not played, both teams absent: scored as fouled there by both teams`,
      });
      return { kind: 'fouled', table: t.table, causedBy: 'both' };
    }) as unknown as BoardTables;
    const scored = fouledBoard(params, board, asFouled);
    return { ...scored, because: [...because, ...scored.because] };
  }
  const pool = played.map((r) => r.nsScore);
  const aggregate = TABLE_PAIRS.reduce(
    (sum, [a, b]) =>
      sum +
      pairWithAbsence(
        tables[a - 1] as Exclude<TableState, { kind: 'fouled' }>,
        tables[b - 1] as Exclude<TableState, { kind: 'fouled' }>,
        pool,
        because,
      ),
    0,
  );
  return impedBoard(board, aggregate, because);
}
