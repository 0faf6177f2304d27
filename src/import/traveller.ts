import {
  ScoringInputError,
  checkReportedScore,
  formatContract,
  isVulnerable,
  parseContract,
  type Seat,
} from '../scoring';
import type { ImportIssue, LineResult } from './model';

/** The raw text of one traveller line, as any result format gives it. */
export interface RawLine {
  board: number;
  contract?: string;
  declarer?: string;
  lead?: string;
  tricks?: string;
  /** NS score, or an artificial score: "A6040", "A60/40", "60%/40%". */
  score?: string;
}

/** Where each raw field sits in the file, for messages. */
export type FieldPath = (field: 'contract' | 'declarer' | 'lead' | 'tricks' | 'score') => string;

const ARTIFICIAL = [
  /^A(\d{2})(\d{2})$/i, // A6040 (Compscore and others)
  /^A?\s*(\d{1,3}(?:\.\d{1,2})?)%?\s*\/\s*(\d{1,3}(?:\.\d{1,2})?)%?$/i, // A60/40, 60%/40%
];

/** An artificial score (STD-NEUBERG), or undefined when the text is not one. */
export function readArtificial(
  score: string,
): { nsPercent: number; ewPercent: number } | undefined {
  const t = score.trim();
  for (const re of ARTIFICIAL) {
    const m = re.exec(t);
    if (m) {
      const nsPercent = Number(m[1]);
      const ewPercent = Number(m[2]);
      if (nsPercent <= 100 && ewPercent <= 100) return { nsPercent, ewPercent };
    }
  }
  return undefined;
}

const SEAT_WORDS: Record<string, Seat> = {
  N: 'N',
  E: 'E',
  S: 'S',
  W: 'W',
  NORTH: 'N',
  EAST: 'E',
  SOUTH: 'S',
  WEST: 'W',
};

/** A lead card in the catalogue's form ("KH", "TS"); undefined when unreadable. */
export function readLead(text: string): string | undefined {
  let t = text.trim().toUpperCase().replace(/\s+/g, '');
  t = t.replace(/^10/, 'T');
  const suitFirst = /^([CDHS])([2-9TJQKA])$/.exec(t);
  if (suitFirst) t = suitFirst[2]! + suitFirst[1]!;
  return /^[2-9TJQKA][CDHS]$/.test(t) ? t : undefined;
}

/**
 * STD-SCORE: one traveller line read into a result. A line may carry the score only. When it carries contract, declarer and tricks, its score is computed with the
 * scoring module's duplicate score: a line without a score gets that one, and a reported score
 * that disagrees is an issue naming the board and line. Unreadable fields are issues
 * too; an unreadable lead is only a warning (the lead is left out).
 */
export function readResult(
  raw: RawLine,
  at: FieldPath,
  lineLabel: string,
): { result?: LineResult; issues: ImportIssue[]; warnings: ImportIssue[] } {
  const issues: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  const score = raw.score?.trim() ?? '';
  const contractText = raw.contract?.trim() ?? '';

  const artificial = score ? readArtificial(score) : undefined;
  if (artificial) {
    return { result: { kind: 'artificial', ...artificial }, issues, warnings };
  }

  let reported: number | undefined;
  if (score) {
    if (/^[+-]?\d+$/.test(score)) reported = Number(score);
    else {
      issues.push({
        path: at('score'),
        message: `${lineLabel}: not a score or an artificial score (A6040, 60%/40%): "${score}"`,
      });
      return { issues, warnings };
    }
    if (reported % 10 !== 0 || Math.abs(reported) > 10000) {
      issues.push({
        path: at('score'),
        message: `${lineLabel}: ${reported} is not a duplicate score (STD-SCORE: a multiple of 10, at most 10000 either way)`,
      });
      return { issues, warnings };
    }
  }

  if (!contractText) {
    if (reported === undefined) {
      issues.push({ path: at('contract'), message: `${lineLabel}: no contract and no score` });
      return { issues, warnings };
    }
    // STD-SCORE: a traveller line may carry the score only.
    return { result: { kind: 'score-only', nsScore: reported }, issues, warnings };
  }

  const declarer = SEAT_WORDS[(raw.declarer ?? '').trim().toUpperCase()];
  let contract;
  try {
    contract = parseContract(contractText, declarer ?? 'N');
  } catch (e) {
    if (!(e instanceof ScoringInputError)) throw e;
    issues.push({ path: at('contract'), message: `${lineLabel}: ${e.message}` });
    return { issues, warnings };
  }

  if (contract === null) {
    if (reported !== undefined && reported !== 0) {
      issues.push({
        path: at('score'),
        message: `${lineLabel}: passed out scores 0, the line says ${reported}`,
      });
    }
    return issues.length
      ? { issues, warnings }
      : { result: { kind: 'passed-out', nsScore: 0 }, issues, warnings };
  }

  if (!declarer) {
    issues.push({
      path: at('declarer'),
      message: `${lineLabel}: declarer must be N, E, S or W, got "${raw.declarer ?? ''}"`,
    });
  }
  const tricks = readTricks(raw.tricks ?? '', contract.level);
  if (tricks === undefined) {
    issues.push({
      path: at('tricks'),
      message: `${lineLabel}: tricks must be 0–13 (or =, +n, −n), got "${raw.tricks ?? ''}"`,
    });
  }
  if (issues.length || !declarer || tricks === undefined) {
    return { issues, warnings };
  }

  // STD-SCORE: the score of contract and tricks; a reported one must agree.
  const check = checkReportedScore({ board: raw.board, contract, tricks }, reported ?? 0);
  if (reported !== undefined && !check.agrees) {
    const vul = isVulnerable(raw.board, declarer) ? 'vulnerable' : 'not vulnerable';
    issues.push({
      path: at('score'),
      message: `${lineLabel}: ${formatContract(contract)} by ${declarer} (${vul}) taking ${tricks} tricks scores ${check.computedNsScore} for NS (STD-SCORE); the line says ${reported}`,
    });
    return { issues, warnings };
  }

  let lead: string | undefined;
  if (raw.lead && raw.lead.trim()) {
    lead = readLead(raw.lead);
    if (!lead) {
      warnings.push({
        path: at('lead'),
        message: `${lineLabel}: lead "${raw.lead}" is not a card; left out`,
      });
    }
  }
  const { level, strain, doubling } = contract;
  return {
    result: {
      kind: 'played',
      contract: { level, strain, doubling },
      declarer,
      tricks,
      nsScore: check.computedNsScore,
      ...(reported === undefined ? { scoreComputed: true as const } : {}),
      ...(lead ? { lead } : {}),
    },
    issues,
    warnings,
  };
}

/** Tricks taken by declarer: "9", or relative to the contract: "=", "+1", "-2". */
function readTricks(text: string, level: number): number | undefined {
  const t = text.trim().replace('−', '-');
  let n: number | undefined;
  if (/^\d{1,2}$/.test(t)) n = Number(t);
  else if (t === '=' || t === 'M') n = level + 6;
  else if (/^[+-]\d{1,2}$/.test(t)) n = level + 6 + Number(t);
  return n !== undefined && n >= 0 && n <= 13 ? n : undefined;
}
