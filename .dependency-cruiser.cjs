/**
 * The layers of docs/architecture.md, checked by `npm test` (`npm run lint:deps`):
 * the pure core imports no outer folder, no framework and no database; the use cases
 * (runtime/, import/) import no adapter (app/, cli/); the store knows only the core; and no
 * module imports itself back through others.
 */
const CORE = '^src/(kernel|events|scoring|rulebooks|rulesets|domain|projections|standings)/';
const OUTER = '^src/(app|cli|store|runtime|import)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: the modules cannot be understood, tested or loaded one by one.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'core-imports-no-outer-layer',
      severity: 'error',
      comment: 'The pure core (scoring, rulebooks, domain, projections …) knows no outer layer.',
      from: { path: CORE },
      to: { path: OUTER },
    },
    {
      name: 'core-imports-no-framework-or-database',
      severity: 'error',
      from: { path: CORE },
      to: {
        dependencyTypes: ['npm', 'npm-dev', 'core'],
        path: '(@nestjs|express|rxjs|better-sqlite3|@eventstore|@grpc|^fs$|^node:|^http|^net$|^child_process)',
      },
    },
    {
      name: 'use-cases-import-no-adapter',
      severity: 'error',
      comment: 'runtime/ and import/ are used by HTTP and the CLI alike: they import neither.',
      from: { path: '^src/(runtime|import)/' },
      to: { path: '^src/(app|cli)/' },
    },
    {
      name: 'store-imports-only-the-core',
      severity: 'error',
      from: { path: '^src/store/' },
      to: { path: '^src/(app|cli|runtime|import)/' },
    },
    {
      name: 'http-imports-no-cli',
      severity: 'error',
      from: { path: '^src/app/' },
      to: { path: '^src/cli/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    exclude: { path: '^(dist|bench/.work|node_modules)/' },
  },
};
