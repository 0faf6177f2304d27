// The NZ club's teams events as the teams context's rules (NZ-8 teams, NZ-11, NZ-12, NZ-14,
// NZ-15, NZ-16): the context checks what every event checks; these are the club's own.
import type { DecidedFact } from '../../../kernel/decider';
import { RuleViolation } from '../../../kernel/rule-violation';
import type { Params } from '../../../rulebooks/params';
import type { Rulebook } from '../../../rulebooks/rulebook';
import type {
  TeamsEventState,
  TeamsMatchRecordedData,
  TeamsRules,
  TeamsScoredMatch,
  TeamsStanding,
} from '../../../contexts/teams';
import { sessionOf } from '../../../contexts/teams';
import { nzClub, type NzClubParams } from '../preset';
import { nzTeamsEventStanding, type NzPlayedMatch } from './event';
import type { NzTeamsParams } from './params';
import { substitutesRefusal } from './rules';
import { oldWbf25Scale } from '../../../scoring/vp';

const teamsOf = (params: Params) => (params as unknown as NzClubParams).teams;

type Side = TeamsMatchRecordedData['home'];

/** NZ-15: the side's substitutes who cost it VP: non-members, and Tuesday players where penalised. */
export function penalisedSubstitutes(side: Side, series: string | undefined, p: NzTeamsParams) {
  const tuesday = series !== undefined && p.tuesdayPenaltyEvents.includes(series);
  return (side.substitutes ?? []).filter((s) => !s.clubMember || (tuesday && s.tuesdayPlayer));
}

/** NZ-14: the team's substitute player-sessions before this match, each (session, player) once. */
function substituteSessions(event: TeamsEventState, teamId: string): Set<string> {
  const out = new Set<string>();
  for (const m of event.matches) {
    for (const side of [m.home, m.away]) {
      if (side.teamId !== teamId) continue;
      for (const s of side.substitutes ?? []) out.add(`${sessionOf(m)}|${s.player}`);
    }
  }
  return out;
}

/**
 * STD-VP (NZ): the old WBF 25-VP "15-15" scale has no table built in (docs/scoring.md): the
 * scorer records both sides' VP from the published table; their shape is checked.
 */
function checkFifteenFifteen(m: TeamsMatchRecordedData): void {
  const { home, away } = m;
  if (home.vp === undefined || away.vp === undefined) {
    throw new RuleViolation(
      'STD-VP',
      "the old WBF 25-VP (15-15) scale has no table built in: record both sides' VP as the published table gives them",
      home.vp === undefined ? 'data.home.vp' : 'data.away.vp',
    );
  }
  const margin = home.imps - away.imps;
  const [win, lose] = margin >= 0 ? [home.vp, away.vp] : [away.vp, home.vp];
  const field = margin >= 0 ? 'data.away.vp' : 'data.home.vp';
  const bad = (why: string) =>
    new RuleViolation(
      'STD-VP',
      `${home.vp}-${away.vp} for a margin of ${Math.abs(margin)} IMPs: ${why}`,
      field,
    );
  if (margin === 0 && (home.vp !== 15 || away.vp !== 15)) throw bad('a drawn match scores 15-15');
  if (win < 15 || lose > win)
    throw bad('the side with more IMPs scores at least 15 and at least its opponents');
  if (win < 25 && win + lose !== 30) throw bad('below 25 the two sides share 30 VP');
  if (win === 25 && lose > 5) throw bad('at 25 the losers score 5 or less');
}

/**
 * STD-VP: a match of a length the club publishes a 15-15 table for has the VP that table gives
 * its margin (`teams.vpTables`).
 */
function checkClubTable(m: TeamsMatchRecordedData, p: NzTeamsParams): void {
  const table = p.vpTables[String(m.boards)];
  if (!table) return;
  const vp = oldWbf25Scale(m.boards, table.winnerFroms, table.loserFroms).vp(
    m.home.imps - m.away.imps,
  );
  for (const [side, expected] of [
    ['home', vp.own],
    ['away', vp.opponents],
  ] as const) {
    if (m[side].vp !== expected) {
      throw new RuleViolation(
        'STD-VP',
        `the club's 15-15 table for ${m.boards} boards (teams.vpTables) gives ${vp.own}-${vp.opponents} for ${m.home.imps}-${m.away.imps} IMPs, not ${m.home.vp}-${m.away.vp}`,
        `data.${side}.vp`,
      );
    }
  }
}

function decide(fact: DecidedFact, event: TeamsEventState, params: Params): void {
  const p = teamsOf(params);
  if (fact.type !== 'TeamsMatchRecorded') return;
  const m = fact.data as TeamsMatchRecordedData;
  checkFifteenFifteen(m);
  checkClubTable(m, p);
  for (const side of ['home', 'away'] as const) {
    const subs = m[side].substitutes ?? [];
    if (!subs.length) continue;
    const used = substituteSessions(event, m[side].teamId);
    const already = subs.filter((s) => used.has(`${sessionOf(m)}|${s.player}`)).length;
    const refusal = substitutesRefusal(subs, used.size - already, event.created!.sessions, p);
    if (refusal)
      throw new RuleViolation(refusal.rule, refusal.reason, `data.${side}.${refusal.field}`);
  }
}

function standing(event: TeamsEventState, params: Params): TeamsStanding {
  const p = teamsOf(params);
  const series = event.created?.series;
  const played: NzPlayedMatch[] = event.matches.map((m) => ({
    matchId: m.matchId,
    session: sessionOf(m),
    home: m.home.teamId,
    away: m.away.teamId,
    boards: m.boards,
    homeImps: m.home.imps,
    awayImps: m.away.imps,
    homeVp: m.home.vp!,
    awayVp: m.away.vp!,
    homePenalised: penalisedSubstitutes(m.home, series, p).length,
    awayPenalised: penalisedSubstitutes(m.away, series, p).length,
  }));
  const s = nzTeamsEventStanding(
    {
      teams: event.teams.map((t) => ({
        teamId: t.teamId,
        ...(t.handicap !== undefined ? { handicap: t.handicap } : {}),
      })),
      matches: played,
      defaults: event.defaults.map((d) => ({
        matchId: d.matchId,
        session: sessionOf(d),
        defaulting: d.defaulting,
        defaultedTo: d.defaultedTo,
      })),
      handicapAdjustments: event.adjustments,
      ballots: event.ballots,
    },
    p,
  );
  const imps = new Map(event.teams.map((t) => [t.teamId, { for: 0, against: 0, played: 0 }]));
  for (const m of event.matches) {
    const h = imps.get(m.home.teamId)!;
    const a = imps.get(m.away.teamId)!;
    h.for += m.home.imps;
    h.against += m.away.imps;
    a.for += m.away.imps;
    a.against += m.home.imps;
    h.played += 1;
    a.played += 1;
  }
  for (const d of event.defaults) imps.get(d.defaultedTo)!.played += 1;
  const matches: TeamsScoredMatch[] = s.matches.map((sm) => {
    const m = event.matches.find((x) => x.matchId === sm.matchId);
    const d = event.defaults.find((x) => x.matchId === sm.matchId);
    return {
      matchId: sm.matchId,
      round: (m ?? d)!.round,
      session: sm.session,
      home: sm.home,
      away: sm.away,
      ...(m ? { boards: m.boards, homeImps: m.home.imps, awayImps: m.away.imps } : {}),
      ...(sm.played ? { played: sm.played } : {}),
      homeVp: sm.homeVp,
      awayVp: sm.awayVp,
      ...(sm.cPoints
        ? { cPoints: { home: sm.cPoints.home.toString(), away: sm.cPoints.away.toString() } }
        : {}),
      ...(d ? { defaulted: { defaulting: d.defaulting } } : {}),
      because: sm.because,
    };
  });
  const due = new Map<string, string[]>();
  const rows = s.rows.map((r) => {
    const t = imps.get(r.team)!;
    const decided = r.placement.decidedBy;
    if (decided?.step === 'ballot' && r.placement.teams.length > 1)
      due.set(r.placement.teams.join('|'), r.placement.teams);
    return {
      place: r.place,
      teamId: r.team,
      vp: r.vp,
      impsFor: t.for,
      impsAgainst: t.against,
      played: t.played,
      byes: 0,
      ...(decided
        ? {
            tieBreak: {
              step: decided.step,
              among: decided.among,
              because: r.placement.because.map((b) => `${b.rule}: ${b.text}`),
            },
          }
        : {}),
    };
  });
  return {
    groups: [{ rows }],
    matches,
    ballotsDue: [...due.values()],
    rules: {
      rank: 'NZ-12',
      vp: 'STD-VP (the old WBF 25-VP "15-15" scale), NZ-15, NZ-11',
      tieBreak: `NZ-12: ${p.tieBreak.join(', ')}, then a ballot`,
    },
  };
}

/** The NZ club's teams events: a club adopting the `nz-club` preset runs them. */
export const nzClubTeamsRules: TeamsRules = {
  format: 'nz-club-teams',
  presets: [nzClub.id],
  paramsOf: (rulebook: Rulebook | undefined) => (rulebook?.params ?? nzClub.params) as Params,
  playOf: (params) => ({
    format: 'all-play-all',
    // A club's teams event of few teams plays each other more than once over its sessions.
    repeats: 'allowed',
    playersPerMatch: teamsOf(params).playersPerSession,
    rule: 'NZ-14',
    tieRule: 'NZ-12',
  }),
  decide,
  standing,
};
