import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/**
 * docs/rules-coverage.md claims, for every STD, NZ, DSB, LCBA and PIN rule of the catalogue, a status and the
 * tests that prove it. These tests keep the claims honest: every catalogue ID has a row, and
 * every test a row names is a test of that title in the file it names, whose body asserts.
 * File reading (and TypeScript's parser) only.
 */
const root = join(__dirname, '../..');
const rulesPath = join(__dirname, '../../../shared/RULES.md');
const docPath = join(root, 'docs/rules-coverage.md');

const STATUSES = ['implemented and tested', 'partly', 'not yet'] as const;
type Status = (typeof STATUSES)[number];

/** "DSB-8.1/8.2" is two rules; "DSB-15/16" (teams) is one. */
function splitId(id: string): string[] {
  const [prefix, rest] = [id.slice(0, id.indexOf('-') + 1), id.slice(id.indexOf('-') + 1)];
  const parts = rest.split('/');
  return parts.length > 1 && parts.every((p) => p.includes('.'))
    ? parts.map((p) => prefix + p)
    : [id];
}

/**
 * The rule IDs of RULES.md's "## NZ" and "## DSB" sections: each top-level bullet's ID, and a
 * lettered sub-item a) … under it as the ID plus the letter (NZ-8a). Numbered sub-items, such
 * as DSB-10.2's 1) … 5), belong to their rule.
 */
function catalogueIds(text: string): string[] {
  const ids: string[] = [];
  let section: string | undefined;
  let parent: string | undefined;
  for (const line of text.split('\n')) {
    const heading = /^## (\S+)/.exec(line);
    if (heading) {
      section = ['STD', 'NZ', 'DSB', 'LCBA', 'PIN'].includes(heading[1]!) ? heading[1] : undefined;
      parent = undefined;
      continue;
    }
    if (!section) continue;
    if (section === 'STD') {
      // An STD bullet's ID (STD-IMP); the bullet on fouled and removed boards has none of its
      // own and is STD-FOULED.
      const std = /^- (STD-[A-Z]+):/.exec(line);
      if (std) ids.push(std[1]!);
      else if (line.startsWith('- Fouled boards')) ids.push('STD-FOULED');
      continue;
    }
    if (section === 'PIN') {
      // A PIN bullet's ID as written: PIN-R8, PIN-R21..R25, PIN-R7 / PIN-C3..C9 (its readings
      // are no rule).
      const span = 'PIN-[RC][0-9]+(?:\\.\\.[RC]?[0-9]+)?';
      const pin = new RegExp(`^- (${span}(?: / ${span})?)`).exec(line);
      if (pin) ids.push(pin[1]!);
      continue;
    }
    if (section === 'LCBA') {
      // An LCBA bullet's ID (LCBA-8.1, LCBA-FOUL, LCBA-A), and one that starts a sentence of
      // the bullet (LCBA-6.3's "… by agreement. LCBA-6.7: …"); its readings are no rule.
      const lcba = /^- (LCBA-(?:[0-9][0-9./]*[0-9]|[A-Z]+))\b(.*)$/.exec(line);
      if (lcba) {
        ids.push(...splitId(lcba[1]!));
        for (const m of lcba[2]!.matchAll(/\. (LCBA-[0-9][0-9.]*[0-9]):/g)) ids.push(m[1]!);
      }
      continue;
    }
    const top = /^- ((?:NZ|DSB)-[0-9][0-9A-Za-z./]*)/.exec(line);
    if (top) {
      parent = top[1];
      ids.push(...splitId(parent));
      continue;
    }
    const sub = /^\s+([a-z])\) /.exec(line);
    if (sub && parent) ids.push(parent + sub[1]);
    else if (/^\S/.test(line)) parent = undefined;
  }
  return ids;
}

interface Row {
  id: string;
  status: Status | undefined;
  statusText: string;
  /** [test file, test name] pairs from the Tests column; a name before any file has file ''. */
  tests: [string, string][];
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

/** The rows of the document's tables whose first cell is an NZ or DSB rule ID. */
function coverageRows(text: string): Row[] {
  const rows: Row[] = [];
  let header: string[] | undefined;
  for (const line of text.split('\n')) {
    if (!line.startsWith('|')) {
      header = undefined;
      continue;
    }
    const c = cells(line);
    if (!header) {
      header = c;
      continue;
    }
    if (!/^(STD|NZ|DSB|LCBA|PIN)-/.test(c[0])) continue;
    const statusText = c[header.indexOf('Status')] ?? '';
    const testsCell = c[header.indexOf('Tests')] ?? '';
    const tests: [string, string][] = [];
    let file = '';
    for (const [, token] of testsCell.matchAll(/`([^`]+)`/g)) {
      if (/^test\/.+\.test\.ts$/.test(token)) file = token;
      else tests.push([file, token]);
    }
    rows.push({
      id: c[0],
      status: STATUSES.find((s) => statusText.startsWith(s)),
      statusText,
      tests,
    });
  }
  return rows;
}

const doc = readFileSync(docPath, 'utf8');
const rows = coverageRows(doc);
const haveCatalogue = existsSync(rulesPath);
const source = haveCatalogue ? '../shared/RULES.md' : 'docs/rules-coverage.md (RULES.md absent)';
const expectedIds = haveCatalogue
  ? catalogueIds(readFileSync(rulesPath, 'utf8'))
  : rows.map((r) => r.id);

const fileCache = new Map<string, string | undefined>();
const contents = (file: string) => {
  if (!fileCache.has(file)) {
    const p = join(root, file);
    fileCache.set(file, existsSync(p) ? readFileSync(p, 'utf8') : undefined);
  }
  return fileCache.get(file);
};

/**
 * The body of the test (or describe block) a row names: the function given to the `it`,
 * `test` or `describe` call whose title holds the name, as TypeScript parses the file (strings,
 * regular expressions and comments cannot be mistaken for code). Undefined when none is found.
 */
const parsed = new Map<string, ts.SourceFile>();
function bodyOf(text: string, name: string): string | undefined {
  let file = parsed.get(text);
  if (!file) {
    file = ts.createSourceFile('named.test.ts', text, ts.ScriptTarget.Latest, true);
    parsed.set(text, file);
  }
  let found: string | undefined;
  const visit = (node: ts.Node): void => {
    if (found !== undefined) return;
    if (
      ts.isCallExpression(node) &&
      /^(it|test|describe)(\.\w+)?$/.test(node.expression.getText(file)) &&
      node.arguments.length >= 2
    ) {
      const [title, fn] = node.arguments;
      if (title!.getText(file).includes(name) && fn && ts.isFunctionLike(fn)) {
        const body = (fn as ts.ArrowFunction | ts.FunctionExpression).body;
        if (body) found = body.getText(file);
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * What makes a test assert something: jest's `expect`, or the suites' helpers that assert a
 * refusal or an acceptance (test/support/gated-ledger.ts `refuses`, the league suites' `accepts`).
 */
const ASSERTS = /\bexpect(?:\.\w+)?\(|\brefuses\(|\baccepts\(|\brejects\b|\bassert\w*\(/;

describe('docs/rules-coverage.md', () => {
  it(`has exactly one row for every STD, NZ, DSB, LCBA and PIN rule ID of ${source}`, () => {
    const rowIds = rows.map((r) => r.id);
    expect(expectedIds.length).toBeGreaterThan(0);
    expect(expectedIds.filter((id) => !rowIds.includes(id))).toEqual([]);
    expect(rowIds.filter((id, i) => rowIds.indexOf(id) !== i)).toEqual([]);
    if (haveCatalogue) {
      // No row for a rule the catalogue does not have.
      expect(rowIds.filter((id) => !expectedIds.includes(id))).toEqual([]);
    } else {
      // Without the catalogue: at least the numbering must be whole.
      const nz = [...Array(16).keys()].map((i) => `NZ-${i + 1}`);
      const nz8 = [...'abcdefgh'].map((l) => `NZ-8${l}`);
      expect([...nz, ...nz8].filter((id) => !rowIds.includes(id))).toEqual([]);
      expect(rowIds.some((id) => id.startsWith('DSB-'))).toBe(true);
    }
  });

  it('gives every row a known status, and a "partly" row says what is missing', () => {
    expect(rows.filter((r) => r.status === undefined).map((r) => r.id)).toEqual([]);
    expect(
      rows.filter((r) => r.status === 'partly' && r.statusText.length < 20).map((r) => r.id),
    ).toEqual([]);
  });

  it('names, for each "implemented and tested" or "partly" row, tests that exist under those names in those files', () => {
    const problems: string[] = [];
    for (const row of rows) {
      if (row.status !== 'implemented and tested' && row.status !== 'partly') continue;
      if (row.tests.length === 0) problems.push(`${row.id}: names no test`);
      for (const [file, name] of row.tests) {
        const text = file ? contents(file) : undefined;
        if (!file) problems.push(`${row.id}: "${name}" has no test file before it`);
        else if (text === undefined) problems.push(`${row.id}: ${file} does not exist`);
        else if (!text.includes(name)) problems.push(`${row.id}: ${file} has no test "${name}"`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('names, for each "implemented and tested" or "partly" row, tests whose bodies assert (not only tests that exist)', () => {
    const problems: string[] = [];
    for (const row of rows) {
      if (row.status !== 'implemented and tested' && row.status !== 'partly') continue;
      for (const [file, name] of row.tests) {
        const body = file ? bodyOf(contents(file) ?? '', name) : undefined;
        if (body === undefined) problems.push(`${row.id}: "${name}" is no test's title in ${file}`);
        else if (!ASSERTS.test(body)) problems.push(`${row.id}: "${name}" asserts nothing`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('finds a test’s body and whether it asserts (the check above, on a made-up file)', () => {
    const file = [
      "it('R-1: a rule that holds', () => {",
      "  const x = { a: '}' }; // a brace in a string and a comment }",
      '  expect("it\'s").toMatch(/it\'s }/); // a quote and a brace in a regular expression',
      '  expect(x.a).toBe("}");',
      '});',
      "it('R-2: a test that only runs', async () => {",
      '  await Promise.resolve({});',
      '});',
    ].join('\n');
    expect(ASSERTS.test(bodyOf(file, 'R-1: a rule that holds')!)).toBe(true);
    expect(bodyOf(file, 'R-2: a test that only runs')).toBe('{\n  await Promise.resolve({});\n}');
    expect(ASSERTS.test(bodyOf(file, 'R-2: a test that only runs')!)).toBe(false);
    expect(bodyOf(file, 'R-3')).toBeUndefined();
  });

  it('states counts in its summary that agree with the rows', () => {
    for (const book of ['STD', 'NZ', 'DSB', 'LCBA', 'PIN']) {
      const mine = rows.filter((r) => r.id.startsWith(`${book}-`));
      const count = (s: Status) => mine.filter((r) => r.status === s).length;
      const line = `- ${book}: ${mine.length} IDs — ${count('implemented and tested')} implemented and tested, ${count('partly')} partly, ${count('not yet')} not yet.`;
      expect(doc).toContain(line);
    }
  });
});
