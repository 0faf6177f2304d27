import { type Contract, isNorthSouth, validateContract } from './contract';
import { ScoringInputError, requireInteger } from './errors';
import { isVulnerable } from './vulnerability';

// STD-SCORE: the duplicate score of Law 77. Honours are never counted in duplicate.

/** Trick score of the odd tricks bid (Law 77 "contract points"), before doubling. */
function trickValue(contract: Contract): number {
  const { level, strain } = contract;
  switch (strain) {
    case 'C':
    case 'D':
      return 20 * level;
    case 'H':
    case 'S':
      return 30 * level;
    case 'NT':
      return 40 + 30 * (level - 1);
  }
}

function doublingFactor(contract: Contract): 1 | 2 | 4 {
  return contract.doubling === 'XX' ? 4 : contract.doubling === 'X' ? 2 : 1;
}

/** Value of one overtrick. */
function overtrickValue(contract: Contract, vulnerable: boolean): number {
  if (contract.doubling === '') return contract.strain === 'C' || contract.strain === 'D' ? 20 : 30;
  const perTrick = vulnerable ? 200 : 100;
  return contract.doubling === 'XX' ? 2 * perTrick : perTrick;
}

/** Penalty for `down` undertricks (a positive number; the defenders' score). */
function undertrickPenalty(contract: Contract, down: number, vulnerable: boolean): number {
  if (contract.doubling === '') return (vulnerable ? 100 : 50) * down;
  // Doubled: not vulnerable 100, 200, 200, then 300 each; vulnerable 200, then 300 each.
  let penalty = 0;
  for (let i = 1; i <= down; i++) {
    if (vulnerable) penalty += i === 1 ? 200 : 300;
    else penalty += i === 1 ? 100 : i <= 3 ? 200 : 300;
  }
  return contract.doubling === 'XX' ? 2 * penalty : penalty;
}

/**
 * STD-SCORE: the score of a contract for the DECLARING side under Law 77: positive when it
 * makes (trick score, part-score/game bonus, slam bonus, insult, overtricks), negative when it
 * goes down (undertricks). `tricks` is the number of tricks declarer took, 0 to 13.
 */
export function contractScore(contract: Contract, tricks: number, vulnerable: boolean): number {
  validateContract(contract);
  requireInteger(tricks, 'tricks', 'STD-SCORE', 0, 13);
  if (typeof vulnerable !== 'boolean') {
    throw new ScoringInputError('vulnerable', 'STD-SCORE', 'must be a boolean');
  }
  const needed = contract.level + 6;
  if (tricks < needed) return -undertrickPenalty(contract, needed - tricks, vulnerable);

  const factor = doublingFactor(contract);
  const contractPoints = trickValue(contract) * factor;
  let score = contractPoints;
  score += contractPoints >= 100 ? (vulnerable ? 500 : 300) : 50;
  if (contract.level === 6) score += vulnerable ? 750 : 500;
  if (contract.level === 7) score += vulnerable ? 1500 : 1000;
  if (factor === 2) score += 50;
  if (factor === 4) score += 100;
  score += (tricks - needed) * overtrickValue(contract, vulnerable);
  return score;
}

/** A played (or passed-out) board: `contract` null means passed out. */
export interface DealResult {
  readonly board: number;
  readonly contract: Contract | null;
  /** Tricks taken by declarer, 0–13; ignored (may be omitted) when passed out. */
  readonly tricks?: number;
}

/** STD-SCORE: the score of a deal from the point of view of North-South (passed out = 0). */
export function nsScore(deal: DealResult): number {
  requireInteger(deal.board, 'board', 'STD-SCORE', 1);
  if (deal.contract === null) return 0;
  validateContract(deal.contract);
  const vulnerable = isVulnerable(deal.board, deal.contract.declarer);
  const score = contractScore(deal.contract, deal.tricks as number, vulnerable);
  return isNorthSouth(deal.contract.declarer) ? score : -score;
}

/** The outcome of checking a reported score against the contract and tricks. */
export interface ScoreCheck {
  /** The score computed from contract and tricks, NS's point of view. */
  readonly computedNsScore: number;
  readonly reportedNsScore: number;
  /** False when the reported score disagrees: for the caller to show as an error. */
  readonly agrees: boolean;
}

/**
 * STD-SCORE: a traveller line that carries contract and tricks AND a score: compute the score
 * and say whether the reported one agrees. A mismatch is not thrown: the caller reports it.
 */
export function checkReportedScore(deal: DealResult, reportedNsScore: number): ScoreCheck {
  requireInteger(reportedNsScore, 'reportedNsScore', 'STD-SCORE');
  const computedNsScore = nsScore(deal);
  return { computedNsScore, reportedNsScore, agrees: computedNsScore === reportedNsScore };
}
