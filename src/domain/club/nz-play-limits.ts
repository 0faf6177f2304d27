/**
 * NZ-8e (a Monday or Wednesday player on a Tuesday at most 3 times a year) and NZ-10 (a visitor
 * at most 3 times a year) as refusals: counts over every competition of the club, so the
 * deciders of one competition get the rest of the club through `NzClubView`, which the runtime
 * keeps (src/runtime/club-index.ts). Pure: the verdicts are those the standings explain
 * (`outOfNightVerdicts`, `visitorVerdicts`), asked before and after the proposed fact.
 */
import type { NzClubParams } from '../../rulebooks/presets/nz-club';
import {
  clubYear,
  outOfNightVerdicts,
  visitorVerdicts,
  type Night,
  type NzcbaRank,
  type NzPlay,
} from '../../standings/nz';
import type { CompetitionCreated, CompetitionFact } from '../competition/facts';
import {
  linkedPlayers,
  presentAt,
  sessionDateOf,
  type CompetitionState,
} from '../competition/state';
import { RuleViolation } from '../rule-violation';

/** One session a player sat down in, in one of the club's competitions. */
export interface NzSitting {
  competitionId: string;
  session: number;
  /** The session's date: as held if recorded, else as planned. */
  date: string;
  night?: Night;
  /** The NZ kind of event (`nightLimitExcludedEvents` names kinds), else the format. */
  event: string;
}

export interface NzPlayerOnDate {
  /** The status in force on the date (a later election does not rewrite earlier visits). */
  status: 'member' | 'nominee' | 'non-member' | 'visitor';
  homeNight?: Night;
  rank?: string;
}

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

/** Who a fact sits down, with the field that names them. */
function seatsOf(
  state: CompetitionState,
  fact: CompetitionFact,
): Array<{ player: string; session: number; field: string }> {
  switch (fact.type) {
    case 'SessionResultRecorded':
      return fact.data.players.map((player, i) => ({
        player,
        session: fact.data.session,
        field: `data.players[${i}]`,
      }));
    case 'SubstitutePlayed':
      return [
        { player: fact.data.substituteId, session: fact.data.session, field: 'data.substituteId' },
      ];
    case 'SessionScoredFromBoards': {
      const d = fact.data;
      return d.pairs.flatMap((p, i) =>
        linkedPlayers(state, { ...p, session: d.session, sessionStreamId: d.sessionStreamId }).map(
          (player, j) => ({
            player,
            session: d.session,
            field: p.players ? `data.pairs[${i}].players[${j}]` : `data.pairs[${i}].pairId`,
          }),
        ),
      );
    }
    default:
      return [];
  }
}

interface Flag {
  rule: string;
  date: string;
  reason: string;
}

const key = (f: Flag) => `${f.rule}|${f.date}`;

/**
 * The plays the standings would flag "not permitted" (scope 'play') in one club year, read as
 * `nzEligibilityVerdicts` reads them: one play per night, in date order; NZ-8 e/f/g for the
 * plays made as a member or nominee with a home night, NZ-10 for those made as a visitor, each
 * counting every earlier play of the year.
 */
function flagged(
  view: NzClubView,
  player: string,
  plays: readonly NzSitting[],
  params: NzClubParams,
): Flag[] {
  const seen = new Set<string>();
  const year = [...plays]
    .sort((a, b) => a.date.localeCompare(b.date))
    .filter((p) => {
      const night = `${p.date}|${p.night ?? ''}`;
      if (seen.has(night)) return false;
      seen.add(night);
      return true;
    });
  const latest = view.playerOn(player, year[year.length - 1]?.date ?? '');
  const home = latest?.homeNight;
  // Without a rank a Tuesday player's Mondays cannot be judged (the standings name that input).
  const judged = (p: NzSitting) =>
    p.night !== undefined && !(home === 'tuesday' && p.night === 'monday' && !latest?.rank);
  const out: Flag[] = [];
  year.forEach((p, k) => {
    const entry = view.playerOn(player, p.date);
    if (entry?.status === 'visitor') {
      const v = visitorVerdicts(
        player,
        year.slice(0, k + 1).map((x) => x.date),
        params,
      )[k]!;
      if (!v.ok) out.push({ rule: v.rule, date: p.date, reason: v.reason });
    }
    if ((entry?.status === 'member' || entry?.status === 'nominee') && home && judged(p)) {
      const me = {
        id: player,
        homeNight: home,
        ...(latest?.rank ? { rank: latest.rank as NzcbaRank } : {}),
      };
      const asPlay = (x: NzSitting): NzPlay => ({ date: x.date, night: x.night!, event: x.event });
      const earlier = year.slice(0, k).filter(judged).map(asPlay);
      const before = outOfNightVerdicts(me, earlier, params).length;
      for (const v of outOfNightVerdicts(me, [...earlier, asPlay(p)], params).slice(before)) {
        if (!v.ok && v.scope === 'play') out.push({ rule: v.rule, date: p.date, reason: v.reason });
      }
    }
  });
  return out;
}

/**
 * The refusal of a proposed fact that sits a player down for a play the club's rules do not
 * permit: a 4th Tuesday of a Monday or Wednesday player (NZ-8e; f and g too when the rulebook
 * says 'not-permitted' rather than 'disqualify'), a 4th visit of a visitor (NZ-10), counted by
 * session date per club year under the nz-club rulebook in force on the session's date.
 * `state` is the competition before the fact (earlier facts of the batch included). A play
 * already flagged in the ledger does not stop later facts: only a newly flagged play refuses.
 */
export function nzPlayLimitViolation(
  view: NzClubView,
  state: CompetitionState,
  fact: CompetitionFact,
): RuleViolation | undefined {
  const c = state.competition;
  if (!c) return undefined;
  const { night, event } = view.describe(c);
  const present = new Map<number, Set<string>>();
  const presentIn = (session: number) => {
    let p = present.get(session);
    if (!p) present.set(session, (p = new Set(presentAt(state, session).keys())));
    return p;
  };
  const done = new Set<string>();
  for (const { player, session, field } of seatsOf(state, fact)) {
    const date = sessionDateOf(state, session);
    const params = date === undefined ? undefined : view.nzParamsOn(date);
    if (!date || !params) continue;
    if (done.has(`${player}|${session}`) || presentIn(session).has(player)) continue;
    done.add(`${player}|${session}`);
    const here = (s: number): NzSitting => ({
      competitionId: c.competitionId,
      session: s,
      date: sessionDateOf(state, s)!,
      ...(night ? { night } : {}),
      event,
    });
    const year = clubYear(date, params);
    const before = [
      ...view.sittings(player, c.competitionId),
      ...c.sessions
        .filter((s) => sessionDateOf(state, s.session) && presentIn(s.session).has(player))
        .map((s) => here(s.session)),
    ].filter((p) => clubYear(p.date, params) === year);
    const was = new Set(flagged(view, player, before, params).map(key));
    const now = flagged(view, player, [...before, here(session)], params).filter(
      (f) => !was.has(key(f)),
    );
    const first = now.find((f) => f.date === date) ?? now[0];
    if (first) {
      const why = first.date === date ? '' : `a play on ${date} comes first, so `;
      return new RuleViolation(first.rule, `${player}: ${why}${first.reason}`, field);
    }
  }
  return undefined;
}
