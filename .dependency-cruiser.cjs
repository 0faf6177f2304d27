/**
 * The map of docs/architecture.md, checked by `npm test` (`npm run lint:deps`). A context is one
 * folder under src/contexts/, its layers inside it: facts/, domain/ and projection/ are the pure
 * core, read/ its use cases, http/, pages/ and cli/ its adapters. A rulebook is one folder under
 * src/rulesets/ and plugs into the contexts through the policy types they declare.
 */
const CONTEXT_CORE = 'src/contexts/[^/]+/(facts|domain|projection)/';
const CORE = `^(src/(kernel|scoring|rulebooks|rulesets)/|${CONTEXT_CORE}|src/contexts/[^/]+/[^/]+[.]ts$|src/contexts/[^/]+[.]ts$)`;
const USE_CASES = '^src/(ledger|audit|import)/|^src/contexts/[^/]+/read/';
const HTTP = '^src/app/|^src/contexts/[^/]+/(http|pages)/';
const CLI = '^src/cli/|^src/contexts/[^/]+/cli/';
const OUTER = `${USE_CASES}|${HTTP}|${CLI}|^src/store/`;

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
      comment:
        'The pure core (scoring, rulebooks, facts, deciders, projections …) knows no outer layer.',
      from: { path: CORE },
      to: { path: OUTER },
    },
    {
      name: 'core-imports-no-framework-or-database',
      severity: 'error',
      from: { path: CORE },
      to: {
        dependencyTypes: ['npm', 'npm-dev', 'core'],
        path: '(@nestjs|express|rxjs|better-sqlite3|@eventstore|@grpc|^pg$|^fs$|^node:|^http|^net$|^child_process)',
      },
    },
    {
      name: 'use-cases-import-no-adapter',
      severity: 'error',
      comment:
        'The ledger, the audit tools, import and each context’s read/ serve HTTP and the CLI alike.',
      from: { path: USE_CASES },
      to: { path: `${HTTP}|${CLI}` },
    },
    {
      name: 'store-imports-only-the-core',
      severity: 'error',
      from: { path: '^src/store/' },
      to: { path: `${USE_CASES}|${HTTP}|${CLI}` },
    },
    {
      name: 'contexts-meet-through-their-door',
      severity: 'error',
      comment:
        'A context uses another only through its doors: index.ts (its facts and decisions), projection/index.ts (its read model) and read/index.ts (its read services), each exporting all the other may rely on.',
      from: { path: '^src/contexts/([^/]+)/' },
      to: {
        path: '^src/contexts/[^/]+/',
        pathNot: ['^src/contexts/$1/', '^src/contexts/[^/]+/((projection|read)/)?index[.]ts$'],
      },
    },
    {
      name: 'only-rulesets-name-a-ruleset',
      severity: 'error',
      comment:
        'A rulebook plugs into a context through the policy types the context declares: no file outside src/rulesets/ names one.',
      from: { path: '^src/', pathNot: '^src/rulesets/' },
      to: { path: '^src/rulesets/[^/]+/' },
    },
    {
      name: 'rulesets-are-loaded-at-the-edge',
      severity: 'error',
      comment:
        'The lists of contexts and rulesets the ledger ships are loaded by the app and the CLI only: nothing below them depends on what is registered.',
      from: { path: '^src/', pathNot: '^src/(app|cli)/' },
      to: { path: '^src/rulesets/index[.]ts$|^src/contexts/built-in[.]ts$' },
    },
    {
      name: 'http-imports-no-cli',
      severity: 'error',
      from: { path: HTTP },
      to: { path: CLI },
    },
    {
      name: 'cli-imports-no-http',
      severity: 'error',
      comment: 'The CLI starts without NestJS; only `serve` loads the HTTP module, by import().',
      from: { path: '^src/contexts/[^/]+/cli/' },
      to: { path: HTTP },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    exclude: { path: '^(dist|bench/.work|node_modules)/' },
  },
};
