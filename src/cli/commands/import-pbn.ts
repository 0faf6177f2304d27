import type { EventCatalogue } from '../../kernel/catalogue';
import { validateFacts } from '../../import/append-session';
import { sessionFacts, type FactOptions, type SessionFacts } from '../../import/facts';
import { ImportError, type ImportIssue } from '../../import/model';
import { PbnError, parsePbn, type PbnReadOptions } from '../../import/pbn/parse';
import { readInput } from '../../import/read-input';
import { withAwards } from '../../contexts/pairs/cli/director-awards.command';

export type PbnImportOptions = FactOptions & PbnReadOptions;

/**
 * Reads and checks the whole PBN file and builds every fact before the store is opened: any
 * problem throws ImportError and nothing is written.
 */
export async function planPbnImport(
  file: string,
  catalogue: EventCatalogue,
  options: PbnImportOptions,
): Promise<{ facts: SessionFacts[]; warnings: ImportIssue[] }> {
  const text = await readInput(file);
  let parsed;
  try {
    parsed = parsePbn(text, options);
  } catch (e) {
    if (e instanceof PbnError) throw new ImportError(file, e.issues);
    throw e;
  }
  const warnings = [...parsed.warnings];
  const facts = validateFacts(catalogue, [
    sessionFacts(withAwards(parsed.session, warnings), options),
  ]);
  return { facts, warnings };
}
