import { conventionsFor, checkSession, type CheckReport } from '../../import/check/check-session';
import { formatReports } from '../../import/check/format';
import { ImportError, type ImportedSession } from '../../import/model';
import { PbnError, parsePbn } from '../../import/pbn/parse';
import { UsebioError, parseUsebio } from '../../import/usebio/parse';
import { ScoringInputError } from '../../scoring';
import { readInput } from '../../import/read-input';

function checkAll(
  file: string,
  sessions: ImportedSession[],
  where: (s: ImportedSession) => string,
): { reports: CheckReport[]; text: string } {
  const reports: CheckReport[] = [];
  for (const s of sessions) {
    try {
      reports.push(checkSession(s, conventionsFor(s.program)));
    } catch (e) {
      if (!(e instanceof ScoringInputError)) throw e;
      throw new ImportError(file, [{ path: where(s), message: `cannot be scored: ${e.message}` }]);
    }
  }
  return { reports, text: formatReports(reports) };
}

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
  return checkAll(file, parsed.sessions, (s) => s.path || 'EVENT');
}

/**
 * `check pbn`, as `check usebio`: the PBN file's ScoreTables scored and every
 * published number (MP_/IMP_ and Percentage_ per line, the TotalScoreTable's totals,
 * percentages and ranks, a board's Datum) compared.
 */
export async function checkPbn(file: string): Promise<{ reports: CheckReport[]; text: string }> {
  const text = await readInput(file);
  let parsed;
  try {
    // The club does not matter to the check; PBN files do not name it.
    parsed = parsePbn(text, { clubId: 'check' });
  } catch (e) {
    if (e instanceof PbnError) throw new ImportError(file, e.issues);
    throw e;
  }
  return checkAll(file, [parsed.session], () => 'ScoreTable');
}
