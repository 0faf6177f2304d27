import { ScoringInputError } from '../../../scoring';
import type { LcbaParams } from '../preset';
import {
  TABLE_PAIRS,
  type MatchBoardsInput,
  type Side,
  type TableNo,
} from '../../../contexts/league/model';
import { lateRemovals } from './late';

/** What happened at one table on one board, once the records are checked. */
export type TableState =
  | { kind: 'result'; table: TableNo; homeSits: 'NS' | 'EW'; nsScore: number }
  /** Not played for the absence of a player (7.2's removals, 7.3, 7.4): who was absent. */
  | { kind: 'unplayed'; table: TableNo; offenders: Side[]; rule: 'LCBA-7.2' | 'LCBA-7.3' }
  /** Fouled (FOUL): any score recorded there does not count. */
  | { kind: 'fouled'; table: TableNo; causedBy?: Side | 'both' };

/** A board's four tables, in table order. */
export type BoardTables = readonly [TableState, TableState, TableState, TableState];

export const TABLES: readonly TableNo[] = [1, 2, 3, 4];

/** The other table of the pair sharing the boards with `table` (FOUL). */
export function partnerOf(table: TableNo): TableNo {
  const pair = TABLE_PAIRS.find((p) => p.includes(table))!;
  return pair[0] === table ? pair[1] : pair[0];
}

const SIDES: readonly unknown[] = ['home', 'away'];

function requireTable(value: unknown, field: string, rule: string): TableNo {
  if (!TABLES.includes(value as TableNo)) {
    throw new ScoringInputError(field, rule, `must be a table 1 to 4, got ${String(value)}`);
  }
  return value as TableNo;
}

function requireBoard(value: unknown, boards: number, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > boards) {
    throw new ScoringInputError(
      field,
      'LCBA-6.3',
      `must be a board 1 to ${boards} of this match, got ${String(value)}`,
    );
  }
  return value;
}

function requireSide(value: unknown, field: string, rule: string): Side {
  if (!SIDES.includes(value)) {
    throw new ScoringInputError(field, rule, `must be 'home' or 'away', got ${String(value)}`);
  }
  return value as Side;
}

/** The boards in the order they are due to be played, each board in exactly one stanza. */
export function stanzaOrder(stanzas: unknown, boards: number): number[] {
  if (!Array.isArray(stanzas) || stanzas.some((s) => !Array.isArray(s))) {
    throw new ScoringInputError('stanzas', 'LCBA-7.2', 'must be a list of lists of boards');
  }
  const seen = new Set<number>();
  (stanzas as unknown[][]).forEach((stanza, s) =>
    stanza.forEach((b, i) => {
      requireBoard(b, boards, `stanzas[${s}][${i}]`);
      if (seen.has(b as number)) {
        throw new ScoringInputError('stanzas', 'LCBA-7.2', `list board ${String(b)} twice`);
      }
      seen.add(b as number);
    }),
  );
  const order = (stanzas as number[][]).flat();
  if (seen.size !== boards) {
    const missing = Array.from({ length: boards }, (_, i) => i + 1).filter((b) => !seen.has(b));
    throw new ScoringInputError(
      'stanzas',
      'LCBA-7.2',
      `must cover every board once; missing ${missing.join(', ')}`,
    );
  }
  return order as number[];
}

/**
 * Checks a match's records and lays them out board by board, table by table: every table of
 * every board has exactly one of a result, an absence (7.2 removals included) or a fouling.
 * A score recorded at a fouled table is allowed and disregarded (FOUL cancels it).
 */
export function layOut(
  input: MatchBoardsInput,
  params: LcbaParams['match'],
): Map<number, BoardTables> {
  const { boards } = input;
  const order = stanzaOrder(input.stanzas, boards);
  const at = new Map<string, TableState>();
  const key = (board: number, table: TableNo) => `${board}/${table}`;
  const results = new Map<string, TableState & { kind: 'result' }>();

  (input.results ?? []).forEach((r, i) => {
    const board = requireBoard(r.board, boards, `results[${i}].board`);
    const table = requireTable(r.table, `results[${i}].table`, 'LCBA-6.7');
    if (r.homeSits !== 'NS' && r.homeSits !== 'EW') {
      throw new ScoringInputError(
        `results[${i}].homeSits`,
        'LCBA-6.4',
        `must be 'NS' or 'EW', got ${String(r.homeSits)}`,
      );
    }
    // Law 77 scores are multiples of 10.
    if (!Number.isInteger(r.nsScore) || r.nsScore % 10 !== 0) {
      throw new ScoringInputError(
        `results[${i}].nsScore`,
        'STD-SCORE',
        `must be a whole multiple of 10 (Law 77), got ${String(r.nsScore)}`,
      );
    }
    if (results.has(key(board, table))) {
      throw new ScoringInputError(
        `results[${i}]`,
        'LCBA-6.7',
        `is a second result for board ${board} at table ${table}`,
      );
    }
    const partner = results.get(key(board, partnerOf(table)));
    if (partner && partner.homeSits === r.homeSits) {
      throw new ScoringInputError(
        `results[${i}].homeSits`,
        'LCBA-6.4',
        `on board ${board}: the home team sat ${r.homeSits} at both tables ${partner.table} and ${table}, which share the board`,
      );
    }
    results.set(key(board, table), {
      kind: 'result',
      table,
      homeSits: r.homeSits,
      nsScore: r.nsScore,
    });
  });

  (input.fouled ?? []).forEach((f, i) => {
    const board = requireBoard(f.board, boards, `fouled[${i}].board`);
    const table = requireTable(f.table, `fouled[${i}].table`, 'LCBA-FOUL');
    if (f.causedBy !== undefined && f.causedBy !== 'both') {
      requireSide(f.causedBy, `fouled[${i}].causedBy`, 'LCBA-FOUL');
    }
    if (at.has(key(board, table))) {
      throw new ScoringInputError(
        `fouled[${i}]`,
        'LCBA-FOUL',
        `is a second fouling of board ${board} at table ${table}`,
      );
    }
    at.set(key(board, table), { kind: 'fouled', table, causedBy: f.causedBy });
  });

  // Absences: 7.2's removals first, then the boards recorded unplayed (7.3, 7.4).
  const absent = (
    board: number,
    table: TableNo,
    offender: Side,
    rule: 'LCBA-7.2' | 'LCBA-7.3',
    field: string,
  ) => {
    const k = key(board, table);
    if (results.has(k)) {
      throw new ScoringInputError(
        field,
        rule,
        `board ${board} is unplayed at table ${table} (${offender} absent) but has a result there`,
      );
    }
    const before = at.get(k);
    if (before?.kind === 'fouled') {
      throw new ScoringInputError(
        field,
        'LCBA-FOUL',
        `board ${board} at table ${table} cannot be both fouled and unplayed for an absence`,
      );
    }
    if (before?.kind === 'unplayed') {
      // The same absence recorded twice is one absence; each side absent: both offend.
      if (!before.offenders.includes(offender)) before.offenders.push(offender);
      return;
    }
    at.set(k, { kind: 'unplayed', table, offenders: [offender], rule });
  };

  (input.incomplete ?? []).forEach((t, i) => {
    const table = requireTable(t.table, `incomplete[${i}].table`, 'LCBA-7.2');
    const offender = requireSide(t.offender, `incomplete[${i}].offender`, 'LCBA-7.2');
    if (typeof t.minutes !== 'number' || !Number.isFinite(t.minutes) || t.minutes < 0) {
      throw new ScoringInputError(
        `incomplete[${i}].minutes`,
        'LCBA-7.2',
        `must be a number of minutes, 0 or more, got ${String(t.minutes)}`,
      );
    }
    for (const board of lateRemovals(params, order, t.minutes)) {
      absent(board, table, offender, 'LCBA-7.2', `incomplete[${i}]`);
    }
  });

  (input.unplayed ?? []).forEach((u, i) => {
    const board = requireBoard(u.board, boards, `unplayed[${i}].board`);
    const table = requireTable(u.table, `unplayed[${i}].table`, 'LCBA-7.3');
    const offender = requireSide(u.offender, `unplayed[${i}].offender`, 'LCBA-7.3');
    absent(board, table, offender, 'LCBA-7.3', `unplayed[${i}]`);
  });

  const out = new Map<number, BoardTables>();
  for (const board of order.slice().sort((a, b) => a - b)) {
    const states = TABLES.map((table) => {
      const k = key(board, table);
      const state = at.get(k) ?? results.get(k);
      if (!state) {
        const none = TABLES.every((t) => !at.has(key(board, t)) && !results.has(key(board, t)));
        throw new ScoringInputError(
          'results',
          'LCBA-6.7',
          none
            ? `board ${board} has no result at any table and no unplayed or fouled record`
            : `board ${board} has no result, unplayed or fouled record at table ${table}`,
        );
      }
      return state;
    });
    out.set(board, states as unknown as BoardTables);
  }
  return out;
}
