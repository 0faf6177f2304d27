import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadWithCodeCache } from '../../src/cli/code-cache';
import { tempDir } from '../support/temp';

/**
 * A bundle run with V8's code cache (src/cli/code-cache.ts) runs as `require` runs it, reads a
 * cache only of the very build it was made from, and runs without one whenever the cache is
 * missing, stale, refused, unwritable or turned off.
 */
describe("a bundle run with V8's code cache", () => {
  const SCRIPT = [
    '#!/usr/bin/env node',
    "const { sibling } = require('./sibling');",
    'function greet(name) { return `hello ${name} ${sibling}`; }',
    'exports.greet = greet;',
    'exports.isMain = require.main === module;',
    'exports.line = () => new Error().stack.split("\\n")[1];',
    '',
  ].join('\n');

  const setUp = (text = SCRIPT) => {
    const dir = tempDir();
    const file = join(dir, 'app.bundle.js');
    writeFileSync(file, text);
    writeFileSync(join(dir, 'sibling.js'), "exports.sibling = 'from beside';");
    return { dir, file, cache: join(dir, 'app.bundle.v8-cache') };
  };
  type App = { greet(n: string): string; isMain: boolean; line(): string };

  // V8 keeps what an isolate compiled and takes it before any cache given: whether a cache is
  // used or refused shows only in a process that has not compiled the script yet.
  const MODULE = join(__dirname, '..', '..', 'src', 'cli', 'code-cache.ts');
  const inChild = (file: string, cache: string, save = false) =>
    JSON.parse(
      execFileSync(
        process.execPath,
        [
          '-r',
          'ts-node/register/transpile-only',
          '-e',
          `const { loadWithCodeCache } = require(${JSON.stringify(MODULE)});
           const l = loadWithCodeCache(${JSON.stringify(file)}, ${JSON.stringify(cache)});
           const greeting = l.exports.greet('club');
           console.log(JSON.stringify({ status: l.status, greeting, saved: ${save} && l.save() }));`,
        ],
        { encoding: 'utf8' },
      ),
    ) as { status: string; greeting: string; saved: boolean };

  it('runs the script as require does: its exports, its own folder to require from, not the main module, its lines as written', () => {
    const { file, cache } = setUp();
    const loaded = loadWithCodeCache(file, cache);
    const app = loaded.exports as App;
    expect(app.greet('club')).toBe('hello club from beside');
    expect(app.isMain).toBe(false);
    // The shebang is line 1; `line` is defined on line 6 of the file.
    expect(app.line()).toContain(`${file}:6:`);
  });

  it('finds no cache the first time, saves one, and the next process uses it', () => {
    const { file, cache } = setUp();
    expect(inChild(file, cache, true)).toEqual({
      status: 'none',
      greeting: 'hello club from beside',
      saved: true,
    });
    expect(existsSync(cache)).toBe(true);
    expect(inChild(file, cache)).toEqual({
      status: 'used',
      greeting: 'hello club from beside',
      saved: false,
    });
  }, 30_000);

  it('a script rebuilt to the same length is compiled afresh, not run from the old text’s cache', () => {
    const { file, cache } = setUp();
    loadWithCodeCache(file, cache).save();
    // V8 checks a cache against the source's length only: same length, other text.
    const changed = SCRIPT.replace('hello', 'howdy');
    expect(changed.length).toBe(SCRIPT.length);
    writeFileSync(file, changed);
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    const loaded = loadWithCodeCache(file, cache);
    expect(loaded.status).toBe('none');
    expect((loaded.exports as App).greet('club')).toBe('howdy club from beside');
  });

  it('a cache whose V8 data is damaged is refused by V8, and the script runs all the same', () => {
    const { file, cache } = setUp();
    inChild(file, cache, true);
    const bytes = readFileSync(cache);
    bytes.fill(0x5a, 4 + bytes.readUInt32LE(0));
    writeFileSync(cache, bytes);
    expect(inChild(file, cache)).toEqual({
      status: 'rejected',
      greeting: 'hello club from beside',
      saved: false,
    });
  }, 30_000);

  it('a file too short or not a cache at all is no cache', () => {
    const { file, cache } = setUp();
    writeFileSync(cache, Buffer.from([1, 2]));
    expect(loadWithCodeCache(file, cache).status).toBe('none');
    writeFileSync(cache, 'not a cache, a text of some length');
    expect(loadWithCodeCache(file, cache).status).toBe('none');
  });

  it('a cache that cannot be written (no such folder) is not saved, leaves nothing behind, and throws nothing', () => {
    const { dir, file } = setUp();
    const cache = join(dir, 'no-such-folder', 'app.bundle.v8-cache');
    const loaded = loadWithCodeCache(file, cache);
    expect(loaded.save()).toBe(false);
    expect(readdirSync(dir).sort()).toEqual(['app.bundle.js', 'sibling.js']);
  });

  it('BRIDGE_LEDGER_CODE_CACHE=0 turns it off: a saved cache is not read', () => {
    const { file, cache } = setUp();
    loadWithCodeCache(file, cache).save();
    process.env.BRIDGE_LEDGER_CODE_CACHE = '0';
    try {
      const loaded = loadWithCodeCache(file, cache);
      expect(loaded.status).toBe('off');
      expect((loaded.exports as App).greet('club')).toBe('hello club from beside');
    } finally {
      delete process.env.BRIDGE_LEDGER_CODE_CACHE;
    }
  });
});
