import { createReadStream } from 'node:fs';
import type { FieldIssue } from '../kernel/issues';

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export interface NdjsonLine {
  line: number;
  value: Record<string, unknown>;
}

export interface LineIssue extends FieldIssue {
  line: number;
  /** The file, when issues of several files are reported together (the examples). */
  file?: string;
}

/** One line of an NDJSON file: its object, or what is wrong with it. */
export type NdjsonEntry = NdjsonLine | { line: number; issue: LineIssue };

/**
 * Bytes read from the file at a time, Node's own chunk: one page of entries, some hundred lines
 * of an export (larger chunks read no faster: bench/RESULTS.md).
 */
const CHUNK_BYTES = 1 << 16;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Reads one JSON object a line; blank lines are skipped, anything else is an issue. A byte-order
 * mark opening the file is not part of its first line (HTTP's body parser drops one too). A
 * line that is not valid UTF-8 is an issue too, as such a body is over HTTP: decoded leniently,
 * each bad byte would be stored as U+FFFD.
 */
export async function* readNdjson(path: string): AsyncGenerator<NdjsonEntry> {
  for await (const page of readNdjsonPages(path)) yield* page;
}

/**
 * The same entries a page at a time (the lines of a chunk of the file): a reader of millions of
 * lines (`audit`, `verify` of an export) pays a promise a page, not a line. Lines end at LF, CR
 * LF or a lone CR, as Node's readline ends them; each is split as bytes and decoded strictly
 * on its own, so that a bad byte is its line's issue.
 */
export async function* readNdjsonPages(
  path: string,
  chunkBytes = CHUNK_BYTES,
): AsyncGenerator<NdjsonEntry[]> {
  let n = 0;
  let rest: Buffer | undefined;
  const entryOf = (bytes: Buffer): NdjsonEntry | undefined => {
    n += 1;
    let text: string;
    try {
      text = UTF8.decode(bytes);
    } catch {
      return { line: n, issue: { line: n, field: '', message: 'not valid UTF-8' } };
    }
    if (n === 1 && text.startsWith('\uFEFF')) text = text.slice(1);
    return lineEntry(n, text);
  };
  for await (const chunk of createReadStream(path, { highWaterMark: chunkBytes })) {
    const buf = rest ? Buffer.concat([rest, chunk as Buffer]) : (chunk as Buffer);
    const page: NdjsonEntry[] = [];
    let start = 0;
    // The next CR from `start` on (-1: none): most files have none, and it is looked for once.
    let cr = buf.indexOf(CR);
    for (;;) {
      if (cr !== -1 && cr < start) cr = buf.indexOf(CR, start);
      const lf = buf.indexOf(LF, start);
      const end = cr !== -1 && (lf === -1 || cr < lf) ? cr : lf;
      // The last line of the chunk may go on in the next (a CR may be a CR LF's).
      if (end === -1 || (buf[end] === CR && end === buf.length - 1)) break;
      const entry = entryOf(buf.subarray(start, end));
      if (entry) page.push(entry);
      start = buf[end] === CR && buf[end + 1] === LF ? end + 2 : end + 1;
    }
    rest = start < buf.length ? buf.subarray(start) : undefined;
    if (page.length) yield page;
  }
  if (rest) {
    // A file ending in a lone CR ends its last line there.
    const last = rest[rest.length - 1] === CR ? rest.subarray(0, -1) : rest;
    const entry = entryOf(last);
    if (entry) yield [entry];
  }
}

/** A decoded line's entry: undefined for a blank one. */
function lineEntry(line: number, text: string): NdjsonEntry | undefined {
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { line, issue: { line, field: '', message: `not JSON: ${(err as Error).message}` } };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { line, issue: { line, field: '', message: 'must be a JSON object' } };
  return { line, value: value as Record<string, unknown> };
}

export const formatLineIssue = (i: LineIssue) =>
  `${i.file ? `${i.file} ` : ''}line ${i.line}${i.field ? `: ${i.field}` : ''}: ${i.message}`;
