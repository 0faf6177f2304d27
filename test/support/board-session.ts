import type { FactLog } from './ledger';

/**
 * Recorded facts of a session scored here from board results: the session's movement, pairs and
 * traveller lines (as `import usebio` writes them), and the link SessionScoredFromBoards that
 * scores a competition's session from them.
 */
export type Line = [board: number, ns: string, ew: string, nsScore: number];

/**
 * A Mitchell: three tables, NS pairs 1–3 and EW pairs 4–6, three boards, each played three
 * times (top 2 × (3 − 1) = 4). NS 2 tops NS (75 %), EW 6 tops EW (83.33 %).
 */
export const MITCHELL: Line[] = [
  [1, '1', '4', 420],
  [1, '2', '5', 450],
  [1, '3', '6', -50],
  [2, '1', '5', -100],
  [2, '2', '6', -100],
  [2, '3', '4', 110],
  [3, '1', '6', 140],
  [3, '2', '4', 170],
  [3, '3', '5', 140],
];

/**
 * The board results of the Mitchell's six pairs in `stream` on `date`: its movement (boards 1–3,
 * NS 1–3, EW 4–6, MP), its pairs (no players named) and the traveller `lines`.
 */
export function boardResultsRecorded(
  log: FactLog,
  stream: string,
  s: { clubId: string; eventId: string; date: string; lines?: Line[] },
) {
  const { clubId, eventId, date, lines = MITCHELL } = s;
  log.add(
    stream,
    'SessionMovementRecorded',
    {
      clubId,
      eventId,
      date,
      session: '1',
      scoringMethod: 'MP',
      winnerType: 2,
      boards: [1, 2, 3],
      fields: [
        { field: 'NS', pairs: ['1', '2', '3'] },
        { field: 'EW', pairs: ['4', '5', '6'] },
      ],
      expectedResults: [1, 2, 3].map((board) => ({ board, results: 3 })),
    },
    `${date}T19:30`,
  );
  for (let n = 1; n <= 6; n++)
    log.add(
      stream,
      'SessionPairRegistered',
      {
        pair: String(n),
        field: n <= 3 ? 'NS' : 'EW',
        direction: n <= 3 ? 'NS' : 'EW',
        players: [],
      },
      `${date}T19:30`,
    );
  lines.forEach(([board, nsPair, ewPair, nsScore], i) =>
    log.add(
      stream,
      'BoardResultRecorded',
      {
        board,
        line: (i % 3) + 1,
        nsPair,
        ewPair,
        kind: 'played',
        // Not checked against the contract here (the importer does that): a 1NT by N.
        contract: { level: 1, strain: 'NT', doubling: '' },
        declarer: 'N',
        tricks: 7,
        nsScore,
      },
      `${date}T22:00`,
    ),
  );
}

/**
 * SessionScoredFromBoards, recorded at `at`: session `session` (of `group`, if given) of
 * competition `competitionId` is scored from the board results in `sessionStreamId`; pair number
 * n is `pairs[n - 1]`: a pair id, or a pair id with the players who sat down.
 */
export function sessionScoredFromBoards(
  log: FactLog,
  link: {
    competitionId: string;
    session: number;
    group?: string;
    sessionStreamId: string;
    pairs: Array<string | [string, string[]]>;
  },
  at: string,
) {
  const { competitionId, session, group, sessionStreamId, pairs } = link;
  return log.add(
    `competition-${competitionId}`,
    'SessionScoredFromBoards',
    {
      competitionId,
      session,
      ...(group ? { group } : {}),
      sessionStreamId,
      pairs: pairs.map((p, i) =>
        typeof p === 'string'
          ? { pairNumber: String(i + 1), pairId: p }
          : { pairNumber: String(i + 1), pairId: p[0], players: p[1] },
      ),
    },
    at,
  );
}
