import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { EventCatalogue } from '../kernel/catalogue';
import type { Projection } from '../kernel/projection';
import type { RecordedEvent } from '../kernel/envelope';
import { competitions, type CompetitionsState } from '../contexts/pairs/projection';
import { teamsEventsProjection, type TeamsReadState } from '../contexts/teams/projection';
import { meetingsProjection, type MeetingsReadState } from '../contexts/meetings/projection';
import { rubberProjection, type RubberReadState } from '../contexts/rubber/projection';
import type { SqliteEventStore } from '../store/sqlite/sqlite-event-store';
import { factsOfStreams } from '../store/sqlite/read-streams';
import { AnswersCollector, type AnswersDigest } from './answers-digest';
import type { ClubGroups } from './club-groups';
import { streamExportRecords } from './export-chain';
import { formatLineIssue, readNdjsonPages } from '../ledger/ndjson';
import { exportLine, type RawRecord } from './raw-records';
import { EVENTS_PER_TURN, nextTurn, PROGRESS_EVERY } from './replay';

/** What audit recomputes: every published table's read model, folded in one pass. */
const TABLES = [competitions, teamsEventsProjection, meetingsProjection, rubberProjection] as Array<
  Projection<unknown>
>;

/** A group file's lines are written when they reach this many characters. */
const FLUSH_CHARS = 1 << 20;

/** One road's answers: their digest, and how many facts its folds took in. */
export interface RoadAnswers {
  digest: AnswersDigest;
  events: number;
}

/**
 * One read of the export: each fact written to its group's file (a shared stream's, to every
 * group's), numbered as a store numbers an import: positions from 1, each stream's revisions
 * from its first fact in the file. Gives the group files' paths and the last position.
 */
export async function splitIntoGroups(
  path: string,
  dir: string,
  groups: ClubGroups,
  onProgress: (done: number) => void = () => {},
): Promise<{ files: string[]; last: number }> {
  const files = groups.groups.map((_, i) => join(dir, `group-${i + 1}.ndjson`));
  const out = files.map((f) => ({ fd: openSync(f, 'w'), text: '' }));
  const groupOf = new Map(groups.groups.flatMap((g, i) => g.streams.map((s) => [s, i] as const)));
  const flush = (o: (typeof out)[number]) => {
    writeSync(o.fd, o.text);
    o.text = '';
  };
  const revisions = new Map<string, number>();
  let position = 0;
  try {
    const { records } = await streamExportRecords(path);
    for await (const r of records) {
      const revision = revisions.get(r.streamId) ?? 0;
      revisions.set(r.streamId, revision + 1);
      position += 1;
      const text = groupLine(r, revision, position);
      const g = groupOf.get(r.streamId);
      for (const o of g === undefined ? out : [out[g]!]) {
        o.text += text;
        if (o.text.length >= FLUSH_CHARS) flush(o);
      }
      if (position % PROGRESS_EVERY === 0) onProgress(position);
    }
    for (const o of out) flush(o);
    onProgress(position);
  } finally {
    for (const o of out) closeSync(o.fd);
  }
  return { files, last: position };
}

/**
 * The file's road: each group's file folded into the tables as read, upcast as a store's read
 * upcasts it, its answers taken, and its read models let go before the next group's.
 */
export async function foldGroupFiles(
  files: readonly string[],
  groups: ClubGroups,
  last: number,
  catalogue: EventCatalogue,
  onProgress: (done: number) => void = () => {},
): Promise<RoadAnswers> {
  const shared = new Set(groups.shared);
  return foldGroups(groups, last, (i) => eventsOfFile(files[i]!, catalogue), shared, onProgress);
}

/**
 * The SQLite copy's road: each group's facts (its own streams' and the shared ones') read from
 * the copy in $all's order, found by the streams' index, folded into the tables. A stream the
 * check's pass put in no group would be left out, and the road's count of facts says so.
 */
export async function foldGroupsOfCopy(
  store: SqliteEventStore,
  groups: ClubGroups,
  catalogue: EventCatalogue,
  onProgress: (done: number) => void = () => {},
): Promise<RoadAnswers> {
  const last = await store.headPosition();
  const shared = new Set(groups.shared);
  return foldGroups(
    groups,
    last,
    (i) =>
      toAsync(
        factsOfStreams(store.db, [...groups.groups[i]!.streams, ...shared], catalogue.upcast),
      ),
    shared,
    onProgress,
  );
}

async function foldGroups(
  groups: ClubGroups,
  last: number,
  eventsOf: (index: number) => AsyncIterable<RecordedEvent>,
  shared: ReadonlySet<string>,
  onProgress: (done: number) => void,
): Promise<RoadAnswers> {
  const answers = new AnswersCollector();
  let own = 0;
  let sharedRead = 0;
  let folded = 0;
  for (let i = 0; i < groups.groups.length; i++) {
    const states = TABLES.map((p) => p.initial());
    let read = 0;
    sharedRead = 0;
    for await (const e of eventsOf(i)) {
      if (++read % EVENTS_PER_TURN === 0) await nextTurn();
      if (++folded % PROGRESS_EVERY === 0) onProgress(folded);
      if (shared.has(e.streamId)) sharedRead++;
      else own++;
      TABLES.forEach((p, t) => (states[t] = p.apply(states[t], e, undefined)));
    }
    const [state, teams, meetings, rubber] = states as [
      CompetitionsState,
      TeamsReadState,
      MeetingsReadState,
      RubberReadState,
    ];
    // The answers name the ledger's last position, whichever stream it is in, as a fold of
    // the whole ledger does.
    state.position = last;
    answers.add({ state, teams, meetings, rubber }, groups.owned(i));
  }
  onProgress(folded);
  return { digest: answers.digest(), events: own + sharedRead };
}

/**
 * A fact's line in its group's file: the record renumbered, its data and metadata spliced in as
 * the JSON they are (as `export` writes them), so that one parse of the line gives the fact.
 */
function groupLine(r: RawRecord, revision: number, position: number): string {
  return `${exportLine({ ...r, revision, position, hash: undefined })}\n`;
}

/** A group file's facts, as its lines give them (the audit wrote them: each an object). */
async function* eventsOfFile(
  file: string,
  catalogue: EventCatalogue,
): AsyncGenerator<RecordedEvent> {
  for await (const page of readNdjsonPages(file))
    for (const entry of page) {
      if ('issue' in entry) throw new Error(`${file}: ${formatLineIssue(entry.issue)}`);
      yield catalogue.upcast(entry.value as unknown as RecordedEvent);
    }
}

async function* toAsync<T>(items: Iterable<T>): AsyncGenerator<T> {
  yield* items;
}
