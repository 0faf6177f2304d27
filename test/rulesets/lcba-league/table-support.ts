// Builders for the table/ tests: MatchScore inputs written by hand, fixtures by id.
import { lcbaLeague2009, type LcbaParams } from '../../../src/rulesets/lcba-league/preset';
import type {
  DivisionInput,
  DivisionTable,
  Fixture,
  FixtureOutcome,
  MatchScore,
  ScoredFixture,
  Side,
  TableRow,
} from '../../../src/contexts/league/model';

export const P: LcbaParams = lcbaLeague2009.params;

/** Params with one group changed. */
export const withParams = <K extends keyof LcbaParams>(
  key: K,
  change: Partial<LcbaParams[K]>,
): LcbaParams => ({ ...P, [key]: { ...P[key], ...change } });

export const score = (homeNetImps: number, home: number, away: number): MatchScore => ({
  boards: [],
  homeNetImps,
  vp: { home, away },
  because: [],
});

/** A match played: the home team's net IMPs and both sides' VPs. */
export const played = (on: string, imps: number, home: number, away: number): FixtureOutcome => ({
  kind: 'played',
  on,
  score: score(imps, home, away),
});

export const unplayed = (on: string, offender: Side | 'both'): FixtureOutcome => ({
  kind: 'unplayed',
  on,
  offender,
  rule: 'LCBA-5.3',
});

export const lostByDefault = (
  on: string,
  offender: Side,
  imps: number,
  home: number,
  away: number,
): FixtureOutcome => ({
  kind: 'lost-by-default',
  on,
  offender,
  rule: 'LCBA-4.7',
  actual: score(imps, home, away),
});

/** A fixture from an id "r<round>-<home><away>" (one-letter teams), e.g. "r1-AB", "v3-DF". */
export const fixture = (id: string, scheduled = '2009-09-01'): Fixture => {
  const [kind, pair] = id.split('-') as [string, string];
  const round = Number(kind.slice(1)) as 1 | 2 | 3;
  const f: Fixture = { id, round, home: pair[0]!, away: pair[1]!, scheduled };
  if (kind.startsWith('v')) f.virtual = true;
  return f;
};

export const division = (
  teams: string,
  fixtures: string[],
  outcomes: Record<string, FixtureOutcome>,
  extra: Partial<DivisionInput> = {},
): DivisionInput => ({
  division: 3,
  teams: [...teams].map((t) => ({ team: t, club: `Club ${t}`, letter: 'A', name: `Team ${t}` })),
  fixtures: fixtures.map((id) => fixture(id)),
  outcomes,
  penalties: [],
  ballots: [],
  ...extra,
});

/** Every RR1 and RR2 fixture of a double round robin: r1-XY with X before Y, r2-YX. */
export const doubleRoundRobin = (teams: string): string[] => {
  const ids: string[] = [];
  for (let i = 0; i < teams.length; i++) {
    for (let j = i + 1; j < teams.length; j++) {
      ids.push(`r1-${teams[i]}${teams[j]}`, `r2-${teams[j]}${teams[i]}`);
    }
  }
  return ids;
};

export const row = (t: DivisionTable, team: string): TableRow => {
  const r = t.rows.find((x) => x.team === team);
  if (!r) throw new Error(`no row for ${team}`);
  return r;
};

export const scored = (t: DivisionTable, id: string): ScoredFixture => {
  const f = t.fixtures.find((x) => x.fixture === id);
  if (!f) throw new Error(`no score for ${id}`);
  return f;
};

/** The rules cited in a list of because entries, joined, for `toContain` checks. */
export const cited = (because: { rule: string; text: string }[]): string =>
  because.map((b) => `${b.rule}: ${b.text}`).join('\n');
