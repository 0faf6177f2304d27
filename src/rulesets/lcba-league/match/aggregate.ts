import { imps } from '../../../scoring';
import type { Because, BoardScore } from '../../../contexts/league/model';
import type { TableState } from './layout';

type Result = TableState & { kind: 'result' };

/** LCBA-6.7: the home team's score at a table: its NS score where it sat NS, minus it at EW. */
export const homeScore = (r: Result): number => (r.homeSits === 'NS' ? r.nsScore : -r.nsScore);

const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

/**
 * LCBA-6.7: a board IMPed on the home team's net aggregate (STD-IMP), with `extra` IMPs on top
 * (FOUL's ±3) and the reasons it was not plainly IMPed, if any.
 */
export function impedBoard(
  board: number,
  homeAggregate: number,
  because: Because[] = [],
  extra = 0,
): BoardScore {
  // `+ 0` turns a −0 (0 points at an EW table) into 0.
  const onAggregate = imps(homeAggregate) + 0;
  return {
    board,
    homeAggregate: homeAggregate + 0,
    homeImps: onAggregate + extra,
    because: because.length
      ? [
          ...because,
          {
            rule: 'LCBA-6.7',
            text: `net aggregate ${signed(homeAggregate)} → ${signed(onAggregate)} IMPs to the home team`,
          },
        ]
      : [],
  };
}

export { signed };
