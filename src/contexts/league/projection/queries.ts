import { buildRulebookHistory } from '../../../rulebooks/rulebook-facts';
import type { Rulebook } from '../../../rulebooks/rulebook';
import type {
  Because,
  DivisionTable,
  EligibilityVerdicts,
  Fixture,
  MatchScore,
  ScoredFixture,
  TableRow,
  TeamId,
} from '../model';
import { leagueSeasonOf, tableDay, type LeagueSeason } from '../season';
import { rulesOfLeague, scoresFormat, type LeagueParams, type LeagueRules } from '../rules';
import { seasonMemoOf } from './memo';
import type { LeagueRecord, LeaguesState } from './state';

/** A league, a division or a fixture the ledger does not have: 404, naming which. */
export class UnknownLeagueError extends Error {
  readonly code = 'UNKNOWN_LEAGUE';
  constructor(
    readonly field: 'leagueId' | 'division' | 'fixtureId',
    message: string,
  ) {
    super(message);
  }

  answer() {
    return { message: this.message, field: this.field };
  }
}

/** The rulebook a league's tables read on a day: its organising club's in force then. */
export interface LeagueRulebook {
  /** The rules the league is run under (its organiser's rulebook's at the season's start). */
  rules: LeagueRules;
  paramsOn(day: string): LeagueParams;
  inForce(day: string): Rulebook | undefined;
}

function rulebookOf(
  state: LeaguesState,
  league: LeagueRecord,
  season: LeagueSeason,
): LeagueRulebook {
  const history = buildRulebookHistory(state.rulebooks[league.clubId ?? ''] ?? [], {
    unusable: 'skip',
  });
  const start = season.seasonStart;
  const rules = rulesOfLeague(history.inForce(start ?? ''));
  const ours = (r: Rulebook | undefined) => (scoresFormat(r, rules.format) ? r : undefined);
  // As the league's deciders read it: the day's rulebook, or the one of the season's start.
  const inForce = (day: string) =>
    ours(history.inForce(day < (start ?? '') ? start! : day)) ??
    ours(history.inForce(start ?? day));
  return {
    rules,
    inForce,
    paramsOn: (day: string) =>
      (inForce(day)?.params as LeagueParams | undefined) ?? (rules.preset.params as LeagueParams),
  };
}

/** The rules a league of the state is run under (its organiser's rulebook's at its start). */
export function leagueRulesIn(state: LeaguesState, leagueId: string): LeagueRules {
  const league = leagueOf(state, leagueId);
  return rulebookOf(state, league, leagueSeasonOf(league.facts)).rules;
}

function leagueOf(state: LeaguesState, leagueId: string): LeagueRecord {
  const league = state.leagues[leagueId];
  if (!league || league.clubId === undefined) {
    throw new UnknownLeagueError(
      'leagueId',
      `no league ${leagueId} in the ledger (no LeagueRegistered on league-${leagueId})`,
    );
  }
  return league;
}

export interface LeagueQuery {
  /** One division (LCBA-2.2: 1 the strongest); all without it. */
  division?: number;
  /** The season as of this club date (YYYY-MM-DD): outcomes and verdicts by then. */
  asOf?: string;
}

export interface LeagueTeamView {
  name: string;
  club: string;
  letter: string;
  division?: number;
}

/**
 * A match whose recorded fact an accepted correction, or an upheld appeal against a
 * ruling on it (LCBA-10.2), replaced.
 */
export interface LeagueCorrectionView {
  fixtureId: string;
  /** The correction accepted (on `corrections-<leagueId>`); absent for an appeal's. */
  correctionId?: string;
  /** The appeal upheld, the ruling it was against, and its decision's event id. */
  appeal?: { appealId: string; rulingId: string; ruling: string; decision: string };
  /** The event id of the fact as first recorded. */
  original: string;
  /** MatchResultRecorded or MatchUnplayed. */
  type: string;
}

/** The league's matches read from a corrected fact, by fixture. */
function correctedMatches(league: LeagueRecord): Map<string, LeagueCorrectionView> {
  const out = new Map<string, LeagueCorrectionView>();
  for (const f of league.facts) {
    if (f.correctedBy === undefined) continue;
    const fixtureId = (f.data as { fixtureId?: unknown }).fixtureId;
    if (typeof fixtureId !== 'string') continue;
    out.set(fixtureId, {
      fixtureId,
      ...(f.appeal ? { appeal: { ...f.appeal } } : { correctionId: f.correctedBy }),
      original: f.id ?? '',
      type: f.type,
    });
  }
  return out;
}

const correctedBecause = (c: LeagueCorrectionView, rule: string): Because => ({
  rule,
  text: c.appeal
    ? `match ${c.fixtureId} as decided by appeal ${c.appeal.appealId} against ruling ${c.appeal.rulingId} (upheld, fact ${c.appeal.decision}; the ${c.type} first recorded: event ${c.original})`
    : `match ${c.fixtureId} as corrected by correction ${c.correctionId} (accepted; the ${c.type} first recorded: event ${c.original})`,
});

/** The division tables with each corrected match, and its teams' rows, saying so (copies). */
function explainCorrected(
  tables: DivisionTable[],
  fixtures: ReadonlyMap<string, { home: string; away: string }>,
  corrected: ReadonlyMap<string, LeagueCorrectionView>,
  rule: string,
): DivisionTable[] {
  if (corrected.size === 0) return tables;
  return tables.map((t) => {
    const byTeam = new Map<string, Because[]>();
    const scored = t.fixtures.map((f) => {
      const c = corrected.get(f.fixture);
      if (!c) return f;
      const b = correctedBecause(c, rule);
      const fx = fixtures.get(f.fixture);
      for (const team of fx ? [fx.home, fx.away] : [])
        byTeam.set(team, [...(byTeam.get(team) ?? []), b]);
      return {
        ...f,
        home: { ...f.home, because: [b, ...f.home.because] },
        away: { ...f.away, because: [b, ...f.away.because] },
      };
    });
    const rows = t.rows.map((r) => {
      const extra = byTeam.get(r.team);
      return extra ? { ...r, because: [...r.because, ...extra] } : r;
    });
    return { ...t, rows, fixtures: scored };
  });
}

/**
 * A warning that carries no score, on a team's row: LCBA-6.8's first offences (and
 * those awaiting ratification), LCBA-4.2's "warning due", LCBA-4.1 beyond the dispensation.
 */
export interface LeagueWarning {
  rule: string;
  /** The club date it arose (the match, or the form's deadline). */
  date: string;
  text: string;
  /** The player it concerns, when it is a player's (LCBA-4.2, 4.1). */
  player?: string;
}

/** A team's row with its warnings (none: absent). */
export type LeagueTableRow = TableRow & { warnings?: LeagueWarning[] };

/** A division's table as the league's view gives it: rows with their warnings. */
export type LeagueDivisionTable = Omit<DivisionTable, 'rows'> & { rows: LeagueTableRow[] };

/**
 * The teams a player-only warning (LCBA-4.2) is about: those the player played for in a match
 * of that day (its line-ups), else the last team played for by then.
 */
function teamsOfPlayer(league: LeagueRecord, season: LeagueSeason) {
  let byPlayer: Map<string, Array<{ team: TeamId; day: string }>> | undefined;
  const build = () => {
    const out = new Map<string, Array<{ team: TeamId; day: string }>>();
    for (const f of league.facts) {
      if (f.type !== 'MatchLineUpRecorded') continue;
      const d = f.data as {
        fixtureId: string;
        playedOn: string;
        home: Array<{ playerId: string }>;
        away: Array<{ playerId: string }>;
      };
      const fx = season.fixtures.get(d.fixtureId);
      if (!fx) continue;
      for (const [side, team] of [
        [d.home, fx.home],
        [d.away, fx.away],
      ] as const) {
        for (const p of side ?? []) {
          const list = out.get(p.playerId) ?? out.set(p.playerId, []).get(p.playerId)!;
          list.push({ team, day: d.playedOn });
        }
      }
    }
    return out;
  };
  return (player: string, day: string): TeamId[] => {
    const list = (byPlayer ??= build()).get(player) ?? [];
    const that = [...new Set(list.filter((x) => x.day === day).map((x) => x.team))];
    if (that.length) return that;
    const before = list.filter((x) => x.day <= day).sort((a, b) => a.day.localeCompare(b.day));
    return before.length ? [before[before.length - 1]!.team] : [];
  };
}

/** Each division's rows with their warnings, in `warnings` and in `because` (copies). */
function withWarnings(
  tables: DivisionTable[],
  warnings: EligibilityVerdicts['warnings'],
  teamsOf: (player: string, day: string) => TeamId[],
  asOf: string | undefined,
): LeagueDivisionTable[] {
  if (warnings.length === 0) return tables;
  const byTeam = new Map<TeamId, LeagueWarning[]>();
  for (const w of warnings) {
    if (asOf !== undefined && w.on > asOf) continue;
    const teams = w.team !== undefined ? [w.team] : w.player ? teamsOf(w.player, w.on) : [];
    const warning: LeagueWarning = {
      rule: w.because.rule,
      date: w.on,
      text: w.because.text,
      ...(w.player !== undefined ? { player: w.player } : {}),
    };
    for (const t of teams) (byTeam.get(t) ?? byTeam.set(t, []).get(t)!).push(warning);
  }
  if (byTeam.size === 0) return tables;
  return tables.map((t) => ({
    ...t,
    rows: t.rows.map((r) => {
      const mine = byTeam.get(r.team);
      if (!mine) return r;
      const sorted = [...mine].sort((a, b) => a.date.localeCompare(b.date));
      return {
        ...r,
        warnings: sorted,
        because: [
          ...r.because,
          ...sorted.map((w) => ({
            rule: w.rule,
            text: `warning (no score), ${w.date}${w.player !== undefined ? `, player ${w.player}` : ''}: ${w.text}`,
          })),
        ],
      };
    }),
  }));
}

export interface LeagueTableView {
  leagueId: string;
  name?: string;
  asOf?: string;
  /** The ledger position of the league's latest fact read. */
  position: number;
  /** The organising club's rulebook the table was scored under. */
  rulebook?: { clubId: string; preset: string; effectiveFrom: string };
  teams: Record<TeamId, LeagueTeamView>;
  /** Each row with its warnings (LCBA-6.8, 4.2, 4.1: no score), in `warnings` and `because`. */
  divisions: LeagueDivisionTable[];
  /** The matches read from an accepted correction (none: absent). */
  corrections?: LeagueCorrectionView[];
}

function teamsOf(season: LeagueSeason): Record<TeamId, LeagueTeamView> {
  const out: Record<TeamId, LeagueTeamView> = {};
  for (const t of season.teams.values()) {
    out[t.team] = {
      name: t.name,
      club: t.club,
      letter: t.letter,
      ...(t.division !== undefined ? { division: t.division } : {}),
    };
  }
  return out;
}

/**
 * A league's division tables, recomputed from the whole season as of `asOf` (a club
 * date): the facts read into `DivisionInput`s (season.ts) and scored by `divisionTable`, under
 * the organising club's rulebook in force on that day (the season's end without it).
 */
export function leagueTableOf(
  state: LeaguesState,
  leagueId: string,
  query: LeagueQuery = {},
): LeagueTableView {
  const league = leagueOf(state, leagueId);
  const season = leagueSeasonOf(league.facts);
  if (query.division !== undefined && !season.divisions.includes(query.division)) {
    throw new UnknownLeagueError(
      'division',
      `league ${leagueId} has no division ${query.division} (divisions: ${season.divisions.join(', ') || 'none'})`,
    );
  }
  const rulebook = rulebookOf(state, league, season);
  const inputs = rulebook.rules.seasonInputsOf(
    league.facts,
    {
      paramsOn: rulebook.paramsOn,
      memo: seasonMemoOf(league),
      ...(query.asOf !== undefined ? { asOf: query.asOf } : {}),
    },
    season,
  );
  const corrected = correctedMatches(league);
  const divisions = withWarnings(
    explainCorrected(
      inputs.divisions
        .filter((d) => query.division === undefined || d.division === query.division)
        .map((d) => rulebook.rules.divisionTable(d, inputs.params)),
      season.fixtures,
      corrected,
      rulebook.rules.correctionRuleOf(inputs.params),
    ),
    inputs.verdicts.warnings,
    teamsOfPlayer(league, season),
    query.asOf,
  );
  const used = rulebook.inForce(tableDay(season, query.asOf) ?? '');
  return {
    leagueId,
    ...(season.name !== undefined ? { name: season.name } : {}),
    ...(query.asOf !== undefined ? { asOf: query.asOf } : {}),
    position: league.position,
    ...(used
      ? {
          rulebook: {
            clubId: league.clubId!,
            preset: used.preset,
            effectiveFrom: used.effectiveFrom,
          },
        }
      : {}),
    teams: teamsOf(season),
    divisions,
    ...(corrected.size ? { corrections: [...corrected.values()] } : {}),
  };
}

/** What became of a fixture, as the match view says it. */
export type MatchStatus = 'not played' | 'played' | 'unplayed' | 'lost by default' | 'virtual';

export interface LeagueMatchView {
  leagueId: string;
  fixture: Fixture & { division: number };
  home: LeagueTeamView;
  away: LeagueTeamView;
  status: MatchStatus;
  playedOn?: string;
  /** How the result was recorded: every table's score, or the captains' result form. */
  recorded?: 'boards' | 'result-form';
  /** The match scored board by board (LCBA-6.7, 7.2–7.4, FOUL), each board with its rules. */
  score?: MatchScore;
  /** The fixture as the division's table scores it: a default (LCBA-8), 4.2/4.7, A5, 8.4. */
  table?: ScoredFixture;
  asOf?: string;
  /** The accepted correction the match is read from. */
  corrected?: LeagueCorrectionView;
}

/**
 * One fixture of a league (scheduled, or a virtual RR3 match `virtual:<home>:<away>`),
 * board by board when it was played (`scoreMatch` on the rulebook of its day), with the score
 * the division's table gives it as of `asOf`.
 */
export function matchOf(
  state: LeaguesState,
  leagueId: string,
  fixtureId: string,
  query: Pick<LeagueQuery, 'asOf'> = {},
): LeagueMatchView {
  const league = leagueOf(state, leagueId);
  const season = leagueSeasonOf(league.facts);
  const rulebook = rulebookOf(state, league, season);
  const { asOf } = query;
  const inputs = rulebook.rules.seasonInputsOf(
    league.facts,
    {
      paramsOn: rulebook.paramsOn,
      memo: seasonMemoOf(league),
      ...(asOf !== undefined ? { asOf } : {}),
    },
    season,
  );
  const input = inputs.divisions.find((d) => d.fixtures.some((f) => f.id === fixtureId));
  if (!input) {
    throw new UnknownLeagueError('fixtureId', `league ${leagueId} has no fixture ${fixtureId}`);
  }
  const f = input.fixtures.find((x) => x.id === fixtureId)!;
  const correction = correctedMatches(league).get(fixtureId);
  const [table] = explainCorrected(
    [rulebook.rules.divisionTable(input, inputs.params)],
    season.fixtures,
    correction ? new Map([[fixtureId, correction]]) : new Map(),
    rulebook.rules.correctionRuleOf(inputs.params),
  );
  const scored = table!.fixtures.find((s) => s.fixture === fixtureId);
  const outcome = input.outcomes[fixtureId];
  const known = outcome && (asOf === undefined || outcome.on <= asOf) ? outcome : undefined;
  const result = season.results.get(fixtureId);
  const played = result && (asOf === undefined || result.playedOn <= asOf) ? result : undefined;
  const status: MatchStatus = f.virtual
    ? 'virtual'
    : known?.kind === 'played'
      ? 'played'
      : known?.kind === 'lost-by-default' || (known && played)
        ? 'lost by default'
        : known
          ? 'unplayed'
          : 'not played';
  const teams = teamsOf(season);
  return {
    leagueId,
    fixture: { ...f, division: input.division },
    home: teams[f.home]!,
    away: teams[f.away]!,
    status,
    ...(played
      ? {
          playedOn: played.playedOn,
          recorded: played.input.kind,
          score:
            inputs.scores.get(fixtureId) ??
            rulebook.rules.scoreRecorded(played, rulebook.paramsOn(played.playedOn)),
        }
      : {}),
    ...(scored ? { table: scored } : {}),
    ...(asOf !== undefined ? { asOf } : {}),
    ...(correction ? { corrected: correction } : {}),
  };
}
