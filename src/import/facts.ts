import { v5 as uuidv5 } from 'uuid';
import type { EventToAppend } from '../events/envelope';
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
 * store then writes once. Published matchpoints, IMPs, datums, percentages and places are
 * NOT facts and are left out.
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
    ...s.boards.flatMap((b) =>
      b.lines.map((l) => ({
        id: id('board', l.board, 'line', l.line),
        type: 'BoardResultRecorded',
        occurredAt,
        metadata,
        data: boardResultData(l),
      })),
    ),
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
        nsScore: r.nsScore,
      };
    case 'passed-out':
      return { ...base, kind: r.kind, nsScore: 0 };
    case 'artificial':
      return {
        ...base,
        kind: r.kind,
        artificial: { nsPercent: r.nsPercent, ewPercent: r.ewPercent },
      };
  }
}
