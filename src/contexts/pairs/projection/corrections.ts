import { CORRECTION_FACT_TYPES } from '../../corrections';
import type { SessionResultRecorded, SubstitutePlayed } from '../domain/facts';
import {
  resultsOf,
  sessionKey,
  type CompetitionState,
  type Corrected,
  type KeptResult,
} from '../domain/state';
import { dict } from '../../../kernel/dict';
import type { RecordedEvent } from '../../../kernel/envelope';
import type { SharedValues } from './shared-values';
import {
  boardAdjustmentOf,
  boardLineOf,
  isScoredResult,
  type BoardSessionFacts,
} from './scored-sessions';

/**
 * Accepted corrections and decided appeals, applied to the tables from the position
 * they were recorded. The facts are a club's (`corrections-<clubId>`): a correction names the
 * fact it corrects by event id and carries the corrected content in that fact's own shape, with
 * the same identity fields; accepted, that content replaces the original's under the same key
 * of the target's state (a competition's or a scored session's), and a later accepted
 * correction of the same fact replaces it again (the latest accepted wins). An appeal upheld
 * with an adjusted score is an adjusted score of its session (the latest adjustment of a board
 * and its pairs wins, STD-MP). Notified and rejected corrections change nothing. A replay to a
 * position before the acceptance never sees it: the original stands.
 *
 * Nothing here is read for a ledger without corrections: the fold reaches it only for these
 * facts, the explanations only for a club that has one.
 */

/** The facts of a club's corrections stream the projection reads: all of the context's. */
export const isCorrectionFact = (type: string) => CORRECTION_FACT_TYPES.has(type);

const STREAM_PREFIX = 'corrections-';
const COMPETITION_STREAM_PREFIX = 'competition-';

/** A fact a correction names: its event id, stream and type. */
export interface CorrectionTarget {
  eventId: string;
  streamId: string;
  type: string;
}

/** A notified correction, as long as the club's ledger has it (a few per season). */
export interface NotifiedCorrection {
  /** The CorrectionNotified's event id. */
  eventId: string;
  target: CorrectionTarget;
  corrected: Record<string, unknown>;
  /** The target's corrected time, when given: an absence's notice time (DSB-9.1). */
  correctedOccurredAt?: string;
  /** When it was notified (club time): an absence corrected keeps its own notice otherwise. */
  notifiedAt: string;
  status: 'pending' | 'accepted' | 'rejected';
  /** The ledger position of the decision, once decided. */
  decidedAt?: number;
}

/** A club's corrections, rulings and appeals, by id: what their decisions are applied with. */
export interface ClubCorrections {
  notified: Record<string, NotifiedCorrection>;
  /** rulingId → the RulingGiven's event id (what an appeal is against). */
  rulings?: Record<string, { eventId: string }>;
  /** appealId → the AppealLodged's event id and the ruling it is against. */
  appeals?: Record<string, { eventId: string; rulingId?: string }>;
}

/** The parts of the competitions state this fold writes (a subset of CompetitionsState). */
export interface CorrectedState {
  competitions: Record<string, CompetitionState>;
  boardSessions: Record<string, BoardSessionFacts>;
  corrections: Record<string, ClubCorrections>;
}

/** The partition a correction's target folds into: its competition's or its session's. */
export function targetPartition(
  target: Pick<CorrectionTarget, 'streamId'> | undefined,
  parts: { competitions: string; boardSessions: string },
): string | undefined {
  const streamId = target?.streamId;
  if (typeof streamId !== 'string' || !streamId) return undefined;
  return streamId.startsWith(COMPETITION_STREAM_PREFIX)
    ? parts.competitions + streamId.slice(COMPETITION_STREAM_PREFIX.length)
    : parts.boardSessions + streamId;
}

/**
 * The partitions a fact of a corrections stream changes: the club's corrections and, for a
 * correction, its target's (named by the notice, so the ledger's directory knows the stream
 * feeds it; named by the acceptance when the state that knows the target is given), for an
 * appeal decided with an adjusted score, its session's.
 */
export function correctionKeysOf(
  event: RecordedEvent,
  state: Pick<CorrectedState, 'corrections'> | undefined,
  parts: { competitions: string; boardSessions: string; corrections: string },
): string[] {
  const d = event.data as Record<string, unknown>;
  // A league's is the leagues read model's: no competition reads it.
  if (typeof d.clubId !== 'string' || d.leagueId !== undefined) return ['position'];
  const keys = ['position', parts.corrections + d.clubId];
  let target: string | undefined;
  if (event.type === 'CorrectionNotified') {
    target = targetPartition(d.target as CorrectionTarget | undefined, parts);
  } else if (event.type === 'CorrectionAccepted') {
    const notified = state?.corrections?.[d.clubId]?.notified[d.correctionId as string];
    target = targetPartition(notified?.target, parts);
  } else if (event.type === 'AppealDecided') {
    const adjusted = d.adjusted as { sessionStreamId?: unknown } | undefined;
    if (typeof adjusted?.sessionStreamId === 'string')
      target = parts.boardSessions + adjusted.sessionStreamId;
  }
  if (target) keys.push(target);
  return keys;
}

/** Folds one fact of a club's corrections stream (read only there). */
export function foldCorrectionFact(
  state: CorrectedState,
  event: RecordedEvent,
  shared: SharedValues,
): void {
  const d = event.data as Record<string, unknown>;
  const clubId = d.clubId;
  if (typeof clubId !== 'string' || event.streamId !== STREAM_PREFIX + clubId) return;
  // A league's corrections, rulings and appeals (they name `leagueId`) are filed
  // under the league's id as if it were a club: the leagues read model applies them, not this.
  if (d.leagueId !== undefined) return;
  const club = ((state.corrections ??= dict())[clubId] ??= { notified: dict() });
  switch (event.type) {
    case 'CorrectionNotified': {
      const target = d.target as CorrectionTarget;
      club.notified[d.correctionId as string] = {
        eventId: event.id,
        target: { eventId: target.eventId, streamId: target.streamId, type: target.type },
        corrected: d.corrected as Record<string, unknown>,
        ...(typeof d.correctedOccurredAt === 'string'
          ? { correctedOccurredAt: d.correctedOccurredAt }
          : {}),
        notifiedAt: event.occurredAt,
        status: 'pending',
      };
      break;
    }
    case 'CorrectionAccepted': {
      const n = club.notified[d.correctionId as string];
      if (!n) return;
      n.status = 'accepted';
      n.decidedAt = event.position;
      applyCorrection(state, d.correctionId as string, n, shared);
      break;
    }
    case 'CorrectionRejected': {
      const n = club.notified[d.correctionId as string];
      if (n) {
        n.status = 'rejected';
        n.decidedAt = event.position;
      }
      break;
    }
    case 'RulingGiven':
      (club.rulings ??= dict())[d.rulingId as string] = { eventId: event.id };
      break;
    case 'AppealLodged': {
      const against = d.against as { rulingId?: string } | undefined;
      (club.appeals ??= dict())[d.appealId as string] = {
        eventId: event.id,
        ...(against?.rulingId !== undefined ? { rulingId: against.rulingId } : {}),
      };
      break;
    }
    case 'AppealDecided': {
      const adjusted = d.adjusted as Record<string, unknown> | undefined;
      if (d.outcome !== 'upheld' || !adjusted || typeof adjusted.sessionStreamId !== 'string')
        return;
      const appealId = d.appealId as string;
      const appeal = club.appeals?.[appealId];
      const ruling = appeal?.rulingId !== undefined ? club.rulings?.[appeal.rulingId] : undefined;
      const s = (state.boardSessions[adjusted.sessionStreamId] ??= {
        pairs: {},
        lines: [],
        adjustments: [],
      });
      s.adjustments.push({
        ...boardAdjustmentOf(adjusted),
        appeal: {
          appealId,
          decision: event.id,
          ...(appeal ? { lodged: appeal.eventId } : {}),
          ...(appeal?.rulingId !== undefined ? { rulingId: appeal.rulingId } : {}),
          ...(ruling ? { ruling: ruling.eventId } : {}),
        },
      });
      break;
    }
  }
}

/**
 * An accepted correction applied: its content in place of the original's, under the same key
 * of the target's state, with where it came from (`corrected`). A target not folded (another
 * club's, or a stream no one reads) is left alone.
 */
function applyCorrection(
  state: CorrectedState,
  correctionId: string,
  n: NotifiedCorrection,
  shared: SharedValues,
): void {
  const { target } = n;
  const data = n.corrected;
  const mark: Corrected = { correctedBy: correctionId, original: target.eventId };
  if (target.streamId.startsWith(COMPETITION_STREAM_PREFIX)) {
    const c = state.competitions[target.streamId.slice(COMPETITION_STREAM_PREFIX.length)];
    if (c) correctCompetition(c, target.type, data, mark, n, shared);
    return;
  }
  const s = state.boardSessions[target.streamId];
  if (!s) return;
  if (target.type === 'BoardResultRecorded') {
    const line = { ...boardLineOf(data), corrected: mark };
    const i = s.lines.findIndex((l) => l.board === line.board && l.line === line.line);
    if (i >= 0) s.lines[i] = line;
    else s.lines.push(line);
  } else if (target.type === 'AdjustedScoreAwarded') {
    const a = { ...boardAdjustmentOf(data), corrected: mark };
    const i = findLast(
      s.adjustments,
      (x) => x.board === a.board && x.nsPair === a.nsPair && x.ewPair === a.ewPair && !x.appeal,
    );
    if (i >= 0) s.adjustments[i] = a;
    else s.adjustments.push(a);
  }
}

function correctCompetition(
  c: CompetitionState,
  type: string,
  data: Record<string, unknown>,
  mark: Corrected,
  n: Pick<NotifiedCorrection, 'notifiedAt' | 'correctedOccurredAt'>,
  shared: SharedValues,
): void {
  const { notifiedAt } = n;
  const session = data.session as number;
  const pairId = data.pairId as string;
  switch (type) {
    case 'SessionResultRecorded': {
      const fact = shared.fact({
        type: 'SessionResultRecorded',
        occurredAt: notifiedAt,
        data: data as unknown as SessionResultRecorded,
      });
      const i = findLast(c.results, (r) => r.session === session && r.pairId === pairId);
      const before = i >= 0 ? c.results[i] : undefined;
      // The number first published: a correction of a correction still names it.
      const originalPercentage = before?.corrected?.originalPercentage ?? before?.percentage;
      const result: KeptResult = {
        ...(fact.data as SessionResultRecorded),
        corrected: originalPercentage === undefined ? mark : { ...mark, originalPercentage },
      };
      if (i >= 0) c.results[i] = result;
      else c.results.push(result);
      break;
    }
    case 'SubstitutePlayed': {
      const sub = { ...(data as unknown as SubstitutePlayed), corrected: mark };
      const list = (c.substitutes[sessionKey(session, pairId)] ??= []);
      let i = list.findIndex((s) => s.absentPlayerId === sub.absentPlayerId);
      if (i < 0) i = list.findIndex((s) => s.substituteId === sub.substituteId);
      if (i < 0 && list.length === 1) i = 0;
      if (i >= 0) list[i] = sub;
      else list.push(sub);
      break;
    }
    case 'AbsenceNotified': {
      const key = sessionKey(session, pairId);
      const before = c.absences[key];
      // The notice time is the original fact's (a correction of a correction still names it),
      // unless the correction corrects it too (`correctedOccurredAt`, DSB-9.1); the latest
      // accepted correction wins, so one that gives no time leaves the original's.
      const original = before?.corrected?.notice?.from ?? before?.notifiedAt ?? notifiedAt;
      const to = n.correctedOccurredAt;
      c.absences[key] = {
        competitionId: data.competitionId as string,
        session,
        pairId,
        validReason: data.validReason as boolean,
        reason: data.reason as string | undefined,
        notifiedAt: to ?? original,
        corrected:
          to !== undefined && to !== original ? { ...mark, notice: { from: original, to } } : mark,
      };
      break;
    }
    case 'PairEntered': {
      const before = c.pairs[pairId];
      c.pairs[pairId] = {
        players: data.players as string[],
        // A later group decision (PairGroupAssigned) stands, as it would after the original.
        group:
          c.groupDecisions?.[pairId]?.group ?? (data.group as string | undefined) ?? before?.group,
        corrected: mark,
      };
      break;
    }
    case 'PartnershipPlayersNamed':
      c.named[sessionKey(session, pairId)] = data.players as string[];
      break;
  }
}

function findLast<T>(list: readonly T[], ok: (x: T) => boolean): number {
  for (let i = list.length - 1; i >= 0; i--) if (ok(list[i])) return i;
  return -1;
}

/** An explanation line of a standing (NZ and DSB explain rows alike). */
export interface CorrectionNote {
  rule: string;
  /** The session it is about; none for a pair's composition (PairEntered). */
  session?: number;
  effect: string;
}

/** The rules a club's rulebook names for its corrections and its appeals. */
export interface CorrectionRules {
  correction: string;
  appeal: string;
}

/**
 * The rules a rulebook names for corrections and appeals (its parameter groups `corrections`
 * and `appeals.ruling`, their `rule`: NZ-13, DSB-20.3), else the given defaults.
 */
export function correctionRulesOf(
  params: Record<string, unknown>,
  defaults: CorrectionRules,
): CorrectionRules {
  const ruleOf = (group: unknown) => {
    const rule = (group as { rule?: unknown } | undefined)?.rule;
    return typeof rule === 'string' && rule ? rule : undefined;
  };
  // An appeal against a ruling: its group's rule (`appeals.ruling.rule`, DSB-20.3); a rulebook
  // that sets none (the NZ club's) explains the board's decision by the default.
  const appeals = params.appeals as { ruling?: unknown } | undefined;
  return {
    correction: ruleOf(params.corrections) ?? defaults.correction,
    appeal: ruleOf(appeals?.ruling) ?? ruleOf(appeals) ?? defaults.appeal,
  };
}

/** Whether a club has any correction, ruling or appeal: nothing else is looked at when not. */
export const hasCorrections = (
  state: { corrections?: Record<string, ClubCorrections> },
  clubId: string,
) => state.corrections?.[clubId] !== undefined;

const fixed = (n: number) => n.toFixed(2);

/** An absence's notice time as a correction changed it: ", notice time corrected from … to …". */
const noticeTime = (notice: { from: string; to: string } | undefined) =>
  notice ? `, notice time corrected from ${notice.from} to ${notice.to}` : '';

/**
 * Why a pair's numbers are not the ones first recorded, session by session up to
 * `upToSession`: an accepted correction of its result (the original fact, the correction, the
 * rule), and, for a session scored from board results, each board it played whose result was
 * corrected or adjusted by an appeal upheld (the ruling appealed, the appeal, the rule).
 * Empty for a club without corrections.
 */
export function correctionNotesOf(
  state: {
    corrections?: Record<string, ClubCorrections>;
    boardSessions?: Record<string, BoardSessionFacts>;
  },
  c: CompetitionState,
  rules: CorrectionRules,
  upToSession = Number.MAX_SAFE_INTEGER,
): Map<string, CorrectionNote[]> {
  const out = new Map<string, CorrectionNote[]>();
  const clubId = c.competition?.clubId;
  if (clubId === undefined || !hasCorrections(state, clubId)) return out;
  const add = (pairId: string, note: CorrectionNote) => {
    const list = out.get(pairId);
    if (list) list.push(note);
    else out.set(pairId, [note]);
  };
  for (const r of resultsOf(c)) {
    if (r.session > upToSession) continue;
    if (r.corrected) {
      const { correctedBy, original, originalPercentage } = r.corrected;
      const was =
        originalPercentage !== undefined && originalPercentage !== r.percentage
          ? `${fixed(originalPercentage)} % corrected to ${fixed(r.percentage)} %`
          : `result corrected (${fixed(r.percentage)} %)`;
      add(r.pairId, {
        rule: rules.correction,
        session: r.session,
        effect: `session ${r.session}: ${was} by correction ${correctedBy} of fact ${original} (accepted)`,
      });
    }
    if (!isScoredResult(r)) continue;
    const facts = state.boardSessions?.[r.scoredFrom.sessionStreamId];
    if (!facts) continue;
    const mine = r.scoredFrom.pairNumber;
    // Every board the pair played whose result an accepted correction or an appeal changed: its
    // matchpoints there are the new result's (and so are the field's on that board).
    const played = new Set<number>();
    for (const l of facts.lines) if (l.nsPair === mine || l.ewPair === mine) played.add(l.board);
    for (const a of facts.adjustments)
      if (a.nsPair === mine || a.ewPair === mine) played.add(a.board);
    for (const l of facts.lines) {
      if (!l.corrected || !played.has(l.board)) continue;
      add(r.pairId, {
        rule: rules.correction,
        session: r.session,
        effect: `session ${r.session}, board ${l.board} (NS ${l.nsPair} – EW ${l.ewPair}): traveller line corrected by correction ${l.corrected.correctedBy} of fact ${l.corrected.original} (accepted); the board is matchpointed again`,
      });
    }
    for (const a of facts.adjustments) {
      if (!played.has(a.board)) continue;
      if (a.appeal) {
        const against =
          a.appeal.rulingId !== undefined
            ? ` against ruling ${a.appeal.rulingId}${a.appeal.ruling ? ` (fact ${a.appeal.ruling})` : ''}`
            : '';
        add(r.pairId, {
          rule: rules.appeal,
          session: r.session,
          effect: `session ${r.session}, board ${a.board} (NS ${a.nsPair} – EW ${a.ewPair}): adjusted score of appeal ${a.appeal.appealId}${against}, upheld (fact ${a.appeal.decision}); the board is matchpointed again`,
        });
      } else if (a.corrected) {
        add(r.pairId, {
          rule: rules.correction,
          session: r.session,
          effect: `session ${r.session}, board ${a.board} (NS ${a.nsPair} – EW ${a.ewPair}): adjusted score corrected by correction ${a.corrected.correctedBy} of fact ${a.corrected.original} (accepted); the board is matchpointed again`,
        });
      }
    }
  }
  // What else a correction may replace: who played (a substitute), an absence and its notice,
  // a pair's composition. Their effect on the numbers is the rules' (NZ-3/NZ-4, DSB-9, DSB-10):
  // the notes say what was corrected.
  const accepted = (x: { corrected?: Corrected }, what: string) =>
    `${what} corrected by correction ${x.corrected!.correctedBy} of fact ${x.corrected!.original} (accepted)`;
  for (const key in c.substitutes) {
    for (const sub of c.substitutes[key]) {
      if (!sub.corrected || sub.session > upToSession) continue;
      add(sub.pairId, {
        rule: rules.correction,
        session: sub.session,
        effect: `session ${sub.session}: ${accepted(sub, `the substitute (${sub.substituteId} for ${sub.absentPlayerId})`)}`,
      });
    }
  }
  for (const key in c.absences) {
    const a = c.absences[key];
    if (!a.corrected || a.session > upToSession) continue;
    add(a.pairId, {
      rule: rules.correction,
      session: a.session,
      effect: `session ${a.session}: ${accepted(a, `the notice of absence (${a.validReason ? 'a valid reason' : 'no valid reason'}${noticeTime(a.corrected!.notice)})`)}`,
    });
  }
  for (const pairId in c.pairs) {
    const p = c.pairs[pairId];
    if (p.corrected)
      add(pairId, {
        rule: rules.correction,
        effect: accepted(p, `the pair's composition (${p.players.join(', ')})`),
      });
  }
  for (const [, list] of out) list.sort((a, b) => (a.session ?? 0) - (b.session ?? 0));
  return out;
}

/**
 * Each row's explanation with the notes of its pair first: the corrected numbers are the ones
 * the rest of the explanation reads.
 */
export function withCorrectionNotes<R extends { explain: ReadonlyArray<{ rule: string }> }>(
  rows: R[],
  notes: Map<string, CorrectionNote[]>,
  idOf: (row: R) => string,
): R[] {
  if (!notes.size) return rows;
  // New rows: a computed standing may be kept (memo.ts) and is never changed in place.
  return rows.map((row) => {
    const mine = notes.get(idOf(row));
    return mine ? { ...row, explain: [...mine, ...row.explain] } : row;
  });
}
