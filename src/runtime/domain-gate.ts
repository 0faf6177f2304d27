import { nzPlayLimitViolation, type NzClubView } from '../domain/club/nz-play-limits';
import { decide, DEFAULT_DECIDE_OPTIONS } from '../domain/competition/decide';
import { COMPETITION_FACT_TYPES, type CompetitionFact } from '../domain/competition/facts';
import {
  evolve,
  initialCompetitionState,
  type CompetitionState,
} from '../domain/competition/state';
import { RuleViolation } from '../domain/rule-violation';
import type { EventToAppend } from '../events/envelope';
import type { EventStore, ExpectedRevision } from '../store/event-store';
import { StreamNotFoundError } from '../store/errors';
import { ClubIndex } from './club-index';

export const COMPETITION_STREAM_PREFIX = 'competition-';

/** Facts that sit a player down: the club-wide limits (NZ-8e, NZ-10) judge these. */
const SEATING = new Set(['SessionResultRecorded', 'SubstitutePlayed', 'SessionScoredFromBoards']);

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
 * Runs the deciders before an append: every fact proposed for a competition stream is decided
 * against the state folded from that stream, in order, and a fact that sits a player down is
 * also judged against the whole club (NZ-8e, NZ-10: `ClubIndex`, caught up from $all). The
 * append then carries the revision the decision was made on, so a fact that raced into the
 * same stream makes it a conflict rather than a decision on stale state. Streams of other
 * contexts pass through (and are noted, for the club-wide counts).
 *
 * What is not guaranteed: the club-wide counts read other streams, which the expected revision
 * does not guard. Appends through one gate (`exclusive`, as the HTTP module does) are judged
 * one after the other; a second process appending to another competition of the same club
 * between this check and this append can make a 4th visit or Tuesday that neither refused.
 * The standings still flag it (the explain of NZ-8e and NZ-10).
 */
export class DomainGate {
  private readonly known = new Map<string, Known>();
  private readonly club = new ClubIndex();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly store: EventStore) {}

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
    if (!streamId.startsWith(COMPETITION_STREAM_PREFIX)) return expectedRevision;
    const known = await this.load(streamId);
    if (events.some((e) => known.ids.has(String(e.id).toLowerCase()))) return expectedRevision;
    const seats = events.some((e) => SEATING.has(e.type));
    if (seats) await this.club.catchUp(this.store);
    const state = structuredClone(known.state);
    let view: NzClubView | undefined;
    events.forEach((e, i) => {
      if (!COMPETITION_FACT_TYPES.has(e.type)) {
        throw new RuleViolation(
          'LEDGER',
          `${e.type} does not belong in a competition stream`,
          `events[${i}].type`,
        );
      }
      try {
        for (const f of decide(state, asFact(e), DEFAULT_DECIDE_OPTIONS)) {
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
    if (expectedRevision !== 'any') return expectedRevision;
    return known.revision < 0 ? 'no_stream' : known.revision;
  }

  /**
   * After a successful append (or a dry run's accepted batch), fold the batch so the next
   * check needs no re-read and counts it club-wide.
   */
  appended(streamId: string, events: readonly EventToAppend[], nextExpectedRevision: number): void {
    this.club.add(events);
    const known = this.known.get(streamId);
    if (!known || events.every((e) => known.ids.has(e.id.toLowerCase()))) return;
    for (const e of events) {
      evolve(known.state, asFact(e));
      known.ids.add(e.id.toLowerCase());
    }
    known.revision = nextExpectedRevision;
  }

  private async load(streamId: string): Promise<Known> {
    let known = this.known.get(streamId);
    if (!known) {
      known = { state: initialCompetitionState(), ids: new Set(), revision: -1 };
      this.known.set(streamId, known);
    }
    try {
      for await (const e of this.store.readStream(streamId, { fromRevision: known.revision + 1 })) {
        evolve(known.state, asFact(e));
        known.ids.add(e.id.toLowerCase());
        known.revision = e.revision;
      }
    } catch (err) {
      if (!(err instanceof StreamNotFoundError)) throw err;
    }
    return known;
  }
}
