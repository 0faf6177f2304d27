import { v5 as uuidv5 } from 'uuid';
import type { EventToAppend } from '../kernel/envelope';
import type { ImportedLine, ImportedSession } from './model';

/** The namespace of every id the importers derive (UUID v5), fixed forever. */
export const IMPORT_NAMESPACE = '5b0f3c2e-8d4a-5e61-9a7b-2c1d0e4f6a38';

export interface SessionFacts {
  streamId: string;
  events: EventToAppend[];
}

export interface FactOptions {
  /** Club time of the session's start on its date, e.g. "19:30"; default 00:00. */
  start?: string;
  /** The club's UTC offset on that date, e.g. "+13:00"; default Z. */
  utcOffset?: string;
  actor?: string;
}

const key = (s: string) => s.replace(/[^A-Za-z0-9_.:@-]+/g, '-');

/** One stream per session (and section): `session-<club>-<event>-<session>[-<section>]`. */
export function sessionStreamId(s: ImportedSession): string {
  const parts = ['session', s.clubId, s.eventId, s.session, ...(s.section ? [s.section] : [])];
  return parts.map(key).join('-').slice(0, 200);
}

/**
 * The facts of one imported session, with ids derived from stable keys (stream + board + line,
 * stream + pair …) so that importing the same file twice produces the same events, which the
 * store then writes once. Published matchpoints, IMPs, percentages and places are NOT facts
 * and are left out, but for two things the program decided rather than computed: a director's
 * award on an artificial line (AdjustedScoreAwarded 'awarded') and a butler
 * board's datum (BoardDatumRecorded, source 'program').
 */
export function sessionFacts(s: ImportedSession, options: FactOptions = {}): SessionFacts {
  const streamId = sessionStreamId(s);
  const id = (...k: (string | number)[]) => uuidv5([streamId, ...k].join('|'), IMPORT_NAMESPACE);
  const occurredAt = `${s.date}T${options.start ?? '00:00'}:00${options.utcOffset ?? 'Z'}`;
  const metadata = {
    clubId: s.clubId,
    actor: options.actor ?? `import:${s.source.split(' ')[0]!.toLowerCase()}`,
    correlationId: id('import'),
  };
  const program = s.program?.name ?? s.source.split(' ')[0]!;
  const maxResults = Math.max(...s.boards.map((b) => b.lines.length));
  const fields =
    s.winnerType === 2
      ? (['NS', 'EW'] as const)
          .map((f) => ({
            field: f,
            pairs: s.pairs.filter((p) => p.field === f).map((p) => p.pair),
          }))
          .filter((f) => f.pairs.length > 0)
      : [{ field: 'ALL' as const, pairs: s.pairs.map((p) => p.pair) }];
  const events: EventToAppend[] = [
    {
      id: id('movement'),
      type: 'SessionMovementRecorded',
      occurredAt,
      metadata,
      data: {
        clubId: s.clubId,
        ...(s.clubName ? { clubName: s.clubName } : {}),
        eventId: s.eventId,
        ...(s.eventDescription ? { eventDescription: s.eventDescription } : {}),
        date: s.date,
        session: s.session,
        ...(s.section ? { section: s.section } : {}),
        scoringMethod: s.scoringMethod,
        winnerType: s.winnerType,
        boards: s.boards.map((b) => b.board),
        fields,
        // STD-NEUBERG: N is the largest number of results on any board of the session.
        expectedResults: s.boards.map((b) => ({ board: b.board, results: maxResults })),
        ...(s.program ? { program: s.program } : {}),
        source: s.source,
      },
    },
    ...s.pairs.map((p) => ({
      id: id('pair', p.pair),
      type: 'SessionPairRegistered',
      occurredAt,
      metadata,
      data: {
        pair: p.pair,
        field: p.field,
        ...(p.direction ? { direction: p.direction } : {}),
        players: p.players,
      },
    })),
    ...s.boards.flatMap((b) => [
      // Item 13: the datum the program published for a butler board.
      ...(s.scoringMethod === 'BUTLER' &&
      b.publishedDatum !== undefined &&
      b.publishedDatum % 10 === 0
        ? [
            {
              id: id('board', b.board, 'datum'),
              type: 'BoardDatumRecorded',
              occurredAt,
              metadata,
              data: { board: b.board, datum: b.publishedDatum, source: 'program' },
            },
          ]
        : []),
      ...(b.deal
        ? [
            {
              id: id('board', b.board, 'deal'),
              type: 'BoardDealRecorded',
              occurredAt,
              metadata,
              data: { board: b.board, ...b.deal },
            },
          ]
        : []),
      ...b.lines.flatMap((l) => {
        const award = awardData(l, s.scoringMethod === 'MP' ? 'matchpoints' : 'IMPs', program);
        return [
          {
            id: id('board', l.board, 'line', l.line),
            type: 'BoardResultRecorded',
            occurredAt,
            metadata,
            data: boardResultData(l),
          },
          ...(award
            ? [
                {
                  id: id('board', l.board, 'line', l.line, 'award'),
                  type: 'AdjustedScoreAwarded',
                  occurredAt,
                  metadata,
                  data: award,
                },
              ]
            : []),
        ];
      }),
    ]),
  ];
  return { streamId, events };
}

export function boardResultData(l: ImportedLine): Record<string, unknown> {
  const base = { board: l.board, line: l.line, nsPair: l.nsPair, ewPair: l.ewPair };
  const r = l.result;
  switch (r.kind) {
    case 'played':
      return {
        ...base,
        kind: r.kind,
        contract: r.contract,
        declarer: r.declarer,
        ...(r.lead ? { lead: r.lead } : {}),
        tricks: r.tricks,
        // STD-SCORE: a line without a score is recorded without one (computed when read).
        ...(r.scoreComputed ? {} : { nsScore: r.nsScore }),
      };
    case 'score-only':
      return { ...base, kind: 'played', nsScore: r.nsScore };
    case 'passed-out':
      return { ...base, kind: r.kind, nsScore: 0 };
    case 'artificial':
      return {
        ...base,
        kind: r.kind,
        artificial: { nsPercent: r.nsPercent, ewPercent: r.ewPercent },
        ...(l.sitOut ? { sitOut: true } : {}),
      };
  }
}

/**
 * The director's award on a line coded as an artificial score, as the program
 * published it: it takes the place of the line's artificial score when the session is scored.
 */
export function awardData(
  l: ImportedLine,
  unit: 'matchpoints' | 'IMPs',
  program: string,
): Record<string, unknown> | undefined {
  const a = l.award;
  if (!a || l.result.kind !== 'artificial') return undefined;
  const { nsPercent, ewPercent } = l.result;
  const on = a.top === undefined ? '' : ` on a top of ${a.top}`;
  return {
    board: l.board,
    nsPair: l.nsPair,
    ewPair: l.ewPair,
    kind: 'awarded',
    points: { ns: a.ns, ew: a.ew, ...(a.top === undefined ? {} : { top: a.top }) },
    reason: `set by the director: ${program} published ${a.ns} and ${a.ew} ${unit}${on} for the artificial score ${nsPercent}/${ewPercent} (board ${l.board} line ${l.line})`,
  };
}
