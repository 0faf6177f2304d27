/**
 * NZ-8e (a Monday or Wednesday player on a Tuesday at most 3 times a year) and NZ-10 (a visitor
 * at most 3 times a year) as the pairs context's club play limits: counts over every
 * competition of the club, so the deciders of one competition get the rest of the club through
 * `NzClubView`, read from what the ledger keeps (`ClubPlays`, src/ledger/club-index.ts). Pure:
 * who sat down is `seating.ts`'s, and the verdicts are the standings' own (`plays.ts`), asked
 * before and after the proposed fact.
 */
import { nzClubParamsOf, type NzClubParams } from '../preset';
import { clubYear, type Night } from '../standings';
import type { CompetitionCreated, CompetitionFact } from '../../../contexts/pairs/domain/facts';
import { presentAt, seatsOfFact } from '../../../contexts/pairs/domain/seating';
import { sessionDateOf, type CompetitionState } from '../../../contexts/pairs/domain/state';
import { sessionDates } from '../../../contexts/pairs/domain/club-plays';
import type { ClubPlayLimits, ClubPlays } from '../../../contexts/pairs/play-limits';
import { RuleViolation } from '../../../kernel/rule-violation';
import { nzPlayerOn } from '../eligibility';
import {
  nzKindOf,
  nzPlaysNotPermitted,
  nzPlaysOf,
  withNzKind,
  type NzFlag,
  type NzPlayerOnDate,
  type NzSitting,
} from './plays';

export type { NzPlayerOnDate, NzSitting };

/** What the club-wide limits read beyond the competition being appended to. */
export interface NzClubView {
  /** The nz-club parameters in force on the date; undefined under another rulebook or none. */
  nzParamsOn(date: string): NzClubParams | undefined;
  playerOn(playerId: string, date: string): NzPlayerOnDate | undefined;
  /** A competition's night and NZ kind of event, read as the standings read them. */
  describe(c: CompetitionCreated): { night?: Night; event: string };
  /** The player's sittings in the club's competitions other than `except`. */
  sittings(playerId: string, except: string): readonly NzSitting[];
}

const key = (f: NzFlag) => `${f.rule}|${f.competitionId}|${f.session}`;

/**
 * The refusal of a proposed fact that sits a player down for a play the club's rules do not
 * permit: a 4th Tuesday of a Monday or Wednesday player (NZ-8e; f and g too when the rulebook
 * says 'not-permitted' rather than 'disqualify'), a 4th visit of a visitor (NZ-10), counted by
 * session date per club year under the nz-club rulebook in force on the session's date.
 * `state` is the competition before the fact (earlier facts of the batch included). The plays
 * are judged by the standings' own count (`nzPlaysNotPermitted`) before and after the fact: a
 * play already flagged in the ledger does not stop later facts, only a newly flagged one
 * refuses — exactly the plays the standings' explain would newly flag were the fact forced in.
 */
export function nzPlayLimitViolation(
  view: NzClubView,
  state: CompetitionState,
  fact: CompetitionFact,
): RuleViolation | undefined {
  const c = state.competition;
  if (!c) return undefined;
  const { night, event } = view.describe(c);
  const present = new Map<number, Map<string, string>>();
  const presentIn = (session: number) => {
    let p = present.get(session);
    if (!p) present.set(session, (p = presentAt(state, session)));
    return p;
  };
  let here: Map<string, NzSitting[]> | undefined;
  const playsHere = (player: string) => {
    if (!here) {
      here = new Map();
      for (const p of nzPlaysOf(state, { kind: { ...(night ? { night } : {}), event } })) {
        const mine = here.get(p.player) ?? [];
        here.set(p.player, mine);
        mine.push(p);
      }
    }
    return here.get(player) ?? [];
  };
  const done = new Set<string>();
  for (const { playerId: player, session, pairId, field } of seatsOfFact(state, fact)) {
    const date = sessionDateOf(state, session);
    const params = date === undefined ? undefined : view.nzParamsOn(date);
    if (!date || !params) continue;
    if (done.has(`${player}|${session}`) || presentIn(session).has(player)) continue;
    done.add(`${player}|${session}`);
    const play: NzSitting = {
      competitionId: c.competitionId,
      session,
      date,
      startTime: sessionDates(state).get(session)?.startTime ?? '',
      ...(night ? { night } : {}),
      event,
      pairId,
    };
    const year = clubYear(date, params);
    const before = [...view.sittings(player, c.competitionId), ...playsHere(player)].filter(
      (p) => clubYear(p.date, params) === year,
    );
    const on = (d: string) => view.playerOn(player, d);
    const was = new Set(nzPlaysNotPermitted(player, before, on, params).map(key));
    const now = nzPlaysNotPermitted(player, [...before, play], on, params).filter(
      (f) => !was.has(key(f)),
    );
    const first =
      now.find((f) => f.competitionId === c.competitionId && f.session === session) ?? now[0];
    if (first) {
      const why = first.date === date ? '' : `a play on ${date} comes first, so `;
      return new RuleViolation(first.rule, `${player}: ${why}${first.reason}`, field);
    }
  }
  return undefined;
}

/** The NZ view of what the ledger keeps of a club: each sitting with its night and NZ kind. */
export function nzClubView(club: ClubPlays): NzClubView {
  const kinds = new Map<string, ReturnType<typeof nzKindOf>>();
  const kindOf = (competitionId: string) => {
    let kind = kinds.get(competitionId);
    if (!kind) {
      kind = nzKindOf(club.competitions().competitions[competitionId]!.competition!);
      kinds.set(competitionId, kind);
    }
    return kind;
  };
  return {
    nzParamsOn: (date) => nzClubParamsOf(club.rulebookOn(date)),
    playerOn: (playerId, date) => nzPlayerOn(club.competitions(), club.clubId, playerId, date),
    describe: (c) => nzKindOf(c),
    sittings: (playerId, except) =>
      club.sittings(playerId, except).map((s) => withNzKind(s, kindOf(s.competitionId))),
  };
}

/** NZ-8e and NZ-10 as the limits the NZ club's rulebook puts on a player's plays. */
export const nzClubPlayLimits: ClubPlayLimits = {
  name: 'nz-club',
  violation: (club, state, fact) => nzPlayLimitViolation(nzClubView(club), state, fact),
};
