import { SESSION_FACT_TYPES } from '../facts/session';
import type { Decider } from '../../../kernel/decider';
import { scoringSettingsOf } from '../../../rulebooks/scoring-params';
import type { ClubContext } from '../../club-context';
import { RuleViolation } from '../../../kernel/rule-violation';
import type { DecidedFact } from '../../../kernel/decider';
import type { RecordedEvent } from '../../../kernel/envelope';
import {
  foldBoardSessionFact,
  isBoardSessionFact,
  scoreBoardSession,
  SCORED_SESSION_SETTINGS,
  type BoardSessionFacts,
} from '../projection/scored-sessions';

/** A scored session's stream begins so: `session-<clubId>-<eventId>-<session>[-<section>]`. */
export const SESSION_STREAM_PREFIX = 'session-';
const PREFIX = SESSION_STREAM_PREFIX;

/** The facts of a scored session (imported from USEBIO or PBN, or posted by a club system). */
export { SESSION_FACT_TYPES };

/** Facts that put a line on a board's traveller (an adjustment of a line not recorded adds one). */
const LINE_FACTS = new Set(['BoardResultRecorded', 'AdjustedScoreAwarded']);

/** What the session decider keeps of its stream: the movement, and each board's lines. */
export interface SessionState {
  movement?: { clubId: string; date: string; scoringMethod: string };
  /**
   * Board → each line on it by its pairs (`ns|ew`: a line and its adjustment are one line), and
   * whether it is a sit-out against a phantom (the line as it stands, its latest fact).
   */
  lines: Record<number, Record<string, boolean>>;
  /** The stream's facts as the session's result reads them (the projection's own fold). */
  facts: BoardSessionFacts;
  /** DSB-19: `board|ns|ew` → the director's order for a board not started at that table. */
  lateBoards?: Record<string, string>;
  /** Boards whose deal is recorded (one deal a board). */
  deals?: Record<number, true>;
}

const dataOf = (d: unknown) => (d ?? {}) as Record<string, unknown>;
const lineKey = (d: Record<string, unknown>) => `${String(d.nsPair)}|${String(d.ewPair)}`;
/** An artificial line marked as a sit-out (an adjustment replaces it). */
const isSitOut = (type: string, d: Record<string, unknown>) =>
  type === 'BoardResultRecorded' && d.kind === 'artificial' && d.sitOut === true;

/**
 * STD-NEUBERG: a line that would give its board more lines than the club's
 * `scoring.neubergExpected` in force on the session's day is refused: that N could never score
 * the session. Only a matchpoint session with its movement recorded is judged (the movement
 * names the club and the day); a club with no rulebook, or N = 'max-results', takes any count.
 */
function neubergRefusal(
  state: SessionState,
  type: string,
  d: Record<string, unknown>,
  club: ClubContext,
): RuleViolation | undefined {
  const m = state.movement;
  if (!m || m.scoringMethod !== 'MP' || typeof d.board !== 'number') return undefined;
  const rulebook = club.rulebookOn(m.clubId, m.date);
  if (!rulebook) return undefined;
  let settings: ReturnType<typeof scoringSettingsOf>;
  try {
    settings = scoringSettingsOf(rulebook.params);
  } catch {
    // A scoring group the engine refuses is the rulebook's problem, named by its own checks.
    return undefined;
  }
  const expected = settings.neubergExpected;
  if (typeof expected !== 'number') return undefined;
  // The board's lines once this fact stands, counted as the setting counts them.
  const on = { ...state.lines[d.board], [lineKey(d)]: isSitOut(type, d) };
  const outOfField = settings.sitOutLines === 'out-of-field';
  const lines = Object.values(on).filter((sitOut) => !(outOfField && sitOut)).length;
  if (lines <= expected) return undefined;
  // A fact that adds no line (an adjustment of a line there) does not make it worse.
  const was = state.lines[d.board] ?? {};
  const before = Object.values(was).filter((sitOut) => !(outOfField && sitOut)).length;
  if (lines <= before) return undefined;
  return new RuleViolation(
    'STD-NEUBERG',
    `board ${d.board} would have ${lines} lines, more than the ${expected} results the club's scoring.neubergExpected expects on ${m.date} (${rulebook.preset} rulebook from ${rulebook.effectiveFrom}): N is at least the results on a board, so the session could not be scored`,
    'data.board',
  );
}

/**
 * A movement scored otherwise than the competition that already scores a session from its
 * stream reads is refused: a matchpoint format reads a pair's session percentage (STD-MP),
 * which IMPs do not give; a butler competition (DSB-16b) reads a pair's butler IMPs
 * (STD-BUTLER). The format's shape under the club's rulebook on the movement's day says which.
 */
function linkedImpRefusal(
  d: Record<string, unknown>,
  club: ClubContext,
  streamId: string,
): RuleViolation | undefined {
  if (typeof d.clubId !== 'string') return undefined;
  for (const c of club.competitionsOf(d.clubId)) {
    for (const link of Object.values(c.boardLinks ?? {})) {
      if (link.sessionStreamId !== streamId) continue;
      const format = c.competition?.format ?? '';
      const date = typeof d.date === 'string' ? d.date : undefined;
      const reads =
        (date === undefined ? undefined : club.optionsOn(d.clubId, date).formats?.[format])
          ?.scoringMethod ?? 'MP';
      if (d.scoringMethod === reads) continue;
      return new RuleViolation(
        reads === 'MP' ? 'STD-MP' : 'STD-BUTLER',
        reads === 'MP'
          ? `session ${link.session} of competition ${link.competitionId} (${format}) is scored from ${streamId}: a ${String(d.scoringMethod)} session gives IMPs, not the matchpoint percentages its standing reads`
          : `session ${link.session} of competition ${link.competitionId} (${format}) is scored from ${streamId}: its standing reads each pair's butler IMPs, not a ${String(d.scoringMethod)} session's`,
        'data.scoringMethod',
      );
    }
  }
  return undefined;
}

/**
 * The session context: a scored session's stream, `session-<clubId>-<eventId>-<session>[-<section>]`
 * (src/import/facts.ts names it from the file). Its facts name no stream in their data, so they
 * belong on any session stream and on no other (LEDGER). Each fact's own rules (STD-SCORE: the
 * score agrees with contract and tricks; a result carries exactly the fields of its kind) are
 * the catalogue's, checked before the deciders. The decider keeps the movement and the lines
 * per board, so that a line the club's scoring settings could not score is refused when
 * appended (STD-NEUBERG: `scoring.neubergExpected`).
 */
export const sessionDecider: Decider<SessionState, ClubContext> = {
  name: 'session',
  owns: (streamId) => streamId.startsWith(PREFIX) && streamId.length > PREFIX.length,
  streams: 'session-<clubId>-<eventId>-<session>[-<section>]',
  factTypes: SESSION_FACT_TYPES,
  // A line is judged under the club's rulebook in force on the session's day.
  // The whole session is scored as its batch stands (settle), under those settings.
  readsClub: (fact) => isBoardSessionFact(fact.type),
  initialState: () => ({ lines: {}, facts: { pairs: {}, lines: [], adjustments: [] } }),
  evolve(state, fact, streamId) {
    foldBoardSessionFact({ [streamId]: state.facts }, { ...fact, streamId } as RecordedEvent);
    const d = dataOf(fact.data);
    if (fact.type === 'SessionMovementRecorded') {
      state.movement = {
        clubId: String(d.clubId),
        date: String(d.date),
        scoringMethod: String(d.scoringMethod),
      };
    } else if (LINE_FACTS.has(fact.type) && typeof d.board === 'number') {
      (state.lines[d.board] ??= {})[lineKey(d)] = isSitOut(fact.type, d);
    } else if (fact.type === 'BoardDealRecorded' && typeof d.board === 'number') {
      (state.deals ??= {})[d.board] = true;
    } else if (fact.type === 'LateBoardRuled' && typeof d.board === 'number') {
      (state.lateBoards ??= {})[`${d.board}|${lineKey(d)}`] = String(d.order);
      // An artificial score is the board's line at that table (STD-NEUBERG counts it).
      if (d.order === 'artificial') (state.lines[d.board] ??= {})[lineKey(d)] = false;
    }
  },
  decide(fact, state, club, streamId) {
    if (fact.type === 'SessionMovementRecorded') {
      const refused = linkedImpRefusal(dataOf(fact.data), club, streamId);
      if (refused) throw refused;
    }
    const late = lateBoardRefusal(state, fact.type, dataOf(fact.data));
    if (late) throw late;
    const d = dataOf(fact.data);
    if (fact.type === 'BoardDealRecorded' && state.deals?.[d.board as number]) {
      throw new RuleViolation(
        'LEDGER',
        `board ${String(d.board)}'s deal is recorded already: one deal a board`,
        'data.board',
      );
    }
    if (LINE_FACTS.has(fact.type) || (fact.type === 'LateBoardRuled' && d.order === 'artificial')) {
      const refused = neubergRefusal(state, fact.type, d, club);
      if (refused) throw refused;
    }
    return [fact];
  },
  settle: (state, batch, club) => unscorableLine(state, batch, club),
};

/**
 * DSB-19: the director's order is for a board not started at that table — one with no result
 * recorded there, ordered once; after an artificial score the board is not played there (no line
 * may be recorded for it), after a replay order its line is recorded when it is played.
 */
function lateBoardRefusal(
  state: SessionState,
  type: string,
  d: Record<string, unknown>,
): RuleViolation | undefined {
  const table = `board ${String(d.board)} of NS ${String(d.nsPair)} v EW ${String(d.ewPair)}`;
  const order = state.lateBoards?.[`${String(d.board)}|${lineKey(d)}`];
  if (type === 'LateBoardRuled') {
    if (order !== undefined) {
      return new RuleViolation(
        'LEDGER',
        `${table} is ruled already (${order}): another order is a correction`,
        'data.board',
      );
    }
    const played = typeof d.board === 'number' && lineKey(d) in (state.lines[d.board] ?? {});
    if (played) {
      return new RuleViolation(
        'DSB-19',
        `${table} has a result recorded: a board played is not one left unstarted at the warning signal`,
        'data.board',
      );
    }
  }
  if (type === 'BoardResultRecorded' && order === 'artificial') {
    return new RuleViolation(
      'DSB-19',
      `${table} was not started before the warning signal and the director awarded an artificial score on it: it is not played there`,
      'data.board',
    );
  }
  return undefined;
}

/**
 * STD-MP, STD-BUTLER, STD-CROSSIMP: a session is scored once its batch stands, as its result
 * is published (`scoreBoardSession` under the club's scoring settings of the session's day):
 * facts the engine would refuse (a pair twice on a board, a line of no registered pair …) are
 * refused, naming the line or adjustment of the batch at fault (else its last such fact). A
 * session not complete yet (no movement, no line) is not judged.
 */
function unscorableLine(
  state: SessionState,
  batch: readonly DecidedFact[],
  club: ClubContext,
): { index: number; violation: RuleViolation } | undefined {
  const m = state.facts.movement;
  if (!m || !batch.some((f) => isBoardSessionFact(f.type))) return undefined;
  const rulebook = m.clubId === undefined ? undefined : club.rulebookOn(m.clubId, m.date);
  let settings = SCORED_SESSION_SETTINGS;
  try {
    if (rulebook) settings = scoringSettingsOf(rulebook.params);
  } catch {
    // A scoring group the engine refuses is the rulebook's problem, named by its own checks.
    return undefined;
  }
  const scored = scoreBoardSession(state.facts, settings);
  if (scored.ok || scored.pending || !scored.refusal) return undefined;
  const { rule, field, reason } = scored.refusal;
  // `lines[i]…` / `adjustments[i]…`: the batch's facts are the last ones of their kind.
  const at = /^(lines|adjustments)\[(\d+)\](?:\.(.*))?$/.exec(field);
  const type = at?.[1] === 'adjustments' ? 'AdjustedScoreAwarded' : 'BoardResultRecorded';
  const mine = batch.flatMap((f, i) => (f.type === type ? [i] : []));
  const kept = at?.[1] === 'adjustments' ? state.facts.adjustments : state.facts.lines;
  const nth = at ? Number(at[2]) - (kept.length - mine.length) : -1;
  const last = batch.reduce((n, f, i) => (isBoardSessionFact(f.type) ? i : n), 0);
  const index = nth >= 0 && nth < mine.length ? mine[nth]! : last;
  const inFact = nth >= 0 && nth < mine.length && at?.[3] ? `data.${at[3]}` : 'data';
  // The engine's field (`lines[3]`) is its own list's: the fact is named by the batch index.
  const why = reason.startsWith(`${field} `) ? reason.slice(field.length + 1) : reason;
  return { index, violation: new RuleViolation(rule, why, inFact) };
}
