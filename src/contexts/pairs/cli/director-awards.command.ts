import { conventionsFor, withDirectorAwards } from '../../../import/check/check-session';
import type { ImportIssue, ImportedSession } from '../../../import/model';
import { ScoringInputError } from '../../../scoring';

/**
 * On import: the artificial lines whose published points the director set
 * (found by scoring the session under its program's conventions) get their award, which
 * becomes an AdjustedScoreAwarded fact. A session that cannot be scored is imported without
 * awards, with a warning saying why.
 */
export function withAwards(s: ImportedSession, warnings: ImportIssue[]): ImportedSession {
  try {
    return withDirectorAwards(s, conventionsFor(s.program));
  } catch (e) {
    if (!(e instanceof ScoringInputError)) throw e;
    warnings.push({
      path: s.path || 'EVENT',
      message: `cannot be scored to find the director's awards (${e.message}): artificial lines imported as their percentages`,
    });
    return s;
  }
}
