import { projections } from '../src/contexts/projections';
import { foldPass } from './lib/fold-pass';

/**
 * What each read model's fold costs on a ledger, side by side in one run: one pass of the runner
 * over every fact with no read model (the read: rows, JSON, envelope, upcast), then one pass per
 * read model alone, then the ledger directory alone, then the read again, each in memory
 * (nothing saved), each the time of the whole pass. A read model's cost is its pass less the
 * read's.
 *
 *   npm run bench:fold -- bench/.work/federation/federation-32c-37s.db [names…]
 *
 * With names (read model names, `directory`), only those passes are timed, after the first.
 */
const pass = (file: string, names: readonly string[]) => foldPass(file, { only: names });

async function main(): Promise<void> {
  const [file, ...asked] = process.argv.slice(2);
  if (!file) throw new Error('usage: npm run bench:fold -- <ledger.db> [read model names…]');
  const names = asked.length ? asked : [...projections.map((p) => p.name), 'directory'];
  // A first pass warms the file's pages and the code, and is not counted; the read alone is
  // timed before and after the read models, and their mean taken.
  await pass(file, []);
  const before = await pass(file, []);
  const times: Array<[string, number]> = [];
  for (const name of names) times.push([name, await pass(file, [name])]);
  const after = await pass(file, []);
  const read = (before + after) / 2;
  console.log(`the read alone: ${before.toFixed(0)} ms before, ${after.toFixed(0)} ms after`);
  for (const [name, ms] of times)
    console.log(`${name.padEnd(16)} ${ms.toFixed(0)} ms, its fold ${(ms - read).toFixed(0)} ms`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
