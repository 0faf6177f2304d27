import type { ImportIssue } from '../model';

/** The parsed XML tree as fast-xml-parser gives it: an element's children by name. */
export type XNode = Record<string, unknown>;

/**
 * The elements the import reads, by parent: what a file may hold (other elements are left
 * unread), what names an unknown element found in a required one's place, and what an export
 * may write (no USEBIO DTD or schema is published as a package to validate against).
 */
export const KNOWN: Record<string, string[]> = {
  TRAVELLER_LINE: [
    'NS_PAIR_NUMBER',
    'EW_PAIR_NUMBER',
    'CONTRACT',
    'PLAYED_BY',
    'LEAD',
    'TRICKS',
    'SCORE',
    'NS_SCORE',
    'EW_SCORE',
    'NS_MATCH_POINTS',
    'EW_MATCH_POINTS',
    'NS_BUTLER_POINTS',
    'EW_BUTLER_POINTS',
    'NS_CROSS_IMP_POINTS',
    'EW_CROSS_IMP_POINTS',
    'LIN_DATA',
    'ROUND_NUMBER',
    'TABLE_NUMBER',
  ],
  // A BOARD of the results, or of the hand set (its HANDs).
  BOARD: ['BOARD_NUMBER', 'BOARD_AVERAGE', 'TRAVELLER_LINE', 'HAND'],
  PAIR: [
    'PAIR_NUMBER',
    'DIRECTION',
    'TOTAL_SCORE',
    'PERCENTAGE',
    'PLACE',
    'MASTER_POINTS_AWARDED',
    'MASTER_POINT_TYPE',
    'PLAYER',
  ],
  PLAYER: ['PLAYER_NAME', 'NATIONAL_ID_NUMBER', 'CLUB_ID_NUMBER'],
  USEBIO: ['CLUB', 'EVENT', 'HANDSET'],
  EVENT: [
    'EVENT_IDENTIFIER',
    'EVENT_DESCRIPTION',
    'PROGRAM_NAME',
    'PROGRAM_VERSION',
    'WINNER_TYPE',
    'SCORING_METHOD',
    'BOARD_SCORING_METHOD',
    'DATE',
    'PARTICIPANTS',
    'BOARD',
    'SESSION',
    'HANDSET',
  ],
  SESSION: ['SESSION_NUMBER', 'SESSION_ID', 'DATE', 'PARTICIPANTS', 'BOARD', 'SECTION'],
  SECTION: ['SECTION_ID', 'SECTION_NAME', 'PARTICIPANTS', 'BOARD'],
  PARTICIPANTS: ['PAIR'],
  HANDSET: ['BOARD'],
  CLUB: ['CLUB_NAME', 'CLUB_ID_NUMBER'],
  HAND: ['DIRECTION', 'SPADES', 'HEARTS', 'DIAMONDS', 'CLUBS'],
};

/** Walks the parsed tree, collecting the issues (the file is refused) and warnings it finds. */
export class Reader {
  readonly issues: ImportIssue[] = [];
  readonly warnings: ImportIssue[] = [];

  /** The text of the single child `name`, or undefined; a repeated element is an issue. */
  text(node: XNode, name: string, at: string): string | undefined {
    const v = node[name];
    if (v === undefined) return undefined;
    if (Array.isArray(v)) {
      this.issues.push({
        path: `${at}/${name}`,
        message: `appears ${v.length} times; once expected`,
      });
      return undefined;
    }
    if (typeof v === 'string') return v.trim();
    if (typeof v === 'object' && v !== null) {
      const t = (v as XNode)['#text'];
      if (t === undefined) {
        const inner = Object.keys(v).filter((k) => !k.startsWith('@_'));
        if (inner.length) {
          this.issues.push({
            path: `${at}/${name}`,
            message: `must hold text, found elements ${inner.join(', ')}`,
          });
          return undefined;
        }
        return '';
      }
      return String(t).trim();
    }
    return String(v).trim();
  }

  /** A required child's text; when missing, names any unknown sibling found in its place. */
  required(node: XNode, name: string, at: string, parent: string): string | undefined {
    const t = this.text(node, name, at);
    if (t === undefined && !Array.isArray(node[name])) {
      const known = KNOWN[parent] ?? [];
      const unknown = Object.keys(node).filter(
        (k) => !k.startsWith('@_') && k !== '#text' && known.length > 0 && !known.includes(k),
      );
      this.issues.push({
        path: `${at}/${name}`,
        message: `required element is missing${unknown.length ? ` (found unknown ${unknown.join(', ')})` : ''}`,
      });
    }
    return t;
  }

  children(node: XNode, name: string): XNode[] {
    const v = node[name];
    if (v === undefined) return [];
    return (Array.isArray(v) ? v : [v]).map(asNode);
  }
}

export const asNode = (v: unknown): XNode =>
  typeof v === 'object' && v !== null
    ? (v as XNode)
    : v === '' || v === undefined
      ? {}
      : { '#text': v };
