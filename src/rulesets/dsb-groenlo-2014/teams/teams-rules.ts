// DSB-15, DSB-16: the DSB's viertallen as the teams context's rules: four sessions of teams of
// four, in fixed groups or Swiss (a setting of the rulebook), IMPs to WP on the WBF 2013 scale.
import type { DecidedFact } from '../../../kernel/decider';
import { RuleViolation } from '../../../kernel/rule-violation';
import type { Params } from '../../../rulebooks/params';
import type { Rulebook } from '../../../rulebooks/rulebook';
import { wbf2013Scale } from '../../../scoring/vp';
import type {
  TeamsEventState,
  TeamsPlay,
  TeamsMatchRecordedData,
  TeamsRules,
  TeamsScoredMatch,
  TeamsStanding,
} from '../../../contexts/teams';
import { sessionOf } from '../../../contexts/teams';
import { dsbGroenlo2014, type DsbParams } from '../preset';
import { viertallenStandings } from './standings';

const dsb = (params: Params) => params as unknown as DsbParams;

/** DSB-16: a match's WP on the WBF 2013 continuous scale for its length. */
const wpOf = (boards: number, homeImps: number, awayImps: number) =>
  wbf2013Scale(boards).vp(homeImps - awayImps);

function decide(fact: DecidedFact, event: TeamsEventState, params: Params): void {
  const t = dsb(params).teams;
  const d = fact.data as Record<string, unknown>;
  if (fact.type === 'TeamsEventCreated' && d.handicaps !== undefined) {
    throw new RuleViolation('DSB-15', 'viertallen are not played with handicaps', 'data.handicaps');
  }
  if (fact.type === 'TeamsBallotDrawn') {
    throw new RuleViolation(
      'DSB-16',
      'the rulebook sets no tie-break for the viertallen: teams level share the place',
      'data.teams',
    );
  }
  if (fact.type === 'TeamsMatchRecorded' || fact.type === 'TeamsMatchDefaulted') {
    const round = d.round as number;
    if (round > t.sessions) {
      throw new RuleViolation(
        'DSB-15',
        `the viertallen play ${t.sessions} sessions (teams.sessions), not ${round}`,
        'data.round',
      );
    }
  }
  if (fact.type === 'TeamsMatchDefaulted') {
    throw new RuleViolation(
      'DSB-16',
      'the rulebook scores no default for the viertallen: record the match as played (its IMPs)',
      'data.matchId',
    );
  }
  if (fact.type === 'TeamsMatchRecorded') {
    const m = d as unknown as TeamsMatchRecordedData;
    // DSB-15 (reading: substitutes as in the pairs), DSB-10.1: only one member of a pair at the
    // table may be replaced: two substitutes may not partner each other.
    for (const side of ['home', 'away'] as const) {
      const subs = m[side].substitutes ?? [];
      const i = subs.findIndex((x) => subs.some((y) => y.player === x.partner));
      if (i >= 0) {
        throw new RuleViolation(
          'DSB-10.1',
          `${subs[i]!.player} and ${subs[i]!.partner} are both substitutes: only one member of a pair may be replaced`,
          `data.${side}.substitutes[${i}].partner`,
        );
      }
    }
    const wp = wpOf(m.boards, m.home.imps, m.away.imps);
    for (const [side, vp] of [
      ['home', wp.own],
      ['away', wp.opponents],
    ] as const) {
      const given = m[side].vp;
      if (given !== undefined && Math.round(given * 100) !== Math.round(vp * 100)) {
        throw new RuleViolation(
          'DSB-16',
          `${given} WP is not the WBF 2013 scale's ${vp} for ${m.home.imps}-${m.away.imps} IMPs over ${m.boards} boards (leave vp out: it is computed)`,
          `data.${side}.vp`,
        );
      }
    }
  }
  void event;
}

function standing(event: TeamsEventState, params: Params, play: TeamsPlay): TeamsStanding {
  // Played as the event's first day's rulebook said (groups or Swiss), every round recorded
  // counted: an amendment of the sessions after a round was accepted does not strand it.
  const latest = dsb(params);
  const rounds = Math.max(0, ...event.matches.map((m) => m.round));
  const p: DsbParams = {
    ...latest,
    teams: {
      ...latest.teams,
      format: play.format === 'swiss' ? 'swiss' : 'groups',
      sessions: Math.max(latest.teams.sessions, rounds),
    },
  };
  const byes = Object.values(event.rounds).flatMap((r) =>
    r.bye ? [{ round: r.round, teamId: r.bye }] : [],
  );
  const groups = viertallenStandings(
    event.teams.map((t) => ({
      teamId: t.teamId,
      ...(t.group !== undefined ? { group: t.group } : {}),
    })),
    event.matches.map((m) => ({
      round: m.round,
      home: m.home.teamId,
      away: m.away.teamId,
      boards: m.boards,
      homeImps: m.home.imps,
      awayImps: m.away.imps,
    })),
    byes,
    p,
  );
  const matches: TeamsScoredMatch[] = event.matches.map((m) => {
    const wp = wpOf(m.boards, m.home.imps, m.away.imps);
    return {
      matchId: m.matchId,
      round: m.round,
      session: sessionOf(m),
      home: m.home.teamId,
      away: m.away.teamId,
      boards: m.boards,
      homeImps: m.home.imps,
      awayImps: m.away.imps,
      homeVp: wp.own,
      awayVp: wp.opponents,
      because: [
        `DSB-16: ${m.home.imps}-${m.away.imps} IMPs over ${m.boards} boards, ${wp.own}-${wp.opponents} WP on the WBF 2013 continuous scale`,
      ],
    };
  });
  return {
    groups: groups.map((g) => ({
      ...(g.group !== undefined ? { group: g.group } : {}),
      rows: g.rows.map((r) => ({
        place: r.place,
        teamId: r.teamId,
        vp: r.wp,
        impsFor: r.impsFor,
        impsAgainst: r.impsAgainst,
        played: r.played,
        byes: r.byes,
      })),
    })),
    matches,
    ballotsDue: [],
    rules: {
      rank:
        p.teams.format === 'swiss' ? 'DSB-15 (one ranking), DSB-16' : 'DSB-15 (each group), DSB-16',
      vp: 'DSB-16 (WBF 2013 continuous)',
    },
  };
}

/** The DSB viertallen: a club adopting `dsb-groenlo-2014` runs them. */
export const dsbViertallenRules: TeamsRules = {
  format: 'dsb-viertallen',
  presets: [dsbGroenlo2014.id],
  paramsOf: (rulebook: Rulebook | undefined) =>
    (rulebook?.params ?? dsbGroenlo2014.params) as Params,
  playOf: (params) => ({
    format: dsb(params).teams.format,
    repeats: dsb(params).teams.repeats,
    playersPerMatch: 4,
    rule: 'DSB-15',
    tieRule: 'DSB-16',
  }),
  byeVp: (params) => dsb(params).teams.byeVp,
  decide,
  standing,
};
