import { RuleViolation } from '../../../kernel/rule-violation';
import type { CompetitionFact, SubstitutePlayed } from './facts';
import { resultOf, sessionKey, type CompetitionState } from './state';

/**
 * NZ-6 cross-substitution: the remaining members of two pairs play together, each the other's
 * substitute, and the one score counts for both pairs. The NZ standings score it only when
 * both pairs' results are there, equal (percentage in hundredths, boards played), each marked
 * as a cross-substitution with the other (`nzStandings`: "must have the same score …"); the
 * deciders keep the ledger to that (docs/rules-nz.md, "NZ-6 on the write side").
 */

/** A pair's own substitution at a session that names a cross pair, if any. */
export function ownCrossSubstitution(
  state: CompetitionState,
  session: number,
  pairId: string,
): SubstitutePlayed | undefined {
  return state.substitutes[sessionKey(session, pairId)]?.find((s) => s.crossPairId !== undefined);
}

/** The pairs whose substitution at a session names `pairId` as their cross pair. */
export function crossPairsNaming(
  state: CompetitionState,
  session: number,
  pairId: string,
): string[] {
  const out: string[] = [];
  for (const subs of Object.values(state.substitutes)) {
    for (const s of subs) {
      if (s.session === session && s.crossPairId === pairId && s.pairId !== pairId) {
        out.push(s.pairId);
      }
    }
  }
  return out;
}

/**
 * The pair cross-linked with `pairId` at a session: the cross pair its own substitution names,
 * else a pair whose substitution names it.
 */
export function crossPartnerOf(
  state: CompetitionState,
  session: number,
  pairId: string,
): string | undefined {
  return (
    ownCrossSubstitution(state, session, pairId)?.crossPairId ??
    crossPairsNaming(state, session, pairId)[0]
  );
}

/** Hundredths of a percent, as the NZ standings compare scores (55.1 → 5510). */
const hundredths = (percent: number) => Math.round(percent * 100);

/**
 * NZ-6: may this result be recorded for a pair cross-linked with another at its session? Both
 * pairs' substitutions must be recorded, each naming the other (else one pair's score is not
 * marked as the cross-substitution and the standings cannot pair them), and when the other
 * pair's result is in, this one must be the same score: the same percentage (in hundredths),
 * boards played and players.
 */
export function crossResultViolation(
  state: CompetitionState,
  r: {
    session: number;
    pairId: string;
    players: string[];
    percentage: number;
    boardsPlayed: number;
  },
): RuleViolation | undefined {
  const other = crossPartnerOf(state, r.session, r.pairId);
  if (other === undefined) return undefined;
  const link = `the NZ-6 cross-substitution of pairs ${r.pairId} and ${other} at session ${r.session}`;
  for (const [me, them] of [
    [r.pairId, other],
    [other, r.pairId],
  ]) {
    if (ownCrossSubstitution(state, r.session, me)?.crossPairId !== them) {
      return new RuleViolation(
        'NZ-6',
        `${link} is recorded for one pair only: record pair ${me}'s SubstitutePlayed (crossPairId ${them}) before the results`,
        'data.pairId',
      );
    }
  }
  const theirs = resultOf(state, r.session, other);
  if (!theirs) return undefined;
  const one = `the one score counts for both pairs, and pair ${other} has`;
  if (hundredths(theirs.percentage) !== hundredths(r.percentage)) {
    return new RuleViolation(
      'NZ-6',
      `${link}: ${one} ${theirs.percentage} %, not ${r.percentage} %`,
      'data.percentage',
    );
  }
  if (theirs.boardsPlayed !== r.boardsPlayed) {
    return new RuleViolation(
      'NZ-6',
      `${link}: ${one} ${theirs.boardsPlayed} boards played, not ${r.boardsPlayed}`,
      'data.boardsPlayed',
    );
  }
  const same =
    theirs.players.length === r.players.length &&
    r.players.every((p) => theirs.players.includes(p));
  if (!same) {
    return new RuleViolation(
      'NZ-6',
      `${link}: the remaining members play together, and pair ${other}'s result names ${theirs.players.join(', ')}, not ${r.players.join(', ')}`,
      'data.players',
    );
  }
  return undefined;
}

/**
 * NZ-6: may this substitution be recorded, given the cross-substitutions of its session?
 * A substitution naming a cross pair: that pair's session is not scored yet (its result would
 * not be the cross-substitution score), it is linked with no third pair, and its own
 * substitution, when recorded, names this pair back and did not replace this substitute.
 * Any substitution of a pair another pair's substitution names as its cross pair must be the
 * mirror: name that pair as its cross pair.
 */
export function crossSubstitutionViolation(
  state: CompetitionState,
  s: SubstitutePlayed,
  isScored: (session: number, pairId: string) => boolean,
): RuleViolation | undefined {
  const naming = crossPairsNaming(state, s.session, s.pairId);
  const expected = naming[0];
  if (expected !== undefined && s.crossPairId !== expected) {
    return new RuleViolation(
      'NZ-6',
      `pair ${expected}'s substitution at session ${s.session} names pair ${s.pairId} as its cross pair: this one must name pair ${expected} (crossPairId), its remaining member the substitute`,
      'data.crossPairId',
    );
  }
  const cross = s.crossPairId;
  if (cross === undefined) return undefined;
  if (isScored(s.session, cross)) {
    return new RuleViolation(
      'NZ-6',
      `pair ${cross}'s session ${s.session} is already scored without this cross-substitution: the one score must count for both pairs`,
      'data.crossPairId',
    );
  }
  const third = crossPairsNaming(state, s.session, cross).find((p) => p !== s.pairId);
  if (third !== undefined) {
    return new RuleViolation(
      'NZ-6',
      `pair ${cross} is already cross-substituted with pair ${third} at session ${s.session}`,
      'data.crossPairId',
    );
  }
  const theirs = state.substitutes[sessionKey(s.session, cross)]?.[0];
  if (theirs && theirs.crossPairId !== s.pairId) {
    return new RuleViolation(
      'NZ-6',
      `pair ${cross}'s substitute at session ${s.session} is ${theirs.substituteId}, not a member of pair ${s.pairId}: their remaining members cannot play together`,
      'data.crossPairId',
    );
  }
  if (theirs && theirs.absentPlayerId === s.substituteId) {
    return new RuleViolation(
      'NZ-6',
      `${s.substituteId} is pair ${cross}'s absent player at session ${s.session}, not its remaining member`,
      'data.substituteId',
    );
  }
  return undefined;
}

/**
 * NZ-6, after a batch: a result of a cross-linked pair needs its cross pair's result in the
 * ledger by the end of the same append (the one score counts for both; the standings cannot
 * score it in one pair alone). `state` has the batch folded; `batch` is the batch in order.
 * Returns the first result left alone, with its place in the batch.
 */
export function loneCrossResult(
  state: CompetitionState,
  batch: readonly CompetitionFact[],
): { index: number; violation: RuleViolation } | undefined {
  for (const [index, f] of batch.entries()) {
    if (f.type !== 'SessionResultRecorded') continue;
    const { session, pairId } = f.data;
    const other = crossPartnerOf(state, session, pairId);
    if (other === undefined || resultOf(state, session, other)) continue;
    return {
      index,
      violation: new RuleViolation(
        'NZ-6',
        `pair ${pairId}'s result at session ${session} is the NZ-6 cross-substitution score with pair ${other}, which counts for both pairs: record pair ${other}'s result in the same append`,
        'data.pairId',
      ),
    };
  }
  return undefined;
}
