// A scored session as a club's results page prints it: the ranking, each board's traveller with
// each line's matchpoints (or IMPs), and each pair's scorecard (STD-MP, STD-BUTLER).
import type { RecordedEvent } from '../../../kernel/envelope';
import { scoringSettingsFor } from './query-context';
import { scoreBoardSession } from './scored-sessions';
import { sessionResultOf, SessionNotScorableError, type SessionResultView } from './session-result';
import type { CompetitionsState } from './state';
import type { BoardResultRecordedData } from '../facts/session';

/** One line of a board's traveller, with what each side scored on it. */
export interface TravellerRow {
  line: number;
  nsPair: string;
  ewPair: string;
  kind: string;
  /** "4S", "3NTX"; absent when the line gives a score only. */
  contract?: string;
  declarer?: string;
  lead?: string;
  tricks?: number;
  /** The score from NS's side (Law 77 points); absent for an artificial score. */
  nsScore?: number;
  /** An artificial score, as each side's percentage. */
  artificial?: { nsPercent: number; ewPercent: number };
  /** Matchpoints (or IMPs) each side scored on the board, to 2 decimals. */
  nsPoints?: number;
  ewPoints?: number;
}

/** A board's deal as recorded (BoardDealRecorded): the hand record. */
export interface BoardDeal {
  dealer?: string;
  vulnerable?: string;
  hands: Record<'N' | 'E' | 'S' | 'W', string>;
}

/** One board of a pair's scorecard. */
export interface ScorecardRow {
  board: number;
  direction: 'NS' | 'EW';
  opponents: string;
  contract?: string;
  declarer?: string;
  /** The score from this pair's side. */
  score?: number;
  points?: number;
  /** Σ points so far, to 2 decimals. */
  running: number;
}

export interface SessionSheet {
  result: SessionResultView;
  /** The players' names of each pair, as the session's facts register them (may be none). */
  names: Record<string, string[]>;
  /** The board's top (matchpoints); 0 in an IMP session. */
  top: number;
  boards: Array<{ board: number; lines: TravellerRow[]; deal?: BoardDeal }>;
  scorecards: Record<string, ScorecardRow[]>;
}

const contractOf = (c: BoardResultRecordedData['contract']) =>
  c ? `${c.level}${c.strain}${c.doubling}` : undefined;

/**
 * The sheet of a scored session from its facts as the pairs read model holds them (the scores,
 * corrected) and as its stream recorded them (`recorded`: the contract, declarer, lead and
 * tricks of each line, the players' names). Scored as its result is (`sessionResultOf`); a
 * session that cannot be scored is the same error.
 */
export function sessionSheetOf(
  state: CompetitionsState,
  sessionStreamId: string,
  recorded: readonly RecordedEvent[],
): SessionSheet {
  const result = sessionResultOf(state, sessionStreamId);
  const facts = state.boardSessions[sessionStreamId]!;
  const m = facts.movement!;
  const settings = m.clubId !== undefined ? scoringSettingsFor(state, m.clubId)(m.date) : {};
  const scored = scoreBoardSession(facts, settings);
  if (!scored.ok) throw new SessionNotScorableError(sessionStreamId, scored.reason, scored.pending);
  const points = new Map(
    scored.result.boards.map((b) => [`${b.board}/${b.pair}`, b.score.round(2)] as const),
  );
  const names: Record<string, string[]> = {};
  const details = new Map<string, BoardResultRecordedData>();
  const deals = new Map<number, BoardDeal>();
  for (const e of recorded) {
    const d = e.data as Record<string, unknown>;
    if (e.type === 'SessionPairRegistered') {
      names[d.pair as string] = (d.players as Array<{ name: string }>).map((p) => p.name);
    }
    if (e.type === 'BoardDealRecorded') {
      const { dealer, vulnerable, hands } = d as unknown as BoardDeal;
      deals.set(d.board as number, {
        ...(dealer ? { dealer } : {}),
        ...(vulnerable ? { vulnerable } : {}),
        hands,
      });
    }
    if (e.type === 'BoardResultRecorded') {
      details.set(`${String(d.board)}/${String(d.line)}`, d as unknown as BoardResultRecordedData);
    }
  }
  const byBoard = new Map<number, TravellerRow[]>();
  for (const l of facts.lines) {
    const d = details.get(`${l.board}/${l.line}`);
    const row: TravellerRow = {
      line: l.line,
      nsPair: l.nsPair,
      ewPair: l.ewPair,
      kind: l.kind,
      ...(d?.contract ? { contract: contractOf(d.contract) } : {}),
      ...(d?.declarer ? { declarer: d.declarer } : {}),
      ...(d?.lead ? { lead: d.lead } : {}),
      ...(d?.tricks !== undefined ? { tricks: d.tricks } : {}),
      ...(l.nsScore !== undefined ? { nsScore: l.nsScore } : {}),
      ...(l.artificial ? { artificial: { ...l.artificial } } : {}),
      ...(points.has(`${l.board}/${l.nsPair}`)
        ? { nsPoints: points.get(`${l.board}/${l.nsPair}`) }
        : {}),
      ...(points.has(`${l.board}/${l.ewPair}`)
        ? { ewPoints: points.get(`${l.board}/${l.ewPair}`) }
        : {}),
    };
    byBoard.set(l.board, [...(byBoard.get(l.board) ?? []), row]);
  }
  const boards = [...byBoard.entries()]
    .sort(([a], [b]) => a - b)
    .map(([board, lines]) => ({
      board,
      lines: lines.sort((a, b) => (b.nsScore ?? 0) - (a.nsScore ?? 0)),
      ...(deals.has(board) ? { deal: deals.get(board)! } : {}),
    }));
  const scorecards: Record<string, ScorecardRow[]> = {};
  for (const { board, lines } of boards) {
    for (const l of lines) {
      for (const [pair, direction, opponents, sign, pts] of [
        [l.nsPair, 'NS', l.ewPair, 1, l.nsPoints],
        [l.ewPair, 'EW', l.nsPair, -1, l.ewPoints],
      ] as const) {
        const card = (scorecards[pair] ??= []);
        const before = card.at(-1)?.running ?? 0;
        card.push({
          board,
          direction,
          opponents,
          ...(l.contract ? { contract: l.contract } : {}),
          ...(l.declarer ? { declarer: l.declarer } : {}),
          ...(l.nsScore !== undefined ? { score: sign * l.nsScore } : {}),
          ...(pts !== undefined ? { points: pts } : {}),
          running: Math.round((before + (pts ?? 0)) * 100) / 100,
        });
      }
    }
  }
  return { result, names, top: scored.result.fullTop, boards, scorecards };
}
