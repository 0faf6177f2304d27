import type { CompetitionState } from '../../contexts/pairs/domain/state';
import { resultsOf, sessionDateOf, sessionKey } from '../../contexts/pairs/domain/state';
import type {
  Night,
  NzEntry,
  NzEventSpec,
  NzSessionScore,
  NzVerdict,
  OneBoardReason,
} from './standings';
import { toHundredths } from '../../contexts/pairs/projection/hundredths';
import { isScoredResult } from '../../contexts/pairs/projection/scored-sessions';
import {
  isEligibilityIndex,
  NZ_KIND_OF_FORMAT as KIND,
  nzEligibilityIndex,
  nzEligibilityVerdicts,
  nzNight as night,
  type NzEligibilityIndex,
  type NzEligibilitySource,
} from './eligibility';
import { rosterEntryOn, type RosterEntry } from '../../contexts/pairs/projection/state';

export { nzEligibilityIndex, type NzEligibilityIndex, type NzEligibilitySource };

/**
 * The NZ standings' input from a competition's facts: each pair's session scores, whether a
 * substitute played (NZ-1, NZ-3, NZ-4), an NZ-6 cross-substitution, and the NZ-5 reasons read
 * off the club's roster (a non-member or visitor at the table; a Tuesday player in the
 * Victoria Pairs).
 *
 * With `eligibility` (an index of every play in the club, or the state and rulebook to build one
 * from), each entry also carries the NZ-8 and NZ-10 verdicts of its sessions up to `upToSession`
 * (see `nzEligibilityVerdicts`): a 3rd Wednesday (NZ-8f), a 3rd Monday (NZ-8g) or a Tuesday
 * Junior on a Monday (NZ-8g) leaves the pair listed, not placed.
 *
 * A session scored here from board results (SessionScoredFromBoards) arrives in `resultsOf(c)`
 * derived by the scoring engine (see `withScoredSessions`); its source is explained.
 */
export function nzInput(
  c: CompetitionState,
  roster: Record<string, RosterEntry>,
  upToSession = Number.MAX_SAFE_INTEGER,
  eligibility?: NzEligibilityIndex | NzEligibilitySource,
): { event: NzEventSpec; entries: NzEntry[] } {
  const created = c.competition!;
  const sessionDate = (session: number) => sessionDateOf(c, session) ?? created.sessions[0].date;
  const kind = KIND[created.format];
  const event: NzEventSpec = { kind, sessions: created.sessions.length };
  const index =
    eligibility === undefined || isEligibilityIndex(eligibility)
      ? eligibility
      : nzEligibilityIndex(eligibility.state, created.clubId, eligibility.params);
  const verdicts = index ? nzEligibilityVerdicts(index, c, upToSession) : {};
  const results = resultsOf(c);
  const entries = Object.entries(c.pairs).map(([pairId, pair]): NzEntry => {
    const scores: NzSessionScore[] = [];
    for (const r of results) {
      if (r.pairId !== pairId || r.session > upToSession) continue;
      const subs = c.substitutes[sessionKey(r.session, pairId)] ?? [];
      const reasons = new Set<OneBoardReason>();
      for (const p of r.players) {
        const status = rosterEntryOn(roster[p], sessionDate(r.session))?.status;
        // NZ-7: a nominee counts as a member; NZ-5: anyone else from outside the club.
        if (status === 'non-member' || status === 'visitor') reasons.add('partner-non-member');
        if (kind === 'victoria-pairs' && roster[p]?.homeNight === 'tuesday') {
          reasons.add('tuesday-player');
        }
      }
      const cross = subs.find((s) => s.crossPairId !== undefined)?.crossPairId;
      scores.push({
        session: r.session,
        percentage: toHundredths(r.percentage),
        boardsPlayed: r.boardsPlayed,
        ...(subs.length ? { substitute: true } : {}),
        ...(cross ? { crossSubstitutionWith: cross } : {}),
        ...(reasons.size ? { oneBoardPenalties: [...reasons] } : {}),
      });
    }
    scores.sort((a, b) => a.session - b.session);
    // Where a session's percentage comes from when it was scored here from board results
    // (STD-MP). The NZ computation has no note of its own: an 'ok' verdict is explained and
    // changes nothing.
    const scoredHere: NzVerdict[] = results
      .filter((r) => r.pairId === pairId && r.session <= upToSession)
      .filter(isScoredResult)
      .sort((a, b) => a.session - b.session)
      .map((r) => ({
        rule: 'STD-MP',
        subject: pairId,
        scope: 'play',
        ok: true,
        reason: `session ${r.session} scored from the board results of ${r.scoredFrom.sessionStreamId} (pair ${r.scoredFrom.pairNumber}): ${r.scoredFrom.matchpoints} matchpoints of ${r.scoredFrom.tops} = ${r.percentage.toFixed(2)} % over ${r.boardsPlayed} boards`,
      }));
    const allVerdicts = [...scoredHere, ...(verdicts[pairId] ?? [])];
    const homeNights = pair.players
      .map((p) => night(roster[p]?.homeNight))
      .filter((n): n is Night => n !== undefined);
    return {
      competitor: pairId,
      scores,
      ...(homeNights.length ? { homeNights } : {}),
      ...(allVerdicts.length ? { verdicts: allVerdicts } : {}),
    };
  });
  return { event, entries };
}
