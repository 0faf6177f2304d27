#!/usr/bin/env node
// Bundles the compiled CLI (dist/src/cli) and its worker threads into one file each, under
// dist/bundle/cli: a start then reads three files instead of some two thousand (the service's
// cold start spent a third of its time finding, reading and compiling modules one by one;
// bench/RESULTS.md). The layout under dist/bundle/cli is dist/src/cli's, so a worker is found
// beside the CLI as it is unbundled (src/ledger/worker-script.ts).
const { build } = require('esbuild');
const { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { asciiSource } = require('./ascii-source');

const root = join(__dirname, '..');
const cli = join(root, 'dist', 'src', 'cli');

// Left to Node's require at run time:
const external = [
  // a native addon;
  'better-sqlite3',
  // Nest's optional packages, which it requires inside a try and goes on without;
  '@nestjs/microservices',
  '@nestjs/microservices/*',
  '@nestjs/websockets',
  '@nestjs/websockets/*',
  'class-transformer/storage',
  // packages that find files of their own beside their code (__dirname): the Swagger UI's
  // assets, pino's transport workers, gRPC's protocol files (EventStoreDB's client);
  'swagger-ui-dist',
  'pino',
  'thread-stream',
  '@eventstore/db-client',
  '@grpc/*',
  // the PostgreSQL client, whose native binding is optional.
  'pg',
  'pg-native',
];

// Each bundle (`<name>.bundle.js`) is run by a small entry of the same name (`<name>.js`) that
// loads it with V8's code cache, kept beside it (`*.v8-cache`, written by the first run after a
// build; src/cli/code-cache.ts): the service's start to its port took about 780 ms compiling the
// bundle and 620 ms reading the cache (bench/RESULTS.md).
const workers = ['rebuild-worker', 'join-worker', 'verify-worker', 'copy-worker'];
const entryPoints = {
  main: join(cli, 'launch.js'),
  'main.bundle': join(cli, 'main.js'),
  ...Object.fromEntries(workers.map((w) => [`workers/${w}`, join(cli, 'workers', 'launch.js')])),
  ...Object.fromEntries(
    workers.map((w) => [`workers/${w}.bundle`, join(cli, 'workers', `${w}.js`)]),
  ),
};
const outdir = join(root, 'dist', 'bundle', 'cli');

// A build's caches are of the bundles it replaces.
for (const dir of [outdir, join(outdir, 'workers')]) {
  if (!existsSync(dir)) continue;
  for (const f of readdirSync(dir)) if (f.endsWith('.v8-cache')) rmSync(join(dir, f));
}

build({
  entryPoints,
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  external,
  sourcemap: 'linked',
  logLevel: 'warning',
})
  .then(() => {
    // Each bundle rewritten in ASCII (ascii-source.js): read as a one-byte string at each start.
    for (const dir of [outdir, join(outdir, 'workers')])
      for (const f of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
        const file = join(dir, f);
        writeFileSync(file, asciiSource(readFileSync(file, 'utf8'), file));
      }
  })
  .catch((e) => {
    if (e instanceof Error && !('errors' in e)) console.error(e.message);
    process.exitCode = 1;
  });
