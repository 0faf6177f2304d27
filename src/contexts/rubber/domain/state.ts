import { dict } from '../../../kernel/dict';
import type { DecidedFact } from '../../../kernel/decider';
import type { SessionKind } from '../facts/scope';
import type {
  GameCalledData,
  RubberCompletedData,
  RubberSessionOpenedData,
  RubberTableMadeUpData,
  RubberTablesExchangedData,
  RubberTableUpCalledData,
  RubberUnitArrivedData,
} from '../facts/rubber';

/** A unit at a table: its tenure is the rubbers it has played there since it sat down (R23). */
export interface SeatedUnit {
  unit: string;
  tenure: number;
  since: string;
}

/** A table of the evening, as the facts so far leave it. */
export interface TableState {
  table: string;
  seated: SeatedUnit[];
  /** Hands completed in the rubber in play (a completed rubber's last hand is its RubberCompleted). */
  hands: number;
  /** Rubbers completed at the table. */
  rubbers: number;
  /** `table-up`: its rubber is complete and its Table Up (or what replaces it) not recorded yet. */
  status: 'playing' | 'table-up';
  /** R24: its last rubber was ended at the seventh hand. */
  sevenHandRule?: boolean;
  /** R23: the rubber in play is the one further rubber all four agreed. */
  further?: boolean;
  /** R23: a Game Call made for this table's Table Up, and its outcome once the caller's hand ends. */
  gameCall?: { by: string; at: string; outcome?: 'successful' | 'unsuccessful' };
  /** The table this one called a game for, while its hand in play decides it. */
  calling?: string;
}

export interface UnitState {
  unit: string;
  players: string[];
  arrivedAt: string;
}

/** One evening folded: who is here, who sits where, who waits, in what order. */
export interface RubberSessionState {
  opened?: {
    clubId: string;
    day: string;
    kind: SessionKind;
    dutyMember: string;
    at: string;
  };
  units: Record<string, UnitState>;
  tables: Record<string, TableState>;
  /** Tables in the order they were made up (a table that waits leaves it). */
  order: string[];
  /** Those waiting, in the order they take places (R21, R22: those who lost a cut first). */
  waiting: string[];
  /** Units waiting that lost a cut: they sit at the next table made up (R21, R22). */
  qualified: string[];
  /** Units retired (R25), and when. */
  retired: Record<string, string>;
  /** Units gone home. */
  left: string[];
  /** Every rubber completed, by table and time (PIN-R26: an appeal comes before its end). */
  rubbersCompleted: Array<{ table: string; at: string }>;
  /** The latest fact's time: the session's facts are recorded in the order they happen. */
  lastAt?: string;
  /** How many facts the stream holds. */
  facts: number;
}

export const initialRubberState = (): RubberSessionState => ({
  units: dict(),
  tables: dict(),
  order: [],
  waiting: [],
  qualified: [],
  retired: dict(),
  left: [],
  rubbersCompleted: [],
  facts: 0,
});

/** Where each unit is: at a table, waiting, retired, gone, or not arrived. */
export function whereIs(
  state: RubberSessionState,
  unit: string,
): { at: 'table'; table: TableState } | { at: 'waiting' | 'retired' | 'left' | 'absent' } {
  for (const id of state.order) {
    const table = state.tables[id]!;
    if (table.seated.some((s) => s.unit === unit)) return { at: 'table', table };
  }
  if (state.waiting.includes(unit)) return { at: 'waiting' };
  if (Object.hasOwn(state.retired, unit)) return { at: 'retired' };
  if (state.left.includes(unit)) return { at: 'left' };
  return { at: 'absent' };
}

/** The players present: at the tables and waiting (R24 counts them). */
export function playersPresent(state: RubberSessionState): number {
  const units = state.order.flatMap((t) => state.tables[t]!.seated.map((s) => s.unit));
  return [...units, ...state.waiting].reduce(
    (n, u) => n + (state.units[u]?.players.length ?? 0),
    0,
  );
}

const without = (list: string[], out: readonly string[]) => list.filter((u) => !out.includes(u));

function settleGameCall(state: RubberSessionState, caller: TableState, completed: boolean): void {
  const target = caller.calling !== undefined ? state.tables[caller.calling] : undefined;
  if (target?.gameCall?.by === caller.table && !target.gameCall.outcome) {
    target.gameCall.outcome = completed ? 'successful' : 'unsuccessful';
  }
  caller.calling = undefined;
}

/** A table starts a new rubber with who sits there now. */
function nextRubber(table: TableState, further = false): void {
  table.status = 'playing';
  table.hands = 0;
  table.further = further;
  table.sevenHandRule = undefined;
  table.gameCall = undefined;
}

/** Folds one fact of the session's stream (in place). Rule-free: the deciders judged it. */
export function evolveRubber(state: RubberSessionState, fact: DecidedFact): void {
  const d = fact.data as Record<string, unknown> & { at: string; table?: string };
  state.facts++;
  state.lastAt = d.at;
  const table = d.table !== undefined ? state.tables[d.table] : undefined;
  switch (fact.type) {
    case 'RubberSessionOpened': {
      const o = d as unknown as RubberSessionOpenedData;
      state.opened = {
        clubId: o.clubId,
        day: o.day,
        kind: o.kind,
        dutyMember: o.dutyMember,
        at: o.at,
      };
      return;
    }
    case 'RubberUnitArrived': {
      const a = d as unknown as RubberUnitArrivedData;
      state.units[a.unit] = { unit: a.unit, players: [...a.players], arrivedAt: a.at };
      delete state.retired[a.unit];
      state.left = without(state.left, [a.unit]);
      state.waiting.push(a.unit);
      return;
    }
    case 'RubberTableMadeUp': {
      const m = d as unknown as RubberTableMadeUpData;
      state.waiting = without(state.waiting, m.units);
      state.qualified = without(state.qualified, m.units);
      // R21, R22: those who lost the cut qualify for the next table: they wait first.
      const lost = (m.cut ?? []).map((c) => c.unit).filter((u) => state.waiting.includes(u));
      state.qualified.push(...lost);
      state.waiting = [...state.qualified, ...without(state.waiting, state.qualified)];
      state.tables[m.table] = {
        table: m.table,
        seated: m.units.map((unit) => ({ unit, tenure: 0, since: m.at })),
        hands: 0,
        rubbers: 0,
        status: 'playing',
      };
      state.order.push(m.table);
      return;
    }
    case 'RubberHandCompleted':
      table!.hands++;
      settleGameCall(state, table!, false);
      return;
    case 'RubberCompleted': {
      const t = table!;
      t.hands++;
      t.rubbers++;
      t.status = 'table-up';
      t.further = false;
      t.sevenHandRule = (d as unknown as RubberCompletedData).sevenHandRule === true || undefined;
      for (const s of t.seated) s.tenure++;
      state.rubbersCompleted.push({ table: t.table, at: d.at });
      settleGameCall(state, t, true);
      return;
    }
    case 'RubberTableUpCalled': {
      const u = d as unknown as RubberTableUpCalledData;
      const t = table!;
      const joining = state.waiting.slice(0, u.leaving.length);
      state.waiting = [...without(state.waiting, joining), ...u.leaving];
      state.qualified = without(state.qualified, joining);
      t.seated = [
        ...t.seated.filter((s) => !u.leaving.includes(s.unit)),
        ...joining.map((unit) => ({ unit, tenure: 0, since: u.at })),
      ];
      nextRubber(t);
      return;
    }
    case 'GameCalled': {
      const g = d as unknown as GameCalledData;
      state.tables[g.for]!.gameCall = { by: g.table, at: g.at };
      table!.calling = g.for;
      return;
    }
    case 'FurtherRubberAgreed':
      nextRubber(table!, true);
      return;
    case 'RubberTableWaiting': {
      const t = table!;
      state.waiting.push(...t.seated.map((s) => s.unit));
      for (const id of state.order) {
        const other = state.tables[id]!;
        if (other.calling === t.table) other.calling = undefined;
      }
      delete state.tables[t.table];
      state.order = without(state.order, [t.table]);
      return;
    }
    case 'RubberTablesExchanged': {
      const [a, b] = (d as unknown as RubberTablesExchangedData).moves;
      const ta = state.tables[a!.table]!;
      const tb = state.tables[b!.table]!;
      const seat = (t: TableState, out: string[], inn: string[]) => {
        t.seated = [
          ...t.seated.filter((s) => !out.includes(s.unit)),
          ...inn.map((unit) => ({ unit, tenure: 0, since: d.at })),
        ];
        nextRubber(t);
      };
      seat(ta, a!.units, b!.units);
      seat(tb, b!.units, a!.units);
      return;
    }
    case 'RubberUnitRetired':
      state.waiting = without(state.waiting, [d.unit as string]);
      state.qualified = without(state.qualified, [d.unit as string]);
      state.retired[d.unit as string] = d.at;
      return;
    case 'RubberUnitLeft':
      state.waiting = without(state.waiting, [d.unit as string]);
      state.qualified = without(state.qualified, [d.unit as string]);
      state.left.push(d.unit as string);
      return;
  }
}
