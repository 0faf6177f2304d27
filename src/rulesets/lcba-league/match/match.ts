import { ScoringInputError, type VpScale } from '../../../scoring';
import type { LcbaParams } from '../preset';
import type {
  BoardScore,
  MatchBoardsInput,
  MatchInput,
  MatchScore,
  ResultFormInput,
} from '../../../contexts/league/model';
import { signed } from './aggregate';
import { scoreBoard } from './board';
import { layOut } from './layout';
import { scaleOf } from './scale';

/** LCBA-6.7: the boards' IMPs summed and converted to VPs on the league's scale. */
function onScale(boards: BoardScore[], scale: VpScale, source: string): MatchScore {
  const homeNetImps = boards.reduce((s, b) => s + b.homeImps, 0);
  const { own, opponents } = scale.vp(homeNetImps);
  return {
    boards,
    homeNetImps,
    vp: { home: own, away: opponents },
    because: [
      {
        rule: 'LCBA-6.7',
        text: `${source}: net ${signed(homeNetImps)} IMPs to the home team → ${own}-${opponents} VP on the ${scale.name} scale`,
      },
    ],
  };
}

function fromBoards(input: MatchBoardsInput, params: LcbaParams['match']): MatchScore {
  const scale = scaleOf(params, input.boards);
  const laidOut = layOut(input, params);
  const boards = [...laidOut].map(([board, tables]) => scoreBoard(params, board, tables));
  return onScale(boards, scale, `${input.boards} boards, each on its net aggregate`);
}

/** LCBA-6.7 from the captains' Match Result Form: the home team's net IMPs on every board. */
function fromResultForm(input: ResultFormInput, params: LcbaParams['match']): MatchScore {
  const scale = scaleOf(params, input.boards);
  const given = input.homeImps ?? {};
  for (const key of Object.keys(given)) {
    const board = Number(key);
    if (!Number.isInteger(board) || board < 1 || board > input.boards) {
      throw new ScoringInputError(
        `homeImps.${key}`,
        'LCBA-6.3',
        `is not a board 1 to ${input.boards} of this match`,
      );
    }
  }
  const boards = Array.from({ length: input.boards }, (_, i): BoardScore => {
    const board = i + 1;
    const homeImps = given[board];
    if (typeof homeImps !== 'number' || !Number.isInteger(homeImps)) {
      throw new ScoringInputError(
        `homeImps.${board}`,
        'LCBA-6.7',
        `must be the home team's whole net IMPs on board ${board}, got ${String(homeImps)}`,
      );
    }
    // STD-IMP: a board's net aggregate gives at most 24 IMPs (an absent table's artificial
    // score at most oneTableImps, LCBA-7.3), and a board fouled by one team adds foulImps
    // (LCBA-FOUL): no board of a form can give more.
    const most = Math.max(24, params.oneTableImps) + params.foulImps;
    if (Math.abs(homeImps) > most) {
      throw new ScoringInputError(
        `homeImps.${board}`,
        'STD-IMP',
        `must be at most ${most} IMPs either way (24 on the net aggregate and ${params.foulImps} for a fouled board, LCBA-FOUL), got ${homeImps}`,
      );
    }
    return { board, homeImps, because: [] };
  });
  return onScale(boards, scale, "the captains' Match Result Form");
}

/**
 * One LCBA match scored, from every table's score on every board (LCBA-6.7 with
 * 7.2–7.4 and FOUL) or from the captains' Match Result Form. Pure; bad input is refused with a
 * ScoringInputError naming the field and the rule.
 */
export function scoreMatch(input: MatchInput, params: LcbaParams['match']): MatchScore {
  if (input?.kind === 'boards') return fromBoards(input, params);
  if (input?.kind === 'result-form') return fromResultForm(input, params);
  throw new ScoringInputError(
    'kind',
    'LCBA-6.7',
    `must be 'boards' or 'result-form', got ${String((input as { kind?: unknown })?.kind)}`,
  );
}
