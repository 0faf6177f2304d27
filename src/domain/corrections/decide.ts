import type { DecidedFact } from '../../kernel/decider';
import type { ClubContext } from '../context';
import { RuleViolation } from '../rule-violation';
import type { CorrectionsState } from './state';

const dataOf = (fact: DecidedFact) => fact.data as Record<string, unknown>;

/** Decides one fact of a club's corrections stream (issue 16). */
export function decideCorrectionFact(
  fact: DecidedFact,
  state: CorrectionsState,
  _club: ClubContext,
): DecidedFact[] {
  const d = dataOf(fact);
  switch (fact.type) {
    case 'CorrectionAccepted':
    case 'CorrectionRejected': {
      const c = state.corrections[String(d.correctionId)];
      if (!c) {
        throw new RuleViolation(
          'LEDGER',
          `correction ${String(d.correctionId)} was never notified: no CorrectionNotified of it in this stream`,
          'data.correctionId',
        );
      }
      if (c.decision) {
        throw new RuleViolation(
          'LEDGER',
          `correction ${String(d.correctionId)} is decided already (${c.decision.type} at ${c.decision.at}): one decision per correction; a new correction of the same fact supersedes it`,
          'data.correctionId',
        );
      }
      break;
    }
  }
  return [fact];
}
