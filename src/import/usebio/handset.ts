import { dealShape } from '../../contexts/pairs/facts/deals';
import type { ImportedDeal } from '../model';
import { asNode, type Reader } from './reader';
type Seat = 'N' | 'E' | 'S' | 'W';

/** The seats as USEBIO writes them ("North" or "N"). */
const SEATS: Record<string, Seat> = {
  N: 'N',
  NORTH: 'N',
  E: 'E',
  EAST: 'E',
  S: 'S',
  SOUTH: 'S',
  W: 'W',
  WEST: 'W',
};
const SUITS = ['SPADES', 'HEARTS', 'DIAMONDS', 'CLUBS'] as const;
const VULNERABILITY_CYCLE = [
  'None',
  'NS',
  'EW',
  'All',
  'NS',
  'EW',
  'All',
  'None',
  'EW',
  'All',
  'None',
  'NS',
  'All',
  'None',
  'NS',
  'EW',
] as const;

/**
 * Law 2: a duplicate board's number fixes its dealer (North on board 1, then clockwise) and its
 * vulnerability (the cycle of 16). USEBIO's hand set names neither, so the hand record takes
 * the board's own.
 */
export const dealerAndVulnerabilityOf = (board: number) => ({
  dealer: (['N', 'E', 'S', 'W'] as const)[(board - 1) % 4]!,
  vulnerable: VULNERABILITY_CYCLE[(board - 1) % 16]!,
});

/**
 * USEBIO's `HANDSET` (a child of USEBIO or of EVENT): each BOARD's four HANDs, each a DIRECTION
 * and its SPADES, HEARTS, DIAMONDS and CLUBS. A board whose four hands are not a whole pack of
 * 52 cards is an issue naming its element; a board with a hand missing is no hand record (a
 * warning), as PBN's "-" is.
 */
export function handsetOf(r: Reader, handset: unknown, at: string): Map<number, ImportedDeal> {
  const deals = new Map<number, ImportedDeal>();
  const sets = handset === undefined ? [] : Array.isArray(handset) ? handset : [handset];
  for (const [i, b] of sets
    .map(asNode)
    .flatMap((h) => r.children(h, 'BOARD'))
    .entries()) {
    const bp = `${at}/BOARD[${i + 1}]`;
    const numText = r.text(b, 'BOARD_NUMBER', bp) ?? '';
    const board = Number(numText);
    if (!/^\d+$/.test(numText) || board < 1) {
      r.issues.push({ path: `${bp}/BOARD_NUMBER`, message: `not a board number: "${numText}"` });
      continue;
    }
    const hands: Partial<Record<Seat, string>> = {};
    for (const [j, h] of r.children(b, 'HAND').entries()) {
      const hp = `${bp}/HAND[${j + 1}]`;
      const direction = r.text(h, 'DIRECTION', hp) ?? '';
      const seat = SEATS[direction.toUpperCase()];
      if (!seat) {
        r.issues.push({
          path: `${hp}/DIRECTION`,
          message: `North, East, South or West expected, got "${direction}"`,
        });
        continue;
      }
      if (hands[seat] !== undefined) {
        r.issues.push({ path: `${hp}/DIRECTION`, message: `board ${board} has two ${seat} hands` });
        continue;
      }
      hands[seat] = SUITS.map((s) =>
        (r.text(h, s, hp) ?? '').toUpperCase().replace(/10/g, 'T'),
      ).join('.');
    }
    const missing = (['N', 'E', 'S', 'W'] as const).filter((s) => hands[s] === undefined);
    if (missing.length) {
      r.warnings.push({
        path: bp,
        message: `board ${board}: no ${missing.join(', ')} hand, so no hand record`,
      });
      continue;
    }
    const deal: ImportedDeal = {
      ...dealerAndVulnerabilityOf(board),
      hands: hands as ImportedDeal['hands'],
    };
    const wrong = dealShape(deal);
    if (wrong.length) {
      r.issues.push(
        ...wrong.map((w) => ({ path: bp, message: `board ${board}: ${w.field} ${w.message}` })),
      );
      continue;
    }
    deals.set(board, deal);
  }
  return deals;
}
