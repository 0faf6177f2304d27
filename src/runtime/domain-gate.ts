import { nzPlayLimitViolation, type NzClubView } from '../domain/club/nz-play-limits';
import { rulebookFactsViolation } from '../domain/club/rulebook-facts';
import {
  appendStreamOf,
  isRosterStream,
  RULEBOOK_FACT_TYPES,
  ROSTER_FACT_TYPES,
} from '../domain/streams';
import { rulebookFactOf, type RulebookFactRecord } from '../rulebooks/rulebook-facts';
import { loneCrossResult } from '../domain/competition/cross-substitution';
import { decide, NO_RULEBOOK_OPTIONS, type DecideOptions } from '../domain/competition/decide';
import { COMPETITION_FACT_TYPES, type CompetitionFact } from '../domain/competition/facts';
import {
  evolve,
  initialCompetitionState,
  sessionDateOf,
  type CompetitionState,
} from '../domain/competition/state';
import { RuleViolation } from '../domain/rule-violation';
import { decideOptionsOf } from '../rulesets';
import { catalogue } from '../events';
import type { EventToAppend } from '../events/envelope';
import type { EventStore, ExpectedRevision } from '../store/event-store';
import { StreamNotFoundError } from '../store/errors';
import type { Upcast } from '../store/upcast';
import { ClubIndex } from './club-index';

export const COMPETITION_STREAM_PREFIX = 'competition-';

/**
 * Facts that sit a player down (`seatsOfFact`): the club-wide limits (NZ-8e, NZ-10) judge
 * these. A naming seats the partnership's two at a session already linked to board results.
 */
const SEATING = new Set([
  'SessionResultRecorded',
  'SubstitutePlayed',
  'SessionScoredFromBoards',
  'PartnershipPlayersNamed',
]);

/**
 * Facts whose decision reads the club's rulebook in force on the session's day
 * (`decideOptionsOf`): the DSB-3 naming deadline, DSB-10.1's notice before the start, the
 * session's rounds for a sit-out match (DSB-4, DSB-22.5).
 */
const READS_RULEBOOK = new Set([
  'PartnershipPlayersNamed',
  'SubstitutePlayed',
  'SitOutMatchPlayed',
]);

interface Known {
  state: CompetitionState;
  /** Ids already in the stream: a retried batch is the store's to answer, not the deciders'. */
  ids: Set<string>;
  /** Revision of the last event folded into state; -1 for none. */
  revision: number;
}

const asFact = (e: Pick<EventToAppend, 'type' | 'occurredAt' | 'data'>) =>
  ({ type: e.type, occurredAt: e.occurredAt, data: e.data }) as CompetitionFact;

/**
 * LEDGER: a fact proposed for a stream it does not belong in. `index` is its place in the
 * batch (the field, `streamId`, is the batch's), so an append file can name its line.
 */
export class WrongStreamViolation extends RuleViolation {
  constructor(
    reason: string,
    field: string,
    readonly index: number,
  ) {
    super('LEDGER', reason, field);
  }
}

export interface DomainGateOptions {
  /**
   * How the ledger reads an event in today's shape: the `upcast` its store is opened with.
   * Default: the catalogue's (`catalogue.upcast`), which every store of the app is opened with.
   */
  upcast?: Upcast;
  /**
   * The club-wide context of the checks (NZ-8e, NZ-10, the rulebook facts): by default the
   * gate's own index, folded from $all on first use; the service passes one over the runner's
   * read model (`LiveClubIndex`), so that no second fold of the ledger is kept.
   */
  club?: (upcast: Upcast) => ClubIndex;
}

/**
 * Runs the deciders before an append. Whatever the stream, a competition fact must be in
 * `competition-<competitionId>` and a rulebook fact in `club-<clubId>` (LEDGER: the projection
 * reads them by their data, so another stream would bypass the deciders); rulebook facts are
 * applied to the club's rulebook history before they are written (RULEBOOK:
 * `rulebookFactsViolation`). Every fact proposed for a competition stream is decided
 * against the state folded from that stream, in order, as the ledger will read it (a fact of an
 * older schema version upcast to today's, as the store upcasts it on read; the store keeps the
 * fact as sent), and a fact that sits a player down is also judged against the whole club
 * (NZ-8e, NZ-10: `ClubIndex`, caught up from $all); the DSB-3 naming deadline, DSB-10.1's
 * notice before the start and a sit-out match's rounds (DSB-22.5, DSB-4) are those of the
 * club's rulebook in force on the session's day (`decideOptions`); at the end of the batch, a
 * result of an NZ-6 cross-substituted pair needs its cross pair's result (`loneCrossResult`:
 * the one score is recorded for both pairs in one append). The append then carries the
 * revision the decision was made on, so a fact that raced into the same stream makes it a
 * conflict rather than a decision on stale state. Streams of other contexts pass through
 * (and are noted, for the club-wide counts).
 *
 * What is not guaranteed: the club-wide counts read other streams, which the expected revision
 * does not guard. Appends through one gate (`exclusive`, as the HTTP module does) are judged
 * one after the other; a second process appending to another competition of the same club
 * between this check and this append can make a 4th visit or Tuesday that neither refused.
 * The standings still flag it (the explain of NZ-8e and NZ-10).
 */
export class DomainGate {
  private readonly known = new Map<string, Known>();
  private readonly club: ClubIndex;
  private readonly upcast: Upcast;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: EventStore,
    options: DomainGateOptions = {},
  ) {
    this.upcast = options.upcast ?? catalogue.upcast;
    this.club = options.club?.(this.upcast) ?? new ClubIndex(this.upcast);
  }

  /** Runs check, append and `appended` one caller at a time: no two decisions on one read. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  async check(
    streamId: string,
    events: readonly EventToAppend[],
    expectedRevision: ExpectedRevision,
  ): Promise<ExpectedRevision> {
    const read = this.asRead(streamId, events);
    if (!streamId.startsWith(COMPETITION_STREAM_PREFIX)) {
      if (!read.some((e) => appendStreamOf(e.type, e.data, streamId))) return expectedRevision;
      await this.club.catchUp(this.store);
      // A batch already (partly) stored is the store's to answer: a no-op or a conflict.
      const ids = read.map((e) => e.id);
      if (await this.club.anyStored(this.store, streamId, ids)) return expectedRevision;
      this.checkStreams(streamId, read);
      this.checkRulebookFacts(read);
      return expectedRevision;
    }
    const known = await this.load(streamId);
    if (events.some((e) => known.ids.has(String(e.id).toLowerCase()))) return expectedRevision;
    read.forEach((e, i) => {
      if (!COMPETITION_FACT_TYPES.has(e.type)) {
        throw new RuleViolation(
          'LEDGER',
          `${e.type} does not belong in a competition stream`,
          `events[${i}].type`,
        );
      }
    });
    this.checkStreams(streamId, read);
    const seats = events.some((e) => SEATING.has(e.type));
    if (seats || read.some((e) => READS_RULEBOOK.has(e.type))) await this.club.catchUp(this.store);
    const state = structuredClone(known.state);
    let view: NzClubView | undefined;
    read.forEach((e, i) => {
      try {
        for (const f of decide(state, asFact(e), this.decideOptions(state, e))) {
          if (seats && SEATING.has(f.type)) {
            view ??= this.club.view(state.competition!.clubId);
            const refused = nzPlayLimitViolation(view, state, f);
            if (refused) throw refused;
          }
          evolve(state, f);
        }
      } catch (err) {
        if (err instanceof RuleViolation) {
          throw new RuleViolation(err.rule, err.reason, `events[${i}].${err.field ?? ''}`);
        }
        throw err;
      }
    });
    const lone = loneCrossResult(state, read.map(asFact));
    if (lone) {
      const { rule, reason, field } = lone.violation;
      throw new RuleViolation(rule, reason, `events[${lone.index}].${field}`);
    }
    if (expectedRevision !== 'any') return expectedRevision;
    return known.revision < 0 ? 'no_stream' : known.revision;
  }

  /**
   * The options a fact is decided with: for a fact that reads the rulebook (READS_RULEBOOK),
   * those of the club's rulebook in force on the session's day (as held, else planned:
   * `sessionDateOf`, in the state the batch has folded so far), with the club's overrides and
   * the amendments effective by then; with no rulebook that day, or for another fact, the
   * defaults. The club index must be caught up.
   */
  private decideOptions(state: CompetitionState, e: EventToAppend): DecideOptions {
    const c = state.competition;
    const session = (e.data as { session?: unknown }).session;
    if (!READS_RULEBOOK.has(e.type) || !c || typeof session !== 'number') {
      return NO_RULEBOOK_OPTIONS;
    }
    const date = sessionDateOf(state, session);
    return date === undefined
      ? NO_RULEBOOK_OPTIONS
      : decideOptionsOf(this.club.rulebookOn(c.clubId, date));
  }

  /**
   * LEDGER: a competition fact belongs in `competition-<data.competitionId>`, a rulebook fact
   * in `club-<data.clubId>`, and a roster fact on a roster stream in its own club's,
   * `club-<data.clubId>-players` (docs/events.md, `appendStreamOf`). The field is the fact's id
   * when the stream is one of that kind (another competition's, club's or roster), else
   * `streamId`.
   */
  private checkStreams(streamId: string, read: readonly EventToAppend[]): void {
    read.forEach((e, i) => {
      const home = appendStreamOf(e.type, e.data, streamId);
      if (!home || home.streamId === streamId) return;
      const roster = ROSTER_FACT_TYPES.has(e.type);
      const kind = home.idField === 'competitionId' ? 'competition' : 'club';
      const sameKind = roster
        ? isRosterStream(streamId)
        : streamId.startsWith(`${kind}-`) && !(kind === 'club' && isRosterStream(streamId));
      throw new WrongStreamViolation(
        `events[${i}]: ${e.type} of ${kind} ${home.id} belongs in stream ${home.streamId}, not ${streamId}`,
        sameKind ? `events[${i}].data.${home.idField}` : 'streamId',
        i,
      );
    });
  }

  /**
   * RULEBOOK: the batch's rulebook facts (all of one club: checkStreams has run) applied in
   * order after the club's facts in the ledger, by the pure `rulebookFactsViolation`. The club
   * index must be caught up.
   */
  private checkRulebookFacts(read: readonly EventToAppend[]): void {
    const proposed: Array<{ i: number; clubId: string; fact: RulebookFactRecord }> = [];
    read.forEach((e, i) => {
      const fact = RULEBOOK_FACT_TYPES.has(e.type) ? rulebookFactOf(e.type, e.data) : undefined;
      if (fact) proposed.push({ i, clubId: (e.data as { clubId: string }).clubId, fact });
    });
    if (proposed.length === 0) return;
    const refused = rulebookFactsViolation(
      this.club.rulebookFacts(proposed[0]!.clubId),
      proposed.map((p) => p.fact),
    );
    if (!refused) return;
    const { rule, reason, field } = refused.violation;
    throw new RuleViolation(rule, reason, `events[${proposed[refused.index]!.i}].${field}`);
  }

  /**
   * After a successful append (or a dry run's accepted batch), fold the batch so the next
   * check needs no re-read and counts it club-wide.
   */
  appended(streamId: string, events: readonly EventToAppend[], nextExpectedRevision: number): void {
    const read = this.asRead(streamId, events);
    this.club.add(read.map((e) => ({ ...e, streamId })));
    const known = this.known.get(streamId);
    if (!known || read.every((e) => known.ids.has(e.id.toLowerCase()))) return;
    for (const e of read) {
      evolve(known.state, asFact(e));
      known.ids.add(e.id.toLowerCase());
    }
    known.revision = nextExpectedRevision;
  }

  /**
   * Proposed facts as the store will read them back: each of an older schema version upcast to
   * today's (data and schemaVersion); one of today's version, or with none (today's), as sent.
   */
  private asRead(streamId: string, events: readonly EventToAppend[]): EventToAppend[] {
    return events.map((e) => {
      const version = e.schemaVersion;
      if (version === undefined || !Number.isInteger(version) || version < 1) return e;
      const read = this.upcast({
        ...e,
        schemaVersion: version,
        streamId,
        revision: -1,
        position: 0,
        recordedAt: e.occurredAt,
        metadata: e.metadata ?? {},
      });
      return read.data === e.data && read.schemaVersion === version
        ? e
        : { ...e, schemaVersion: read.schemaVersion, data: read.data };
    });
  }

  private async load(streamId: string): Promise<Known> {
    let known = this.known.get(streamId);
    if (!known) {
      known = { state: initialCompetitionState(), ids: new Set(), revision: -1 };
      this.known.set(streamId, known);
    }
    try {
      for await (const e of this.store.readStream(streamId, { fromRevision: known.revision + 1 })) {
        // As read: a store opened with the same upcast has done it already (then a no-op).
        evolve(known.state, asFact(this.upcast(e)));
        known.ids.add(e.id.toLowerCase());
        known.revision = e.revision;
      }
    } catch (err) {
      if (!(err instanceof StreamNotFoundError)) throw err;
    }
    return known;
  }
}
