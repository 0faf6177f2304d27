import {
  leagueRulesIn,
  leagueTableOf,
  matchOf,
  type LeagueMatchView,
  type LeagueTableView,
} from '../projection';
import type { LeagueCitations } from '../rules';
import type { DivisionTable, Fixture, MatchInput } from '../model';
import { leagueSeasonOf } from '../season';
import type { EventStore } from '../../../store/event-store';
import { leagueState, type LeagueMoment } from './leagues';

/** A fixture as a page names it: its teams, round and date (the table's rows name only ids). */
export type FixtureInfo = Fixture & { division?: number };

export interface LeagueTablePage {
  /** Exactly what `GET /leagues/:leagueId/table` answers at this moment (`leagueTableOf`). */
  view: LeagueTableView;
  /** The season's fixtures, the virtual RR3 matches of the tables among them, by id. */
  fixtures: Map<string, FixtureInfo>;
  /** Every division formed, strongest first (the page's chooser offers each). */
  divisions: number[];
  /**
   * The chart's points (with `chart`): the same tables as of each match day up to the page's
   * (the day's VP); empty without.
   */
  byDay: Array<{ day: string; matchDayOf: number[]; divisions: DivisionTable[] }>;
  /** How the page cites the league's rulebook beside its numbers. */
  cites: LeagueCitations;
}

const VIRTUAL = /^virtual:([^:]+):([^:]+)$/;

/**
 * A league's tables for its page, from the one replay the JSON route makes
 * (`leagueState` then `leagueTableOf`, as `leagueTableAt`), with the fixtures' teams and dates
 * the page names beside the numbers, and the chart's points (`leagueTableOf` as of each match
 * day: one more table a day). The page's numbers are the JSON's: it adds none.
 */
export async function leagueTablePageAt(
  store: EventStore,
  leagueId: string,
  at: LeagueMoment = {},
  options: { chart?: boolean } = {},
): Promise<LeagueTablePage> {
  const state = await leagueState(store, leagueId, at);
  const view = leagueTableOf(state, leagueId, {
    ...(at.division !== undefined ? { division: at.division } : {}),
    ...(at.day !== undefined ? { asOf: at.day } : {}),
  });
  const season = leagueSeasonOf(state.leagues[leagueId]!.facts);
  const fixtures = new Map<string, FixtureInfo>(season.fixtures);
  for (const d of view.divisions) {
    for (const f of d.fixtures) {
      const v = VIRTUAL.exec(f.fixture);
      if (v && !fixtures.has(f.fixture)) {
        // LCBA-A4: a virtual RR3 match is named by its teams; it has no date of its own.
        fixtures.set(f.fixture, {
          id: f.fixture,
          round: 3,
          home: v[1]!,
          away: v[2]!,
          scheduled: '',
          virtual: true,
          division: d.division,
        });
      }
    }
  }
  // A division's match day: a day one of its fixtures was scheduled, played or left unplayed,
  // up to the page's day.
  const days = new Map<string, Set<number>>();
  const note = (day: string, fixture: string) => {
    if (!options.chart) return;
    const division = season.fixtures.get(fixture)?.division;
    if (division === undefined || (at.day !== undefined && day > at.day)) return;
    days.set(day, (days.get(day) ?? new Set()).add(division));
  };
  for (const f of season.fixtures.values()) note(f.scheduled, f.id);
  for (const r of season.results.values()) note(r.playedOn, r.fixture);
  for (const [id, u] of season.unplayed) note(u.on, id);
  const byDay = [...days.keys()].sort().map((day) => ({
    day,
    matchDayOf: [...days.get(day)!],
    divisions: leagueTableOf(state, leagueId, {
      ...(at.division !== undefined ? { division: at.division } : {}),
      asOf: day,
    }).divisions,
  }));
  return {
    view,
    fixtures,
    divisions: season.divisions,
    byDay,
    cites: leagueRulesIn(state, leagueId).cites,
  };
}

export interface LeagueMatchPage {
  /** Exactly what `GET /leagues/:leagueId/matches/:fixtureId` answers (`matchOf`). */
  view: LeagueMatchView;
  /** The result as recorded (every table's score, or the captains' form), once played. */
  recorded?: MatchInput;
  /** The ledger position of the league's latest fact read. */
  position: number;
  /** How the page cites the league's rulebook. */
  cites: LeagueCitations;
}

/** One match for its page: the JSON's view, and the recorded result it was scored from. */
export async function leagueMatchPageAt(
  store: EventStore,
  leagueId: string,
  fixtureId: string,
  at: LeagueMoment = {},
): Promise<LeagueMatchPage> {
  const state = await leagueState(store, leagueId, at);
  const view = matchOf(state, leagueId, fixtureId, at.day !== undefined ? { asOf: at.day } : {});
  const league = state.leagues[leagueId]!;
  const recorded =
    view.playedOn !== undefined
      ? leagueSeasonOf(league.facts).results.get(fixtureId)?.input
      : undefined;
  return {
    view,
    position: league.position,
    cites: leagueRulesIn(state, leagueId).cites,
    ...(recorded ? { recorded } : {}),
  };
}
