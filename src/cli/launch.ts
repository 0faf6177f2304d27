// The bundled CLI's entry (dist/bundle/cli/main.js, scripts/bundle.js): it runs the CLI's bundle
// (main.bundle.js beside it) with V8's code cache, so a start reads what an earlier run compiled
// (src/cli/code-cache.ts). Only the bundle has one: compiled as it is, the CLI is dist/src/cli/main.js.
import { join } from 'node:path';
import { requireWithCodeCache } from './code-cache';
import type * as Cli from './main';

// The service's start compiles other code than a one-off command: each keeps a cache of its own.
const kind = process.argv[2] === 'serve' ? 'serve' : 'commands';
const cli = requireWithCodeCache(
  join(__dirname, 'main.bundle.js'),
  join(__dirname, `main.bundle.${kind}.v8-cache`),
) as typeof Cli;

export const main = cli.main;

if (require.main === module) {
  main(process.argv).then((code) => {
    process.exitCode = code;
  });
}
