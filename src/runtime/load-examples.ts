import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { catalogue } from '../events';
import type { EventStore } from '../store/event-store';
import { appendBatches, planAppend } from './append-file';

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
 * A store that holds anything is left alone: examples never mix with a club's own facts.
 */
export async function loadExamplesIfEmpty(
  store: EventStore,
  dir = examplesDir(),
): Promise<LoadedExamples | undefined> {
  if (!dir || (await store.headPosition()) > 0) return undefined;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.ndjson'))
    .sort();
  let events = 0;
  for (const f of files) {
    const summary = await appendBatches(store, await planAppend(join(dir, f), catalogue));
    events += summary.events;
  }
  return { files, events };
}
