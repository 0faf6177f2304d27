import { readFile } from 'node:fs/promises';
import { ImportError } from './model';

/** Reads a file, turning "no such file" into an input problem (exit 1), not a crash. */
export async function readInput(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new ImportError(file, [{ path: file, message: `cannot be read (${code ?? String(e)})` }]);
  }
}
