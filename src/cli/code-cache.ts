import { readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { constants, Script } from 'node:vm';

/**
 * What a load found of its code cache: `used` (V8 took it), `none` (no file, or one written
 * for another build of the script or another Node), `rejected` (V8 refused it: other flags),
 * `off` (BRIDGE_LEDGER_CODE_CACHE=0).
 */
export type CodeCacheStatus = 'used' | 'none' | 'rejected' | 'off';

export interface LoadedWithCodeCache {
  exports: unknown;
  status: CodeCacheStatus;
  /**
   * Writes the cache of what V8 has compiled of the script so far (every function run since it
   * was loaded, not only its top level), for the next process to read; false when it could not
   * be written (a read-only install): the script then simply compiles as it would without.
   */
  save(): boolean;
}

/** The header's length: 4 bytes, then the header (the script's build), then V8's data. */
const LENGTH = 4;

/**
 * The script's build as the cache was made from it. V8 checks its own version and flags and the
 * source's length, not its text, so the cache names the file's size and modification time: a
 * script rebuilt or edited is compiled afresh, never run from another text's cache.
 */
function buildOf(file: string): string {
  const s = statSync(file);
  return JSON.stringify({ size: s.size, mtimeMs: s.mtimeMs, node: process.version });
}

function readCache(cacheFile: string, build: string): Buffer | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  if (bytes.length < LENGTH) return undefined;
  const length = bytes.readUInt32LE(0);
  if (bytes.toString('utf8', LENGTH, LENGTH + length) !== build) return undefined;
  return bytes.subarray(LENGTH + length);
}

/**
 * Runs a bundled CommonJS script (the CLI, a worker) as `require` would, with V8's code cache
 * kept in `cacheFile`: a start reads what an earlier run compiled instead of parsing and
 * compiling the bundle again (bench/RESULTS.md, the code cache). The script's `require`
 * resolves from its own folder; `require.main` is the process's, so a script that runs itself
 * when it is the main module does not.
 */
export function loadWithCodeCache(file: string, cacheFile: string): LoadedWithCodeCache {
  const off = process.env.BRIDGE_LEDGER_CODE_CACHE === '0';
  const build = buildOf(file);
  const cachedData = off ? undefined : readCache(cacheFile, build);
  // A shebang line is not JavaScript; its newline is kept so that lines keep their numbers.
  const source = readFileSync(file, 'utf8').replace(/^#!.*/, '');
  const script = new Script(Module.wrap(source), {
    filename: file,
    cachedData,
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const status: CodeCacheStatus = off
    ? 'off'
    : cachedData === undefined
      ? 'none'
      : script.cachedDataRejected
        ? 'rejected'
        : 'used';
  const module = new Module(file);
  module.filename = file;
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  module.loaded = true;
  return {
    exports: module.exports,
    status,
    save() {
      const header = Buffer.from(build, 'utf8');
      const length = Buffer.alloc(LENGTH);
      length.writeUInt32LE(header.length, 0);
      // Written beside and renamed: two processes saving at once leave one whole file.
      const partial = `${cacheFile}.${process.pid}.${Date.now()}`;
      try {
        writeFileSync(partial, Buffer.concat([length, header, script.createCachedData()]));
        renameSync(partial, cacheFile);
        return true;
      } catch {
        try {
          unlinkSync(partial);
        } catch {
          // Nothing was written.
        }
        return false;
      }
    },
  };
}

/**
 * When a run that found no cache it could use saves one: this long after the script was loaded,
 * or as the process exits if that is sooner. By then what a start runs is compiled (the service
 * listens within about a second); much later V8 has flushed the code of functions not run
 * since, the start's among them, and the cache would hold less than half of it
 * (bench/RESULTS.md, the code cache).
 */
export const SAVE_AFTER_MS = 2_000;

/** `loadWithCodeCache`, saving the cache once when it found none it could use (SAVE_AFTER_MS). */
export function requireWithCodeCache(file: string, cacheFile: string): unknown {
  const loaded = loadWithCodeCache(file, cacheFile);
  if (loaded.status === 'none' || loaded.status === 'rejected') {
    let saved = false;
    const saveOnce = () => {
      if (saved) return;
      saved = true;
      loaded.save();
    };
    // Never what keeps a process alive.
    setTimeout(saveOnce, SAVE_AFTER_MS).unref();
    process.once('exit', saveOnce);
  }
  return loaded.exports;
}
