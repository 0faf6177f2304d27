import type {
  AppealDecidedData,
  AppealEscalatedData,
  AppealLodgedData,
  CorrectionAcceptedData,
  CorrectionNotifiedData,
  CorrectionRejectedData,
  RulingGivenData,
} from '../facts/corrections';
import type { DecidedFact } from '../../../kernel/decider';
import { dict } from '../../../kernel/dict';

/** A correction as the club's corrections stream holds it: notified, then decided once. */
export interface CorrectionRecord {
  notified: CorrectionNotifiedData;
  /** When it was notified (its occurredAt): whether it is late is derived from it (NZ-13). */
  notifiedAt: string;
  decision?:
    | { type: 'CorrectionAccepted'; at: string; data: CorrectionAcceptedData }
    | { type: 'CorrectionRejected'; at: string; data: CorrectionRejectedData };
}

export interface AppealRecord {
  lodged: AppealLodgedData;
  lodgedAt: string;
  decided?: { at: string; data: AppealDecidedData };
  escalated?: { at: string; data: AppealEscalatedData };
}

/** The club's corrections stream folded: corrections, rulings and appeals by their ids. */
export interface CorrectionsState {
  corrections: Record<string, CorrectionRecord>;
  rulings: Record<string, { at: string; data: RulingGivenData }>;
  appeals: Record<string, AppealRecord>;
}

export const initialCorrectionsState = (): CorrectionsState => ({
  corrections: dict(),
  rulings: dict(),
  appeals: dict(),
});

/** Folds one fact of a club's corrections stream (in place). */
export function evolveCorrections(state: CorrectionsState, fact: DecidedFact): void {
  const d = fact.data as Record<string, unknown>;
  switch (fact.type) {
    case 'CorrectionNotified': {
      const data = d as unknown as CorrectionNotifiedData;
      state.corrections[data.correctionId] = { notified: data, notifiedAt: fact.occurredAt };
      break;
    }
    case 'CorrectionAccepted':
    case 'CorrectionRejected': {
      const c = state.corrections[String(d.correctionId)];
      if (c && !c.decision) {
        c.decision = {
          type: fact.type,
          at: fact.occurredAt,
          data: d,
        } as unknown as CorrectionRecord['decision'];
      }
      break;
    }
    case 'RulingGiven': {
      const data = d as unknown as RulingGivenData;
      state.rulings[data.rulingId] = { at: fact.occurredAt, data };
      break;
    }
    case 'AppealLodged': {
      const data = d as unknown as AppealLodgedData;
      state.appeals[data.appealId] = { lodged: data, lodgedAt: fact.occurredAt };
      break;
    }
    case 'AppealDecided': {
      const a = state.appeals[String(d.appealId)];
      if (a && !a.decided)
        a.decided = { at: fact.occurredAt, data: d as unknown as AppealDecidedData };
      break;
    }
    case 'AppealEscalated': {
      const a = state.appeals[String(d.appealId)];
      if (a && !a.escalated) {
        a.escalated = { at: fact.occurredAt, data: d as unknown as AppealEscalatedData };
      }
      break;
    }
  }
}
