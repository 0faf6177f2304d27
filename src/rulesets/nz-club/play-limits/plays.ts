/**
 * NZ-8 e/f/g (playing out of one's graded night) and NZ-10 (visitors), counted over a club's
 * seats: one function for the append gate (`limits.ts`, which refuses a play not permitted)
 * and the standings (`../eligibility.ts`, whose explain flags it), so that the two agree by
 * construction. Pure.
 */
import type { PlayerStatus } from '../../../contexts/club/facts/club';
import type { NzClubParams } from '../preset';
import {
  isMemberStatus,
  NzInputError,
  outOfNightVerdicts,
  visitorVerdicts,
  type Night,
  type NzcbaRank,
  type NzEventKind,
  type NzPlay,
  type NzVerdict,
} from '../standings';
import type { CompetitionCreated } from '../../../contexts/pairs/domain/facts';
import type { CompetitionState } from '../../../contexts/pairs/domain/state';
import {
  clubPlaysOf,
  playOrder,
  type ClubPlay,
  type ClubSitting,
} from '../../../contexts/pairs/domain/club-plays';

/** CompetitionCreated.format → the NZ rules' kind of event. */
export const NZ_KIND_OF_FORMAT: Readonly<Record<string, NzEventKind>> = {
  'club-pairs': 'club-pairs',
  'victoria-pairs': 'victoria-pairs',
  'thursday-club-pairs': 'thursday-afternoon-club-pairs',
  'three-four-session-pairs': 'short-pairs',
  'random-draw-individual': 'random-draw-individual',
  'wilkinson-individual': 'wilkinson-individual',
  'wellesley-pairs': 'wellesley-pairs',
};

/** A night as the ledger spells it ('thursday-afternoon') → the NZ rules' `Night`. */
export const nzNight = (n?: string): Night | undefined =>
  n === 'thursday-afternoon' ? 'thursday' : (n as Night | undefined);

/** A competition's night and NZ kind of event (the format, when it is not an NZ one). */
export function nzKindOf(c: Pick<CompetitionCreated, 'night' | 'format'>): {
  night?: Night;
  event: string;
} {
  const night = nzNight(c.night);
  return { ...(night ? { night } : {}), event: NZ_KIND_OF_FORMAT[c.format] ?? c.format };
}

/** One session a player sat down in, with the competition's night and NZ kind of event. */
export interface NzSitting extends ClubSitting {
  night?: Night;
  /** The NZ kind of event (`nightLimitExcludedEvents` names kinds), else the format. */
  event: string;
}

/** A sitting with its competition's night and NZ kind of event (`nzKindOf`). */
export const withNzKind = <S extends ClubSitting>(
  s: S,
  kind: { night?: Night; event: string },
): S & NzSitting => ({ ...s, ...(kind.night ? { night: kind.night } : {}), event: kind.event });

/**
 * The plays of a competition (of one session, and one pair, when given), as `clubPlaysOf` gives
 * them: a player sat down in a session of a competition held on a night plays on that night
 * (`kind`: the competition's, by default).
 */
export function nzPlaysOf(
  c: CompetitionState,
  of: { session?: number; pairId?: string; kind?: { night?: Night; event: string } } = {},
): Array<NzSitting & ClubPlay> {
  const created = c.competition;
  if (!created) return [];
  const kind = of.kind ?? nzKindOf(created);
  return clubPlaysOf(c, of).map((p) => withNzKind(p, kind));
}

/** A player as the club knows them on a date (the status and NZCBA rank in force then). */
export interface NzPlayerOnDate {
  status: PlayerStatus;
  homeNight?: Night;
  /** NZ-8g: the rank on the date (`nzcbaRankOn`: the latest recorded by then, else the roster's). */
  rank?: string;
  /** The day that rank was recorded from (NzcbaRankRecorded); none for the roster's. */
  rankFrom?: string;
}

/**
 * The plays up to and including the one `isThis` picks, one per night: a player who sat down in
 * two competitions' sessions (or for two pairs, NZ-6) on the same date and night played that
 * night once. Undefined when the play is not among them.
 */
function playsUpTo<P extends NzSitting>(
  history: readonly P[],
  isThis: (p: P) => boolean,
): P[] | undefined {
  const mine = history.find(isThis);
  if (!mine) return undefined;
  const night = (p: P) => `${p.date}|${p.night ?? ''}`;
  const seen = new Set<string>();
  const out: P[] = [];
  for (const p of history) {
    if (p === mine) return [...out, p];
    if (night(p) === night(mine) || seen.has(night(p))) continue;
    seen.add(night(p));
    out.push(p);
  }
  return undefined;
}

/** The NZ-8 e/f/g and NZ-10 verdicts of one play. */
export interface NzPlayVerdicts {
  /**
   * NZ-8 e/f/g: the verdicts `outOfNightVerdicts` gives this play, for a member or nominee with a
   * home night at a competition with a night (counting their earlier plays on that night).
   */
  outOfNight: NzVerdict[];
  /** NZ-10, for a visitor: this play's count, and whether visitors qualify for prizes. */
  visitor?: { play: NzVerdict; prizes: NzVerdict };
}

/**
 * The NZ-8 e/f/g and NZ-10 verdicts of the play `isThis` picks in `history` (the player's plays
 * in its club year, in `nzPlayOrder`; plays after it do not count), for a player who was
 * `entry` on its date. `pairOf` names the pair or team of each play (the subject of a
 * disqualification). `rankOn` gives the player's NZCBA rank on each play's date (NZ-8g counts
 * only the Mondays played as Intermediate or Open); without it every play takes `entry.rank`.
 * Undefined when the play is not in `history`. Throws NzInputError when the play cannot be
 * judged (a Tuesday player on a Monday without a rank: NZ-8g needs it).
 */
export function nzPlayVerdicts<P extends NzSitting>(
  player: string,
  history: readonly P[],
  isThis: (p: P) => boolean,
  entry: NzPlayerOnDate | undefined,
  params: NzClubParams,
  pairOf?: (p: P) => string,
  rankOn?: (date: string) => Pick<NzPlayerOnDate, 'rank' | 'rankFrom'> | undefined,
): NzPlayVerdicts | undefined {
  const upTo = playsUpTo(history, isThis);
  if (!upTo) return undefined;
  const night = upTo[upTo.length - 1]!.night;
  const out: NzPlayVerdicts = { outOfNight: [] };
  if (entry && isMemberStatus(entry.status) && entry.homeNight && night) {
    // With `rankOn` each play carries its own day's rank: no fallback to this play's.
    const me = {
      id: player,
      homeNight: entry.homeNight,
      ...(entry.rank && !rankOn ? { rank: entry.rank as NzcbaRank } : {}),
    };
    // Only plays on this night change this play's count (the helper counts per limit).
    const sameNight = upTo
      .filter((p) => p.night === night)
      .map((p): NzPlay => {
        const on = night === 'monday' ? rankOn?.(p.date) : undefined;
        return {
          date: p.date,
          night: p.night!,
          event: p.event,
          ...(pairOf ? { pair: pairOf(p) } : {}),
          ...(on?.rank ? { rank: on.rank as NzcbaRank } : {}),
          ...(on?.rank && on.rankFrom ? { rankFrom: on.rankFrom } : {}),
        };
      });
    const before = outOfNightVerdicts(me, sameNight.slice(0, -1), params).length;
    out.outOfNight = outOfNightVerdicts(me, sameNight, params).slice(before);
  }
  if (entry?.status === 'visitor') {
    const vs = visitorVerdicts(
      player,
      upTo.map((p) => p.date),
      params,
    );
    out.visitor = { play: vs[vs.length - 2]!, prizes: vs[vs.length - 1]! };
  }
  return out;
}

/** A play the rules do not permit (scope 'play', not ok): what the gate refuses to add. */
export interface NzFlag {
  rule: string;
  competitionId: string;
  session: number;
  date: string;
  reason: string;
}

/**
 * The plays of `plays` (one player's, in one club year) that the standings flag "not
 * permitted": NZ-8 e/f/g (f and g when the rulebook says 'not-permitted' rather than
 * 'disqualify') and NZ-10, each play judged as `nzPlayVerdicts` judges it for the standings. A
 * play the standings cannot judge (they name the missing input instead) is not flagged.
 */
export function nzPlaysNotPermitted(
  player: string,
  plays: readonly NzSitting[],
  playerOn: (date: string) => NzPlayerOnDate | undefined,
  params: NzClubParams,
): NzFlag[] {
  const history = [...plays].sort(playOrder);
  const out: NzFlag[] = [];
  const judged = new Set<string>();
  for (const p of history) {
    const at = `${p.competitionId}|${p.session}`;
    if (judged.has(at)) continue;
    judged.add(at);
    let v: NzPlayVerdicts | undefined;
    try {
      v = nzPlayVerdicts(
        player,
        history,
        (q) => q.competitionId === p.competitionId && q.session === p.session,
        playerOn(p.date),
        params,
        undefined,
        playerOn,
      );
    } catch (e) {
      if (e instanceof NzInputError) continue;
      throw e;
    }
    const flag = (x: NzVerdict) =>
      out.push({
        rule: x.rule,
        competitionId: p.competitionId,
        session: p.session,
        date: p.date,
        reason: x.reason,
      });
    for (const x of v?.outOfNight ?? []) if (!x.ok && x.scope === 'play') flag(x);
    if (v?.visitor && !v.visitor.play.ok) flag(v.visitor.play);
  }
  return out;
}
