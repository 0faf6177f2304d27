import type { AccessFactData } from '../../access';
import type { ClubFactData } from '../facts/club';
import type { RulebookFactData } from '../facts/rulebook';
import type { Decider, DecidedFact, StreamHome } from '../../../kernel/decider';
import { rulebookFactOf, type RulebookFactRecord } from '../../../rulebooks/rulebook-facts';
import type { ClubContext } from '../../club-context';
import { RuleViolation } from '../../../kernel/rule-violation';
import { CLUB_HOME, clubOfClubStream as clubOf, clubStreamId, isClubStream } from './club-streams';
import { overfullSession, rulebookFactsViolation, strandedCompetition } from './rulebook-facts';

const RULEBOOK_FACT_TYPE_LIST = [
  'RulebookAdopted',
  'RulebookAmended',
] as const satisfies ReadonlyArray<keyof RulebookFactData>;

/** Rulebook facts: each belongs in its club's stream, `club-<clubId>` (docs/events.md). */
const RULEBOOK_FACT_TYPES: ReadonlySet<string> = new Set(RULEBOOK_FACT_TYPE_LIST);

const CLUB_FACT_TYPES: ReadonlySet<string> = new Set([
  'ClubRegistered',
  'ClubTablesVisibilitySet',
  ...RULEBOOK_FACT_TYPE_LIST,
] satisfies Array<keyof ClubFactData | keyof RulebookFactData | keyof AccessFactData>);

/** A rulebook fact's home: its club's stream. One found elsewhere never passed this decider. */
const RULEBOOK_HOME: StreamHome = Object.freeze({ ...CLUB_HOME, elsewhere: 'unread' });

/**
 * A club's registration's home: its club's stream. One found elsewhere (written before appends
 * were placed) is still read, by the club its data names, as it always was.
 */
const REGISTRATION_HOME: StreamHome = Object.freeze({ ...RULEBOOK_HOME, elsewhere: 'read' });

/** The club's stream folded: whether (and how) it is registered, and its rulebook facts. */
export interface ClubState {
  registered?: { name: string; timeZone: string };
  /** The club's rulebook facts in ledger order. */
  rulebook: RulebookFactRecord[];
}

/** Whether this runtime's time-zone data knows the zone (`Pacific/Auckland`, `UTC`). */
function isTimeZone(zone: string): boolean {
  // Intl also takes an offset (`+13:00`): a club keeps the clock of a place, not an offset.
  if (/^[+\-\u2212]/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const dataOf = (fact: DecidedFact) => fact.data as Record<string, unknown>;

/**
 * The club context: a club's stream, `club-<clubId>` (not its roster stream,
 * `club-<clubId>-players`). Its state is the club's registration and its rulebook facts in
 * ledger order. A proposed ClubRegistered is refused when the club is registered already or
 * its time zone is not one the ledger knows (LEDGER); a RulebookAdopted or RulebookAmended of a
 * club not registered is refused (LEDGER, `data.clubId`: a club registers, then adopts its
 * rulebook), and is applied after the club's rulebook facts (RULEBOOK: `rulebookFactsViolation`), and may not
 * make a competition of the club already created unscorable (`strandedCompetition`, naming the
 * rule its ruleset's shape names and the competition), nor a scored session of the club
 * (`overfullSession`: STD-NEUBERG, a `scoring.neubergExpected` below a board's lines). That each fact
 * names the stream's club is the append use case's check (LEDGER, `data.clubId`).
 */
export const clubDecider: Decider<ClubState, ClubContext> = {
  name: 'club',
  owns: isClubStream,
  streams: 'club-<clubId>',
  factTypes: CLUB_FACT_TYPES,
  homeOf: (type) =>
    type === 'ClubRegistered'
      ? REGISTRATION_HOME
      : RULEBOOK_FACT_TYPES.has(type) || type === 'ClubTablesVisibilitySet'
        ? RULEBOOK_HOME
        : undefined,
  clubWide: true,
  // A rulebook fact is of a registered club, and judged against its competitions
  // (strandedCompetition).
  readsClub: (fact) =>
    RULEBOOK_FACT_TYPES.has(fact.type) || fact.type === 'ClubTablesVisibilitySet',
  initialState: () => ({ rulebook: [] }),
  evolve(state, fact, streamId) {
    const d = dataOf(fact);
    // Only the club's own (a fact of another club on its stream is not read: LEDGER).
    if (d.clubId !== clubOf(streamId)) return;
    if (fact.type === 'ClubRegistered') {
      state.registered ??= { name: String(d.name), timeZone: String(d.timeZone) };
      return;
    }
    // Its position names it if it cannot be applied (written before appends were checked).
    const record = rulebookFactOf(fact.type, d, (fact as { position?: number }).position);
    if (record) state.rulebook.push(record);
  },
  decide(fact, state, club, streamId) {
    if (fact.type === 'ClubRegistered') {
      const d = dataOf(fact);
      if (state.registered) {
        throw new RuleViolation(
          'LEDGER',
          `club ${String(d.clubId)} is registered already (as ${state.registered.name}); a club registers once`,
          'data.clubId',
        );
      }
      if (typeof d.timeZone === 'string' && !isTimeZone(d.timeZone)) {
        throw new RuleViolation(
          'LEDGER',
          `${d.timeZone} is not an IANA time zone (e.g. Pacific/Auckland, Europe/Amsterdam): the club's deadlines are kept in its time zone`,
          'data.timeZone',
        );
      }
      return [fact];
    }
    // A club's tables are made private (or public again) once it is registered.
    if (fact.type === 'ClubTablesVisibilitySet') {
      const clubId = clubOf(streamId);
      if (!state.registered && !club.isRegistered(clubId)) {
        throw new RuleViolation(
          'LEDGER',
          `club ${clubId} is not registered: no ClubRegistered in ${clubStreamId(clubId)}`,
          'data.clubId',
        );
      }
      return [fact];
    }
    const record = RULEBOOK_FACT_TYPES.has(fact.type)
      ? rulebookFactOf(fact.type, fact.data)
      : undefined;
    if (record) {
      const clubId = clubOf(streamId);
      // Its registration on this stream (this batch's too) or, in an old ledger, elsewhere.
      if (!state.registered && !club.isRegistered(clubId)) {
        throw new RuleViolation(
          'LEDGER',
          `club ${clubId} is not registered: no ClubRegistered in ${clubStreamId(clubId)}; register the club first, then adopt its rulebook`,
          'data.clubId',
        );
      }
      const refused = rulebookFactsViolation(state.rulebook, [record]);
      if (refused) throw refused.violation;
      const stranded = strandedCompetition(state.rulebook, record, clubId, club);
      if (stranded) throw stranded;
      const overfull = overfullSession(state.rulebook, record, clubId, club);
      if (overfull) throw overfull;
    }
    return [fact];
  },
};
