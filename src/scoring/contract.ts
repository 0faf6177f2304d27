import { ScoringInputError, requireInteger } from './errors';

/** A denomination: clubs, diamonds, hearts, spades, no-trumps. */
export type Strain = 'C' | 'D' | 'H' | 'S' | 'NT';
/** Undoubled, doubled (X) or redoubled (XX). */
export type Doubling = '' | 'X' | 'XX';
/** A compass seat. */
export type Seat = 'N' | 'E' | 'S' | 'W';
/** A contract level, 1 to 7. */
export type Level = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** A bid contract with its declarer. */
export interface Contract {
  readonly level: Level;
  readonly strain: Strain;
  readonly doubling: Doubling;
  readonly declarer: Seat;
}

export const STRAINS: readonly Strain[] = ['C', 'D', 'H', 'S', 'NT'];
export const DOUBLINGS: readonly Doubling[] = ['', 'X', 'XX'];
export const SEATS: readonly Seat[] = ['N', 'E', 'S', 'W'];

/** True for North and South. */
export function isNorthSouth(seat: Seat): boolean {
  return seat === 'N' || seat === 'S';
}

/** STD-SCORE: checks a contract's fields, throwing ScoringInputError naming the bad one. */
export function validateContract(contract: Contract): Contract {
  if (contract === null || typeof contract !== 'object') {
    throw new ScoringInputError('contract', 'STD-SCORE', 'must be an object');
  }
  requireInteger(contract.level, 'level', 'STD-SCORE', 1, 7);
  if (!STRAINS.includes(contract.strain)) {
    throw new ScoringInputError(
      'strain',
      'STD-SCORE',
      `must be one of C, D, H, S, NT, got ${String(contract.strain)}`,
    );
  }
  if (!DOUBLINGS.includes(contract.doubling)) {
    throw new ScoringInputError(
      'doubling',
      'STD-SCORE',
      `must be '', 'X' or 'XX', got ${String(contract.doubling)}`,
    );
  }
  if (!SEATS.includes(contract.declarer)) {
    throw new ScoringInputError(
      'declarer',
      'STD-SCORE',
      `must be one of N, E, S, W, got ${String(contract.declarer)}`,
    );
  }
  return contract;
}

const CONTRACT_TEXT = /^([1-7])\s*(C|D|H|S|NT|N)\s*(XX|X|\*\*|\*)?$/;

/**
 * STD-SCORE: reads a contract as written on a traveller: "3NT", "4SX", "1CXX", "3N", "2H*";
 * "PASS" (or "P", "AP", "Passed out") gives `null`, the passed-out board.
 */
export function parseContract(text: string, declarer: Seat): Contract | null {
  if (typeof text !== 'string') {
    throw new ScoringInputError('contract', 'STD-SCORE', 'must be a string');
  }
  const t = text.trim().toUpperCase();
  if (t === 'PASS' || t === 'P' || t === 'AP' || t === 'PASSED OUT' || t === 'PASSED') {
    return null;
  }
  const m = CONTRACT_TEXT.exec(t);
  if (!m) {
    throw new ScoringInputError('contract', 'STD-SCORE', `cannot be read: "${text}"`);
  }
  const strain: Strain = m[2] === 'N' ? 'NT' : (m[2] as Strain);
  const d = m[3] ?? '';
  const doubling: Doubling = d === 'XX' || d === '**' ? 'XX' : d === 'X' || d === '*' ? 'X' : '';
  return validateContract({ level: Number(m[1]) as Level, strain, doubling, declarer });
}

/** STD-SCORE: a contract written the usual way, e.g. "4SX" (declarer not included). */
export function formatContract(contract: Contract | null): string {
  if (contract === null) return 'PASS';
  return `${contract.level}${contract.strain}${contract.doubling}`;
}
