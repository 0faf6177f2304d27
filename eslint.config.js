const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const globals = require('globals');

/**
 * The pure core: the kernel, scoring, rulebooks, rulesets, and each context's facts, deciders,
 * projections and policy types (docs/architecture.md).
 */
const CORE = [
  'src/kernel/**',
  'src/scoring/**',
  'src/rulebooks/**',
  'src/rulesets/**',
  'src/contexts/*.ts',
  'src/contexts/*/*.ts',
  'src/contexts/*/facts/**',
  'src/contexts/*/domain/**',
  'src/contexts/*/projection/**',
];

module.exports = tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'data/**', 'bench/.work/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The dependency rule (docs/architecture.md): the core imports no framework, no database,
    // no I/O and no outer layer, and reads no clock or randomness.
    files: CORE,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@nestjs/*', 'express', 'rxjs', 'rxjs/*'],
              message: 'The pure core imports no framework.',
            },
            {
              group: ['better-sqlite3', '@eventstore/*', '@kurrent/*', '@grpc/*'],
              message: 'The pure core imports no database.',
            },
            {
              group: ['fs', 'node:*', 'http', 'https', 'net', 'child_process'],
              message: 'The pure core does no I/O.',
            },
            {
              group: [
                '**/store/*',
                '**/store',
                '**/app/*',
                '**/cli/*',
                '**/ledger/*',
                '**/audit/*',
                '**/read/*',
                '**/http/*',
                '**/pages/*',
              ],
              message: 'Dependencies point inwards: the core knows no outer layer.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'No clock in the core: time comes in on the event.',
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'No clock in the core: time comes in on the event.',
        },
        {
          selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
          message: 'No randomness in the core: a ballot is a recorded event.',
        },
        {
          selector: "MemberExpression[object.name='performance']",
          message: 'No clock in the core.',
        },
      ],
    },
  },
);
