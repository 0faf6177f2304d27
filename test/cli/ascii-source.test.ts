import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';

// The build's own script (plain JavaScript, run by `npm run build`).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { asciiSource } = require('../../scripts/ascii-source') as {
  asciiSource: (text: string, name?: string) => string;
};

/**
 * The bundles are written in ASCII (scripts/ascii-source.js), so that each start reads them as
 * one-byte strings: every non-ASCII character as an escape, the program the same.
 */
const same = (source: string) => {
  const ascii = asciiSource(source);
  expect(ascii).not.toMatch(/[\u0080-\uffff]/);
  return [runInNewContext(source) as unknown, runInNewContext(ascii) as unknown];
};

describe('a bundle written in ASCII: the same program', () => {
  it('a string, a template and an identifier keep their characters (a dash, a sigma, a pound sign)', () => {
    const [before, after] = same('const Σ = "1–9999 £"; `${Σ} — ×`');
    expect(after).toBe(before);
    expect(after).toBe('1–9999 £ — ×');
  });

  it('a regular expression of another alphabet matches what it matched: Cyrillic, Chinese, an emoji under the u flag', () => {
    const [before, after] = same(
      '[/^[А-Я]+$/i.test("Привет"), /北京|天津/.test("天津"), /^😀$/u.test("😀"), /^[😀]$/u.test("😀"), /^.$/u.test("😀")]',
    );
    expect(after).toEqual(before);
    expect(after).toEqual([true, true, true, true, true]);
  });

  it('a comment with non-ASCII text is escaped and stays a comment', () => {
    const [before, after] = same('/** Σ score — the pair’s */ // 北京\n41 + 1');
    expect(after).toBe(before);
  });

  it('ASCII text is left as it is, byte for byte', () => {
    const text = 'const a = "\\u00e9"; /\\w+/.test("x");\n';
    expect(asciiSource(text)).toBe(text);
  });

  it('a non-ASCII character after a backslash (an escape whose meaning would change) is refused, naming its line', () => {
    expect(() => asciiSource('const a = 1;\nconst r = /\\é/;', 'bundle.js')).toThrow(
      'bundle.js:2: a non-ASCII character after a backslash cannot be escaped',
    );
  });

  const bundles = join(__dirname, '..', '..', 'dist', 'bundle', 'cli');
  const built = existsSync(bundles);
  (built ? it : it.skip)('every bundle the build wrote is ASCII', () => {
    const files = [
      ...readdirSync(bundles).filter((f) => f.endsWith('.js')),
      ...readdirSync(join(bundles, 'workers'))
        .filter((f) => f.endsWith('.js'))
        .map((f) => join('workers', f)),
    ];
    expect(files.length).toBeGreaterThanOrEqual(8);
    for (const f of files) {
      const bytes = readFileSync(join(bundles, f));
      expect({ f, nonAscii: bytes.filter((b) => b > 0x7f).length }).toEqual({ f, nonAscii: 0 });
    }
  });
});
