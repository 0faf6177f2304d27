import { XMLBuilder } from 'fast-xml-parser';
import {
  resultAsScored,
  type SessionSheet,
  type TravellerRow,
} from '../../contexts/pairs/projection';

/** What a USEBIO file names beside the sheet: the club and the event, as the movement recorded them. */
export interface UsebioHeader {
  clubId: string;
  clubName?: string;
  eventId: string;
  eventDescription?: string;
  winnerType: 1 | 2;
  version: string;
}

const EVENT_TYPES = { MP: 'MP_PAIRS', BUTLER: 'BUTLER_PAIRS', CROSS_IMP: 'CROSS_IMP' } as const;
const POINTS = {
  MP: 'MATCH_POINTS',
  BUTLER: 'BUTLER_POINTS',
  CROSS_IMP: 'CROSS_IMP_POINTS',
} as const;

const fixed = (n: number | undefined) => (n === undefined ? undefined : n.toFixed(2));
/** USEBIO's date: DD/MM/YYYY. */
const usebioDate = (day: string) => day.split('-').reverse().join('/');

/**
 * One traveller line as the import reads it back: a contract and tricks, a pass, a score, a
 * percentage each; a director's score as it was scored (`resultAsScored`).
 */
function lineOf(row: TravellerRow, points: string) {
  const l = resultAsScored(row);
  const score = l.artificial
    ? `${l.artificial.nsPercent}%/${l.artificial.ewPercent}%`
    : l.kind === 'passed-out'
      ? '0'
      : l.nsScore !== undefined
        ? String(l.nsScore)
        : undefined;
  return {
    NS_PAIR_NUMBER: l.nsPair,
    EW_PAIR_NUMBER: l.ewPair,
    ...(l.kind === 'passed-out'
      ? { CONTRACT: 'PASS' }
      : l.contract
        ? { CONTRACT: l.contract }
        : {}),
    ...(l.declarer ? { PLAYED_BY: l.declarer } : {}),
    ...(l.lead ? { LEAD: l.lead } : {}),
    ...(l.tricks !== undefined ? { TRICKS: l.tricks } : {}),
    ...(score !== undefined ? { SCORE: score } : {}),
    ...(l.nsPoints !== undefined ? { [`NS_${points}`]: fixed(l.nsPoints) } : {}),
    ...(l.ewPoints !== undefined ? { [`EW_${points}`]: fixed(l.ewPoints) } : {}),
  };
}

const SEAT_NAMES = { N: 'North', E: 'East', S: 'South', W: 'West' } as const;
const SUIT_ELEMENTS = ['SPADES', 'HEARTS', 'DIAMONDS', 'CLUBS'] as const;

/** The hand set: each known deal's four hands, a suit an element (a void an empty one). */
const handsOf = (sheet: SessionSheet) =>
  sheet.boards.flatMap((b) =>
    b.deal
      ? [
          {
            BOARD_NUMBER: b.board,
            HAND: (['N', 'E', 'S', 'W'] as const).map((seat) => {
              const suits = b.deal!.hands[seat].split('.');
              return {
                DIRECTION: SEAT_NAMES[seat],
                ...Object.fromEntries(SUIT_ELEMENTS.map((e, i) => [e, suits[i] ?? ''])),
              };
            }),
          },
        ]
      : [],
  );

/**
 * A scored session as USEBIO 1.2 XML, the elements `import usebio` reads: the club, the event
 * (type, date, winner type), each pair with its players' names, its total, percentage and place
 * as the ledger scores them, each board's traveller with each line's points, and the hand set
 * of the deals recorded. Text is
 * escaped by the XML builder (`<`, `&`, quotes in a name). A session that cannot be scored (no
 * board result yet) has no sheet: its export is refused before this, never an empty file.
 */
export function usebioOf(sheet: SessionSheet, header: UsebioHeader): string {
  const r = sheet.result;
  const points = POINTS[r.scoringMethod];
  const twoWinner = header.winnerType === 2;
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    USEBIO: {
      '@_Version': header.version,
      CLUB: {
        ...(header.clubName ? { CLUB_NAME: header.clubName } : {}),
        CLUB_ID_NUMBER: header.clubId,
      },
      EVENT: {
        '@_EVENT_TYPE': EVENT_TYPES[r.scoringMethod],
        EVENT_IDENTIFIER: header.eventId,
        ...(header.eventDescription ? { EVENT_DESCRIPTION: header.eventDescription } : {}),
        PROGRAM_NAME: 'bridge-ledger',
        PROGRAM_VERSION: header.version,
        WINNER_TYPE: header.winnerType,
        DATE: usebioDate(r.date),
        PARTICIPANTS: {
          '@_EVENT_TYPE': EVENT_TYPES[r.scoringMethod],
          PAIR: r.pairs.map((p) => ({
            PAIR_NUMBER: p.pair,
            ...(twoWinner ? { DIRECTION: p.field } : {}),
            TOTAL_SCORE: fixed(p.publishedTotal),
            ...(p.percentage !== undefined ? { PERCENTAGE: fixed(p.percentage) } : {}),
            PLACE: p.place,
            PLAYER: (sheet.names[p.pair] ?? []).map((name) => ({ PLAYER_NAME: name })),
          })),
        },
        BOARD: sheet.boards.map((b) => ({
          BOARD_NUMBER: b.board,
          TRAVELLER_LINE: b.lines.map((l) => lineOf(l, points)),
        })),
      },
      ...(sheet.boards.some((b) => b.deal) ? { HANDSET: { BOARD: handsOf(sheet) } } : {}),
    },
  };
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    format: true,
    indentBy: '  ',
    suppressEmptyNode: true,
    processEntities: true,
  });
  return builder.build(doc) as string;
}
