#!/usr/bin/env node
// Bundles the compiled CLI (dist/src/cli) and its worker threads into one file each, under
// dist/bundle/cli: a start then reads three files instead of some two thousand (the service's
// cold start spent a third of its time finding, reading and compiling modules one by one;
// bench/RESULTS.md). The layout under dist/bundle/cli is dist/src/cli's, so a worker is found
// beside the CLI as it is unbundled (src/ledger/worker-script.ts).
const { build } = require('esbuild');
const { join } = require('node:path');

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

build({
  entryPoints: [
    'main.js',
    'workers/rebuild-worker.js',
    'workers/join-worker.js',
    'workers/verify-worker.js',
  ].map((f) => join(cli, f)),
  outbase: cli,
  outdir: join(root, 'dist', 'bundle', 'cli'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  external,
  sourcemap: 'linked',
  logLevel: 'warning',
}).catch(() => {
  process.exitCode = 1;
});
