import { clubStreamId } from '../../club';
import { correctionsStreamId } from '../../corrections';
import { leagueStreamId } from '../domain/streams';
import type { LeagueCitations } from '../rules';
import type { RecordedEvent } from '../../../kernel/envelope';
import type { FieldIssue } from '../../../kernel/issues';
import {
  leagueRulesIn,
  leagues,
  leagueTableOf,
  matchOf,
  UnknownLeagueError,
  type LeagueMatchView,
  type LeaguesState,
  type LeagueTableView,
} from '../projection';
import type { EventStore } from '../../../store/event-store';
import { ledgerContentsOf } from '../../../ledger/ledger-contents';
import {
  EVENTS_PER_TURN,
  nextTurn,
  readStreamTo as read,
  withinBounds,
} from '../../../audit/replay';
import { readDayOrInstant, wholeNumber } from '../../../audit/table-query';

/**
 * When a league's table is asked for. `asOf` is read two ways: a club date (`2009-11-30`) is the
 * season as of that day (matches, defaults, verdicts and penalties by then, from every fact the
 * ledger holds: LCBA-8.1's averages as they stood); an instant with a zone is "as recorded by
 * then", as the competitions' tables read it (a replay of the facts recorded by that instant).
 * `atPosition`: as of a ledger position.
 */
export interface LeagueMoment {
  day?: string;
  asOf?: string;
  atPosition?: number;
  division?: number;
}

export type LeagueParam = 'asOf' | 'atPosition' | 'division';

/**
 * A league request's parameters (HTTP query or CLI options), each named as `spell` writes it;
 * an instant `asOf` with `atPosition` refused together (they can disagree).
 */
export function readLeagueQuery(
  raw: Partial<Record<LeagueParam, unknown>>,
  spell: (p: LeagueParam) => string = (p) => p,
): { value: LeagueMoment; issues: FieldIssue[] } {
  const { value, issues } = readDayOrInstant<LeagueParam>(raw, spell, 'the season as of that day');
  const moment: LeagueMoment = value;
  if (raw.division !== undefined) {
    const n = wholeNumber(raw.division);
    if (n === undefined || n < 1)
      issues.push({
        field: 'division',
        message: `${spell('division')} must be a division number >= 1 (LCBA-2.2: 1 the strongest), got ${String(raw.division)}`,
      });
    else moment.division = n;
  }
  return { value: moment, issues };
}

/**
 * The leagues read model of one league as the ledger had it at a moment: a replay of its stream
 * `league-<leagueId>`, its organising club's `club-<clubId>` (the rulebook in force) and its
 * corrections `corrections-<leagueId>`, merged by position: a table as recorded by
 * an instant or a position. The table as of now reads the league held (`heldLeagueState`).
 */
export async function leagueState(
  store: EventStore,
  leagueId: string,
  at: Pick<LeagueMoment, 'asOf' | 'atPosition'> = {},
): Promise<LeaguesState> {
  const keep = withinBounds({ asOf: at.asOf, toPosition: at.atPosition });
  const to = at.atPosition ?? Number.POSITIVE_INFINITY;
  const own = (await read(store, leagueStreamId(leagueId), to)).filter(keep);
  const registered = own.find((e) => e.type === 'LeagueRegistered');
  const clubId = (registered?.data as { clubId?: unknown } | undefined)?.clubId;
  const club =
    typeof clubId === 'string' ? (await read(store, clubStreamId(clubId), to)).filter(keep) : [];
  // The league's corrections of its matches (its own corrections stream).
  const corrections = own.length
    ? (await read(store, correctionsStreamId(leagueId), to)).filter(keep)
    : [];
  const events = [...own, ...club, ...corrections].sort((a, b) => a.position - b.position);
  let state = leagues.initial();
  for (let i = 0; i < events.length; i++) {
    if (i > 0 && i % EVENTS_PER_TURN === 0) await nextTurn();
    state = leagues.apply(state, events[i]!, undefined);
  }
  return state;
}

/** One league's read model held by this process, and how far it has read each stream. */
interface HeldLeague {
  state: LeaguesState;
  /** streamId → the next revision to read. */
  next: Map<string, number>;
  /** Catch-ups one at a time: two would apply the same new facts twice. */
  queue: Promise<unknown>;
}

const held = new WeakMap<EventStore, Map<string, HeldLeague>>();

/**
 * The league's read model as of now, held by this process between asks and caught up
 * from where it was (the new facts of its three streams, in ledger order), so that a table asked
 * after one more fact (a late correction) reads that fact, not the whole season again; the
 * leagues read model keeps each match's score and the eligibility verdicts between tables
 * (src/contexts/league/projection/memo.ts). `bench:league` measures it against a full replay.
 */
export async function heldLeagueState(store: EventStore, leagueId: string): Promise<LeaguesState> {
  let byLeague = held.get(store);
  if (!byLeague) held.set(store, (byLeague = new Map()));
  let h = byLeague.get(leagueId);
  if (!h) {
    h = { state: leagues.initial(), next: new Map(), queue: Promise.resolve() };
    byLeague.set(leagueId, h);
  }
  const league = h;
  const run = league.queue.then(() => catchUp(store, leagueId, league));
  league.queue = run.catch(() => undefined);
  await run;
  // A league with no fact yet is not held: an ask for any id must not grow the map.
  if (league.next.size === 0 && byLeague.get(leagueId) === league) byLeague.delete(leagueId);
  return league.state;
}

async function catchUp(store: EventStore, leagueId: string, h: HeldLeague): Promise<void> {
  const fresh: RecordedEvent[] = [];
  // Every stream read to one head: a correction appended between two reads must not arrive
  // without the result it corrects (it would find no target and be lost until a restart).
  const head = await store.headPosition();
  const readNew = async (streamId: string) => {
    const events = await read(store, streamId, head, h.next.get(streamId));
    if (events.length) h.next.set(streamId, events[events.length - 1]!.revision + 1);
    fresh.push(...events);
  };
  await readNew(leagueStreamId(leagueId));
  await readNew(correctionsStreamId(leagueId));
  const clubId =
    h.state.leagues[leagueId]?.clubId ??
    (fresh.find((e) => e.type === 'LeagueRegistered')?.data as { clubId?: unknown } | undefined)
      ?.clubId;
  if (typeof clubId === 'string') await readNew(clubStreamId(clubId));
  fresh.sort((a, b) => a.position - b.position);
  for (let i = 0; i < fresh.length; i++) {
    if (i > 0 && i % EVENTS_PER_TURN === 0) await nextTurn();
    h.state = leagues.apply(h.state, fresh[i]!, undefined);
  }
}

/** The league's state at a moment: held and caught up for now, else a replay to it. */
const stateAt = (store: EventStore, leagueId: string, at: LeagueMoment) =>
  at.asOf === undefined && at.atPosition === undefined
    ? heldLeagueState(store, leagueId)
    : leagueState(store, leagueId, at);

/** `GET /leagues/:id/table`, `bridge-ledger table`: the division tables at a moment. */
export async function leagueTableAt(
  store: EventStore,
  leagueId: string,
  at: LeagueMoment = {},
): Promise<LeagueTableView> {
  return leagueTableOf(await stateAt(store, leagueId, at), leagueId, {
    ...(at.division !== undefined ? { division: at.division } : {}),
    ...(at.day !== undefined ? { asOf: at.day } : {}),
  });
}

/** `GET /leagues/:id/matches/:fixtureId`, `bridge-ledger match`: one match board by board. */
export async function leagueMatchAt(
  store: EventStore,
  leagueId: string,
  fixtureId: string,
  at: LeagueMoment = {},
): Promise<LeagueMatchView> {
  return (await leagueMatchCitedAt(store, leagueId, fixtureId, at)).view;
}

/** `bridge-ledger match`: one match at a moment, and how its rulebook is cited beside it. */
export async function leagueMatchCitedAt(
  store: EventStore,
  leagueId: string,
  fixtureId: string,
  at: LeagueMoment = {},
): Promise<{ view: LeagueMatchView; cites: LeagueCitations }> {
  const state = await stateAt(store, leagueId, at);
  const view = matchOf(state, leagueId, fixtureId, at.day !== undefined ? { asOf: at.day } : {});
  return { view, cites: leagueRulesIn(state, leagueId).cites };
}

/** A fixture id asked without its league that more than one league has (409, naming them). */
export class AmbiguousFixtureError extends Error {
  readonly code = 'AMBIGUOUS_FIXTURE';
  constructor(
    readonly fixtureId: string,
    readonly leagues: readonly string[],
  ) {
    super(
      `fixture ${fixtureId} is in more than one league (${leagues.join(', ')}): ask /leagues/<leagueId>/matches/${fixtureId}`,
    );
  }

  answer() {
    return { message: this.message, field: 'fixtureId', leagues: [...this.leagues] };
  }
}

/**
 * `GET /matches/:fixtureId` (the route): a fixture id is unique within its league only,
 * so the match is the one league's that has it; in none, 404; in several, 409 naming them.
 */
export async function matchInAnyLeagueAt(
  store: EventStore,
  fixtureId: string,
  at: LeagueMoment = {},
): Promise<LeagueMatchView> {
  const found: Array<{ leagueId: string; view: LeagueMatchView }> = [];
  for (const { leagueId } of (await ledgerContentsOf(store)).leagues()) {
    try {
      found.push({ leagueId, view: await leagueMatchAt(store, leagueId, fixtureId, at) });
    } catch (err) {
      if (!(err instanceof UnknownLeagueError && err.field === 'fixtureId')) throw err;
    }
  }
  if (found.length > 1)
    throw new AmbiguousFixtureError(
      fixtureId,
      found.map((f) => f.leagueId),
    );
  if (!found.length)
    throw new UnknownLeagueError('fixtureId', `no league of the ledger has a fixture ${fixtureId}`);
  return found[0]!.view;
}
