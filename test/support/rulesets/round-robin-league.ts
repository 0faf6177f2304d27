import {
  fixtureOf,
  leagueSeasonOf,
  ledger,
  notRecordedYet,
  placedTeam,
  teamOf,
  type Because,
  type DivisionInput,
  type DivisionTable,
  type FixtureOutcome,
  type LeagueRules,
  type MatchInput,
  type MatchScore,
  type ScoredFixture,
  type TableRow,
} from '../../../src/contexts/league';
import type { LeagueFactData } from '../../../src/contexts/league/facts/league';
import { RuleViolation } from '../../../src/kernel/rule-violation';
import type { Preset } from '../../../src/rulebooks/rulebook';
import { oldWbf25Scale, ScoringInputError } from '../../../src/scoring';

/**
 * A league rulebook that lives only under test/: a single round robin ("RR" rules), each match
 * of `boards` boards recorded by its result form, scored on the old WBF 25-VP scale with this
 * rulebook's own margins, ties broken by net IMPs and then by the VPs of the matches among the
 * level teams (the LCBA breaks them the other way round). It proves that a league rulebook is
 * one folder and one registration line: nothing under src/ names it.
 *   RR-1  every two teams of a division meet once (round 1).
 *   RR-2  a result is the captains' form of exactly `boards` boards, every board's IMPs given.
 *   RR-3  VPs by the scale; a team's total is the sum of its matches' VPs.
 *   RR-4  ties: (a) net IMPs, (b) VPs among the level teams, (c) the team id (no ballot).
 *   RR-0  facts this rulebook does not record (unplayed matches, RR3, players).
 */
export interface RoundRobinParams {
  roundRobin: { boards: number; winnerFroms: number[] };
  [key: string]: unknown;
}

export const roundRobinPreset: Preset = {
  id: 'test-round-robin-league',
  source: 'test/support/rulesets/round-robin-league.ts',
  formats: ['round-robin-league'],
  params: { roundRobin: { boards: 8, winnerFroms: [0, 2, 4, 7, 10, 13, 16, 20, 24, 28, 33] } },
};

const rr = (p: object) => (p as RoundRobinParams).roundRobin;
type Data<K extends keyof LeagueFactData> = LeagueFactData[K];

const RECORDED = new Set([
  'DivisionFormed',
  'LeagueTeamEntered',
  'TeamPlaced',
  'FixtureScheduled',
  'MatchResultRecorded',
]);

function decide(type: string, data: unknown, state: Parameters<LeagueRules['decide']>[1]) {
  if (!RECORDED.has(type)) {
    throw new RuleViolation('RR-0', `${type} is no fact of a round robin`, 'type');
  }
  if (type === 'DivisionFormed') {
    const d = data as Data<'DivisionFormed'>;
    if (state.divisions[String(d.division)]) {
      throw ledger(`division ${d.division} is formed already`, 'data.division');
    }
  }
  if (type === 'LeagueTeamEntered') {
    const d = data as Data<'LeagueTeamEntered'>;
    if (state.teams[d.teamId]) throw ledger(`team ${d.teamId} has entered already`, 'data.teamId');
  }
  if (type === 'TeamPlaced') {
    const d = data as Data<'TeamPlaced'>;
    const team = teamOf(state, d.teamId, 'data.teamId');
    if (!state.divisions[String(d.division)]) {
      throw ledger(`division ${d.division} is not formed`, 'data.division');
    }
    if (team.division !== undefined) {
      throw ledger(`team ${d.teamId} is placed already`, 'data.teamId');
    }
  }
  if (type === 'FixtureScheduled') {
    const d = data as Data<'FixtureScheduled'>;
    if (state.fixtures[d.fixtureId]) {
      throw ledger(`fixture ${d.fixtureId} is scheduled already`, 'data.fixtureId');
    }
    const home = placedTeam(state, d.home, 'data.home');
    const away = placedTeam(state, d.away, 'data.away');
    if (d.home === d.away || home.division !== away.division || d.round !== 1) {
      throw new RuleViolation(
        'RR-1',
        'a fixture is round 1 between two teams of one division',
        'data.away',
      );
    }
    const met = Object.values(state.fixtures).some(
      (f) => (f.home === d.home && f.away === d.away) || (f.home === d.away && f.away === d.home),
    );
    if (met) {
      throw new RuleViolation('RR-1', `${d.home} and ${d.away} meet once`, 'data.away');
    }
  }
}

function scoreMatch(input: MatchInput, params: object): MatchScore {
  const { boards, winnerFroms } = rr(params);
  if (input.kind !== 'result-form') {
    throw new ScoringInputError('kind', 'RR-2', 'must be result-form: the captains’ form');
  }
  if (input.boards !== boards) {
    throw new ScoringInputError('boards', 'RR-2', `must be ${boards}, got ${input.boards}`);
  }
  const scored = [];
  for (let b = 1; b <= boards; b++) {
    const imps = input.homeImps[b];
    if (imps === undefined) {
      throw new ScoringInputError(`homeImps.${b}`, 'RR-2', 'is missing: every board is given');
    }
    scored.push({ board: b, homeImps: imps, because: [] as Because[] });
  }
  const homeNetImps = scored.reduce((s, b) => s + b.homeImps, 0);
  const vp = oldWbf25Scale(boards, winnerFroms).vp(homeNetImps);
  return {
    boards: scored,
    homeNetImps,
    vp: { home: vp.own, away: vp.opponents },
    because: [
      { rule: 'RR-3', text: `${homeNetImps} IMPs to the home team: ${vp.own}–${vp.opponents} VP` },
    ],
  };
}

function divisionTable(input: DivisionInput): DivisionTable {
  const rows = new Map<string, TableRow>();
  for (const t of input.teams) {
    rows.set(t.team, {
      rank: 0,
      team: t.team,
      played: 0,
      won: 0,
      drawn: 0,
      lost: 0,
      vp: 0,
      netImps: 0,
      penalties: 0,
      because: [{ rule: 'RR-3', text: 'the sum of the matches’ VPs' }],
    });
  }
  const fixtures: ScoredFixture[] = [];
  const among = new Map<string, number>();
  for (const f of input.fixtures) {
    const o: FixtureOutcome | undefined = input.outcomes[f.id];
    if (o?.kind !== 'played') continue;
    const { home, away } = o.score.vp;
    const imps = o.score.homeNetImps;
    fixtures.push({
      fixture: f.id,
      home: { vp: home, imps, because: o.score.because },
      away: { vp: away, imps: -imps, because: o.score.because },
    });
    for (const [team, vp, net] of [
      [f.home, home, imps],
      [f.away, away, -imps],
    ] as const) {
      const r = rows.get(team)!;
      r.played++;
      r.vp += vp;
      r.netImps += net;
      if (net > 0) r.won++;
      else if (net < 0) r.lost++;
      else r.drawn++;
      among.set(`${team}>${team === f.home ? f.away : f.home}`, vp);
    }
  }
  const ranked = [...rows.values()].sort((a, b) => b.vp - a.vp || a.team.localeCompare(b.team));
  // RR-4: teams level on VP are ordered by (a) net IMPs, (b) VPs among them, (c) team id.
  const groups = new Map<number, TableRow[]>();
  for (const r of ranked) groups.set(r.vp, [...(groups.get(r.vp) ?? []), r]);
  const ordered = [...groups.values()].flatMap((level) => {
    if (level.length === 1) return level;
    const ids = level.map((r) => r.team);
    const h2h = (t: string) => ids.reduce((s, o) => s + (among.get(`${t}>${o}`) ?? 0), 0);
    const sorted = [...level].sort(
      (a, b) => b.netImps - a.netImps || h2h(b.team) - h2h(a.team) || a.team.localeCompare(b.team),
    );
    return sorted.map((r, i) => {
      const next = sorted[i + 1] ?? sorted[i - 1]!;
      const step = next.netImps !== r.netImps ? 'a' : h2h(next.team) !== h2h(r.team) ? 'b' : 'c';
      return { ...r, tieBreak: { step, among: ids } };
    });
  });
  return {
    division: input.division,
    rows: ordered.map((r, i) => ({ ...r, rank: i + 1 })),
    fixtures,
  };
}

/** The round robin's rules, registered in one line by the tests that use them. */
export const roundRobinLeagueRules: LeagueRules = {
  format: 'round-robin-league',
  preset: roundRobinPreset,
  deadlineParams: {},
  readsClub: new Set(['MatchResultRecorded']),
  cites: {
    tieBreak: { rule: 'RR-4', short: 'RR-4', heading: 'RR-4' },
    rank: 'RR-3, RR-4',
    imps: 'RR-2',
    virtual: 'RR-1',
    virtualScore: 'RR-0',
    cancelled: 'RR-0',
    warnings: 'RR-0',
    incidents: { incomplete: 'RR-0', absent: 'RR-0', fouled: 'RR-0' },
    status: {
      unplayed: 'not recorded (RR-0)',
      lostByDefault: 'not recorded (RR-0)',
      virtual: 'not recorded (RR-0)',
    },
  },
  decide(fact, state, _club, paramsOn) {
    decide(fact.type, fact.data, state);
    if (fact.type === 'MatchResultRecorded') {
      const d = fact.data as Data<'MatchResultRecorded'>;
      notRecordedYet(fixtureOf(state, d.fixtureId), d.fixtureId);
      try {
        scoreMatch(d.result as unknown as MatchInput, paramsOn(d.playedOn));
      } catch (e) {
        if (!(e instanceof ScoringInputError)) throw e;
        throw new RuleViolation(e.rule, e.message, `data.result.${e.field}`);
      }
    }
  },
  seasonInputsOf(facts, reading, season = leagueSeasonOf(facts)) {
    const { asOf } = reading;
    const params = reading.paramsOn(asOf ?? season.seasonEnd ?? '');
    const scores = new Map<string, MatchScore>();
    const divisions = season.divisions.map((division): DivisionInput => {
      const teams = [...season.teams.values()]
        .filter((t) => t.division === division)
        .map(({ team, club, letter, name }) => ({ team, club, letter, name }));
      const fixtures = [...season.fixtures.values()]
        .filter((f) => f.division === division)
        .map(({ division: _, ...f }) => f);
      const outcomes: DivisionInput['outcomes'] = {};
      for (const f of fixtures) {
        const m = season.results.get(f.id);
        if (!m || (asOf !== undefined && m.playedOn > asOf)) continue;
        const score = scoreMatch(m.input, reading.paramsOn(m.playedOn));
        scores.set(f.id, score);
        outcomes[f.id] = { kind: 'played', on: m.playedOn, score };
      }
      return { division, teams, fixtures, outcomes, penalties: [], ballots: [] };
    });
    return {
      divisions,
      params,
      scores,
      verdicts: { lostByDefault: [], penalties: [], warnings: [], barred: [] },
    };
  },
  divisionTable: (input) => divisionTable(input),
  scoreRecorded: (match, params) => scoreMatch(match.input, params),
  scoreMatch,
  correctionRuleOf: () => 'RR-5',
};
