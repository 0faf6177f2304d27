import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { answerOf, ERROR_CODES, isLedgerError, type ErrorCode } from '../../src/kernel/errors';
import { Writable } from 'node:stream';
import { answerClientError } from '../../src/app/http/client-errors';
import { RequestBodyError } from '../../src/app/http/errors';
import { toHttpError } from '../../src/app/http/exception-filter';
import { PartialAppendError } from '../../src/ledger/append-file';
import { RuleViolation } from '../../src/kernel/rule-violation';
import { UnknownCompetitionError } from '../../src/contexts/pairs/projection';
import { UnknownSessionError } from '../../src/contexts/pairs/projection';
import { NzInputError } from '../../src/rulesets/nz-club/standings';
import { StoreError, WrongExpectedVersionError } from '../../src/store/errors';
import { StoreUrlError } from '../../src/store/open-store';
import { main } from '../../src/cli/main';

const root = join(__dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Every error class declared under src/, with its parent and the code its body declares. */
function errorClasses() {
  const found: Array<{ file: string; name: string; parent: string; code?: string }> = [];
  for (const file of sources(join(root, 'src'))) {
    const text = readFileSync(file, 'utf8');
    const re = /class (\w+) extends (\w+) \{([\s\S]*?)\n\}/g;
    for (const m of text.matchAll(re)) {
      const [, name, parent, body] = m;
      if (!/(Error|Violation)$/.test(name!)) continue;
      const code = /readonly code(?::[^=]+)? = '(\w+)'/.exec(body!)?.[1];
      const abstract = /abstract readonly code/.test(body!);
      found.push({
        file,
        name: name!,
        parent: parent!,
        code: code ?? (abstract ? '*' : undefined),
      });
    }
  }
  return found;
}

describe('errors carry a code, and one table maps codes to HTTP status and CLI exit code', () => {
  it('every error class of src/ has a code of the table, its own or its parent’s', () => {
    const classes = errorClasses();
    expect(classes.length).toBeGreaterThan(20);
    const byName = new Map(classes.map((c) => [c.name, c]));
    const codeOf = (name: string): string | undefined => {
      const c = byName.get(name);
      return c === undefined ? undefined : (c.code ?? codeOf(c.parent));
    };
    // body-parser's failure, answered by its own type (MalformedJson, PayloadTooLarge …) over HTTP only.
    const httpOnly = new Set(['RequestBodyError']);
    const missing = classes
      .filter((c) => !httpOnly.has(c.name))
      .filter((c) => {
        const code = codeOf(c.name);
        return code === undefined || (code !== '*' && !Object.hasOwn(ERROR_CODES, code));
      })
      .map((c) => `${c.name} (${c.file.slice(root.length + 1)})`);
    expect(missing).toEqual([]);
  });

  it('the HTTP filter knows no error class of the ledger: it reads the table', () => {
    const filter = readFileSync(join(root, 'src/app/http/exception-filter.ts'), 'utf8');
    const classes = [...filter.matchAll(/instanceof (\w+)/g)]
      .map((m) => m[1])
      .filter((name) => name !== 'Error');
    expect(classes.sort()).toEqual(['HttpException', 'RequestBodyError']);
  });

  it.each<[string, unknown, ErrorCode]>([
    [
      'a rule violation',
      new RuleViolation('NZ-7', 'plays twice', 'data.substituteId'),
      'RULE_VIOLATION',
    ],
    ['a lost race', new WrongExpectedVersionError('s', 2, 3), 'WRONG_EXPECTED_VERSION'],
    ['an unknown competition', new UnknownCompetitionError('x'), 'UNKNOWN_COMPETITION'],
    ['a session that is not one', new UnknownSessionError('x', 11, 10), 'INVALID_REQUEST'],
    [
      'facts the NZ rules cannot score',
      new NzInputError('NZ-5', 'entries[0]', 'bad'),
      'FACTS_NOT_SCORABLE',
    ],
    ['an unknown store URL', new StoreUrlError('mysql://x', 'no'), 'STORE_URL'],
    [
      'a write of several streams cut short (EventStoreDB)',
      new PartialAppendError([1], [2], [], new Error('raced')),
      'PARTIAL_APPEND',
    ],
  ])('%s is answered with its row of the table', (_, error, code) => {
    expect(isLedgerError(error)).toBe(true);
    const http = toHttpError(error);
    expect(http.status).toBe(ERROR_CODES[code].status);
    expect(http.body.error).toBe(ERROR_CODES[code].error);
    expect(answerOf(error as never).exit).toBe(ERROR_CODES[code].exit);
  });

  it.each<[string, ErrorCode]>([
    ['entity.parse.failed', 'MALFORMED_JSON'],
    ['entity.invalid.utf8', 'INVALID_UTF8'],
    ['entity.too.large', 'PAYLOAD_TOO_LARGE'],
    ['charset.unsupported', 'UNSUPPORTED_MEDIA_TYPE'],
  ])('a body body-parser could not read (%s) is answered with its row', (type, code) => {
    const http = toHttpError(
      new RequestBodyError({ type, status: 400, message: 'unreadable', limit: 10 }),
    );
    expect([http.status, http.body.error]).toEqual([
      ERROR_CODES[code].status,
      ERROR_CODES[code].error,
    ]);
  });

  it.each<[string, ErrorCode]>([
    ['ERR_HTTP_REQUEST_TIMEOUT', 'REQUEST_TIMEOUT'],
    ['HPE_INVALID_METHOD', 'UNREADABLE_REQUEST'],
  ])('a request Node could not read (%s) is answered with its row', (parserCode, code) => {
    let written = '';
    const socket = new Writable({
      write(chunk: Buffer, _enc, done) {
        written += chunk.toString();
        done();
      },
    });
    answerClientError(Object.assign(new Error('x'), { code: parserCode }), socket as never);
    const [head, body] = written.split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`^HTTP/1.1 ${ERROR_CODES[code].status} `));
    expect(JSON.parse(body!)).toMatchObject({ error: ERROR_CODES[code].error });
  });

  it('no answer is named, and no exit code set, by hand beside the table', () => {
    const src = (f: string) => readFileSync(join(root, 'src', f), 'utf8');
    for (const f of ['app/http/exception-filter.ts', 'app/http/client-errors.ts']) {
      // InternalError is no code's: the 500 of an error with no row.
      const named = src(f).match(/error: '\w+'/g) ?? [];
      expect([f, named.filter((n) => n !== "error: 'InternalError'")]).toEqual([f, []]);
    }
    expect(src('contexts/pairs/cli/tables.command.ts')).not.toMatch(/exitCode = \d/);
  });

  it('an error whose code has no row is a 500 that says nothing', () => {
    class DiskOnFire extends StoreError {
      readonly code = 'DISK_ON_FIRE';
    }
    const e = new DiskOnFire('smoke');
    expect(isLedgerError(e)).toBe(false);
    expect(toHttpError(e)).toMatchObject({ status: 500, body: { error: 'InternalError' } });
  });

  it('the CLI exits with the code’s exit: a --store URL of no known kind is the command line’s fault (2)', async () => {
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await main(['node', 'bridge-ledger', 'verify', '--store', 'mysql://x'])).toBe(
        ERROR_CODES.STORE_URL.exit,
      );
      expect(stderr.mock.calls.map((c) => String(c[0])).join('')).toMatch(/unknown store/);
    } finally {
      stderr.mockRestore();
      process.exitCode = undefined;
    }
  });

  it('docs/http.md lists every code with its status, error name and exit', () => {
    const doc = readFileSync(join(root, 'docs/http.md'), 'utf8');
    for (const [code, row] of Object.entries(ERROR_CODES)) {
      const cells = [`\`${code}\``, row.status, `\`${row.error}\``, row.exit].join(' *\\| *');
      expect(doc).toMatch(new RegExp(`\\| *${cells} *\\|`));
    }
  });
});
