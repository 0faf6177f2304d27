import { extname, join } from 'node:path';

/**
 * A worker thread's script (src/cli/workers: an entry point, which loads the contexts and
 * rulesets the ledger ships): compiled JavaScript, or TypeScript under ts-node (the tests).
 */
export function workerScript(name: string): { file: string; execArgv: string[] } {
  const ext = extname(__filename);
  const file = join(__dirname, '..', 'cli', 'workers', `${name}${ext}`);
  return { file, execArgv: ext === '.ts' ? ['-r', 'ts-node/register/transpile-only'] : [] };
}
