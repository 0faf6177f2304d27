import { conventionsFor, checkSession, type CheckReport } from '../../import/check/check-session';
import { formatReport } from '../../import/check/format';
import { ImportError } from '../../import/model';
import { UsebioError, parseUsebio } from '../../import/usebio/parse';
import { ScoringInputError } from '../../scoring';
import { readInput } from '../../import/read-input';

/**
 * Scores every session of a USEBIO file with our scoring module and compares each published
 * number. Returns the reports and their text; throws ImportError when the file cannot be read
 * or scored (each problem named).
 */
export async function checkUsebio(file: string): Promise<{ reports: CheckReport[]; text: string }> {
  const xml = await readInput(file);
  let parsed;
  try {
    parsed = parseUsebio(xml);
  } catch (e) {
    if (e instanceof UsebioError) throw new ImportError(file, e.issues);
    throw e;
  }
  const reports: CheckReport[] = [];
  for (const s of parsed.sessions) {
    try {
      reports.push(checkSession(s, conventionsFor(s.program)));
    } catch (e) {
      if (!(e instanceof ScoringInputError)) throw e;
      throw new ImportError(file, [
        { path: s.path || 'EVENT', message: `cannot be scored: ${e.message}` },
      ]);
    }
  }
  return { reports, text: reports.map(formatReport).join('\n') };
}
