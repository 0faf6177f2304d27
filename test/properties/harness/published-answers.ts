import { competitionsState, standingsFrom } from '../../../src/audit/published';
import {
  championshipOf,
  cPointsOf,
  sessionResultOf,
  SessionNotScorableError,
} from '../../../src/contexts/pairs/projection';
import { leagueTableOf, matchOf } from '../../../src/contexts/league/projection';
import { leagueState } from '../../../src/contexts/league/read/leagues';
import { leagueTablePageAt } from '../../../src/contexts/league/read/league-pages';
import {
  applicationsAt,
  memberAt,
  registerAt,
  visitorsIn,
} from '../../../src/contexts/membership/read/membership';
import { correctionLogFromStore } from '../../../src/contexts/corrections/read';
import {
  swissProposalOf,
  teamCardOf,
  teamsEventList,
  teamsMatchOf,
  teamsStandingOf,
} from '../../../src/contexts/teams/projection';
import { teamsEventStateAt, teamsListAt } from '../../../src/contexts/teams/read';
import { listKeys } from '../../../src/contexts/access/read/keys';
import { inOpenMode } from '../../../src/contexts/access/read/open-mode';
import { StreamOwners } from '../../../src/contexts/access/read/owners';
import type { RecordedEvent } from '../../../src/kernel/envelope';
import { isLedgerError } from '../../../src/kernel/errors';
import type { EventStore } from '../../../src/store/event-store';

/**
 * Refusals a reader may get from facts the deciders accepted, because they say "not (yet)"
 * rather than "these facts cannot be published": a competition, league, club or person the
 * ledger does not have (404), and no rulebook in force for the day asked (409, a fact to come).
 */
const NOT_YET = new Set([
  'UNKNOWN_COMPETITION',
  'UNKNOWN_LEAGUE',
  'MEMBERSHIP_NOT_FOUND',
  'STREAM_NOT_FOUND',
  'NO_APPLICABLE_RULEBOOK',
  // A teams event, match, team or Swiss round not recorded (yet).
  'UNKNOWN_TEAMS_EVENT',
]);

/** An answer that failed: which, and the refusal (or the crash) it gave instead. */
export interface Unpublishable {
  answer: string;
  error: string;
}

/** Whether an error is an answer of the ledger's that accepted facts may give. */
export function isNotYet(e: unknown): boolean {
  if (e instanceof SessionNotScorableError) return e.pending;
  return isLedgerError(e) && NOT_YET.has(e.code);
}

const described = (e: unknown): string =>
  e instanceof Error
    ? `${e.constructor.name} (${(e as { code?: string }).code ?? 'no code'}): ${e.message}`
    : String(e);

/** Asks every answer; returns those that failed with anything but a "not yet". */
async function ask(
  answers: ReadonlyArray<readonly [string, () => unknown]>,
): Promise<Unpublishable[]> {
  const out: Unpublishable[] = [];
  for (const [answer, f] of answers) {
    try {
      await f();
    } catch (e) {
      if (!isNotYet(e)) out.push({ answer, error: described(e) });
    }
  }
  return out;
}

const dataOf = (e: RecordedEvent) => e.data as Record<string, unknown>;
const unique = <T>(xs: Iterable<T>) => [...new Set(xs)];

/**
 * Every answer the ledger publishes from these facts, asked as the HTTP routes and the CLI ask
 * them, now and as of `day` (the club date of the fact just accepted): each competition's
 * standings (final and after each session) and C points, each club's championship of each
 * season, each scored session's result, each club's correction log; each league's tables (and
 * its page's chart, a table a match day) and each match; each club's register, applications,
 * visitors and every person's history.
 */
export async function unpublishable(
  store: EventStore,
  events: readonly RecordedEvent[],
  day: string,
): Promise<Unpublishable[]> {
  const clubs = unique(
    events.filter((e) => e.type === 'ClubRegistered').map((e) => String(dataOf(e).clubId)),
  );
  const out: Unpublishable[] = [];
  out.push(...(await pairsAnswers(store, clubs)));
  out.push(...(await leagueAnswers(store, events, day)));
  out.push(...(await membershipAnswers(store, events, clubs, day)));
  out.push(
    ...(await ask(
      clubs.map((c) => [`correction log of ${c}`, () => correctionLogFromStore(store, c)] as const),
    )),
  );
  out.push(...(await accessAnswers(store, clubs)));
  out.push(...(await teamsAnswers(store, events, day)));
  return out;
}

/**
 * Each teams event's standing (now, and as played by `day`), every match, every team's card and
 * the Swiss proposal of every round from 2 to the one after the last paired; and the list.
 */
async function teamsAnswers(store: EventStore, events: readonly RecordedEvent[], day: string) {
  const ids = unique(
    events.filter((e) => e.type === 'TeamsEventCreated').map((e) => String(dataOf(e).eventId)),
  );
  const answers: Array<readonly [string, () => unknown]> = [
    ['the teams events', () => teamsListAt(store)],
  ];
  for (const id of ids) {
    const now = await teamsEventStateAt(store, id);
    const then = await teamsEventStateAt(store, id, { day });
    answers.push([`teams list of ${id}`, () => teamsEventList(now)]);
    answers.push([`standing of ${id}`, () => teamsStandingOf(now, id)]);
    answers.push([`standing of ${id} as of ${day}`, () => teamsStandingOf(then, id)]);
    const own = events.filter((e) => e.streamId === `teams-${id}`);
    const of = (type: string, field: string) =>
      unique(own.filter((e) => e.type === type).map((e) => String(dataOf(e)[field])));
    for (const m of [
      ...of('TeamsMatchRecorded', 'matchId'),
      ...of('TeamsMatchDefaulted', 'matchId'),
    ])
      answers.push([`match ${m} of ${id}`, () => teamsMatchOf(now, id, m)]);
    for (const t of of('TeamEntered', 'teamId'))
      answers.push([`card of ${t} in ${id}`, () => teamCardOf(now, id, t)]);
    const last = Math.max(0, ...of('SwissRoundPaired', 'round').map(Number));
    for (let round = 2; round <= last + 1; round++)
      answers.push([`round ${round} of ${id} proposed`, () => swissProposalOf(now, id, round)]);
  }
  return ask(answers);
}

async function pairsAnswers(store: EventStore, clubs: readonly string[]) {
  const state = await competitionsState(store);
  const answers: Array<readonly [string, () => unknown]> = [];
  const seasons = new Set<string>();
  for (const [id, c] of Object.entries(state.competitions)) {
    answers.push([`standings of ${id}`, () => standingsFrom(state, id)]);
    answers.push([`C points of ${id}`, () => cPointsOf(state, id)]);
    const held = unique([
      ...Object.keys(c.heldOn ?? {}).map(Number),
      ...c.results.map((r) => r.session),
    ]);
    for (const n of held) {
      answers.push([`standings of ${id} after session ${n}`, () => standingsFrom(state, id, n)]);
    }
    if (c.competition) seasons.add(`${c.competition.clubId}|${c.competition.season}`);
  }
  for (const club of clubs) seasons.add(`${club}|`);
  for (const key of seasons) {
    const [club, season] = key.split('|') as [string, string];
    if (season)
      answers.push([
        `championship of ${club} ${season}`,
        () => championshipOf(state, club, season),
      ]);
  }
  for (const s of Object.keys(state.boardSessions)) {
    answers.push([`result of session ${s}`, () => sessionResultOf(state, s)]);
  }
  return ask(answers);
}

async function leagueAnswers(store: EventStore, events: readonly RecordedEvent[], day: string) {
  const leagueIds = unique(
    events.filter((e) => e.type === 'LeagueRegistered').map((e) => String(dataOf(e).leagueId)),
  );
  const answers: Array<readonly [string, () => unknown]> = [];
  for (const id of leagueIds) {
    const state = await leagueState(store, id);
    const fixtures = unique(
      events
        .filter((e) => e.type === 'FixtureScheduled' && dataOf(e).leagueId === id)
        .map((e) => String(dataOf(e).fixtureId)),
    );
    answers.push([`table of ${id}`, () => leagueTableOf(state, id)]);
    answers.push([`table of ${id} as of ${day}`, () => leagueTableOf(state, id, { asOf: day })]);
    answers.push([
      `page of ${id} with its chart`,
      () => leagueTablePageAt(store, id, {}, { chart: true }),
    ]);
    for (const f of fixtures) answers.push([`match ${f} of ${id}`, () => matchOf(state, id, f)]);
  }
  return ask(answers);
}

async function membershipAnswers(
  store: EventStore,
  events: readonly RecordedEvent[],
  clubs: readonly string[],
  day: string,
) {
  const answers: Array<readonly [string, () => unknown]> = [];
  const clock = () => new Date(`${day}T12:00:00Z`);
  for (const club of clubs) {
    const facts = events.filter((e) => e.streamId === `members-${club}`);
    if (!facts.length) continue;
    const people = unique(
      facts.map((e) => dataOf(e).person).filter((p): p is string => typeof p === 'string'),
    );
    const year = Number(day.slice(0, 4));
    answers.push([`register of ${club} on ${day}`, () => registerAt(store, club, { asOf: day })]);
    answers.push([`register of ${club} now`, () => registerAt(store, club, {}, undefined, clock)]);
    answers.push([
      `applications of ${club} on ${day}`,
      () => applicationsAt(store, club, { asOf: day }),
    ]);
    answers.push([
      `visitors of ${club} in ${year}`,
      () => visitorsIn(store, club, { year }, undefined, clock),
    ]);
    for (const p of people) {
      answers.push([`history of ${p} at ${club}`, () => memberAt(store, club, p, { asOf: day })]);
    }
  }
  return ask(answers);
}

/** The keys as `bridge-ledger keys list` and the guard read them, open mode, private tables. */
async function accessAnswers(store: EventStore, clubs: readonly string[]) {
  const owners = new StreamOwners(store);
  return ask([
    ['the keys', () => listKeys(store)],
    ['open mode', () => inOpenMode(store)],
    ...clubs.map(
      (c) => [`whether ${c}'s tables are private`, () => owners.tablesPrivate(c)] as const,
    ),
  ]);
}
