import type { SessionResultRecorded } from '../domain/facts';
import type { CompetitionState, KeptResult } from '../domain/state';

/**
 * The saved form of a competition's partition. The deciders' state keeps a competition's results
 * as the facts recorded (objects with their field names, the competition's id and the players):
 * saved as they are, a 20-season history's read model is three times as large, and a cold start
 * reads and parses all of it. Saved here, the results are columns:
 *
 * - no `competitionId` (the competition's own: the partition's key);
 * - `pairIds` each once, `pair` an index into them;
 * - `session`, `percentage`, `boardsPlayed`, `sitOutRounds` numbers, null when absent;
 * - `source` 0 (imported) or 1 (scored); `group` an index into `groups`, null when absent;
 * - `players` null when they are the pair's entered players (state.pairs[pairId].players), else
 *   the list;
 * - `corrected` the provenance of a result an accepted correction replaced, null
 *   for the others;
 * - a column with nothing but nulls (`sitOutRounds`, `group`, `players`, `corrected`, mostly)
 *   is left out.
 *
 * Read back (`readSavedCompetition`), the results are the objects the fold makes: every field
 * in the order of shared-values.ts, an absent one present as undefined, and the players the
 * pair's own array where they are equal, as the fold shares them. A result this form cannot
 * hold exactly (another competition's id, a null, a value of another type) keeps the whole list
 * as it is; so does a state saved before (a whole state taken apart).
 */
export interface SavedResults {
  pairIds: string[];
  pair: number[];
  session: number[];
  percentage: (number | null)[];
  boardsPlayed: (number | null)[];
  source: (0 | 1 | null)[];
  groups?: string[];
  group?: (number | null)[];
  sitOutRounds?: (number | null)[];
  players?: (string[] | null)[];
  corrected?: (NonNullable<KeptResult['corrected']> | null)[];
}

/** A competition's partition as saved: its state, with the results as columns or as they are. */
export type SavedCompetitionState = Omit<CompetitionState, 'results'> & {
  results: SavedResults | SessionResultRecorded[];
};

const SOURCES = ['imported', 'scored'] as const;

/**
 * What `get` gives for a competition: the live state, saved (JSON.stringify) in the form above.
 * The state itself goes with it, so that a `put` of a value `get` gave (a slice of the read
 * model taking a partition from the live one, per query) takes the state, not a copy.
 */
export class SavedCompetition {
  constructor(
    readonly state: CompetitionState,
    readonly competitionId: string,
  ) {}
  toJSON(): SavedCompetitionState {
    return savedCompetition(this.state, this.competitionId);
  }
}

/**
 * The state in its saved form, `competitionId` its key: results as columns when every one fits
 * them exactly.
 */
export function savedCompetition(
  state: CompetitionState,
  competitionId: string,
): SavedCompetitionState {
  const results = savedResults(state, competitionId);
  return results ? { ...state, results } : state;
}

/**
 * A saved competition read back, `competitionId` its key: a value `get` gave, the saved form,
 * or a state saved whole (results as a list).
 */
export function readSavedCompetition(value: unknown, competitionId: string): CompetitionState {
  if (value instanceof SavedCompetition) return value.state;
  const saved = value as SavedCompetitionState;
  if (Array.isArray(saved.results)) return saved as CompetitionState;
  return { ...saved, results: resultsOf(saved, saved.results, competitionId) };
}

const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

function savedResults(state: CompetitionState, competitionId: string): SavedResults | undefined {
  const results = state.results;
  if (!Array.isArray(results)) return undefined;
  const slots = new Map<string, number>();
  const groupSlots = new Map<string, number>();
  const out: SavedResults = {
    pairIds: [],
    pair: [],
    session: [],
    percentage: [],
    boardsPlayed: [],
    source: [],
    groups: [],
    group: [],
    sitOutRounds: [],
    players: [],
    corrected: [],
  };
  let grouped = false;
  let corrected = false;
  let satOut = false;
  let named = false;
  for (const r of results) {
    // Exactly the fields the fold keeps (shared-values.ts), each of its type or absent.
    if (r.competitionId !== competitionId || !isCount(r.session)) return undefined;
    if (typeof r.pairId !== 'string' || !isStrings(r.players)) return undefined;
    let fields = 0;
    for (const k in r) if ((r as unknown as Record<string, unknown>)[k] !== undefined) fields++;
    const { percentage, boardsPlayed, group, source, sitOutRounds } = r;
    const mark = (r as KeptResult).corrected;
    if (mark !== undefined && !isMark(mark)) return undefined;
    if (percentage !== undefined && !isCount(percentage)) return undefined;
    if (boardsPlayed !== undefined && !isCount(boardsPlayed)) return undefined;
    if (sitOutRounds !== undefined && !isCount(sitOutRounds)) return undefined;
    if (group !== undefined && typeof group !== 'string') return undefined;
    const sourceAt = source === undefined ? null : SOURCES.indexOf(source);
    if (sourceAt === -1) return undefined;
    // No field beside these (competitionId, session, pairId and players are always there).
    let present = 4;
    if (percentage !== undefined) present++;
    if (boardsPlayed !== undefined) present++;
    if (group !== undefined) present++;
    if (source !== undefined) present++;
    if (sitOutRounds !== undefined) present++;
    if (mark !== undefined) present++;
    if (present !== fields) return undefined;

    let slot = slots.get(r.pairId);
    if (slot === undefined) {
      slots.set(r.pairId, (slot = out.pairIds.length));
      out.pairIds.push(r.pairId);
    }
    out.pair.push(slot);
    out.session.push(r.session);
    out.percentage.push(percentage ?? null);
    out.boardsPlayed.push(boardsPlayed ?? null);
    out.source.push(sourceAt as 0 | 1 | null);
    let groupAt: number | null = null;
    if (group !== undefined) {
      groupAt = groupSlots.get(group) ?? null;
      if (groupAt === null) {
        groupSlots.set(group, (groupAt = out.groups!.length));
        out.groups!.push(group);
      }
      grouped = true;
    }
    out.group!.push(groupAt);
    out.sitOutRounds!.push(sitOutRounds ?? null);
    satOut ||= sitOutRounds !== undefined;
    const entered = state.pairs[r.pairId]?.players;
    const own = entered !== undefined && sameList(entered, r.players);
    out.players!.push(own ? null : r.players);
    named ||= !own;
    out.corrected!.push(mark ?? null);
    corrected ||= mark !== undefined;
  }
  if (!corrected) delete out.corrected;
  if (!grouped) {
    delete out.groups;
    delete out.group;
  }
  if (!satOut) delete out.sitOutRounds;
  if (!named) delete out.players;
  return out;
}

function resultsOf(
  state: SavedCompetitionState,
  saved: SavedResults,
  competitionId: string,
): SessionResultRecorded[] {
  const { pairIds, pair, session, percentage, boardsPlayed, source, groups, group } = saved;
  const { sitOutRounds, players, corrected } = saved;
  // Equal lists of players that are not the pair's own: one array, as the fold keeps them.
  const lists = new Map<string, string[]>();
  const results: SessionResultRecorded[] = new Array<SessionResultRecorded>(pair.length);
  for (let i = 0; i < pair.length; i++) {
    const pairId = pairIds[pair[i]];
    let named = players?.[i] ?? null;
    if (named === null) named = state.pairs[pairId].players;
    else {
      const key = named.join('\u0000');
      const known = lists.get(key);
      if (known === undefined) lists.set(key, named);
      else named = known;
    }
    const g = group?.[i] ?? null;
    const s = source[i];
    // Every field, in the order of shared-values.ts: the shape the fold makes.
    results[i] = {
      competitionId,
      session: session[i],
      pairId,
      players: named,
      percentage: percentage[i] ?? (undefined as unknown as number),
      boardsPlayed: boardsPlayed[i] ?? (undefined as unknown as number),
      group: g === null ? undefined : groups![g],
      source: s === null ? (undefined as unknown as 'imported') : SOURCES[s],
      sitOutRounds: sitOutRounds?.[i] ?? undefined,
    };
    // Only a corrected result has the field, as the fold makes it.
    const mark = corrected?.[i] ?? null;
    if (mark !== null) (results[i] as KeptResult).corrected = mark;
  }
  return results;
}

/** A correction's provenance as the fold keeps it: two ids, and the first percentage. */
function isMark(x: unknown): boolean {
  if (typeof x !== 'object' || x === null) return false;
  const m = x as Record<string, unknown>;
  let n = 0;
  for (const k in m) if (m[k] !== undefined) n++;
  if (typeof m.correctedBy !== 'string' || typeof m.original !== 'string') return false;
  if (m.originalPercentage !== undefined && !isCount(m.originalPercentage)) return false;
  return n === (m.originalPercentage === undefined ? 2 : 3);
}

function isStrings(x: unknown): x is string[] {
  if (!Array.isArray(x)) return false;
  for (const s of x) if (typeof s !== 'string') return false;
  return true;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
