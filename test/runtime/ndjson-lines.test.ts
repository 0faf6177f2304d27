import fc from 'fast-check';
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { readNdjson, readNdjsonPages, type NdjsonEntry } from '../../src/ledger/ndjson';

/**
 * An NDJSON file (an export to verify or audit, a file to append) is read as bytes a chunk at a
 * time. Its lines must be the ones Node's readline gives — LF, CR LF and a lone CR end a line,
 * a line that is not UTF-8 is that line's issue, a byte-order mark opening the file is dropped
 * — whatever the chunk size, so that every issue names the same line as before.
 */
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The lines as readline splits them (as latin1, one char a byte), each decoded strictly. */
async function byReadline(path: string): Promise<NdjsonEntry[]> {
  const out: NdjsonEntry[] = [];
  const lines = createInterface({
    input: createReadStream(path, { encoding: 'latin1' }),
    crlfDelay: Infinity,
  });
  let n = 0;
  for await (const bytes of lines) {
    n += 1;
    let text: string;
    try {
      text = UTF8.decode(Buffer.from(bytes, 'latin1'));
    } catch {
      out.push({ line: n, issue: { line: n, field: '', message: 'not valid UTF-8' } });
      continue;
    }
    if (n === 1 && text.startsWith('\uFEFF')) text = text.slice(1);
    if (text.trim() === '') continue;
    try {
      const value: unknown = JSON.parse(text);
      out.push(
        typeof value === 'object' && value !== null && !Array.isArray(value)
          ? { line: n, value: value as Record<string, unknown> }
          : { line: n, issue: { line: n, field: '', message: 'must be a JSON object' } },
      );
    } catch (err) {
      out.push({
        line: n,
        issue: { line: n, field: '', message: `not JSON: ${(err as Error).message}` },
      });
    }
  }
  return out;
}

async function byPages(path: string, chunkBytes?: number): Promise<NdjsonEntry[]> {
  const out: NdjsonEntry[] = [];
  for await (const page of readNdjsonPages(path, chunkBytes)) out.push(...page);
  return out;
}

describe('an NDJSON file read a chunk at a time', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'ndjson-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let count = 0;
  const file = (bytes: Buffer) => {
    const path = join(dir, `f${++count}.ndjson`);
    writeFileSync(path, bytes);
    return path;
  };

  it('gives each line its number, with LF, CR LF and lone CR endings, blank lines counted', async () => {
    const path = file(Buffer.from('{"a":1}\r\n\n{"b":2}\r{"c":3}\n  \n{"d":4}'));
    const entries = await byPages(path, 4);
    expect(entries).toEqual([
      { line: 1, value: { a: 1 } },
      { line: 3, value: { b: 2 } },
      { line: 4, value: { c: 3 } },
      { line: 6, value: { d: 4 } },
    ]);
  });

  it('drops a byte-order mark opening the file, and names a line that is not UTF-8', async () => {
    const path = file(
      Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from('{"a":1}\n{"b":"'),
        Buffer.from([0xc3, 0x28]),
        Buffer.from('"}\n[1]\n{"e":"é"}\n'),
      ]),
    );
    expect(await byPages(path, 3)).toEqual([
      { line: 1, value: { a: 1 } },
      { line: 2, issue: { line: 2, field: '', message: 'not valid UTF-8' } },
      { line: 3, issue: { line: 3, field: '', message: 'must be a JSON object' } },
      { line: 4, value: { e: 'é' } },
    ]);
  });

  it('ends the last line at the end of the file, a trailing CR or none', async () => {
    expect(await byPages(file(Buffer.from('{"a":1}\r')), 2)).toEqual([
      { line: 1, value: { a: 1 } },
    ]);
    expect(await byPages(file(Buffer.from('')))).toEqual([]);
  });

  it('keeps readNdjson one entry at a time, as its callers read it', async () => {
    const path = file(Buffer.from('{"a":1}\nnot json\n'));
    const entries: NdjsonEntry[] = [];
    for await (const e of readNdjson(path)) entries.push(e);
    expect(entries).toEqual(await byReadline(path));
    expect(entries[1]).toMatchObject({ line: 2, issue: { message: /^not JSON/ } });
  });

  it('splits any file as readline does, whatever the chunk size (property)', async () => {
    const piece = fc.oneof(
      fc.constantFrom(
        '\n',
        '\r\n',
        '\r',
        ' ',
        '{"a":1}',
        '{"b":"x y"}',
        '[]',
        'x',
        '"é"',
        '\uFEFF',
      ),
      fc.json().filter((j) => !/[\r\n]/.test(j)),
    );
    const bytes = fc.oneof(
      fc.array(piece, { maxLength: 20 }).map((ps) => Buffer.from(ps.join(''))),
      // Raw bytes: a bad UTF-8 sequence, a CR LF split across chunks.
      fc.uint8Array({ maxLength: 60 }).map((a) => Buffer.from(a)),
    );
    await fc.assert(
      fc.asyncProperty(bytes, fc.integer({ min: 1, max: 16 }), async (b, chunk) => {
        const path = file(b);
        expect(await byPages(path, chunk)).toEqual(await byReadline(path));
      }),
      { numRuns: 300 },
    );
  });
});
