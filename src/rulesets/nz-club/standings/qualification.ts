import type { NzClubParams } from '../preset';
import { type Night, NzInputError, type NzVerdict } from './types';

/** NZ-3: substitutions allowed in an event of `sessions` sessions: `substituteLimitPercent` %
 * of the sessions, rounded down (3 or 4 sessions: 1; 10 sessions: 4). Integer arithmetic. */
export function substituteLimit(sessions: number, params: NzClubParams): number {
  return Math.floor((sessions * params.substituteLimitPercent) / 100);
}

/** NZ-3: a pair with more substitutions than the limit does not qualify (listed, not placed). */
export function substituteLimitVerdict(
  competitor: string,
  substitutions: number,
  sessions: number,
  params: NzClubParams,
): NzVerdict {
  const limit = substituteLimit(sessions, params);
  const ok = substitutions <= limit;
  return {
    rule: 'NZ-3',
    subject: competitor,
    scope: 'event',
    ok,
    reason: `${substitutions} substitution(s); at most ${limit} allowed (${params.substituteLimitPercent} % of ${sessions} sessions, rounded down)${ok ? '' : ': does not qualify'}`,
  };
}

/** NZ-1: the regular partnership must play at least `regularMinSessions` sessions. */
export function regularPartnershipVerdict(
  competitor: string,
  regularSessions: number,
  params: NzClubParams,
): NzVerdict {
  const min = params.tenSession.regularMinSessions;
  const ok = regularSessions >= min;
  return {
    rule: 'NZ-1',
    subject: competitor,
    scope: 'event',
    ok,
    reason: `the regular partnership played ${regularSessions} session(s); at least ${min} required${ok ? '' : ': does not qualify'}`,
  };
}

/** NZ-9: a Wellesley pair qualifies only as one of the rulebook's home-night combinations
 * (Tuesday/Monday or Tuesday/Wednesday), in either order. */
export function wellesleyVerdict(
  competitor: string,
  homeNights: readonly Night[] | undefined,
  params: NzClubParams,
): NzVerdict {
  if (!homeNights || homeNights.length !== 2) {
    throw new NzInputError(
      'NZ-9',
      `${competitor}.homeNights`,
      `must give the two players' home nights for the Wellesley Pairs, got ${JSON.stringify(homeNights)}`,
    );
  }
  const [a, b] = homeNights;
  const ok = params.wellesley.qualifyingPairs.some(
    ([x, y]) => (x === a && y === b) || (x === b && y === a),
  );
  return {
    rule: 'NZ-9',
    subject: competitor,
    scope: 'event',
    ok,
    reason: `a ${a}/${b} pair${ok ? ' qualifies' : ': only ' + params.wellesley.qualifyingPairs.map((p) => p.join('/')).join(' or ') + ' pairs qualify'}`,
  };
}
