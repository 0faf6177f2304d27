import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { catalogue } from '../contexts/catalogue';
import type { EventStore } from '../store/event-store';
import {
  AppendFileError,
  checkAppend,
  PartialAppendError,
  planAppend,
  writeChecked,
  type PlannedBatch,
} from './append-file';
import type { LineIssue } from './ndjson';
import { sessionFacts } from '../import/facts';
import { validateFacts } from '../import/append-session';
import { parsePbn } from '../import/pbn/parse';

/** The project's examples/ folder, found from this file whether run from src/ or dist/. */
export function examplesDir(from = __dirname): string | undefined {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'examples'))) {
      return join(dir, 'examples');
    }
  }
  return undefined;
}

export interface LoadedExamples {
  files: string[];
  events: number;
}

/**
 * Loads the example seasons into an EMPTY store, so a newcomer sees real standings at once.
 * A store that holds anything else is left alone: examples never mix with a club's own facts.
 * All the example files are checked, then written as one (`checkAppend`, `writeChecked`): in
 * one transaction where the store offers `appendMany`, so a failed load leaves the store
 * empty, to be loaded on the next start. EventStoreDB writes the batches one after another: a
 * store holding only some of the examples (a load that failed part-way) is completed.
 */
export async function loadExamplesIfEmpty(
  store: EventStore,
  dir = examplesDir(),
): Promise<LoadedExamples | undefined> {
  if (!dir) return undefined;
  const all = readdirSync(dir).sort();
  const files = all.filter((f) => f.endsWith('.ndjson'));
  // A scoring program's result file of an example club, `<clubId>--<name>.pbn`: its session,
  // imported as `import pbn --club <clubId>` would, after every NDJSON file (its club's).
  const results = all.filter((f) => /^[A-Za-z0-9][A-Za-z0-9_.:@-]*--.+\.pbn$/.test(f));
  // A ledger of other facts (every start but the first, as a rule) is told at once, before the
  // examples are planned (their files checked, their results scored: some 0.3 s of a start).
  if (!(await mayHoldExamples(store, dir, files))) return undefined;
  // The files as one: lines numbered on through the files (`origin` names a line's file), runs
  // of one file kept apart from the next file's.
  const planned: PlannedBatch[] = [];
  const origin: Array<{ file: string; from: number }> = [];
  let lineBase = 0;
  let runBase = 0;
  for (const file of files) {
    const batches = await planAppend(join(dir, file), catalogue);
    origin.push({ file, from: lineBase });
    for (const b of batches) {
      planned.push({ ...b, lines: b.lines.map((l) => l + lineBase), run: b.run + runBase });
    }
    lineBase += Math.max(0, ...batches.flatMap((b) => b.lines));
    runBase += batches.length ? batches[batches.length - 1]!.run + 1 : 0;
  }
  for (const file of results) {
    const clubId = file.slice(0, file.indexOf('--'));
    const parsed = parsePbn(readFileSync(join(dir, file), 'utf8'), { clubId, session: '1' });
    for (const f of validateFacts(catalogue, [sessionFacts(parsed.session, {})])) {
      origin.push({ file, from: lineBase });
      planned.push({
        streamId: f.streamId,
        expectedRevision: 'any',
        events: f.events,
        lines: f.events.map((_, i) => lineBase + i + 1),
        run: runBase++,
      });
      lineBase += f.events.length;
    }
  }
  const ids = new Set(planned.flatMap((b) => b.events.map((e) => String(e.id).toLowerCase())));
  if (!(await holdsOnlySome(store, ids))) return undefined;
  const local = (i: LineIssue): LineIssue => {
    const o = origin.filter((x) => x.from < i.line).pop()!;
    return { ...i, file: o.file, line: i.line - o.from };
  };
  try {
    const summary = await writeChecked(store, await checkAppend(store, planned));
    return { files: [...files, ...results], events: summary.events };
  } catch (e) {
    if (e instanceof AppendFileError) {
      throw new AppendFileError(e.issues.map(local), `the examples: ${e.message}`);
    }
    if (e instanceof PartialAppendError) {
      throw new PartialAppendError(
        e.written,
        e.notWritten,
        e.issues.map(local),
        e.cause,
        `${e.written.length} of the ${e.written.length + e.notWritten.length} example facts written, then: ${(e.cause as Error).message}; start again to load the rest (a store holding only example facts is completed)`,
      );
    }
    throw e;
  }
}

/**
 * Whether the store is empty or starts with a fact of the examples' files: a load of the
 * examples writes the files' facts first, in order, so a load cut short does too.
 */
async function mayHoldExamples(
  store: EventStore,
  dir: string,
  files: readonly string[],
): Promise<boolean> {
  if ((await store.headPosition()) === 0) return true;
  let first: string | undefined;
  for await (const e of store.readAll({ maxCount: 1 })) first = e.id.toLowerCase();
  if (first === undefined) return true;
  for (const file of files)
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      const id = /"id"\s*:\s*"([^"]+)"/.exec(line)?.[1];
      if (id?.toLowerCase() === first) return true;
    }
  return false;
}

/**
 * Whether the store holds nothing, or some but not all of these ids and nothing else (a load
 * cut short). Reads at most one event more than there are ids.
 */
async function holdsOnlySome(store: EventStore, ids: ReadonlySet<string>): Promise<boolean> {
  if ((await store.headPosition()) === 0) return true;
  let n = 0;
  for await (const e of store.readAll({ maxCount: ids.size + 1 })) {
    if (++n > ids.size || !ids.has(e.id.toLowerCase())) return false;
  }
  return n < ids.size;
}
