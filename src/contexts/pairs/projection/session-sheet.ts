// A scored session as a club's results page prints it: the ranking, each board's traveller with
// each line's matchpoints (or IMPs) and any adjusted score with its reason, and each pair's
// scorecard (STD-MP, STD-BUTLER, Law 12, DSB-19).
import { scoredSessionOf, type SessionResultView } from './session-result';
import type { BoardAdjustment, BoardSessionFacts } from './board-session-facts';
import type { CompetitionsState } from './state';
import type { AdjustmentKind } from '../facts/adjusted-scores';
import type { BoardResultRecordedData } from '../facts/session';

/** A director's score in place of the table's (Law 12), or on a board not started (DSB-19). */
export interface AdjustedMark {
  kind: AdjustmentKind | 'late-board';
  /** What was scored, as a traveller prints it: "+600", "60% / 40%", "3.50 / 0.50 MP". */
  shown: string;
  reason: string;
  /** The law applied, as the director recorded it ("12C1"). */
  law?: string;
  /** Law 12C1 (an assigned score at the table): NS's score. */
  nsScore?: number;
  /** Law 12C2 (an artificial score): each side's percentage. */
  artificial?: { nsPercent: number; ewPercent: number };
  /** The appeal whose decision this is (DSB-20.3, PIN-R28). */
  appeal?: string;
  /** The correction whose content this is. */
  correctedBy?: string;
}

/** One line of a board's traveller, with what each side scored on it. */
export interface TravellerRow {
  /** The table's line (its number on the traveller); 0 for a director's score with no line. */
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
  /** The director's score that was scored in place of the table's result. */
  adjusted?: AdjustedMark;
  /** The correction whose content the line shows (accepted). */
  correctedBy?: string;
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
  /** The adjusted score scored instead, as the traveller shows it. */
  adjusted?: string;
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

/** A fact of the session's stream as recorded, or as an accepted correction replaced it. */
export interface SessionStreamFact {
  type: string;
  data: unknown;
  correctedBy?: string;
}

const contractOf = (c: BoardResultRecordedData['contract']) =>
  c ? `${c.level}${c.strain}${c.doubling}` : undefined;
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
const percents = (a: { nsPercent: number; ewPercent: number }) =>
  `${a.nsPercent}% / ${a.ewPercent}%`;

/** Law 12: the director's score as a traveller prints it, with what the engine scored. */
function markOf(a: BoardAdjustment, unit: string): AdjustedMark {
  const base = {
    kind: a.kind,
    reason: a.reason,
    ...(a.law ? { law: a.law } : {}),
    ...(a.appeal ? { appeal: a.appeal.appealId } : {}),
    ...(a.corrected ? { correctedBy: a.corrected.correctedBy } : {}),
  };
  switch (a.kind) {
    case 'artificial':
      return { ...base, shown: percents(a.artificial!), artificial: { ...a.artificial! } };
    case 'awarded':
      return {
        ...base,
        shown: `${a.points!.ns.toFixed(2)} / ${a.points!.ew.toFixed(2)} ${unit}${a.points!.top !== undefined ? ` of ${a.points!.top}` : ''}`,
      };
    case 'weighted':
      return {
        ...base,
        shown: a
          .weighted!.map((w) => `${Math.round(w.weight * 100)}% of ${signed(w.nsScore)}`)
          .join(' + '),
      };
    default:
      return { ...base, shown: signed(a.nsScore!), nsScore: a.nsScore! };
  }
}

/** The traveller lines of each board: the tables' results, the directors' scores in their place. */
function travellersOf(
  facts: BoardSessionFacts,
  recorded: readonly SessionStreamFact[],
  unit: string,
  points: ReadonlyMap<string, number>,
): Map<number, TravellerRow[]> {
  const details = new Map<string, SessionStreamFact>();
  for (const f of recorded) {
    const d = f.data as { board?: number; line?: number };
    if (f.type === 'BoardResultRecorded') details.set(`${d.board}/${d.line}`, f);
  }
  type At = { board: number; nsPair: string; ewPair: string };
  const key = (x: At) => `${x.board}|${x.nsPair}|${x.ewPair}`;
  const rows = new Map<string, { board: number; row: TravellerRow }>();
  for (const l of [...facts.lines].sort((a, b) => a.board - b.board || a.line - b.line)) {
    const f = details.get(`${l.board}/${l.line}`);
    const d = f?.data as BoardResultRecordedData | undefined;
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
      ...(f?.correctedBy ? { correctedBy: f.correctedBy } : {}),
    };
    rows.set(key(l), { board: l.board, row });
  }
  const place = (at: At, adjusted: AdjustedMark) => {
    const { nsPair, ewPair } = at;
    const row = rows.get(key(at))?.row ?? { line: 0, nsPair, ewPair, kind: 'adjusted' };
    rows.set(key(at), { board: at.board, row: { ...row, adjusted } });
  };
  // DSB-19: a board not started, each side's artificial score as the director named it.
  for (const b of facts.lateBoards ?? []) {
    place(b, {
      kind: 'late-board',
      shown: `${b.nsAward} / ${b.ewAward}`,
      reason: 'not started before the warning signal (DSB-19)',
    });
  }
  // The latest adjustment of a board and pair of pairs is the one scored (Law 12).
  for (const a of facts.adjustments) place(a, markOf(a, unit));
  const pointsOf = (board: number, pair: string) => points.get(`${board}/${pair}`);
  const byBoard = new Map<number, TravellerRow[]>();
  for (const { board, row } of rows.values()) {
    const ns = pointsOf(board, row.nsPair);
    const ew = pointsOf(board, row.ewPair);
    const scored: TravellerRow = {
      ...row,
      ...(ns !== undefined ? { nsPoints: ns } : {}),
      ...(ew !== undefined ? { ewPoints: ew } : {}),
    };
    byBoard.set(board, [...(byBoard.get(board) ?? []), scored]);
  }
  return byBoard;
}

/**
 * The result a line was scored with, as a result file writes it: the table's, or the director's
 * in its place — an assigned score (Law 12C1) as a score, an artificial one (Law 12C2) as its
 * percentages, any other (points set by hand, a weighted score, DSB-19's named awards) as an
 * artificial average whose published points are the director's, as scoring programs write a
 * director's split.
 */
export function resultAsScored(l: TravellerRow): TravellerRow {
  const a = l.adjusted;
  if (!a) return l;
  const { line, nsPair, ewPair, nsPoints, ewPoints } = l;
  return {
    line,
    nsPair,
    ewPair,
    ...(a.nsScore !== undefined
      ? { kind: 'assigned', nsScore: a.nsScore }
      : { kind: 'artificial', artificial: a.artificial ?? { nsPercent: 50, ewPercent: 50 } }),
    ...(nsPoints !== undefined ? { nsPoints } : {}),
    ...(ewPoints !== undefined ? { ewPoints } : {}),
  };
}

/** The NS score a line counted with: the director's assigned score, else the table's. */
export const countedScore = (l: TravellerRow) =>
  l.adjusted ? l.adjusted.nsScore : l.artificial ? undefined : l.nsScore;

/** Each pair's scorecard: board by board, from its side, with the running total. */
function scorecardsOf(boards: SessionSheet['boards']): Record<string, ScorecardRow[]> {
  const scorecards: Record<string, ScorecardRow[]> = {};
  for (const { board, lines } of boards) {
    for (const l of lines) {
      const score = countedScore(l);
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
          ...(score !== undefined ? { score: sign * score } : {}),
          ...(l.adjusted ? { adjusted: l.adjusted.shown } : {}),
          ...(pts !== undefined ? { points: pts } : {}),
          running: Math.round((before + (pts ?? 0)) * 100) / 100,
        });
      }
    }
  }
  return scorecards;
}

/**
 * The sheet of a scored session: its result and each board's points scored once
 * (`scoredSessionOf`: the scores as the pairs read model holds them, corrected, the directors'
 * scores in place), with what the tables do not keep read from the session's stream
 * (`recorded`, accepted corrections in place): each line's contract, declarer, lead and
 * tricks, the players' names, the deals. A session that cannot be scored is the same error as
 * its result.
 */
export function sessionSheetOf(
  state: CompetitionsState,
  sessionStreamId: string,
  recorded: readonly SessionStreamFact[],
): SessionSheet {
  const { view: result, scored } = scoredSessionOf(state, sessionStreamId);
  const points = new Map(
    scored.result.boards.map((b) => [`${b.board}/${b.pair}`, b.score.round(2)] as const),
  );
  const names: Record<string, string[]> = {};
  const deals = new Map<number, BoardDeal>();
  for (const f of recorded) {
    const d = f.data as Record<string, unknown>;
    if (f.type === 'SessionPairRegistered') {
      names[d.pair as string] = (d.players as Array<{ name: string }>).map((p) => p.name);
    }
    if (f.type === 'BoardDealRecorded') {
      const { dealer, vulnerable, hands } = d as unknown as BoardDeal;
      deals.set(d.board as number, {
        ...(dealer ? { dealer } : {}),
        ...(vulnerable ? { vulnerable } : {}),
        hands,
      });
    }
  }
  const unit = result.scoringMethod === 'MP' ? 'MP' : 'IMPs';
  const travellers = travellersOf(state.boardSessions[sessionStreamId]!, recorded, unit, points);
  const boards = [...travellers.entries()]
    .sort(([a], [b]) => a - b)
    .map(([board, lines]) => ({
      board,
      lines: lines.sort(
        (a, b) => (countedScore(b) ?? 0) - (countedScore(a) ?? 0) || a.line - b.line,
      ),
      ...(deals.has(board) ? { deal: deals.get(board)! } : {}),
    }));
  return {
    result,
    names,
    top: scored.result.fullTop,
    boards,
    scorecards: scorecardsOf(boards),
  };
}
