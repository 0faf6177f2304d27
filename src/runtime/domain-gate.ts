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

export const COMPETITION_STREAM_PREFIX = 'competition-';

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
 * against the state folded from that stream, in order. The append then carries the revision
 * the decision was made on, so a fact that raced in meanwhile makes it a conflict rather than
 * a decision on stale state. Streams of other contexts pass through.
 */
export class DomainGate {
  private readonly known = new Map<string, Known>();

  constructor(private readonly store: EventStore) {}

  async check(
    streamId: string,
    events: readonly EventToAppend[],
    expectedRevision: ExpectedRevision,
  ): Promise<ExpectedRevision> {
    if (!streamId.startsWith(COMPETITION_STREAM_PREFIX)) return expectedRevision;
    const known = await this.load(streamId);
    if (events.some((e) => known.ids.has(String(e.id).toLowerCase()))) return expectedRevision;
    const state = structuredClone(known.state);
    events.forEach((e, i) => {
      if (!COMPETITION_FACT_TYPES.has(e.type)) {
        throw new RuleViolation(
          'LEDGER',
          `${e.type} does not belong in a competition stream`,
          `events[${i}].type`,
        );
      }
      try {
        for (const f of decide(state, asFact(e), DEFAULT_DECIDE_OPTIONS)) evolve(state, f);
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

  /** After a successful append, fold the batch so the next check needs no re-read. */
  appended(streamId: string, events: readonly EventToAppend[], nextExpectedRevision: number): void {
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
        known.ids.add(e.id);
        known.revision = e.revision;
      }
    } catch (err) {
      if (!(err instanceof StreamNotFoundError)) throw err;
    }
    return known;
  }
}
