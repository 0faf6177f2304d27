import type { DecidedFact } from '../../../kernel/decider';
import { buildRulebookHistory } from '../../../rulebooks/rulebook-facts';
import type { Json } from '../../../rulebooks/rulebook';
import { evolveRubber, initialRubberState, playersPresent } from '../domain/state';
import { rubberRulesFor, type NextTableUp } from '../rules';
import type { SessionKind } from '../facts/scope';
import { describeFact } from './log';
import type { RubberReadState } from './state';

/** An evening the ledger does not have. */
export class UnknownRubberSessionError extends Error {
  readonly code = 'UNKNOWN_RUBBER_SESSION';
  readonly field = 'sessionId';

  answer() {
    return { message: this.message, field: this.field };
  }
}

export interface SeatView {
  unit: string;
  players: string[];
  /** Rubbers played at this table since it sat down (R23). */
  tenure: number;
  since: string;
}

export interface TableView {
  table: string;
  status: 'playing' | 'table-up';
  /** Hands completed in the rubber in play (or, at Table Up, in the rubber just completed). */
  hands: number;
  rubbers: number;
  seats: SeatView[];
  /** R23: the rubber in play is the one further rubber all four agreed. */
  further: boolean;
  /** R24: the hand that ends the rubber whatever its state, and why; none: played out. */
  endsAtHand?: number;
  handRule: { rule: string; because: string };
  /** R23: who leaves at the next Table Up with those waiting now (or who cuts), and why. */
  nextTableUp: NextTableUp;
  gameCall?: { by: string; at: string; outcome?: 'successful' | 'unsuccessful' };
  calling?: string;
}

/** One evening at a moment: who sits where, who waits, who leaves next and why. */
export interface RubberSessionView {
  sessionId: string;
  clubId: string;
  day: string;
  kind: SessionKind;
  dutyMember: string;
  /** The rules of rotation it is read by (the club's rulebook in force on the day). */
  rules: string;
  /** The time of the latest fact shown. */
  at: string;
  facts: number;
  present: number;
  tables: TableView[];
  waiting: Array<{ unit: string; players: string[]; qualified: boolean }>;
  retired: Array<{ unit: string; at: string; mayRejoinFrom: string; rule: string }>;
  left: string[];
  /** Each fact in words, in the order recorded. */
  log: Array<{ at: string; type: string; text: string; correctedBy?: string }>;
}

/**
 * An evening as its facts up to `at` (a time of the evening; absent: all of them) leave it, read
 * by the rubber rules of the club's rulebook in force on its day; `whatIf` reads the rulebook as
 * amended from that day by the given parameters, storing nothing.
 */
export function rubberSessionOf(
  s: RubberReadState,
  sessionId: string,
  options: { at?: string; whatIf?: Record<string, Json> } = {},
): RubberSessionView {
  const r = s.sessions[sessionId];
  const facts = (r?.facts ?? []).filter(
    (f) =>
      options.at === undefined ||
      Date.parse((f.data as { at: string }).at) <= Date.parse(options.at),
  );
  const state = initialRubberState();
  for (const f of facts) evolveRubber(state, f as unknown as DecidedFact);
  const opened = state.opened;
  if (!r || !opened) {
    throw new UnknownRubberSessionError(
      `the ledger has no rubber session ${sessionId}${r && options.at ? ` opened by ${options.at}` : ''}`,
    );
  }
  const rulebookFacts = s.rulebooks[opened.clubId] ?? [];
  const history = buildRulebookHistory(
    options.whatIf
      ? [...rulebookFacts, { kind: 'amended', changes: options.whatIf, effectiveFrom: opened.day }]
      : rulebookFacts,
    { unusable: 'skip' },
  );
  const rulebook = history.inForce(opened.day);
  const rules = rubberRulesFor(rulebook);
  if (!rules) {
    throw new UnknownRubberSessionError(
      `club ${opened.clubId}'s rulebook on ${opened.day} has no rubber-bridge rules to read session ${sessionId} by`,
    );
  }
  const playersOf = (unit: string) => state.units[unit]?.players ?? [unit];
  return {
    sessionId,
    clubId: opened.clubId,
    day: opened.day,
    kind: opened.kind,
    dutyMember: opened.dutyMember,
    rules: rules.name,
    at: state.lastAt ?? opened.at,
    facts: state.facts,
    present: playersPresent(state),
    tables: state.order.map((id) => {
      const t = state.tables[id]!;
      const limit = rules.handLimit(state, t, rulebook);
      return {
        table: id,
        status: t.status,
        hands: t.hands,
        rubbers: t.rubbers,
        seats: t.seated.map((x) => ({ ...x, players: playersOf(x.unit) })),
        further: t.further === true,
        ...(limit.endsAtHand !== undefined ? { endsAtHand: limit.endsAtHand } : {}),
        handRule: { rule: limit.rule, because: limit.because },
        nextTableUp: rules.nextTableUp(state, t, rulebook),
        ...(t.gameCall ? { gameCall: { ...t.gameCall } } : {}),
        ...(t.calling !== undefined ? { calling: t.calling } : {}),
      };
    }),
    waiting: state.waiting.map((unit) => ({
      unit,
      players: playersOf(unit),
      qualified: state.qualified.includes(unit),
    })),
    retired: Object.entries(state.retired).map(([unit, at]) => {
      const back = rules.mayRejoin(at, rulebook);
      return { unit, at, mayRejoinFrom: back.from, rule: back.rule };
    }),
    left: [...state.left],
    log: facts.map((f) => ({
      at: (f.data as { at: string }).at,
      type: f.type,
      text: describeFact(f.type, f.data as Record<string, unknown>),
      ...(f.correctedBy !== undefined ? { correctedBy: f.correctedBy } : {}),
    })),
  };
}
