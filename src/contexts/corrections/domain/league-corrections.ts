// A league's corrections, rulings and appeals on its match results (LCBA-10.2, LCBA-2.5).
import {
  type AppealDecidedData,
  type AppealLodgedData,
  type CorrectionNotifiedData,
  type RulingGivenData,
} from '../facts/corrections';
import type { DecidedFact } from '../../../kernel/decider';
import { ScoringInputError } from '../../../scoring';
import { leagueStreamId, rulesOfLeague, scoresFormat, type MatchInput } from '../../league';
import type { ClubContext } from '../../club-context';
import { RuleViolation } from '../../../kernel/rule-violation';
import type { AppealRecord, CorrectionsState } from './state';
import { ledger, show } from './refusals';

export const LEAGUE_CORRECTION_TYPES = new Set([
  'CorrectionNotified',
  'CorrectionAccepted',
  'CorrectionRejected',
  // LCBA-10.2: a ruling on a match result; LCBA-10.2 and 2.5: the appeals, decisions, escalations.
  'RulingGiven',
  'AppealLodged',
  'AppealDecided',
  'AppealEscalated',
]);

/**
 * Whether `corrections-<id>` (of no registered club) is league `id`'s: the fact
 * corrects a fact of `league-<id>`, or the stream's corrections already do. A league's facts
 * are on `league-<id>` only once it is registered (the league decider), so such a target is
 * proof of the league.
 */
export function isLeagueCorrections(
  fact: DecidedFact,
  state: CorrectionsState,
  id: string,
  club: ClubContext,
): boolean {
  if (club.leagueOf?.(id) !== undefined) return true;
  const own = leagueStreamId(id);
  if (fact.type === 'CorrectionNotified') {
    return (fact.data as Partial<CorrectionNotifiedData>).target?.streamId === own;
  }
  if ((fact.data as Partial<AppealLodgedData>).against?.structure?.streamId === own) return true;
  if ((fact.data as Partial<RulingGivenData>).match?.streamId === own) return true;
  for (const c in state.corrections) {
    if (state.corrections[c]!.notified.target.streamId === own) return true;
  }
  for (const a in state.appeals) {
    if (state.appeals[a]!.lodged.against.structure?.streamId === own) return true;
  }
  for (const r in state.rulings) {
    if (state.rulings[r]!.data.match?.streamId === own) return true;
  }
  return false;
}

/**
 * A corrected match result is one the league's match rules can score (LCBA-6.3,
 * 6.7, 7.2–7.4, FOUL), as the tables will: refused here, naming the field, rather than
 * breaking the league's table once accepted. Judged on the `match` group of the organiser's
 * rulebook in force on the match's day (the preset's when it has no league rulebook then).
 */
export function checkScorable(
  corrected: Record<string, unknown>,
  club: ClubContext,
  leagueId: string,
): void {
  try {
    const { rules, params } = leagueMatchRules(club, leagueId, corrected.playedOn);
    rules.scoreMatch(corrected.result as unknown as MatchInput, params);
  } catch (e) {
    if (!(e instanceof ScoringInputError)) throw e;
    throw new RuleViolation(e.rule, e.reason, `data.corrected.result.${e.field}`);
  }
}

/**
 * A correction's content of a match left unplayed, checked as the league's rules check the fact
 * itself (their `checkUnplayed`), the field named inside `data.corrected`.
 */
export function checkUnplayedCorrection(
  corrected: Record<string, unknown>,
  club: ClubContext,
  leagueId: string,
): void {
  const { rules, params } = leagueMatchRules(club, leagueId, corrected.on ?? corrected.playedOn);
  try {
    rules.checkUnplayed?.(corrected, params);
  } catch (e) {
    if (!(e instanceof RuleViolation)) throw e;
    const field = e.field?.replace(/^data\./, 'data.corrected.');
    throw new RuleViolation(e.rule, e.reason, field);
  }
}

/** The rules and parameters a league's tables score a match of that day by. */
function leagueMatchRules(club: ClubContext, leagueId: string, day: unknown) {
  const organiser = club.leagueOf?.(leagueId)?.clubId;
  const r =
    organiser !== undefined && typeof day === 'string'
      ? club.rulebookOn(organiser, day)
      : undefined;
  const rules = rulesOfLeague(r);
  return {
    rules,
    params: scoresFormat(r, rules.format) ? r!.params : (rules.preset.params as object),
  };
}

/**
 * LCBA-10.2: a league's ruling is on a match result: `match` names the league's
 * MatchResultRecorded (by event id), its fixture and its day, as the stored fact has them (the
 * appeal's 7 days count from that day). A session's fields are a club's, refused here.
 */
export function decideLeagueRuling(
  d: RulingGivenData,
  state: CorrectionsState,
  club: ClubContext,
  leagueId: string,
): void {
  if (state.rulings[d.rulingId]) {
    throw ledger(`ruling ${d.rulingId} is recorded already in this stream`, 'data.rulingId');
  }
  for (const f of ['competitionId', 'session', 'sessionStreamId', 'awarded', 'rubber'] as const) {
    if (d[f] !== undefined) {
      throw ledger(
        `a league's ruling is on a match (match), not a club's session: ${f} is not part of it (an upheld appeal gives the match's corrected result)`,
        `data.${f}`,
      );
    }
  }
  const m = d.match;
  if (!m) {
    throw ledger(
      `corrections-${leagueId} is league ${leagueId}'s: a ruling here is on a match result: name its MatchResultRecorded (match: eventId, streamId, fixtureId, playedOn)`,
      'data.match',
    );
  }
  const stored = club.factById?.(m.eventId);
  if (!stored) {
    throw ledger(`no fact with event id ${m.eventId} is in the ledger`, 'data.match.eventId');
  }
  const sd = (stored.data ?? {}) as Record<string, unknown>;
  if (
    stored.type !== 'MatchResultRecorded' ||
    stored.streamId !== leagueStreamId(leagueId) ||
    m.streamId !== stored.streamId ||
    sd.leagueId !== leagueId
  ) {
    throw ledger(
      `event ${m.eventId} is a ${stored.type} in ${stored.streamId}, not a MatchResultRecorded of league ${leagueId} in ${leagueStreamId(leagueId)}: a league's ruling is on one of its match results`,
      'data.match.eventId',
    );
  }
  if (sd.fixtureId !== m.fixtureId) {
    throw ledger(
      `event ${m.eventId} is the result of fixture ${show(sd.fixtureId)}, not ${m.fixtureId}`,
      'data.match.fixtureId',
    );
  }
  if (sd.playedOn !== m.playedOn) {
    throw new RuleViolation(
      'LCBA-10.2',
      `fixture ${m.fixtureId} was played on ${show(sd.playedOn)} (its MatchResultRecorded): an appeal's 7 days run from then, not from ${m.playedOn}`,
      'data.match.playedOn',
    );
  }
}

/**
 * LCBA-10.2: an upheld appeal's corrected match result: against a ruling on a match,
 * the whole MatchResultRecorded in its own schema, of the same league and fixture, one the match
 * rules can score.
 */
export function checkCorrectedByAppeal(
  d: AppealDecidedData,
  a: AppealRecord,
  state: CorrectionsState,
  club: ClubContext,
  leagueId: string,
  league: boolean,
): void {
  if (league && d.adjusted !== undefined) {
    throw ledger(
      `a league's upheld appeal gives the match's corrected result (corrected), not a session's adjusted score`,
      'data.adjusted',
    );
  }
  const corrected = d.corrected;
  if (corrected === undefined) return;
  const rulingId = a.lodged.against.rulingId;
  const match = rulingId !== undefined ? state.rulings[rulingId]?.data.match : undefined;
  if (!match) {
    throw ledger(
      `appeal ${d.appealId} is not against a ruling on a match (it is against ${rulingId !== undefined ? `ruling ${rulingId}` : 'the structure'}): it has no match result to correct`,
      'data.corrected',
    );
  }
  const issues = club.factIssues('MatchResultRecorded', corrected) ?? [];
  if (issues.length) {
    const first = issues[0];
    throw ledger(
      `corrected is not a valid MatchResultRecorded: ${issues.map((i) => `${i.field || '(data)'} ${i.message}`).join('; ')}`,
      first.field ? `data.corrected.${first.field}` : 'data.corrected',
    );
  }
  // The match's day too: the appeal's 7 days ran from it (CORRECTABLE_TYPES' reason).
  const expected: Record<string, unknown> = {
    leagueId,
    fixtureId: match.fixtureId,
    playedOn: match.playedOn,
  };
  for (const f of ['leagueId', 'fixtureId', 'playedOn']) {
    if (corrected[f] !== expected[f]) {
      throw ledger(
        `${f} identifies the match ruled on: it must stay ${show(expected[f])}, not ${show(corrected[f])}`,
        `data.corrected.${f}`,
      );
    }
  }
  checkScorable(corrected, club, leagueId);
}
