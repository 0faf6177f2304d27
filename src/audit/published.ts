import {
  championshipOf,
  competitions,
  cPointsOf,
  type CPointsView,
  standingsOf,
  type ChampionshipView,
  type CompetitionsState,
  type QueryOptions,
  type StandingsView,
} from '../contexts/pairs/projection';
import {
  sessionResultOf,
  UnknownSessionStreamError,
  type SessionResultView,
} from '../contexts/pairs/projection';
import { fold } from '../kernel/projection';
import { clubStreamId } from '../contexts/club/domain/club-streams';
import { correctionsStreamId } from '../contexts/corrections';
import type { RecordedEvent } from '../kernel/envelope';
import type { EventStore } from '../store/event-store';
import { StreamNotFoundError } from '../store/errors';
import {
  answerFromSlice,
  competitionsSlice,
  type LiveCompetitions,
} from '../contexts/pairs/read/competition-slice';
import { boardSessionPartition } from '../contexts/pairs/projection/state';
import { replayFromStore } from './replay';
import { tableOf } from '../contexts/pairs/ruleset-registry';

/** "As published on" an instant (recordedAt), or as of a ledger position. */
export interface AsOf {
  asOf?: string;
  atPosition?: number;
}

/**
 * The whole competitions state: a replay of every fact of $all (to the bounds). The published
 * tables of one competition or club read `competitionState` / `clubState` instead.
 */
export async function competitionsState(
  store: EventStore,
  at: AsOf = {},
): Promise<CompetitionsState> {
  const { state } = await replayFromStore(store, competitions, {
    asOf: at.asOf,
    toPosition: at.atPosition,
  });
  return state;
}

/**
 * The state one competition's answers (standings, next groups, C points, a what-if) read, as of
 * an instant or a position: its club's streams only (`competitionsSlice`), the same answers as
 * from `competitionsState`.
 */
export async function competitionState(
  store: EventStore,
  competitionId: string,
  at: AsOf = {},
): Promise<CompetitionsState> {
  return (await competitionsSlice(store, { competitionId }, at)).state;
}

/** The state a club's championship reads (DSB-11), from the club's streams only. */
export async function clubState(
  store: EventStore,
  clubId: string,
  at: AsOf = {},
): Promise<CompetitionsState> {
  return (await competitionsSlice(store, { clubId }, at)).state;
}

/**
 * The live read model, when there is one (the service's runner once caught up), with the
 * partitions asked for in memory.
 */
export type LiveState = LiveCompetitions;

/**
 * An answer of one competition as of an instant or a position, from its club's streams and the
 * live partitions no later fact has changed (`answerFromSlice`): the cost grows with what
 * changed after the moment asked for, not with the ledger.
 */
export function competitionAnswer<T>(
  store: EventStore,
  competitionId: string,
  at: AsOf,
  live: LiveState | undefined,
  answer: (state: CompetitionsState) => T,
): Promise<T> {
  return answerFromSlice(store, { competitionId }, at, live, (s) => answer(s.state));
}

/** As `competitionAnswer`, for a club's tables (DSB-11). */
export function clubAnswer<T>(
  store: EventStore,
  clubId: string,
  at: AsOf,
  live: LiveState | undefined,
  answer: (state: CompetitionsState) => T,
): Promise<T> {
  return answerFromSlice(store, { clubId }, at, live, (s) => answer(s.state));
}

/** A standing as published: a final one with what its table adds (DSB-8: the next groups). */
export type PublishedStandings = StandingsView;

/** A competition's standings as the ledger had them at a moment; DSB final standings carry
 * every pair's group for the next competition (DSB-8). */
export function standingsFrom(
  state: CompetitionsState,
  competitionId: string,
  afterSession?: number,
  whatIf?: QueryOptions['whatIf'],
): PublishedStandings {
  const view = standingsOf(state, competitionId, { afterSession, whatIf });
  const publishedFinal = tableOf(view.rulebook.preset, view.format)?.publishedFinal;
  if (view.final && afterSession === undefined && publishedFinal) {
    return { ...view, ...publishedFinal(state, competitionId, { whatIf }) } as StandingsView;
  }
  return view;
}

export async function publishedStandings(
  store: EventStore,
  competitionId: string,
  at: AsOf & { afterSession?: number } = {},
): Promise<PublishedStandings> {
  return standingsFrom(
    await competitionState(store, competitionId, at),
    competitionId,
    at.afterSession,
  );
}

/** NZ-8 C points of a competition as the ledger had them at a moment. */
export async function publishedCPoints(
  store: EventStore,
  competitionId: string,
  at: AsOf & { session?: number } = {},
): Promise<CPointsView> {
  return cPointsOf(await competitionState(store, competitionId, at), competitionId, {
    session: at.session,
  });
}

export async function publishedChampionship(
  store: EventStore,
  clubId: string,
  season: string,
  at: AsOf = {},
): Promise<ChampionshipView> {
  return championshipOf(await clubState(store, clubId, at), clubId, season);
}

/** A stream's facts, none when the stream has none. */
async function factsOf(store: EventStore, streamId: string): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  try {
    for await (const e of store.readStream(streamId)) out.push(e);
  } catch (e) {
    if (!(e instanceof StreamNotFoundError)) throw e;
  }
  return out;
}

/** The streams a scored session's result reads: its own, its club's and its club's corrections. */
export interface SessionStreams {
  session: RecordedEvent[];
  /** In ledger order: the club's rulebook and the corrections, rulings and appeals. */
  club: RecordedEvent[];
}

/**
 * The facts of a session's streams: the session's own; its club's (the rulebook whose
 * `scoring` settings apply on its day) and its club's corrections stream (accepted corrections
 * of its lines, directors' rulings, appeals decided), read once.
 */
export async function sessionStreamsOf(
  store: EventStore,
  sessionStreamId: string,
): Promise<SessionStreams> {
  const session = await factsOf(store, sessionStreamId);
  const movement = session.find((e) => e.type === 'SessionMovementRecorded');
  const clubId = (movement?.data as { clubId?: unknown } | undefined)?.clubId;
  const club =
    typeof clubId === 'string'
      ? [
          ...(await factsOf(store, clubStreamId(clubId))),
          ...(await factsOf(store, correctionsStreamId(clubId))),
        ].sort((a, b) => a.position - b.position)
      : [];
  return { session, club };
}

/** The state a scored session's own result reads: its streams folded in ledger order. */
export const sessionStateOf = ({ session, club }: SessionStreams): CompetitionsState =>
  fold(
    competitions,
    [...session, ...club].sort((a, b) => a.position - b.position),
  );

export async function sessionState(
  store: EventStore,
  sessionStreamId: string,
): Promise<CompetitionsState> {
  return sessionStateOf(await sessionStreamsOf(store, sessionStreamId));
}

/** A scored session's result, from the live state when given, else from its streams. */
export async function publishedSessionResult(
  store: EventStore,
  sessionStreamId: string,
  live?: LiveState,
): Promise<SessionResultView> {
  const now = live?.([boardSessionPartition(sessionStreamId)]);
  if (now?.boardSessions[sessionStreamId]) return sessionResultOf(now, sessionStreamId);
  const state = await sessionState(store, sessionStreamId);
  if (!state.boardSessions[sessionStreamId]) throw new UnknownSessionStreamError(sessionStreamId);
  return sessionResultOf(state, sessionStreamId);
}
