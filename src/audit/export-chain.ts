import { chainHash, GENESIS_HASH, isHash } from '../store/seal';
import { readNdjsonPages, type LineIssue } from '../ledger/ndjson';
import type { RawRecord } from './raw-records';

/** Where an export's chain breaks first: the line, and the event on it. */
export interface FileChainBreak {
  line: number;
  position: number;
  id: string;
  expected: string;
  stored: string | null;
}

/** An export's seal, as its lines leave it. */
export interface FileSeal {
  /** Every line carries a hash (an export of a sealed ledger); false: no line does (unsealed). */
  sealed: boolean;
  /** Lines checked. */
  lines: number;
  /** The last line's hash (the chain's head), and the hash the first line chains from. */
  head: string;
  previousHash: string;
  firstBreak?: FileChainBreak;
}

/**
 * Checks the chain of an exported file line by line (`export` writes each event's `hash`; the
 * first line of an export not starting at position 1 its `previousHash`): each line's hash
 * must be sha256 over the previous line's hash and the event as the line gives it
 * (src/store/seal.ts). A changed, removed, added or moved line breaks it at that line or the
 * next. A file with no hash at all (written before the ledger was sealed, or by hand) is unsealed, not
 * broken; one with hashes on some lines only is broken.
 */
export class FileChain {
  private previous = GENESIS_HASH;
  private first = true;
  private start = GENESIS_HASH;
  private withHash = 0;
  private without = 0;
  private breakAt: FileChainBreak | undefined;

  /** The line's problems with the chain (none when it holds or the file is unsealed). */
  check(line: number, v: Record<string, unknown>): LineIssue[] {
    const issues: LineIssue[] = [];
    if (v.previousHash !== undefined) {
      if (!this.first)
        issues.push({ line, field: 'previousHash', message: 'only the first line may carry one' });
      else if (!isHash(v.previousHash))
        issues.push({ line, field: 'previousHash', message: 'must be 64 lowercase hex digits' });
      else this.previous = this.start = v.previousHash;
    }
    // The first line decides: a file is sealed (every line carries a hash) or not (none does).
    const sealed = this.first ? v.hash !== undefined : this.withHash > 0;
    this.first = false;
    if (v.hash === undefined) {
      this.without += 1;
      if (sealed) {
        issues.push({ line, field: 'hash', message: 'missing: the lines before carry the chain' });
        // Go on from the hash the line should carry: the next line is checked on its own.
        const fields = sealedFieldsOf(v);
        if (fields) this.previous = chainHash(this.previous, fields);
      }
      return issues;
    }
    if (!sealed) {
      if (this.withHash === 0)
        issues.push({ line, field: 'hash', message: 'the lines before carry no hash' });
      this.withHash += 1;
      return issues;
    }
    this.withHash += 1;
    if (!isHash(v.hash)) {
      issues.push({ line, field: 'hash', message: 'must be 64 lowercase hex digits' });
      return issues;
    }
    const fields = sealedFieldsOf(v);
    if (fields) {
      const expected = chainHash(this.previous, fields);
      if (expected !== v.hash) {
        const found = {
          line,
          position: fields.position,
          id: fields.id,
          expected,
          stored: v.hash,
        };
        this.breakAt ??= found;
        issues.push({
          line,
          field: 'hash',
          message: `the tamper seal breaks here (position ${fields.position}, event ${fields.id}): the line carries ${v.hash}, the chain gives ${expected}; this line or the one before it was changed, removed, added or moved`,
        });
      }
    }
    // Go on from the line's own hash: each later break is found on its own.
    this.previous = v.hash;
    return issues;
  }

  result(): FileSeal {
    return {
      sealed: this.withHash > 0 && this.without === 0,
      lines: this.withHash + this.without,
      head: this.previous,
      previousHash: this.start,
      ...(this.breakAt ? { firstBreak: this.breakAt } : {}),
    };
  }
}

/**
 * The record a parsed export line gives, with its line and the fields the chain covers;
 * undefined when one is missing. Built once: the check and the copy read it as it is.
 */
function sealedFieldsOf(v: Record<string, unknown>, line = 0) {
  const str = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : undefined);
  const num = (k: string) => (typeof v[k] === 'number' ? (v[k] as number) : undefined);
  const id = str('id');
  const streamId = str('streamId');
  const type = str('type');
  const occurredAt = str('occurredAt');
  const recordedAt = str('recordedAt');
  const revision = num('revision');
  const position = num('position');
  const schemaVersion = v.schemaVersion === undefined ? 1 : num('schemaVersion');
  if (
    id === undefined ||
    streamId === undefined ||
    type === undefined ||
    occurredAt === undefined ||
    recordedAt === undefined ||
    revision === undefined ||
    position === undefined ||
    schemaVersion === undefined ||
    v.data === undefined
  )
    return undefined;
  return {
    id,
    streamId,
    revision,
    position,
    type,
    schemaVersion,
    occurredAt,
    recordedAt,
    importedAt: str('importedAt'),
    // The normal form of the stored text (src/store/seal.ts): what JSON.stringify gives back.
    data: JSON.stringify(v.data),
    metadata: JSON.stringify(v.metadata ?? {}),
    hash: str('hash'),
    line,
  };
}

/** An export file read as stored records (for `verify <file>`), each with its line. */
export interface ExportFileRecords {
  records: RawRecord[];
  /** The line each record came from, by position. */
  lineOf: Map<number, number>;
  /** Lines that are not records (not JSON, a field missing): `verify` fails on them. */
  issues: LineIssue[];
  /** Whether the lines carry the chain, and the hash the first one chains from. */
  sealed: boolean;
  previousHash: string;
}

/** An export read line by line: its records as they come, each with its line. */
export interface ExportStream {
  records: AsyncGenerator<RawRecord & { line: number }>;
  /** Lines that are not records, and hashes out of place: filled as the records are read. */
  issues: LineIssue[];
  /** Whether the lines carry the chain (the first record says), and the hash it chains from. */
  sealed: boolean;
  previousHash: string;
}

/**
 * Reads an export as the records it was written from (data and metadata in normal form, as the
 * chain covers them), one line at a time: memory follows a line, not the file. The first record
 * says whether the file is sealed; a later record with a hash in an unsealed file is an issue
 * (a hash stripped from the first line cannot turn the chain's check off). Throws the reader's
 * error (ENOENT …) for a file that cannot be read.
 */
export async function streamExportRecords(path: string): Promise<ExportStream> {
  const issues: LineIssue[] = [];
  const lines = recordLines(path, issues);
  const first = await lines.next();
  const head = first.done ? undefined : first.value;
  const sealed = head?.record.hash !== undefined;
  const previousHash = head && isHash(head.previousHash) ? head.previousHash : GENESIS_HASH;
  async function* records(): AsyncGenerator<RawRecord & { line: number }> {
    if (!head) return;
    yield head.record;
    for await (const { record } of lines) {
      if (!sealed && record.hash !== undefined)
        issues.push({
          line: record.line,
          field: 'hash',
          message:
            'carries a hash, but the first record does not: a sealed export carries one on every line',
        });
      yield record;
    }
  }
  return { records: records(), issues, sealed, previousHash };
}

/** The file's records, each with its line and (the first) the previousHash it names. */
async function* recordLines(
  path: string,
  issues: LineIssue[],
): AsyncGenerator<{ record: RawRecord & { line: number }; previousHash?: unknown }> {
  let first = true;
  for await (const page of readNdjsonPages(path))
    for (const entry of page) {
      if ('issue' in entry) {
        issues.push(entry.issue);
        continue;
      }
      const v = entry.value;
      const record = sealedFieldsOf(v, entry.line);
      if (!record) {
        issues.push({
          line: entry.line,
          field: '',
          message:
            'not an exported envelope (id, streamId, revision, position, type, occurredAt, recordedAt, data)',
        });
        continue;
      }
      yield first ? { record, previousHash: v.previousHash } : { record };
      first = false;
    }
}

/**
 * Reads an export whole, as the records it was written from (`audit` replays them twice). Throws
 * the reader's error (ENOENT …) for a file that cannot be read.
 */
export async function readExportRecords(path: string): Promise<ExportFileRecords> {
  const stream = await streamExportRecords(path);
  const records: RawRecord[] = [];
  const lineOf = new Map<number, number>();
  for await (const { line, ...record } of stream.records) {
    records.push(record);
    lineOf.set(record.position, line);
  }
  return {
    records,
    lineOf,
    issues: stream.issues,
    sealed: stream.sealed,
    previousHash: stream.previousHash,
  };
}
