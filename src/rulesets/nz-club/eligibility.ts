/**
 * NZ-8 (playing out of one's graded night) and NZ-10 (visitors) from the ledger: who sat down
 * on which night across ALL the club's competitions, and the verdicts the pure helpers of
 * `src/rulesets/nz-club/standings/eligibility.ts` give for each play of a competition's pairs. Pure: the
 * answer depends only on the projection state and the rulebook's parameters.
 */
import { seatedPairs } from '../../contexts/pairs/domain/seating';
import type { CompetitionState } from '../../contexts/pairs/domain/state';
import {
  NZ_KIND_OF_FORMAT,
  nzNight,
  nzPlaysOf,
  nzPlayVerdicts,
  type NzSitting,
} from './play-limits/plays';
import { playOrder as nzPlayOrder, sessionDates } from '../../contexts/pairs/domain/club-plays';
import type { NzClubParams } from './preset';
import type { Rulebook } from '../../rulebooks/rulebook';
import {
  clubYear,
  isMemberStatus,
  nzcbaRankOn,
  sessionEligibility,
  type NzSessionPlayer,
  type NzVerdict,
} from './standings';
import { identity, remember } from '../../contexts/pairs/projection/memo';
import {
  rosterEntryOn,
  type CompetitionsState,
  type RosterEntry,
} from '../../contexts/pairs/projection/state';
import {
  nzcbaCheckOn,
  nzcbaRanksOf,
  secretaryAsked,
  type NzMembershipFacts,
} from '../../contexts/pairs/projection/nz-membership';
import type { NzPlayerOnDate } from './play-limits/plays';

export { NZ_KIND_OF_FORMAT, nzNight };

/**
 * One session a player sat down in (result players, substitutes, the players of a pair linked to
 * board results: `seating.ts`), in any club competition.
 */
export interface NzPlayRecord extends NzSitting {
  player: string;
  pairId: string;
  startTime: string;
}

/** Every play of every player of one club, in date order, with the rulebook to judge them by. */
export interface NzEligibilityIndex {
  clubId: string;
  params: NzClubParams;
  roster: Record<string, RosterEntry>;
  /** player → plays, sorted by date, start time, competition, session. */
  plays: Record<string, NzPlayRecord[]>;
  /** The club's NZ-8c number checks, NZ-8d requests and NZ-8g ranks (`members-<clubId>`), when any. */
  membership?: NzMembershipFacts;
}

/** What an index is built from (the whole projection state and the rulebook in force). */
export interface NzEligibilitySource {
  state: CompetitionsState;
  params: NzClubParams;
}

/**
 * The plays of every player in the club's competitions (all of them, whatever their format), for
 * NZ-8 e/f/g and NZ-10. A player "plays on a night" when they sit down in a session of a
 * competition held on that night.
 */
export function nzEligibilityIndex(
  state: CompetitionsState,
  clubId: string,
  params: NzClubParams,
): NzEligibilityIndex {
  const plays: Record<string, NzPlayRecord[]> = {};
  for (const c of Object.values(state.competitions)) {
    if (c.competition?.clubId !== clubId) continue;
    for (const p of nzPlaysOf(c)) (plays[p.player] ??= []).push(p);
  }
  for (const list of Object.values(plays)) list.sort(nzPlayOrder);
  const membership = state.nzMembership?.[clubId];
  return {
    clubId,
    params,
    roster: state.players[clubId] ?? {},
    plays,
    ...(membership ? { membership } : {}),
  };
}

/**
 * The club's index under a rulebook, once per state: the NZ standings and the C points read the
 * same one. Seats do not depend on board-scored percentages: the state as folded will do.
 */
export const nzEligibilityOf = (state: CompetitionsState, clubId: string, rulebook: Rulebook) =>
  remember(state, 'nz-eligibility', `${clubId}:${identity(rulebook)}`, () =>
    nzEligibilityIndex(state, clubId, rulebook.params as unknown as NzClubParams),
  );

export const isEligibilityIndex = (
  e: NzEligibilityIndex | NzEligibilitySource,
): e is NzEligibilityIndex => 'plays' in e;

/**
 * A verdict on one play: its session and date as fields (C points match on the session: two
 * sessions may share a date), and the date leading the reason for the explain.
 */
const ofPlay = (v: NzVerdict, session: number, date: string): NzVerdict => ({
  ...v,
  session,
  date,
  reason: v.reason.startsWith(`${date}:`) ? v.reason : `${date}: ${v.reason}`,
});

/**
 * The NZ-8 and NZ-10 verdicts for each pair (or individual) of competition `c`, as of session
 * `upToSession`: this competition's sessions up to it, the club's other competitions up to the
 * date of the last of them. For each session a pair played:
 * - NZ-8 e/f/g for each member or nominee with a home night, counting by date order their plays
 *   on the competition's night in the club year (`outOfNightVerdicts`; a 3rd Wednesday or Monday
 *   disqualifies the pair it was played for, from that session on);
 * - NZ-10 for each visitor: the visitor's plays in the club year, and once no prizes;
 * - NZ-8 a–d C-point verdicts for the two players at the table (`sessionEligibility`), leaving
 *   out the plain "plays on own night" line and the NZ-10 line already given.
 * Each verdict on a play carries its `session` and `date` (and its reason starts with the date);
 * the NZ-10 "no prizes" verdict, once per visitor and pair, carries neither.
 */
export function nzEligibilityVerdicts(
  index: NzEligibilityIndex,
  c: CompetitionState,
  upToSession = Number.MAX_SAFE_INTEGER,
): Record<string, NzVerdict[]> {
  const created = c.competition;
  if (!created) return {};
  const { params, roster } = index;
  const competitionId = created.competitionId;
  const dates = sessionDates(c);
  const counted = [...dates].filter(([s]) => s <= upToSession);
  if (!counted.length) return {};
  const cutoff = counted.map(([, d]) => d.date).sort()[counted.length - 1]!;
  const night = nzNight(created.night);
  const inScope = (p: NzPlayRecord) =>
    p.competitionId === competitionId ? p.session <= upToSession : p.date <= cutoff;
  const isPlay = (p: NzPlayRecord, session: number) =>
    p.competitionId === competitionId && p.session === session;

  const out: Record<string, NzVerdict[]> = {};
  const visitorsSeen = new Map<string, Set<string>>();
  const seats = [...seatedPairs(c).values()]
    .filter((s) => s.session <= upToSession && dates.has(s.session) && c.pairs[s.pairId])
    .sort((a, b) => a.session - b.session || a.pairId.localeCompare(b.pairId));

  for (const { session, pairId, players } of seats) {
    const date = dates.get(session)!.date;
    const verdicts = (out[pairId] ??= []);
    const year = clubYear(date, params, `${competitionId}.sessions[${session}].date`);
    for (const id of players) {
      const v = nzPlayVerdicts(
        id,
        (index.plays[id] ?? []).filter((p) => inScope(p) && clubYear(p.date, params) === year),
        (p) => isPlay(p, session),
        playerOnDate(roster[id], index.membership, id, date),
        params,
        (p) => (isPlay(p, session) ? pairId : `${p.competitionId}/${p.pairId}`),
        (d) => rankOnDate(roster[id], index.membership, id, d),
      );
      if (!v) continue;
      verdicts.push(...v.outOfNight.map((x) => ofPlay(x, session, date)));
      if (v.visitor) {
        verdicts.push(ofPlay(v.visitor.play, session, date));
        const seen = visitorsSeen.get(pairId) ?? new Set<string>();
        visitorsSeen.set(pairId, seen);
        if (!seen.has(id)) {
          seen.add(id);
          verdicts.push(v.visitor.prizes);
        }
      }
    }
    // NZ-8 a–d: the two players at the table, when the night and every member's grade are known.
    const table = [...players].map((id): NzSessionPlayer | undefined => {
      const entry = rosterEntryOn(roster[id], date);
      // A player the roster does not know is from outside the club.
      const status = entry?.status ?? 'non-member';
      const homeNight = nzNight(entry?.homeNight);
      if (isMemberStatus(status)) return homeNight ? { id, status, homeNight } : undefined;
      return { id, status, ...nzcbaOf(index, id, entry, date) };
    });
    if (night && table.length === 2 && table.every((p) => p !== undefined)) {
      const [a, b] = table as [NzSessionPlayer, NzSessionPlayer];
      const vs = sessionEligibility(
        {
          night,
          players: [a, b],
          ...(askedToPlayWithVisitor(index.membership, date, a, b)
            ? { requestedBySecretary: true }
            : {}),
        },
        params,
      );
      verdicts.push(
        ...vs
          .filter((v) => !(v.rule === 'NZ-8' && v.ok) && v.rule !== 'NZ-10')
          .map((v) => ofPlay(v, session, date)),
      );
    }
  }
  return out;
}

/**
 * NZ-8g: a player's NZCBA rank on `date` (`nzcbaRankOn`): the latest NzcbaRankRecorded from a
 * day on or before it, else the roster's rank. A rank recorded from a later day does not count.
 */
function rankOnDate(
  entry: RosterEntry | undefined,
  membership: NzMembershipFacts | undefined,
  id: string,
  date: string,
): Pick<NzPlayerOnDate, 'rank' | 'rankFrom'> {
  const on = nzcbaRankOn(nzcbaRanksOf(membership, id), date, entry?.rank, `${id}.rank`);
  return on ? { rank: on.rank, ...(on.from ? { rankFrom: on.from } : {}) } : {};
}

/** A player on `date` as NZ-8 e/f/g and NZ-10 judge them: status, home night, rank then. */
function playerOnDate(
  roster: RosterEntry | undefined,
  membership: NzMembershipFacts | undefined,
  id: string,
  date: string,
): NzPlayerOnDate | undefined {
  const entry = rosterEntryOn(roster, date);
  if (!entry) return undefined;
  const homeNight = nzNight(entry.homeNight);
  return {
    status: entry.status,
    ...(homeNight ? { homeNight } : {}),
    ...rankOnDate(entry, membership, id, date),
  };
}

/**
 * The club-wide view's `playerOn` (NzClubView, what the append check reads) from the
 * competitions read model: the roster's status on the date and the NZCBA rank in force then,
 * as the standings read them. The club index (src/ledger/club-index.ts) answers with the
 * roster's undated rank until it reads `members-<clubId>` and calls this.
 */
export const nzPlayerOn = (
  state: CompetitionsState,
  clubId: string,
  playerId: string,
  date: string,
): NzPlayerOnDate | undefined =>
  playerOnDate(state.players[clubId]?.[playerId], state.nzMembership?.[clubId], playerId, date);

/**
 * NZ-8c: a guest's or visitor's NZCBA number on `date`. A GuestNzcbaNumberChecked dated on or
 * before it decides (the latest: a check that says not valid overrides an earlier valid one and
 * the roster's number); without one, the number on the roster (`PlayerRegistered.nationalNumber`,
 * read by its form). A check dated after the session does not count for it.
 */
export function nzcbaOf(
  index: Pick<NzEligibilityIndex, 'membership'>,
  id: string,
  entry: RosterEntry | undefined,
  date: string,
): Pick<NzSessionPlayer, 'nzcbaNumber' | 'nzcbaNumberValid' | 'nzcbaCheckedOn'> {
  const check = nzcbaCheckOn(index.membership, id, date);
  if (check) return { nzcbaNumberValid: check.valid, nzcbaCheckedOn: check.on };
  const nzcbaNumber = entry?.nationalNumber;
  return nzcbaNumber === undefined ? {} : { nzcbaNumber };
}

/**
 * NZ-8d: a member and a visitor at the table whom the Secretary asked to play together that
 * day (VisitorPartnerAsked of that member and visitor, dated the session's day).
 */
function askedToPlayWithVisitor(
  facts: NzMembershipFacts | undefined,
  date: string,
  a: NzSessionPlayer,
  b: NzSessionPlayer,
): boolean {
  const asked = (m: NzSessionPlayer, v: NzSessionPlayer) =>
    isMemberStatus(m.status) && v.status === 'visitor' && secretaryAsked(facts, date, m.id, v.id);
  return asked(a, b) || asked(b, a);
}
