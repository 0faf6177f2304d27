/**
 * NZ-8 C points of an NZ competition's scored sessions, from the ledger: each session's scores
 * after the NZ-5 penalty (the NZ standings' own computation), the field each pair sat in when
 * the session was scored here from board results, and the NZ-8 a–d verdicts of the players who
 * sat down, turned into C points by the award table of the rulebook in force on the session's
 * day (`cPointsOfSession`). Pure: the answer depends on the projection state only. Published
 * through the registry (`cPointsOf`, src/contexts/pairs/projection/c-points.ts).
 */
import { correctionNotesOf, correctionRulesOf } from '../../contexts/pairs/projection/corrections';
import { resultsOf, sessionDateOf, type CompetitionState } from '../../contexts/pairs/domain/state';
import type { PlayerStatus } from '../../contexts/club/facts/club';
import { Fraction } from '../../scoring/fraction';
import {
  cPointsOfSession,
  isMemberStatus,
  isValidNzcbaNumber,
  nzStandings,
  type CPointsCompetitor,
  type CPointsSession,
  type NzVerdict,
} from './standings';
import {
  rulebookOn,
  scoredCompetition,
  WrongRulebookError,
} from '../../contexts/pairs/projection/query-context';
import { NoRulebookError } from '../../contexts/pairs/projection/rulebook-in-force';
import { isScoredResult } from '../../contexts/pairs/projection/scored-sessions';
import { rosterEntryOn } from '../../contexts/pairs/projection/state';
import type { CPointsRequest, CPointsTable } from '../../contexts/pairs/ruleset';
import type { DiffRows } from '../../contexts/pairs/projection/diff-rows';
import { nzcbaOf, nzEligibilityOf, nzNight } from './eligibility';
import { nzInput } from './input';
import { nzClubParamsOf } from './preset';

declare module '../../contexts/pairs/ruleset' {
  interface CPointsViews {
    'nz-club': NzCPointsView;
  }
}

export interface CPointsSessionView extends CPointsSession {
  date: string;
  /** The rulebook in force on the session's day, whose award table was used; null: none. */
  rulebook: { preset: string; effectiveFrom: string } | null;
  /** Why the session awards nothing (no rulebook in force on its day), when it does not. */
  unawarded?: string;
  /** 'directions': NS and EW fields from the board results; 'one-field': no direction known. */
  fieldsFrom: 'directions' | 'one-field';
}

export interface NzCPointsView {
  competitionId: string;
  name: string;
  clubId: string;
  season: string;
  format: string;
  sessions: number;
  /** The ledger position the answer is as of. */
  position: number;
  /** One entry per scored session (or the one asked for, when scored). */
  awards: CPointsSessionView[];
  /** Each player's C points over those sessions (exact sum of the awards), most first. */
  totals: Array<{ player: string; points: string; sessions: number[] }>;
}

/** The session's day: as held (SessionHeld) when recorded, else as planned. */
function sessionDate(c: CompetitionState, session: number): string {
  return sessionDateOf(c, session) ?? c.competition!.sessions[0]!.date;
}

/**
 * NZ-8: the C points of an NZ competition: for each scored session (a session with results), the
 * award of every player who sat down, explained. A session under a rulebook without the NZ club
 * rules is refused (NoApplicableRulebook); one before any rulebook awards nothing, and says so.
 */
const NZ_RULES = { correction: 'NZ-13', appeal: 'NZ-13' };

export const nzCPoints: CPointsTable<NzCPointsView> = {
  rule: 'NZ-8 C points',
  cPoints: (request) => nzCPointsOf(request),
  diffRows: (view) => cPointsRows(view),
};

/** NZ-8: each player's C points over the sessions, and each session's awards by player. */
export function cPointsRows(view: NzCPointsView): DiffRows {
  const rows: DiffRows = new Map();
  for (const t of view.totals) {
    rows.set(t.player, { values: { 'C points': t.points, sessions: t.sessions }, explain: [] });
  }
  for (const s of view.awards) {
    for (const a of s.awards) {
      rows.set(`session ${s.session}/${a.player}`, {
        values: { place: a.place, score: a.score / 100, 'C points': a.points },
        explain: a.explain,
      });
    }
  }
  return rows;
}

function nzCPointsOf({
  state,
  competitionId,
  session: only,
  whatIf,
}: CPointsRequest): NzCPointsView {
  const created = state.competitions[competitionId]!.competition!;
  const planned = created.sessions.length;
  // Board-scored sessions' results derived as the standings derive them (so C points place the
  // published scores).
  const c = scoredCompetition(state, competitionId);
  const roster = state.players[created.clubId] ?? {};
  const scored = [...new Set(resultsOf(c).map((r) => r.session))]
    .filter((s) => only === undefined || s === only)
    .sort((a, b) => a - b);

  const awards = scored.map((session): CPointsSessionView => {
    const date = sessionDate(c, session);
    let rulebook;
    try {
      rulebook = rulebookOn(state, created.clubId, date, whatIf);
    } catch (err) {
      if (!(err instanceof NoRulebookError)) throw err;
      // A session before the club adopted a rulebook has no award table: it awards nothing,
      // and says so, while the sessions after it are awarded as usual.
      return {
        session,
        fields: [],
        awards: [],
        date,
        rulebook: null,
        fieldsFrom: 'one-field',
        unawarded: `NZ-8: no rulebook in force on ${date}: no award table, no C points`,
      };
    }
    const params = nzClubParamsOf(rulebook);
    if (!params) throw new WrongRulebookError(competitionId, created.format, rulebook.preset);
    const index = nzEligibilityOf(state, created.clubId, rulebook);
    // The NZ standings as of this session: the session's score after NZ-5 (and NZ-8h), and
    // the NZ-8/NZ-10 verdicts of its players.
    const { event, entries } = nzInput(c, roster, session, index);
    const rows = new Map(nzStandings(event, entries, params).map((r) => [r.competitor, r]));
    const verdictsOf = new Map(entries.map((e) => [e.competitor, e.verdicts ?? []]));

    const results = resultsOf(c)
      .filter((r) => r.session === session && c.pairs[r.pairId])
      .sort((a, b) => a.pairId.localeCompare(b.pairId));
    // NZ-6: two pairs' remaining members played as one partnership: one table, placed once.
    const tables = new Map<string, (typeof results)[number]>();
    for (const r of results) {
      const key = [...r.players].sort().join('|');
      if (!tables.has(key)) tables.set(key, r);
    }
    const fieldOf = (r: (typeof results)[number]) => {
      if (!isScoredResult(r)) return undefined;
      const f =
        state.boardSessions?.[r.scoredFrom.sessionStreamId]?.pairs[r.scoredFrom.pairNumber]?.field;
      return f === 'NS' || f === 'EW' ? f : undefined;
    };
    const seated = [...tables.values()];
    const directions = seated.length > 0 && seated.every((r) => fieldOf(r) !== undefined);

    const competitors = seated.map((r): CPointsCompetitor => {
      const line = rows.get(r.pairId)!.sessions.find((l) => l.session === session)!;
      const nz5 = rows
        .get(r.pairId)!
        .explain.filter((e) => e.rule === 'NZ-5' && e.session === session && e.amount)
        .reduce((s, e) => s - e.amount!, 0);
      // The verdicts of this session, and those not tied to a play (NZ-10 prizes); matched on
      // the session, not the date: two sessions may share a day.
      const today = (verdictsOf.get(r.pairId) ?? []).filter(
        (v) => v.session === undefined || v.session === session,
      );
      return {
        competitor: r.pairId,
        score: line.beforeSubstitutePenalty,
        ...(nz5 > 0 ? { oneBoardPenalty: nz5 } : {}),
        ...(directions ? { field: fieldOf(r)! } : {}),
        players: r.players.map((id) => ({
          id,
          verdicts: withDefault(
            id,
            today.filter((v) => v.subject === id),
            rosterEntryOn(roster[id], date)?.status,
            roster[id]?.homeNight,
            created.night,
            nzcbaOf(index, id, roster[id], date),
          ),
        })),
      };
    });
    const result = cPointsOfSession({ kind: event.kind, session, competitors }, params);
    // A score an accepted correction changed says so on each award placed on it.
    const notes = correctionNotesOf(
      state,
      c,
      correctionRulesOf(rulebook.params, NZ_RULES),
      session,
    );
    if (notes.size) {
      result.awards = result.awards.map((a) => {
        const mine = notes.get(a.competitor)?.filter((n) => n.session === session);
        return mine?.length ? { ...a, explain: [...mine, ...a.explain] } : a;
      });
    }
    return {
      ...result,
      date,
      rulebook: { preset: rulebook.preset, effectiveFrom: rulebook.effectiveFrom },
      fieldsFrom: directions ? 'directions' : 'one-field',
    };
  });

  const sums = new Map<string, { points: Fraction; sessions: number[] }>();
  for (const s of awards)
    for (const a of s.awards) {
      const t = sums.get(a.player) ?? { points: Fraction.ZERO, sessions: [] };
      const [n, d] = a.points.split('/');
      t.points = t.points.add(Fraction.of(BigInt(n!), BigInt(d ?? 1)));
      t.sessions.push(s.session);
      sums.set(a.player, t);
    }
  const totals = [...sums]
    .map(([player, t]) => ({ player, points: t.points, sessions: t.sessions }))
    .sort((a, b) => b.points.compare(a.points) || a.player.localeCompare(b.player))
    .map((t) => ({ ...t, points: t.points.toString() }));

  return {
    competitionId,
    name: created.name,
    clubId: created.clubId,
    season: created.season,
    format: created.format,
    sessions: planned,
    position: state.position,
    awards,
    totals,
  };
}

/**
 * A player's C-point verdict when NZ-8 a–d gave none: a member or nominee playing on their own
 * night (the plain NZ-8 line is left out of the standings), or a table the eligibility could not
 * judge (no night on the competition, a member without a home night, an individual event).
 * Anyone else is from outside the club: NZ-8c, C points with a valid NZCBA number on the roster.
 */
function withDefault(
  id: string,
  verdicts: NzVerdict[],
  status: PlayerStatus | undefined,
  homeNight: string | undefined,
  night: string | undefined,
  nzcba: ReturnType<typeof nzcbaOf>,
): NzVerdict[] {
  if (verdicts.some((v) => v.scope === 'c-points')) return verdicts;
  const member = isMemberStatus(status);
  const own = night !== undefined && nzNight(homeNight) === nzNight(night);
  const verdict: NzVerdict = member
    ? {
        rule: 'NZ-8',
        subject: id,
        scope: 'c-points',
        ok: true,
        reason: own
          ? 'a member playing on their own night'
          : 'a member (reading: qualifies where NZ-8 a–d give no other verdict)',
      }
    : {
        rule: 'NZ-8c',
        subject: id,
        scope: 'c-points',
        ok: nzcba.nzcbaNumberValid ?? isValidNzcbaNumber(nzcba.nzcbaNumber),
        reason: `a ${status ?? 'player unknown to the roster'} from outside the club ${
          nzcba.nzcbaNumberValid !== undefined
            ? `whose NZCBA number was checked ${nzcba.nzcbaNumberValid ? 'valid' : 'not valid'} on ${nzcba.nzcbaCheckedOn}`
            : isValidNzcbaNumber(nzcba.nzcbaNumber)
              ? 'with a valid NZCBA number'
              : nzcba.nzcbaNumber === undefined
                ? 'without an NZCBA number on the roster'
                : 'whose recorded NZCBA number is not valid (reading: 1 to 10 digits, not zero)'
        }`,
      };
  return [...verdicts, verdict];
}
