import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { FieldIssue } from '../events/issues';

export interface NdjsonLine {
  line: number;
  value: Record<string, unknown>;
}

export interface LineIssue extends FieldIssue {
  line: number;
}

/**
 * Reads one JSON object a line; blank lines are skipped, anything else is an issue. A byte-order
 * mark opening the file is not part of its first line (HTTP's body parser drops one too).
 */
export async function* readNdjson(
  path: string,
): AsyncGenerator<NdjsonLine | { line: number; issue: LineIssue }> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  let n = 0;
  for await (const read of lines) {
    n += 1;
    const text = n === 1 && read.startsWith('\uFEFF') ? read.slice(1) : read;
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
  `line ${i.line}${i.field ? `: ${i.field}` : ''}: ${i.message}`;
