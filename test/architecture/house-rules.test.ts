import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';

/**
 * The house rules a reader relies on: a comment says why, naming the rule, never the request
 * that asked for a line (git keeps that history); and a source file holds one responsibility,
 * which in this house stays under 500 lines.
 */
const root = join(__dirname, '../..');

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** Every comment of a TypeScript text, as the compiler's scanner finds them. */
export function commentsOf(text: string): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard);
  scanner.setText(text);
  const comments: string[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (
      kind === ts.SyntaxKind.SingleLineCommentTrivia ||
      kind === ts.SyntaxKind.MultiLineCommentTrivia
    ) {
      comments.push(scanner.getTokenText());
    }
    // A template or a regular expression is scanned as one token, so `//` inside neither is
    // taken for a comment.
    if (kind === ts.SyntaxKind.SlashToken || kind === ts.SyntaxKind.SlashEqualsToken) {
      scanner.reScanSlashToken();
    }
  }
  return comments;
}

const NAMES_AN_ISSUE = /\b[Ii]ssues? #?\d+/;

describe('comments name rules and reasons, never an issue', () => {
  it('finds an issue named in a line comment and in a doc comment, and not a rule ID', () => {
    // The probe is built, so that no line of this file is itself a comment naming an issue.
    const named = `// ${'Issue'} 17: the pages`;
    const text = [
      named,
      '/** NZ-13 (issue 16): the deadline */',
      "const s = 'issue 12 in a string is no comment';",
      '/** LCBA-10.2: seven days */',
    ].join('\n');
    expect(commentsOf(text).filter((c) => NAMES_AN_ISSUE.test(c))).toEqual([
      named,
      '/** NZ-13 (issue 16): the deadline */',
    ]);
  });

  it.each(['src', 'test', 'bench'])('no comment in %s/ names an issue', (dir) => {
    const offenders = tsFiles(join(root, dir))
      .filter((f) => !f.includes(`${join('bench', '.work')}`))
      .flatMap((f) =>
        commentsOf(readFileSync(f, 'utf8'))
          .filter((c) => NAMES_AN_ISSUE.test(c))
          .map((c) => `${relative(root, f)}: ${c.split('\n').find((l) => NAMES_AN_ISSUE.test(l))}`),
      );
    expect(offenders).toEqual([]);
  });
});

describe('what a user reads names rules, never an issue', () => {
  it('no text in src/ (an API description, a command’s help, a message) names an issue', () => {
    const offenders = tsFiles(join(root, 'src')).flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .filter((l) => NAMES_AN_ISSUE.test(l))
        .map((l) => `${relative(root, f)}: ${l.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});

describe('a source file holds one responsibility: none is over 500 lines', () => {
  it('counts the lines of a text as an editor does', () => {
    expect(linesOf('a\nb\n')).toBe(2);
    expect(linesOf('a\nb')).toBe(2);
  });

  it('no file in src/ is over 500 lines', () => {
    const long = tsFiles(join(root, 'src'))
      .map((f) => [relative(root, f), linesOf(readFileSync(f, 'utf8'))] as const)
      .filter(([, n]) => n > 500)
      .map(([f, n]) => `${f}: ${n} lines`);
    expect(long).toEqual([]);
  });
});

function linesOf(text: string): number {
  const lines = text.split('\n');
  return lines[lines.length - 1] === '' ? lines.length - 1 : lines.length;
}
