// A board's deal, as a hand record prints it: the four hands, the dealer and the vulnerability.
// class-transformer's @Type (nested data) reads decorator metadata.
import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
import type { FieldIssue } from '../../../kernel/issues';
import { SEATS } from './movement';

export const VULNERABILITIES = ['None', 'NS', 'EW', 'All'] as const;
const RANKS = 'AKQJT98765432';

/** The four hands, each as PBN writes one: spades.hearts.diamonds.clubs, e.g. "AKQ2.T98.J7.543". */
export class Hands {
  @IsString()
  N!: string;

  @IsString()
  E!: string;

  @IsString()
  S!: string;

  @IsString()
  W!: string;
}

export class BoardDealRecordedData {
  @IsInt()
  @Min(1)
  board!: number;

  @IsOptional()
  @IsIn(SEATS)
  dealer?: (typeof SEATS)[number];

  @IsOptional()
  @IsIn(VULNERABILITIES)
  vulnerable?: (typeof VULNERABILITIES)[number];

  @ValidateNested()
  @Type(() => Hands)
  hands!: Hands;
}

/**
 * A deal is 52 cards: each hand 13 cards in four suits of ranks A K Q J T 9 … 2, each card
 * once in the deal. Each problem names the hand.
 */
export function dealShape(data: unknown): FieldIssue[] {
  const hands = ((data ?? {}) as { hands?: Record<string, unknown> }).hands;
  if (!hands || typeof hands !== 'object') return [];
  const issues: FieldIssue[] = [];
  const seen = new Map<string, string>();
  for (const seat of SEATS) {
    const hand = hands[seat];
    if (typeof hand !== 'string') continue;
    const field = `hands.${seat}`;
    const suits = hand.split('.');
    if (suits.length !== 4) {
      issues.push({
        field,
        message: `must be four suits spades.hearts.diamonds.clubs, not ${JSON.stringify(hand)}`,
      });
      continue;
    }
    let cards = 0;
    suits.forEach((suit, i) => {
      for (const rank of suit.toUpperCase()) {
        const card = `${'SHDC'[i]}${rank}`;
        if (!RANKS.includes(rank)) {
          issues.push({ field, message: `${rank} is not a rank (A K Q J T 9 … 2)` });
        } else if (seen.has(card)) {
          issues.push({ field, message: `${card} is held by ${seen.get(card)} already: one pack` });
        } else seen.set(card, seat);
        cards++;
      }
    });
    if (cards !== 13) issues.push({ field, message: `holds ${cards} cards, not 13` });
  }
  return issues;
}
