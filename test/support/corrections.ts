import type { Proposed } from './nz-club';
import { LCBA_APPEALS, PINNER_APPEALS } from '../../src/rulebooks/deadlines';
import { clubRegistered, competition, proposed, rulebookAdopted, ROSTER } from './nz-club';

/**
 * Karori's autumn pairs on three Mondays across the end of New Zealand daylight
 * time (Sunday 5 April 2026, 03:00 NZDT → 02:00 NZST), its results, and the facts of its
 * corrections stream as a director or a club system proposes them.
 */
export const AUTUMN_DATES = ['2026-03-30', '2026-04-06', '2026-04-13'] as const;
export const autumn = competition('autumn', 'three-four-session-pairs', 'monday', AUTUMN_DATES, {
  p1: ['mia', 'max'],
  p2: ['wes', 'vic'],
});

export const CORRECTIONS = 'corrections-karori';

/** The club, its rulebook, roster, the competition and session 1's two results. */
export function karoriAutumn(): { facts: Proposed[]; result1p1: Proposed; result1p2: Proposed } {
  const result1p1 = autumn.result(1, 'p1');
  const result1p2 = autumn.result(1, 'p2');
  return {
    facts: [clubRegistered(), rulebookAdopted(), ...ROSTER, ...autumn.setup, result1p1, result1p2],
    result1p1,
    result1p2,
  };
}

/** A correction of a stored fact: its target named, the corrected data in its own shape. */
export function correctionOf(
  target: Proposed,
  corrected: Record<string, unknown>,
  occurredAt: string,
  correctionId = 'c1',
  extra: Record<string, unknown> = {},
): Proposed {
  return proposed(
    CORRECTIONS,
    'CorrectionNotified',
    {
      clubId: 'karori',
      correctionId,
      target: { eventId: target.id, streamId: target.streamId, type: target.type },
      corrected,
      notifiedBy: 'mia',
      ...extra,
    },
    occurredAt,
  );
}

/** The corrected content of a session result: the same pair's, another percentage. */
export const withPercentage = (result: Proposed, percentage: number) => ({
  ...(result.data as Record<string, unknown>),
  percentage,
});

export const accepted = (correctionId: string, at: string, extra: Record<string, unknown> = {}) =>
  proposed(
    CORRECTIONS,
    'CorrectionAccepted',
    { clubId: 'karori', correctionId, by: 'director', ...extra },
    at,
  );

export const rejected = (correctionId: string, at: string, extra: Record<string, unknown> = {}) =>
  proposed(
    CORRECTIONS,
    'CorrectionRejected',
    { clubId: 'karori', correctionId, by: 'director', reason: 'not a scoring error', ...extra },
    at,
  );

/** Karori's facts with the LCBA's appeals (LCBA-10.2: 7 days after the match) adopted. */
export function karoriUnderLcbaAppeals(): Proposed[] {
  const [registered, , ...rest] = karoriAutumn().facts;
  return [registered!, rulebookAdopted('nz-club', { appeals: LCBA_APPEALS }), ...rest];
}

/** The director's ruling r1 on board 7 of session 1 (Monday 30 March 2026). */
export const rulingR1 = () =>
  proposed(
    CORRECTIONS,
    'RulingGiven',
    {
      clubId: 'karori',
      rulingId: 'r1',
      director: 'dora',
      competitionId: 'autumn',
      session: 1,
      board: 7,
      decision: 'Law 64: two tricks transferred',
    },
    '2026-03-30T21:00:00+13:00',
  );

/** An appeal against ruling r1, received then. */
export const appealAgainstR1 = (
  appealId: string,
  receivedAt: string,
  extra: Record<string, unknown> = {},
) =>
  proposed(
    CORRECTIONS,
    'AppealLodged',
    { clubId: 'karori', appealId, against: { rulingId: 'r1' }, by: 'max', receivedAt, ...extra },
    receivedAt,
  );

/** The committee's decision on an appeal (dismissed unless `extra` says otherwise). */
export const appealDecided = (
  appealId: string,
  decidedAt: string,
  extra: Record<string, unknown> = {},
) =>
  proposed(
    CORRECTIONS,
    'AppealDecided',
    { clubId: 'karori', appealId, outcome: 'dismissed', by: 'committee', decidedAt, ...extra },
    decidedAt,
  );

/**
 * Karori with Pinner BC's appeals adopted as its `appeals` group (there is no Pinner preset
 * before Pinner's preset): PIN-R28 for a duplicate ruling (30 minutes after the session's official
 * score), PIN-R26 for a ruling at rubber bridge (before the end of the rubber). `appeals`
 * replaces the group (a rubber-only club: `{ ...PINNER_APPEALS, ruling: … }`).
 */
export function karoriUnderPinnerAppeals(appeals: unknown = PINNER_APPEALS): Proposed[] {
  const [registered, , ...rest] = karoriAutumn().facts;
  return [registered!, rulebookAdopted('nz-club', { appeals }), ...rest];
}

/** A ruling at rubber bridge (no competition): its rubber and when it ended (PIN-R26). */
export const rubberRuling = (
  rulingId: string,
  occurredAt: string,
  rubber: unknown,
  extra: Record<string, unknown> = {},
) =>
  proposed(
    CORRECTIONS,
    'RulingGiven',
    {
      clubId: 'karori',
      rulingId,
      director: 'the duty member',
      decision: 'Law 64: one trick transferred',
      rubber,
      ...extra,
    },
    occurredAt,
  );

/** An appeal against a ruling, received then. */
export const appealAgainst = (
  rulingId: string,
  appealId: string,
  receivedAt: string,
  extra: Record<string, unknown> = {},
) =>
  proposed(
    CORRECTIONS,
    'AppealLodged',
    { clubId: 'karori', appealId, against: { rulingId }, by: 'max', receivedAt, ...extra },
    receivedAt,
  );
