import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
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

/**
 * Reads one JSON object a line; blank lines are skipped, anything else is an issue. A byte-order
 * mark opening the file is not part of its first line (HTTP's body parser drops one too). A
 * line that is not valid UTF-8 is an issue too, as such a body is over HTTP: decoded leniently,
 * each bad byte would be stored as U+FFFD. (Lines are split as latin1, one char a byte, so that
 * each can be decoded strictly.)
 */
export async function* readNdjson(
  path: string,
): AsyncGenerator<NdjsonLine | { line: number; issue: LineIssue }> {
  const input = createReadStream(path, { encoding: 'latin1' });
  const lines = createInterface({ input, crlfDelay: Infinity });
  let n = 0;
  for await (const bytes of lines) {
    n += 1;
    let text: string;
    try {
      text = UTF8.decode(Buffer.from(bytes, 'latin1'));
    } catch {
      yield { line: n, issue: { line: n, field: '', message: 'not valid UTF-8' } };
      continue;
    }
    if (n === 1 && text.startsWith('\uFEFF')) text = text.slice(1);
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      yield {
        line: n,
        issue: { line: n, field: '', message: `not JSON: ${(err as Error).message}` },
      };
      continue;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      yield { line: n, issue: { line: n, field: '', message: 'must be a JSON object' } };
      continue;
    }
    yield { line: n, value: value as Record<string, unknown> };
  }
}

export const formatLineIssue = (i: LineIssue) =>
  `${i.file ? `${i.file} ` : ''}line ${i.line}${i.field ? `: ${i.field}` : ''}: ${i.message}`;
