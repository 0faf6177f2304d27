import type { EventCatalogue } from '../kernel/catalogue';
import type { RecordedEvent } from '../kernel/envelope';
import { FileChain, type FileSeal } from './export-chain';
import { readNdjson, type LineIssue } from '../ledger/ndjson';

const REQUIRED: Array<[keyof RecordedEvent, string]> = [
  ['id', 'string'],
  ['type', 'string'],
  ['streamId', 'string'],
  ['revision', 'number'],
  ['position', 'number'],
  ['occurredAt', 'string'],
  ['recordedAt', 'string'],
  ['data', 'object'],
];

export class EventFileError extends Error {
  readonly code = 'INVALID_FILE';
  constructor(readonly issues: LineIssue[]) {
    super(issues.map((i) => `line ${i.line}: ${i.field} ${i.message}`).join('\n'));
  }
}

/**
 * Reads an exported event file (one recorded envelope a line, as `export` writes it) in
 * today's shape, for a replay without any store. Every line is checked before any is used:
 * a bad file is refused whole, with its line numbers — a broken tamper seal too (
 * the line where the chain of hashes breaks, `FileChain`).
 */
export async function readEventFile(
  path: string,
  catalogue: EventCatalogue,
): Promise<RecordedEvent[]> {
  return (await readSealedEventFile(path, catalogue)).events;
}

/** readEventFile, with the file's seal: whether its lines carry the chain, and its head. */
export async function readSealedEventFile(
  path: string,
  catalogue: EventCatalogue,
): Promise<{ events: RecordedEvent[]; seal: FileSeal }> {
  const issues: LineIssue[] = [];
  const events: RecordedEvent[] = [];
  const chain = new FileChain();
  let lastPosition = 0;
  for await (const entry of readNdjson(path)) {
    if ('issue' in entry) {
      issues.push(entry.issue);
      continue;
    }
    const v = entry.value;
    issues.push(...chain.check(entry.line, v));
    const missing = REQUIRED.filter(([k, t]) => typeof v[k] !== t || v[k] === null);
    for (const [k, t] of missing) {
      issues.push({ line: entry.line, field: k, message: `must be a ${t}` });
    }
    if (missing.length) continue;
    const { hash: _hash, previousHash: _previous, ...envelope } = v;
    const e = { schemaVersion: 1, metadata: {}, ...envelope } as RecordedEvent;
    if (e.position <= lastPosition) {
      issues.push({ line: entry.line, field: 'position', message: 'must increase line by line' });
    }
    lastPosition = e.position;
    if (!catalogue.has(e.type)) {
      issues.push({ line: entry.line, field: 'type', message: `unknown event type ${e.type}` });
      continue;
    }
    events.push(catalogue.upcast(e));
  }
  if (issues.length) throw new EventFileError(issues);
  return { events, seal: chain.result() };
}
