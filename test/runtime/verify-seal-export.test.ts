/**
 * Tamper evidence across installs: an export carries the chain (each line its
 * `hash`; the first line of an export from a later position the `previousHash` it chains
 * from), so that another install can check it: `replay` of the file and `append` (an import)
 * refuse a broken one naming the line, `verify <file>` checks it as it checks a store, and
 * `audit <file>` proves the tables the file's facts give, folded as read and replayed from a SQLite copy, identical.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue } from '../../src/contexts/catalogue';
import { AppendFileError, planAppend } from '../../src/ledger/append-file';
import { auditExport } from '../../src/audit/audit';
import { EventFileError, readSealedEventFile } from '../../src/audit/event-file';
import { examplesDir, loadExamplesIfEmpty } from '../../src/ledger/load-examples';
import { readRaw } from '../../src/audit/raw-records';
import { chainHash, GENESIS_HASH } from '../../src/store/seal';
import { SqliteEventStore } from '../../src/store/sqlite/sqlite-event-store';
import { cli } from '../support/cli';
import { collect } from '../support/events';
import { tempDir } from '../support/temp';

/** The examples (both seasons) loaded into a SQLite ledger, and its export. */
async function exported(): Promise<{ dir: string; db: string; file: string; lines: string[] }> {
  const dir = tempDir();
  const db = join(dir, 'ledger.db');
  const store = new SqliteEventStore(db, { upcast: catalogue.upcast });
  await loadExamplesIfEmpty(store);
  await store.close();
  const out = await cli('export', '--store', `sqlite:${db}`);
  expect(out.code).toBe(0);
  const file = join(dir, 'export.ndjson');
  writeFileSync(file, out.stdout);
  return { dir, db, file, lines: out.stdout.trimEnd().split('\n') };
}

let base: Awaited<ReturnType<typeof exported>>;
beforeAll(async () => {
  base = await exported();
}, 60_000);

/** A copy of the export with its lines changed by `edit`. */
function tampered(edit: (lines: string[]) => string[]): string {
  const file = join(tempDir(), 'tampered.ndjson');
  writeFileSync(file, edit([...base.lines]).join('\n') + '\n');
  return file;
}

/** Line n (1-based) of the export with its data's `field` set to `value`. */
const withData = (lines: string[], n: number, field: string, value: unknown) => {
  const v = JSON.parse(lines[n - 1]) as { data: Record<string, unknown> };
  v.data[field] = value;
  lines[n - 1] = JSON.stringify(v);
  return lines;
};

const resultLine = () =>
  base.lines.findIndex((l) => l.includes('"type":"SessionResultRecorded"')) + 1;

describe('an export carries the chain', () => {
  it('each line carries its event’s stored hash, chained from the genesis as the store keeps it', async () => {
    const store = new SqliteEventStore(base.db, { readOnly: true });
    const rows = await collect(readRaw(store));
    await store.close();
    const parsed = base.lines.map((l) => JSON.parse(l) as { hash: string; position: number });
    expect(parsed.map((p) => p.hash)).toEqual(rows.map((r) => r.hash));
    let previous = GENESIS_HASH;
    for (const r of rows) expect(r.hash).toBe((previous = chainHash(previous, r)));
    expect(base.lines[0]).not.toContain('previousHash');
  });

  it('an export from a later position names, on its first line, the hash it chains from; verify of it holds', async () => {
    const out = await cli('export', '--store', `sqlite:${base.db}`, '--from-position', '100');
    const lines = out.stdout.trimEnd().split('\n');
    const first = JSON.parse(lines[0]) as { position: number; previousHash: string };
    expect(first.position).toBe(100);
    expect(first.previousHash).toBe((JSON.parse(base.lines[98]) as { hash: string }).hash);
    expect(lines.slice(1).some((l) => l.includes('previousHash'))).toBe(false);
    const file = join(tempDir(), 'part.ndjson');
    writeFileSync(file, out.stdout);
    const verified = await cli('verify', file);
    expect(verified.stdout).toMatch(/seal: the chain holds/);
    expect(verified.code).toBe(0);
  });

  it('verify <export> holds for the untouched file and prints the same head hash as verify of the store', async () => {
    const ofFile = await cli('verify', base.file);
    const ofStore = await cli('verify', '--store', `sqlite:${base.db}`);
    expect(ofFile.code).toBe(0);
    expect(ofStore.code).toBe(0);
    const headOf = (s: string) => /head hash ([0-9a-f]{64})/.exec(s)?.[1];
    expect(headOf(ofFile.stdout)).toBeDefined();
    expect(headOf(ofFile.stdout)).toBe(headOf(ofStore.stdout));
  });

  it('verify <export> reads it line by line: an edited line is named by its line; a hash taken off the first line does not turn the seal off (the later lines carry theirs)', async () => {
    const edited = tampered((lines) => {
      const v = JSON.parse(lines[6]) as { data: Record<string, unknown> };
      v.data = { ...v.data, edited: true };
      lines[6] = JSON.stringify(v);
      return lines;
    });
    const out = await cli('verify', edited);
    expect(out.code).toBe(1);
    expect(out.stdout).toMatch(/^line 7, position \d+: chain: /m);
    expect(out.stdout).toMatch(/seal: BROKEN at line 7, position \d+/);

    const stripped = tampered((lines) => {
      const { hash: _h, ...rest } = JSON.parse(lines[0]) as Record<string, unknown>;
      lines[0] = JSON.stringify(rest);
      return lines;
    });
    const first = await cli('verify', stripped);
    expect(first.code).toBe(1);
    expect(first.stdout).toContain(
      'line 2: hash: carries a hash, but the first record does not: a sealed export carries one on every line',
    );
  });
});

describe('another install checks the chain of an export and refuses a broken one, naming the line', () => {
  it('replay and append refuse an export whose result was edited, naming that line; nothing is written', async () => {
    const n = resultLine();
    const file = tampered((lines) => withData(lines, n, 'percentage', 99.5));
    const replayErr = await readSealedEventFile(file, catalogue).catch((e: unknown) => e);
    expect(replayErr).toBeInstanceOf(EventFileError);
    expect((replayErr as EventFileError).issues).toEqual([
      { line: n, field: 'hash', message: expect.stringMatching(/tamper seal breaks here/) },
    ]);
    const planErr = await planAppend(file, catalogue).catch((e: unknown) => e);
    expect(planErr).toBeInstanceOf(AppendFileError);
    expect((planErr as AppendFileError).issues).toEqual([
      expect.objectContaining({ line: n, field: 'hash' }),
    ]);
    const copy = `sqlite:${join(tempDir(), 'copy.db')}`;
    const appended = await cli('append', file, '--store', copy);
    expect(appended.code).toBe(1);
    expect(appended.stderr).toContain(`line ${n}: hash: the tamper seal breaks here`);
    const replayed = await cli('replay', file, '--projection', 'ledger-stats');
    expect(replayed.code).toBe(1);
    expect(replayed.stderr).toContain(`line ${n}: hash`);
  });

  it('a removed line breaks the chain at the line after it', async () => {
    const file = tampered((lines) => [...lines.slice(0, 9), ...lines.slice(10)]);
    const err = (await readSealedEventFile(file, catalogue).catch(
      (e: unknown) => e,
    )) as EventFileError;
    expect(err.issues.filter((i) => i.field === 'hash').map((i) => i.line)).toEqual([10]);
  });

  it('the untouched export replays, with its seal and head; an unsealed file (no hash on any line) is replayed as unsealed', async () => {
    const { seal } = await readSealedEventFile(base.file, catalogue);
    expect(seal).toMatchObject({ sealed: true, lines: base.lines.length });
    expect(seal.firstBreak).toBeUndefined();
    const file = tampered((lines) =>
      lines.map((l) => {
        const { hash: _h, ...rest } = JSON.parse(l) as Record<string, unknown>;
        return JSON.stringify(rest);
      }),
    );
    const unsealed = await readSealedEventFile(file, catalogue);
    expect(unsealed.seal.sealed).toBe(false);
  });

  it('a hash missing from one line of a sealed file is refused, naming the line', async () => {
    const file = tampered((lines) => {
      const { hash: _h, ...rest } = JSON.parse(lines[4]) as Record<string, unknown>;
      lines[4] = JSON.stringify(rest);
      return lines;
    });
    const err = (await readSealedEventFile(file, catalogue).catch(
      (e: unknown) => e,
    )) as EventFileError;
    expect(err.issues).toEqual([expect.objectContaining({ line: 5, field: 'hash' })]);
  });
});

describe('bridge-ledger audit <export.ndjson>', () => {
  it('the examples, exported: the seal holds, and the file’s facts folded as read and the SQLite copy give the same digest over every answer (exit 0)', async () => {
    const report = await auditExport(base.file, catalogue);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.seal).toMatchObject({ sealed: true, breaks: 0 });
    expect(report.fromFile!.digest).toEqual(report.sqlite!.digest);
    // Every example's competitions: the NZ and DSB seasons' three, Lochem's pairs competition
    // and butler, and Pinner's Christmas Pairs, each with standings and C points (a refusal is an
    // answer: Pinner's formats award none); four clubs' championships of a season; and
    // the four teams events' standings; Pinner's meetings: the list, the AGM's and the EGM's
    // minutes, the officers and the constitution on the EGM's day; Pinner's rubber evening.
    expect(report.fromFile!.digest).toMatchObject({
      standings: 6,
      cPoints: 6,
      championships: 4,
      teams: 4,
      meetings: 5,
      rubber: 1,
      answers: 26,
    });
    expect(report.fromFile!.events).toBe(base.lines.length);
    expect(report.sqlite!.sealHolds).toBe(true);
    const out = await cli('audit', base.file);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^file +([0-9a-f]{64}) +26 answers/m);
    expect(out.stdout).toMatch(/^sqlite +([0-9a-f]{64}) +26 answers/m);
    expect(out.stdout).toMatch(/identical: yes\nOK\n$/);
  });

  it('an export from a later position audits OK: the file’s facts are numbered as the SQLite copy numbers an import', async () => {
    const from = Math.floor(base.lines.length / 2);
    const file = join(tempDir(), 'later.ndjson');
    const later = await cli('export', '--store', `sqlite:${base.db}`, '--from-position', `${from}`);
    writeFileSync(file, later.stdout);
    const report = await auditExport(file, catalogue);
    expect(report.problems).toEqual([]);
    expect(report.fromFile!.events).toBe(base.lines.length - from + 1);
    expect(report.fromFile!.digest).toEqual(report.sqlite!.digest);
    expect(report.identical).toBe(true);
  });

  it('each example season exported on its own audits OK', async () => {
    for (const name of ['nz-club-pairs-2026.ndjson', 'dsb-groenlo-2014-2015.ndjson']) {
      const db = `sqlite:${join(tempDir(), 'one.db')}`;
      expect((await cli('append', join(examplesDir()!, name), '--store', db)).code).toBe(0);
      const file = join(tempDir(), 'one.ndjson');
      writeFileSync(file, (await cli('export', '--store', db)).stdout);
      const out = await cli('audit', file);
      expect(out.stdout).toContain('identical: yes');
      expect(out.code).toBe(0);
    }
  });

  it('a tampered export fails the audit (exit 1), naming the line where the seal breaks', async () => {
    const n = resultLine();
    const file = tampered((lines) => withData(lines, n, 'percentage', 99.5));
    const out = await cli('audit', file);
    expect(out.code).toBe(1);
    expect(out.stdout).toMatch(/seal: BROKEN/);
    expect(out.stdout).toContain(`line ${n} (position ${n}): chain`);
    expect(out.stdout).toMatch(/FAILED\n$/);
  });

  it('an unsealed export fails the audit: it carries no seal to check', async () => {
    const file = tampered((lines) =>
      lines.map((l) => {
        const { hash: _h, ...rest } = JSON.parse(l) as Record<string, unknown>;
        return JSON.stringify(rest);
      }),
    );
    const out = await cli('audit', file);
    expect(out.code).toBe(1);
    expect(out.stdout).toContain('carries no tamper seal');
  });

  it('a file that cannot be read, or is not an export, is a clear error', async () => {
    const missing = await cli('audit', join(tempDir(), 'nothing-here.ndjson'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/audit: cannot read .*nothing-here\.ndjson: ENOENT/);
    const junk = join(tempDir(), 'junk.ndjson');
    writeFileSync(junk, 'not json\n' + readFileSync(base.file, 'utf8').split('\n')[0] + '\n');
    const bad = await cli('audit', junk);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('line 1: not JSON');
  });
});
