import type { DecidedFact } from '../../../kernel/decider';
import { RuleViolation } from '../../../kernel/rule-violation';
import type { Rulebook } from '../../../rulebooks/rulebook';
import type { RubberSessionState, TableState } from '../../../contexts/rubber';
import { playersPresent } from '../../../contexts/rubber';
import { rubberParamsOf, type PinnerRubberParams } from './params';
import { mayRejoin, sevenHandRule, tableFromCut, tableUp, type Draw } from './rotation';

type Data = Record<string, unknown> & { at: string; table?: string };

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

const list = (units: readonly string[]) => units.join(', ');

/** PIN-R24: the hand that ends a table's rubber in play, with those present now. */
export function handLimitOf(state: RubberSessionState, table: TableState, p: PinnerRubberParams) {
  const s = sevenHandRule(playersPresent(state), table.hands, p.sevenHandRule);
  return {
    endsAtHand: s.applies ? p.sevenHandRule.hand : undefined,
    rule: 'PIN-R24',
    because: s.because,
  };
}

/**
 * Decides a fact of a Pinner rubber evening by rules R21 to R25 (the context has checked that
 * what it names exists where the fact needs it). Throws a RuleViolation naming the rule.
 */
export function decidePinnerRubberFact(
  fact: DecidedFact,
  state: RubberSessionState,
  rulebook: Rulebook | undefined,
): void {
  const p = rubberParamsOf(rulebook);
  const d = fact.data as Data;
  const table = d.table !== undefined ? state.tables[d.table] : undefined;
  switch (fact.type) {
    case 'RubberUnitArrived':
      return checkRejoin(state, d, p);
    case 'RubberTableMadeUp':
      return checkMadeUp(state, d);
    case 'RubberHandCompleted': {
      const limit = handLimitOf(state, table!, p);
      if (limit.endsAtHand !== undefined && table!.hands + 1 >= limit.endsAtHand) {
        throw new RuleViolation(
          'PIN-R24',
          `hand ${table!.hands + 1} at table ${table!.table} ends the rubber whatever its state (${limit.because}): record RubberCompleted with sevenHandRule`,
          'type',
        );
      }
      return;
    }
    case 'RubberCompleted': {
      if (d.sevenHandRule !== true) return;
      const limit = handLimitOf(state, table!, p);
      if (limit.endsAtHand === undefined || table!.hands + 1 !== limit.endsAtHand) {
        throw new RuleViolation(
          'PIN-R24',
          `the seven-hand rule does not end this rubber at hand ${table!.hands + 1} (${limit.because})`,
          'data.sevenHandRule',
        );
      }
      return;
    }
    case 'RubberTableUpCalled':
      return checkTableUp(state, table!, d);
    case 'GameCalled':
      return noneWaiting(
        state,
        d.for as string,
        'data.for',
        'a Game Call is for a table with none waiting',
      );
    case 'FurtherRubberAgreed':
    case 'RubberTableWaiting': {
      const further = fact.type === 'FurtherRubberAgreed';
      noneWaiting(
        state,
        table!.table,
        'data.table',
        further
          ? 'one further rubber is for a table with none waiting'
          : 'a table waits when none is waiting for it',
      );
      const call = table!.gameCall;
      if (call && !call.outcome) {
        throw new RuleViolation(
          'PIN-R23',
          `table ${table!.table}'s Table Up awaits the outcome of table ${call.by}'s Game Call`,
          'data.table',
        );
      }
      if (call?.outcome === 'successful') {
        throw new RuleViolation(
          'PIN-R23',
          `table ${call.by} completed its rubber on the Game Call: the two tables exchange their longest tenures (RubberTablesExchanged)`,
          'data.table',
        );
      }
      if (further) {
        const players = table!.seated.flatMap((s) => state.units[s.unit]!.players);
        if (!sameSet(players, d.agreedBy as string[])) {
          throw new RuleViolation(
            'PIN-R23',
            `all four at table ${table!.table} agree (${list(players)}), not ${list(d.agreedBy as string[])}`,
            'data.agreedBy',
          );
        }
      }
      return;
    }
    case 'RubberTablesExchanged':
      return checkExchange(state, d);
  }
}

/** PIN-R25: one retired comes back after the half hour, not before. */
function checkRejoin(state: RubberSessionState, d: Data, p: PinnerRubberParams): void {
  const retiredAt = state.retired[d.unit as string];
  if (retiredAt === undefined) return;
  const r = mayRejoin(retiredAt, d.at, p.retireMinutes);
  if (!r.may) {
    throw new RuleViolation(
      'PIN-R25',
      `${String(d.unit)} retired at ${retiredAt} and rejoins after ${p.retireMinutes} minutes at the earliest: from ${r.from}`,
      'data.at',
    );
  }
}

/**
 * PIN-R21, R22: those who lost the last cut sit first; when more wait than the places left, all
 * of them cut and the highest sit. At a cut-in session the duty member may group by standard.
 */
function checkMadeUp(state: RubberSessionState, d: Data): void {
  const { kind, dutyMember } = state.opened!;
  const rule = kind === 'partnership' ? 'PIN-R21' : 'PIN-R22';
  const units = d.units as string[];
  if (d.groupedBy !== undefined) {
    if (kind !== 'cut-in') {
      throw new RuleViolation(
        'PIN-R22',
        'the duty member groups players by standard at a cut-in session only',
        'data.groupedBy',
      );
    }
    if (d.groupedBy !== dutyMember) {
      throw new RuleViolation(
        'PIN-R22',
        `${String(d.groupedBy)} is not the duty member (${dutyMember})`,
        'data.groupedBy',
      );
    }
    return;
  }
  const seats = units.length;
  const qualified = state.qualified.filter((u) => state.waiting.includes(u));
  if (qualified.length >= seats) {
    const first = qualified.slice(0, seats);
    if (!sameSet(first, units)) {
      throw new RuleViolation(
        rule,
        `${list(first)} lost the last cut: they make up the next table`,
        'data.units',
      );
    }
    return;
  }
  const missing = qualified.find((u) => !units.includes(u));
  if (missing !== undefined) {
    throw new RuleViolation(
      rule,
      `${missing} lost the last cut: it sits at the next table made up`,
      'data.units',
    );
  }
  const rest = state.waiting.filter((u) => !qualified.includes(u));
  const places = seats - qualified.length;
  if (rest.length === places) return;
  const cut = d.cut as Draw[] | undefined;
  if (
    !cut ||
    !sameSet(
      cut.map((c) => c.unit),
      rest,
    )
  ) {
    throw new RuleViolation(
      rule,
      `${rest.length} wait for ${places} place(s): all of them cut (${list(rest)}), the highest sit`,
      'data.cut',
    );
  }
  const byCut = tableFromCut(cut, places, 'data.cut');
  const seated = units.filter((u) => !qualified.includes(u));
  if (!sameSet(byCut.table, seated)) {
    throw new RuleViolation(
      rule,
      `must seat ${list([...qualified, ...byCut.table])}: ${byCut.because}`,
      'data.units',
    );
  }
}

function noneWaiting(state: RubberSessionState, table: string, field: string, what: string): void {
  if (state.waiting.length === 0) return;
  throw new RuleViolation(
    'PIN-R23',
    `${what}: ${list(state.waiting)} wait, and table ${table}'s Table Up sends its longest tenures to them (RubberTableUpCalled)`,
    field,
  );
}

function checkTableUp(state: RubberSessionState, table: TableState, d: Data): void {
  const waiting = state.waiting.length;
  if (waiting === 0) {
    throw new RuleViolation(
      'PIN-R23',
      `none is waiting for table ${table.table}: a Game Call, one further rubber all four agree, or all wait (RubberTableWaiting)`,
      'data.table',
    );
  }
  const r = tableUp(table.seated, waiting, d.cut as Draw[] | undefined, 'data.cut');
  if ('cutAmong' in r) throw new RuleViolation('PIN-R23', r.because, 'data.cut');
  if (!sameSet(r.leave, d.leaving as string[])) {
    throw new RuleViolation(
      'PIN-R23',
      `leaving must be ${list(r.leave)}: ${r.because}`,
      'data.leaving',
    );
  }
}

/** R23: two tables completed with none waiting: the longest tenures at each exchange. */
function checkExchange(state: RubberSessionState, d: Data): void {
  noneWaiting(
    state,
    (d.moves as Array<{ table: string }>)[0]!.table,
    'data.moves',
    'tables exchange when none is waiting',
  );
  const places = state.opened!.kind === 'partnership' ? 1 : 2;
  (d.moves as Array<{ table: string; units: string[]; cut?: Draw[] }>).forEach((m, i) => {
    const r = tableUp(state.tables[m.table]!.seated, places, m.cut, `data.moves[${i}].cut`);
    if ('cutAmong' in r) throw new RuleViolation('PIN-R23', r.because, `data.moves[${i}].cut`);
    if (!sameSet(r.leave, m.units)) {
      throw new RuleViolation(
        'PIN-R23',
        `table ${m.table} sends ${list(r.leave)}: ${r.because}`,
        `data.moves[${i}].units`,
      );
    }
  });
}
