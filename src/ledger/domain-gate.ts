import { playLimitViolation, type ClubPlays } from '../contexts/pairs/play-limits';
import { misplacementOf } from '../contexts/streams';
import type { CompetitionFact } from '../contexts/pairs/domain/facts';
import { deciderOf, type ClubContext } from '../contexts/deciders';
import type { StoredFact } from '../contexts/club-context';
import { RuleViolation } from '../kernel/rule-violation';
import type { DecidedFact, Decider } from '../kernel/decider';
import { decideOptionsOf } from '../contexts/pairs/ruleset-registry';
import { catalogue } from '../contexts/catalogue';
import type { EventToAppend } from '../kernel/envelope';
import type { EventStore, ExpectedRevision } from '../store/event-store';
import { checkExpectedRevision } from '../store/append-rules';
import { StreamNotFoundError } from '../store/errors';
import type { Upcast } from '../store/upcast';
import { ClubIndex } from './club-index';
import { clubScopeOf, readsBeyondStream } from './decision-lock';

/** How many facts appended through a gate it keeps to look up by id (`factById`). */
const RECENT_FACTS = 10_000;

/** A stored fact's stream around it: folded up to it, and the facts after it. */
interface Around {
  state: unknown;
  after: DecidedFact[];
  /** The club the stream's first fact naming one names (a teams event's creation). */
  clubId?: string;
}

interface Known {
  state: unknown;
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
 * The append use case: runs the deciders before an append, one loop for every context. The
 * stream's decider (`deciderOf`, src/contexts/deciders.ts: a competition, a club, its roster, a scored
 * session) folds the
 * stream as the ledger will read it (a fact of an older schema version upcast to today's, as
 * the store upcasts it on read; the store keeps the fact as sent), decides each proposed fact in
 * order with the club-wide context it reads (`ClubContext`: the rulebook in force on a
 * session's day through its ruleset's options, the NZ-8e/NZ-10 view; a `ClubIndex`, or in the
 * service a `LiveClubIndex` over the runner's read model), and settles the batch (an NZ-6
 * cross result needs its pair's). Whatever the stream, a fact belongs in its documented stream
 * (LEDGER: `checkStreams`). The append then carries the revision the decision was made on, so
 * a fact that raced into the same stream makes it a conflict rather than a decision on stale
 * state.
 *
 * The club-wide counts read other streams, which the expected revision does not guard. Appends
 * through one gate (`exclusive`, as the HTTP module does) are judged one after the other; on a
 * store several processes serve (PostgreSQL), such a decision is taken under the store's lock
 * of its club (`decisionLock`), so another instance's append cannot slip between check and
 * append. On a SQLite file, a second process (the CLI) appending to another competition of the
 * same club in that moment can still make a 4th visit or Tuesday that neither refused; the
 * standings then flag it (the explain of NZ-8e and NZ-10).
 */
export class DomainGate {
  private readonly known = new Map<string, Known>();
  /**
   * The facts this gate saw appended (or accepted by a dry run), by id, the latest
   * RECENT_FACTS of them: a batch judged after an earlier one of the same file (not written
   * yet: `bridge-ledger append` judges the whole file first) finds its target here.
   */
  private readonly recent = new Map<string, StoredFact>();
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

  /**
   * The store's shared lock for a decision that reads beyond its stream (decision-lock.ts),
   * scoped to its club; undefined when the store offers none (one process) or the decision
   * reads its own stream only. Taken before `check` reads anything.
   */
  async decisionLock(
    streamId: string,
    events: readonly EventToAppend[],
  ): Promise<(() => Promise<void>) | undefined> {
    const decider = deciderOf(streamId);
    if (!this.store.lock || !decider) return undefined;
    const facts = this.asRead(streamId, events).map(asFact);
    const { state } = await this.load(streamId, decider);
    if (!readsBeyondStream(decider, facts, state, streamId)) return undefined;
    return this.store.lock(clubScopeOf(facts, state));
  }

  /**
   * One loop for every context: the stream's decider (src/contexts/deciders.ts) folds the stream,
   * decides each proposed fact in order (reading the club-wide context when it says it does),
   * then settles the batch. Each fact must sit where its decider places it (`checkStreams`), so
   * a stream of no context's (one docs/events.md does not document) takes no fact.
   */
  async check(
    streamId: string,
    events: readonly EventToAppend[],
    expectedRevision: ExpectedRevision,
  ): Promise<ExpectedRevision> {
    const read = this.asRead(streamId, events);
    const decider = deciderOf(streamId);
    const known = await this.load(streamId, decider);
    // A batch already (partly) stored is the store's to answer: a no-op or a conflict.
    if (read.some((e) => known.ids.has(String(e.id).toLowerCase()))) return expectedRevision;
    // The expected revision is the writer's concurrency contract: a stream elsewhere than the
    // writer thought is a conflict (409, naming where it is) before any rule is asked.
    checkExpectedRevision(streamId, expectedRevision, known.revision);
    this.checkStreams(streamId, read);
    // A type of no decider's (none in the catalogue): the stream's decider holds only its own.
    read.forEach((e, i) => {
      if (decider && !decider.factTypes.has(e.type)) {
        throw new RuleViolation(
          'LEDGER',
          `${e.type} does not belong in a ${decider.name} stream (${decider.streams})`,
          `events[${i}].type`,
        );
      }
    });
    // Every fact of the catalogue is of some decider's: on a stream of none, checkStreams threw.
    if (!decider) return expectedRevision;
    const facts = read.map(asFact);
    if (facts.some((f) => decider.readsClub?.(f))) await this.club.catchUp(this.store);
    const stored = await this.storedFacts(
      facts.flatMap((f) => decider.readsFacts?.(f, known.state) ?? []),
    );
    const head = decider.readsHead ? await this.store.headPosition() : 0;
    const state = structuredClone(known.state);
    // The streams this decider reads, and those a stored fact's own decider reads to judge a
    // replacement of it (a corrected vote counted against the register of its day).
    const others = await this.otherStreams([
      ...facts.flatMap((f) => decider.readsStreams?.(f, streamId) ?? []),
      ...[...stored.values()].flatMap(
        (f) => deciderOf(f.streamId)?.readsStreams?.(asFact(f), f.streamId) ?? [],
      ),
    ]);
    const context = this.context(stored, head, await this.streamsBefore(stored), others);
    facts.forEach((fact, i) => {
      try {
        for (const f of decider.decide(fact, state, context, streamId))
          decider.evolve(state, f, streamId);
      } catch (err) {
        if (err instanceof RuleViolation) {
          throw new RuleViolation(err.rule, err.reason, `events[${i}].${err.field ?? ''}`);
        }
        throw err;
      }
    });
    const unsettled = decider.settle?.(state, facts, context);
    if (unsettled) {
      const { rule, reason, field } = unsettled.violation;
      throw new RuleViolation(rule, reason, `events[${unsettled.index}].${field ?? ''}`);
    }
    if (expectedRevision !== 'any') return expectedRevision;
    return known.revision < 0 ? 'no_stream' : known.revision;
  }

  /**
   * The stored facts a decider reads by event id (a correction's target), found by
   * the store's index of ids (`findByIds`) and read from their stream at their revision, in
   * today's shape; a store without the index reads the streams the ids' facts name.
   */
  private async storedFacts(
    refs: ReadonlyArray<{ eventId: string; streamId?: string }>,
  ): Promise<Map<string, StoredFact>> {
    const out = new Map<string, StoredFact>();
    const wanted = [...new Set(refs.map((r) => r.eventId.toLowerCase()))];
    if (wanted.length === 0) return out;
    // Seen appended by this gate (a dry run's earlier batch, not written yet) …
    for (const id of wanted) {
      const seen = this.recent.get(id);
      if (seen) out.set(id, seen);
    }
    // … else stored: found by the store's index of ids, read at its revision; a store without
    // the index (EventStoreDB) reads the stream the reference names.
    const missing = new Set(wanted.filter((id) => !out.has(id)));
    if (missing.size === 0) return out;
    const where: Array<{ streamId: string; fromRevision: number; maxCount?: number }> = [];
    if (this.store.findByIds) {
      for (const ref of (await this.store.findByIds([...missing])).values())
        where.push({ streamId: ref.streamId, fromRevision: ref.revision, maxCount: 1 });
    } else {
      const streams = new Set(
        refs.filter((r) => missing.has(r.eventId.toLowerCase())).flatMap((r) => r.streamId ?? []),
      );
      for (const streamId of streams) where.push({ streamId, fromRevision: 0 });
    }
    for (const { streamId, ...options } of where) {
      try {
        for await (const e of this.store.readStream(streamId, options)) {
          const id = e.id.toLowerCase();
          if (!missing.has(id)) continue;
          const read = this.upcast(e);
          out.set(id, {
            id,
            streamId: read.streamId,
            type: read.type,
            data: read.data,
            occurredAt: read.occurredAt,
            position: read.position,
          });
        }
      } catch (err) {
        if (!(err instanceof StreamNotFoundError)) throw err;
      }
    }
    return out;
  }

  /**
   * Each stored fact's stream as its decider folded it just before the fact, and the facts
   * after it (read from the store): what `replacementViolation` judges a correction's content
   * on. A fact a dry run accepted and nothing wrote yet has none (the store does not hold it).
   */
  private async streamsBefore(
    stored: ReadonlyMap<string, StoredFact>,
  ): Promise<Map<string, Around>> {
    const out = new Map<string, Around>();
    for (const [id, fact] of stored) {
      const decider = deciderOf(fact.streamId);
      if (!decider) continue;
      const state = decider.initialState();
      let around: Around | undefined;
      try {
        let clubId: string | undefined;
        for await (const e of this.store.readStream(fact.streamId)) {
          const read = this.upcast(e);
          const named = (read.data as { clubId?: unknown } | null)?.clubId;
          if (clubId === undefined && typeof named === 'string') clubId = named;
          if (around) around.after.push(read);
          else if (e.id.toLowerCase() === id) {
            out.set(id, (around = { state, after: [], ...(clubId ? { clubId } : {}) }));
          } else decider.evolve(state, read, fact.streamId);
        }
      } catch (err) {
        if (!(err instanceof StreamNotFoundError)) throw err;
      }
    }
    return out;
  }

  /** Other streams a decider reads (`readsStreams`), each folded by its own decider. */
  private async otherStreams(streamIds: readonly string[]): Promise<Map<string, unknown>> {
    const out = new Map<string, unknown>();
    for (const id of new Set(streamIds)) {
      const decider = deciderOf(id);
      if (decider) out.set(id, (await this.load(id, decider)).state);
    }
    return out;
  }

  /** The club-wide context the deciders read, over the club index (caught up by `check`). */
  private context(
    stored: ReadonlyMap<string, StoredFact> = new Map(),
    head = 0,
    around: ReadonlyMap<string, Around> = new Map(),
    others: ReadonlyMap<string, unknown> = new Map(),
  ): ClubContext {
    const views = new Map<string, ClubPlays>();
    const context: ClubContext = {
      factById: (eventId) => stored.get(eventId.toLowerCase()),
      replacementViolation: (eventId, data, occurredAt) => {
        const id = eventId.toLowerCase();
        const fact = stored.get(id);
        const decider = fact && deciderOf(fact.streamId);
        const stream = around.get(id);
        if (!fact || !decider || !stream) return undefined;
        const state = structuredClone(stream.state);
        const replaced = asFact({
          type: fact.type,
          occurredAt: occurredAt ?? fact.occurredAt,
          data,
        });
        try {
          for (const f of decider.decide(replaced, state, context, fact.streamId))
            decider.evolve(state, f, fact.streamId);
        } catch (err) {
          if (err instanceof RuleViolation) return err;
          throw err;
        }
        // The facts after it stand as they were accepted; the stream as a whole is settled.
        // A stream whose facts each read the state before them has them decided again.
        for (const [i, f] of stream.after.entries()) {
          if (!decider.redecidesAfterReplacement) {
            decider.evolve(state, f, fact.streamId);
            continue;
          }
          try {
            for (const g of decider.decide(f, state, context, fact.streamId))
              decider.evolve(state, g, fact.streamId);
          } catch (err) {
            if (!(err instanceof RuleViolation)) throw err;
            return new RuleViolation(
              err.rule,
              `the ${f.type} recorded after it (fact ${i + 1} after it on its stream) would be refused: ${err.reason}`,
            );
          }
        }
        const unsettled = decider.settle?.(state, [replaced], context)?.violation;
        return unsettled && new RuleViolation(unsettled.rule, unsettled.reason, unsettled.field);
      },
      clubOfStream: (streamId) => {
        for (const [id, fact] of stored)
          if (fact.streamId === streamId) return around.get(id)?.clubId;
        return undefined;
      },
      streamState: (streamId) => others.get(streamId),
      headPosition: () => head,
      timeZoneOf: (clubId) => this.club.timeZoneOf(clubId),
      leagueOf: (leagueId) => this.club.leagueOf(leagueId),
      optionsOn: (clubId, date) => decideOptionsOf(this.club.rulebookOn(clubId, date)),
      optionsUnder: (rulebook) => decideOptionsOf(rulebook),
      playLimitViolation: (state, fact) => {
        const clubId = state.competition!.clubId;
        const view = views.get(clubId) ?? views.set(clubId, this.club.view(clubId)).get(clubId)!;
        return playLimitViolation(view, state, fact);
      },
      factIssues: (type, data) => catalogue.get(type)?.validate(data),
      isRegistered: (clubId) => this.club.isRegistered(clubId),
      registered: () => this.club.registered(),
      onRoster: (clubId, playerId) => this.club.onRoster(clubId, playerId),
      competitionsOf: (clubId) => this.club.competitionsOf(clubId),
      rulebookOn: (clubId, date) => this.club.rulebookOn(clubId, date),
      sessionsOf: (clubId) => this.club.sessionsOf(clubId),
      sessionOf: (clubId, streamId) => this.club.sessionOf(clubId, streamId),
    };
    return context;
  }

  /**
   * LEDGER: each fact belongs where its decider places it (src/contexts/streams.ts, from the
   * registry): a competition fact in `competition-<data.competitionId>`, a club's fact in
   * `club-<data.clubId>`, a roster fact in `club-<data.clubId>-players`, a scored session's on
   * a `session-…` stream (docs/events.md). The field is the fact's id when the stream is of its
   * kind but another's (another competition's, club's or roster), else `streamId`.
   */
  private checkStreams(streamId: string, read: readonly EventToAppend[]): void {
    read.forEach((e, i) => {
      const wrong = misplacementOf(e.type, e.data, streamId);
      if (!wrong) return;
      // The batch's streamId is at fault, or the fact's id (its line, for an append file).
      const field = wrong.field === 'streamId' ? 'streamId' : `events[${i}].${wrong.field}`;
      throw new WrongStreamViolation(`events[${i}]: ${wrong.reason}`, field, i);
    });
  }

  /**
   * After a successful append (or a dry run's accepted batch), fold the batch so the next
   * check needs no re-read and counts it club-wide.
   */
  appended(streamId: string, events: readonly EventToAppend[], nextExpectedRevision: number): void {
    const read = this.asRead(streamId, events);
    this.club.add(read.map((e) => ({ ...e, streamId })));
    for (const e of read) {
      const id = e.id.toLowerCase();
      this.recent.delete(id);
      this.recent.set(id, { id, streamId, type: e.type, data: e.data, occurredAt: e.occurredAt });
      if (this.recent.size > RECENT_FACTS) this.recent.delete(this.recent.keys().next().value!);
    }
    const known = this.known.get(streamId);
    if (!known || read.every((e) => known.ids.has(e.id.toLowerCase()))) return;
    const decider = deciderOf(streamId);
    for (const e of read) {
      decider?.evolve(known.state, asFact(e), streamId);
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

  /** The stream folded by its decider (its ids only, for a stream of no context's), cached. */
  private async load(streamId: string, decider: Decider<unknown> | undefined): Promise<Known> {
    let known = this.known.get(streamId);
    if (!known) {
      known = { state: decider?.initialState(), ids: new Set(), revision: -1 };
      this.known.set(streamId, known);
    }
    try {
      for await (const e of this.store.readStream(streamId, { fromRevision: known.revision + 1 })) {
        // As read: a store opened with the same upcast has done it already (then a no-op).
        decider?.evolve(known.state, this.upcast(e), streamId);
        known.ids.add(e.id.toLowerCase());
        known.revision = e.revision;
      }
    } catch (err) {
      if (!(err instanceof StreamNotFoundError)) throw err;
    }
    return known;
  }
}
