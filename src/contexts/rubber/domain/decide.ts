import type { DecidedFact } from '../../../kernel/decider';
import { RuleViolation } from '../../../kernel/rule-violation';
import type { ClubContext } from '../../club-context';
import { rubberRulesFor } from '../rules';
import { seatsOf } from '../facts/scope';
import { whereIs, type RubberSessionState, type TableState } from './state';
import { sessionOfRubberStream } from './streams';

const ledger = (reason: string, field: string) => new RuleViolation('LEDGER', reason, field);

type Data = Record<string, unknown> & { at: string; table?: string };

/**
 * Decides a proposed fact of an evening's stream: what every rotation shares (the session
 * opened at a registered club, its facts in the order they happen, the tables and units named
 * where the fact needs them), then the club's rubber rules in force on the session's day. Pure.
 */
export function decideRubberFact(
  fact: DecidedFact,
  state: RubberSessionState,
  club: ClubContext,
  streamId: string,
): DecidedFact[] {
  const d = fact.data as Data;
  const session = sessionOfRubberStream(streamId);
  if (fact.type === 'RubberSessionOpened') {
    if (state.opened) throw ledger(`session ${session} is opened already`, 'data.sessionId');
    if (!club.isRegistered(d.clubId as string)) {
      throw ledger(`club ${String(d.clubId)} is not registered: register it first`, 'data.clubId');
    }
  } else if (!state.opened) {
    throw ledger(`session ${session} is not opened: RubberSessionOpened first`, 'type');
  }
  const { clubId, day } = state.opened ?? (d as unknown as { clubId: string; day: string });
  if (state.lastAt !== undefined && Date.parse(d.at) < Date.parse(state.lastAt)) {
    throw ledger(
      `${d.at} is before the session's last fact (${state.lastAt}): an evening is recorded in the order it happens`,
      'data.at',
    );
  }
  if (state.opened) checkWhereabouts(fact.type, d, state);
  const rulebook = club.rulebookOn(clubId, day);
  const rules = rubberRulesFor(rulebook);
  if (!rules) {
    throw ledger(
      `club ${clubId}'s rulebook in force on ${day} (${rulebook?.preset ?? 'none'}) has no rubber-bridge rules: its rotation is not a registered ruleset's`,
      'type',
    );
  }
  rules.decide(fact, state, rulebook);
  return [fact];
}

/** The table a fact names, recorded; in the status the fact needs when one is given. */
function tableOf(
  state: RubberSessionState,
  id: string,
  field: string,
  status?: TableState['status'],
): TableState {
  const table = state.tables[id];
  if (!table) throw ledger(`no table ${id} is in play (RubberTableMadeUp)`, field);
  if (status && table.status !== status) {
    throw ledger(
      status === 'playing'
        ? `table ${id} has completed its rubber: its Table Up comes first (RubberTableUpCalled, GameCalled, FurtherRubberAgreed, RubberTableWaiting or RubberTablesExchanged)`
        : `table ${id} is playing its rubber: RubberCompleted first`,
      field,
    );
  }
  return table;
}

function mustWait(state: RubberSessionState, unit: string, field: string): void {
  const where = whereIs(state, unit);
  if (where.at === 'waiting') return;
  throw ledger(
    where.at === 'table'
      ? `${unit} sits at table ${where.table.table}: it leaves at a Table Up`
      : `${unit} is not waiting (${where.at === 'absent' ? 'it has not arrived' : where.at})`,
    field,
  );
}

function mustSit(table: TableState, units: readonly string[], field: string): void {
  units.forEach((u, i) => {
    if (!table.seated.some((s) => s.unit === u)) {
      throw ledger(`${u} does not sit at table ${table.table}`, `${field}[${i}]`);
    }
  });
}

/** The tables and units a fact names: recorded, and where the fact needs them. */
function checkWhereabouts(type: string, d: Data, state: RubberSessionState): void {
  const kind = state.opened!.kind;
  switch (type) {
    case 'RubberUnitArrived': {
      const unit = d.unit as string;
      const where = whereIs(state, unit);
      if (where.at === 'table' || where.at === 'waiting') {
        throw ledger(`${unit} is here already (${where.at})`, 'data.unit');
      }
      const players = d.players as string[];
      if (kind === 'partnership' && players.length !== 2) {
        throw ledger(
          'at a partnership session a pair arrives: two players (PIN-R21)',
          'data.players',
        );
      }
      if (kind === 'cut-in' && (players.length !== 1 || players[0] !== unit)) {
        throw ledger(
          'at a cut-in session a player arrives: players is [unit] (PIN-R22)',
          'data.players',
        );
      }
      const known = state.units[unit];
      if (known && known.players.join() !== players.join()) {
        throw ledger(`${unit} came as ${known.players.join(' and ')} before`, 'data.players');
      }
      players.forEach((p, i) => {
        const other = Object.values(state.units).find(
          (u) => u.unit !== unit && u.players.includes(p) && isHere(state, u.unit),
        );
        if (other) throw ledger(`${p} is here already with ${other.unit}`, `data.players[${i}]`);
      });
      return;
    }
    case 'RubberTableMadeUp': {
      if (state.tables[d.table!]) throw ledger(`table ${d.table!} is in play`, 'data.table');
      const units = d.units as string[];
      if (units.length !== seatsOf(kind)) {
        throw ledger(
          `a table at a ${kind} session seats ${seatsOf(kind)} ${kind === 'partnership' ? 'pairs' : 'players'}, not ${units.length}`,
          'data.units',
        );
      }
      units.forEach((u, i) => mustWait(state, u, `data.units[${i}]`));
      ((d.cut as Array<{ unit: string }> | undefined) ?? []).forEach((c, i) =>
        mustWait(state, c.unit, `data.cut[${i}].unit`),
      );
      return;
    }
    case 'RubberHandCompleted':
    case 'RubberCompleted':
      tableOf(state, d.table!, 'data.table', 'playing');
      return;
    case 'RubberTableUpCalled':
      mustSit(
        tableOf(state, d.table!, 'data.table', 'table-up'),
        d.leaving as string[],
        'data.leaving',
      );
      return;
    case 'GameCalled': {
      const caller = tableOf(state, d.table!, 'data.table', 'playing');
      if (caller.calling !== undefined) {
        throw ledger(
          `table ${caller.table} has called a game for table ${caller.calling}`,
          'data.table',
        );
      }
      const target = tableOf(state, d.for as string, 'data.for', 'table-up');
      if (target.gameCall) {
        throw ledger(`a game is called for table ${target.table} already`, 'data.for');
      }
      return;
    }
    case 'FurtherRubberAgreed':
    case 'RubberTableWaiting':
      tableOf(state, d.table!, 'data.table', 'table-up');
      return;
    case 'RubberTablesExchanged': {
      const moves = d.moves as Array<{ table: string; units: string[] }>;
      if (moves[0]!.table === moves[1]!.table) {
        throw ledger('two tables exchange: name two', 'data.moves[1].table');
      }
      if (moves[0]!.units.length !== moves[1]!.units.length) {
        throw ledger('the tables exchange as many units each', 'data.moves[1].units');
      }
      moves.forEach((m, i) =>
        mustSit(
          tableOf(state, m.table, `data.moves[${i}].table`, 'table-up'),
          m.units,
          `data.moves[${i}].units`,
        ),
      );
      return;
    }
    case 'RubberUnitRetired':
    case 'RubberUnitLeft':
      mustWait(state, d.unit as string, 'data.unit');
      return;
  }
}

const isHere = (state: RubberSessionState, unit: string) => {
  const at = whereIs(state, unit).at;
  return at === 'table' || at === 'waiting';
};
