/**
 * Pinner BC's rotation at rubber bridge (PIN-R21 to R25), as pure functions over what a duty
 * member records: the cards drawn in a cut, who sits where and for how long, how many are
 * present. The rubber-session context (facts, fold, pages) is to call them; nothing here reads a
 * clock or a store.
 */
import { RuleViolation } from '../../../kernel/rule-violation';
import { PINNER_RUBBER, type PinnerRubberParams } from './params';

/** A unit of the rotation: a pair at a partnership session (R21), a player at a cut-in one (R22). */
export type Unit = string;

/** A card drawn in a cut: its rank (2–10, J, Q, K, A) and suit (S, H, D, C), e.g. "QS", "10D". */
export interface Draw {
  unit: Unit;
  card: string;
}

const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
// Equal ranks in a cut: spades highest, then hearts, diamonds, clubs (the Laws of Rubber Bridge).
const SUITS = ['C', 'D', 'H', 'S'];

/** A card's place in the cut (higher cuts higher); a card that is none is refused. */
export function cutValue(card: string, field = 'card'): number {
  const m = /^(10|[2-9JQKA])([SHDC])$/.exec(card);
  if (!m) {
    throw new RuleViolation(
      'PIN-R21',
      `must be a card: a rank 2–10, J, Q, K, A and a suit S, H, D, C (e.g. "QS"), not ${JSON.stringify(card)}`,
      field,
    );
  }
  return RANKS.indexOf(m[1]!) * SUITS.length + SUITS.indexOf(m[2]!);
}

/** The draws from the highest card to the lowest; two units drawing one card is refused. */
export function byCut(draws: readonly Draw[], field = 'cards'): Draw[] {
  const seen = new Map<string, Unit>();
  draws.forEach((d, i) => {
    cutValue(d.card, `${field}[${i}].card`);
    const other = seen.get(d.card);
    if (other !== undefined) {
      throw new RuleViolation(
        'PIN-R21',
        `${d.card} is drawn by ${other} already: one pack, one card each`,
        `${field}[${i}].card`,
      );
    }
    seen.set(d.card, d.unit);
  });
  return [...draws].sort((a, b) => cutValue(b.card) - cutValue(a.card));
}

/**
 * PIN-R21, R22: when more are present than a table takes before the cut is completed, all of
 * them cut; the highest `seats` (two pairs, or four players) make up the table, the others
 * qualify, in the order they cut, for the next table made up.
 */
export function tableFromCut(
  draws: readonly Draw[],
  seats: number,
  field = 'cards',
): { table: Unit[]; next: Unit[]; because: string } {
  if (draws.length < seats) {
    throw new RuleViolation('PIN-R21', `${draws.length} cut: a table takes ${seats}`, field);
  }
  const order = byCut(draws, field).map((d) => d.unit);
  const table = order.slice(0, seats);
  const next = order.slice(seats);
  return {
    table,
    next,
    because: `${order.length} cut for ${seats} places: ${table.join(', ')} the highest${next.length ? `; ${next.join(', ')} ${next.length === 1 ? 'qualifies' : 'qualify'} for the next table` : ''}`,
  };
}

/** A unit at a table and its tenure: how many rubbers it has played there since it sat down. */
export interface Seated {
  unit: Unit;
  tenure: number;
}

export type TableUp =
  { leave: Unit[]; because: string } | { cutAmong: Unit[]; places: number; because: string };

/**
 * PIN-R23: at Table Up the units with the longest tenure leave for those waiting, as many as
 * wait (a pair at a partnership session, up to the table's seats); units with equal tenure at
 * the boundary resolve it by a cut, the lower to move (`cut`: their draws). None waiting: no
 * one leaves (a Game Call, or one further rubber if all four agree).
 */
export function tableUp(
  seated: readonly Seated[],
  waiting: number,
  cut?: readonly Draw[],
  field = 'cut',
): TableUp {
  const places = Math.min(waiting, seated.length);
  if (places === 0) {
    return {
      leave: [],
      because:
        'none waiting: the table plays on only after a Game Call, or with all four agreeing to one further rubber (PIN-R23)',
    };
  }
  const longest = [...seated].sort((a, b) => b.tenure - a.tenure);
  const boundary = longest[places - 1]!.tenure;
  const sure = longest.filter((s) => s.tenure > boundary).map((s) => s.unit);
  const tied = longest.filter((s) => s.tenure === boundary).map((s) => s.unit);
  const left = places - sure.length;
  if (tied.length === left) {
    return {
      leave: [...sure, ...tied],
      because: `the longest tenure (${longest
        .slice(0, places)
        .map((s) => `${s.unit} ${s.tenure}`)
        .join(', ')}) leaves for ${waiting} waiting`,
    };
  }
  if (!cut) {
    return {
      cutAmong: tied,
      places: left,
      because: `${tied.join(', ')} have equal tenure (${boundary}) for ${left} place(s): they cut, the lower to move`,
    };
  }
  const names = new Set(cut.map((d) => d.unit));
  if (names.size !== tied.length || !tied.every((u) => names.has(u))) {
    throw new RuleViolation(
      'PIN-R23',
      `must be the draws of ${tied.join(', ')}, the units with equal tenure`,
      field,
    );
  }
  const lowest = byCut(cut, field)
    .reverse()
    .slice(0, left)
    .map((d) => d.unit);
  return {
    leave: [...sure, ...lowest],
    because: `the longest tenure leaves; of ${tied.join(', ')} (equal tenure ${boundary}) the lower cut moves: ${lowest.join(', ')}`,
  };
}

/**
 * PIN-R24: at a session of two and a half tables or fewer (ten players), Table Up is called at
 * the completion of the seventh hand, whatever the state of the rubber.
 */
export function sevenHandRule(
  playersPresent: number,
  handsCompleted: number,
  limit: PinnerRubberParams['sevenHandRule'] = PINNER_RUBBER.sevenHandRule,
): { tableUp: boolean; applies: boolean; because: string } {
  const applies = playersPresent <= limit.playersAtMost;
  const tableUp = applies && handsCompleted >= limit.hand;
  return {
    tableUp,
    applies,
    because: applies
      ? `${playersPresent} present (${limit.playersAtMost} or fewer): Table Up at hand ${limit.hand}; ${handsCompleted} completed`
      : `${playersPresent} present: more than ${limit.playersAtMost}, Table Up at the end of the rubber`,
  };
}

const MINUTE = 60 * 1000;

/** PIN-R25: a player who will not follow the rotation retires for at least half an hour. */
export function mayRejoin(
  retiredAt: string,
  at: string,
  minutes = PINNER_RUBBER.retireMinutes,
): { may: boolean; from: string } {
  const from = Date.parse(retiredAt) + minutes * MINUTE;
  return { may: Date.parse(at) >= from, from: new Date(from).toISOString() };
}
