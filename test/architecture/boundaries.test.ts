import { ESLint } from 'eslint';
import { join } from 'node:path';

/**
 * The dependency rule is an ESLint rule run by `npm test`; these tests prove the rule
 * bites, by linting code placed (virtually) in the core and outside it.
 */
const root = join(__dirname, '../..');
// The config is handed over in-process: Jest's module system cannot import() a config file.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const config = require('../../eslint.config.js') as ESLint.Options['overrideConfig'];
const lint = async (file: string, code: string) => {
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result.messages.map((m) => m.message);
};

describe('the pure core depends on nothing outer', () => {
  it.each([
    ["import { Injectable } from '@nestjs/common';", /no framework/],
    ["import Database from 'better-sqlite3';", /no database/],
    ["import { EventStoreDBClient } from '@eventstore/db-client';", /no database/],
    ["import { readFileSync } from 'node:fs';", /no I\/O/],
    ["import { Subject } from 'rxjs';", /no framework/],
    ["import { openStore } from '../store/open-store';", /point inwards/],
  ])('refuses %s in src/scoring', async (code, message) => {
    const messages = await lint('src/scoring/probe.ts', `${code}\nexport const x = 1;\n`);
    expect(messages.join('\n')).toMatch(message);
  });

  it.each([
    ['export const now = Date.now();', /No clock/],
    ['export const now = new Date();', /No clock/],
    ['export const coin = Math.random();', /No randomness/],
  ])('refuses the clock and randomness: %s', async (code, message) => {
    const messages = await lint('src/contexts/pairs/projection/probe.ts', code + '\n');
    expect(messages.join('\n')).toMatch(message);
  });

  it('lets the outer layers use the framework and the database', async () => {
    const messages = await lint(
      'src/cli/probe.ts',
      "import Database from 'better-sqlite3';\nexport const db = (p: string) => new Database(p);\n",
    );
    expect(messages).toEqual([]);
  });

  it('accepts a date computed from an event in the core', async () => {
    const messages = await lint(
      'src/contexts/league/domain/probe.ts',
      'export const day = (at: string) => new Date(at).getUTCDay();\n',
    );
    expect(messages).toEqual([]);
  });
});
