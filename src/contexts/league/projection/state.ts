import { RULEBOOK_HISTORY_TYPES } from '../../../rulebooks/rulebook-facts';
import { CORRECTION_FACT_TYPES } from '../../corrections';
import { LEAGUE_FACT_TYPES } from '../domain/decider';
import { isLeagueStream, leagueOfStream } from '../domain/streams';
import { dict } from '../../../kernel/dict';
import type { RecordedEvent } from '../../../kernel/envelope';
import {
  rulebookClubOf,
  rulebookFactOf,
  type RulebookFactRecord,
} from '../../../rulebooks/rulebook-facts';
import type { Projection } from '../../../kernel/projection';
import {
  correctionsLeagueOf,
  foldLeagueCorrection,
  type CorrectedSeasonFact,
  type LeagueCorrection,
  type LeagueRulings,
} from './corrections';

/** One league: its organising club and its stream's facts, in ledger order. */
export interface LeagueRecord {
  leagueId: string;
  /** LeagueRegistered's club: its rulebook in force is the league's. */
  clubId?: string;
  /** The ledger position of the league's latest fact. */
  position: number;
  /** In ledger order; a corrected one (an accepted correction, an upheld appeal) in its place. */
  facts: CorrectedSeasonFact[];
  /** Its corrections (`corrections-<leagueId>`), by correctionId. */
  corrections?: Record<string, LeagueCorrection>;
  /** Its rulings on match results and the appeals against them (LCBA-10.2). */
  rulings?: LeagueRulings;
}

export interface LeaguesState {
  leagues: Record<string, LeagueRecord>;
  /** Every club's rulebook facts (a few a club): an organiser adopts its rulebook before its league. */
  rulebooks: Record<string, RulebookFactRecord[]>;
}

const LEAGUE_KEY = 'league:';
const RULEBOOK_KEY = 'rulebook:';

/** A league fact read where the decider placed it: on its own league's stream. */
function leagueOf(event: RecordedEvent): string | undefined {
  if (!LEAGUE_FACT_TYPES.has(event.type) || !isLeagueStream(event.streamId)) return undefined;
  const leagueId = leagueOfStream(event.streamId);
  return (event.data as { leagueId?: unknown } | null)?.leagueId === leagueId
    ? leagueId
    : undefined;
}

/** A rulebook fact of a club (on `club-<clubId>`). */

/**
 * The leagues' read model. Per league, the facts its tables need, from its
 * `league-<leagueId>` stream (with its accepted corrections from `corrections-<leagueId>` in
 * place of the facts they correct: corrections.ts), kept as recorded (type, data, club time: the season read is
 * src/rulesets/lcba-league/season.ts's), and the organising clubs' rulebook facts. No table is
 * kept: LCBA-8.1's averages move as later matches are played, so every table is recomputed from
 * the whole season when asked (queries.ts).
 */
export const leagues: Projection<LeaguesState> = {
  name: 'leagues',
  // What apply reads (the rest leaves the state as it is): the leagues, rulebooks and corrections.
  reads: new Set([...LEAGUE_FACT_TYPES, ...RULEBOOK_HISTORY_TYPES, ...CORRECTION_FACT_TYPES]),
  // 2: the facts keep their event ids, and the league's accepted corrections replace them.
  // 3: rulings on match results and upheld appeals (LCBA-10.2) replace them too.
  version: 3,
  initial: () => ({ leagues: dict(), rulebooks: dict() }),
  partitions: {
    keysOf: (event) => {
      const league = leagueOf(event) ?? correctionsLeagueOf(event);
      if (league !== undefined) return [LEAGUE_KEY + league];
      const club = rulebookClubOf(event);
      return club !== undefined ? [RULEBOOK_KEY + club] : [];
    },
    keys: (state) => [
      ...Object.keys(state.rulebooks).map((k) => RULEBOOK_KEY + k),
      ...Object.keys(state.leagues).map((k) => LEAGUE_KEY + k),
    ],
    get: (state, key) =>
      key.startsWith(LEAGUE_KEY)
        ? state.leagues[key.slice(LEAGUE_KEY.length)]
        : key.startsWith(RULEBOOK_KEY)
          ? state.rulebooks[key.slice(RULEBOOK_KEY.length)]
          : undefined,
    put: (state, key, value) => {
      if (key.startsWith(LEAGUE_KEY))
        state.leagues[key.slice(LEAGUE_KEY.length)] = value as LeagueRecord;
      else if (key.startsWith(RULEBOOK_KEY))
        state.rulebooks[key.slice(RULEBOOK_KEY.length)] = value as RulebookFactRecord[];
    },
  },
  apply(state, event) {
    const leagueId = leagueOf(event);
    if (leagueId !== undefined) {
      const league = (state.leagues[leagueId] ??= { leagueId, position: 0, facts: [] });
      if (event.type === 'LeagueRegistered') {
        league.clubId ??= (event.data as { clubId: string }).clubId;
      }
      league.position = event.position;
      league.facts.push({
        type: event.type,
        data: event.data,
        occurredAt: event.occurredAt,
        id: event.id,
      });
      return state;
    }
    const corrected = correctionsLeagueOf(event);
    if (corrected !== undefined) {
      const league = state.leagues[corrected];
      if (league) {
        foldLeagueCorrection(league, event);
        league.position = event.position;
      }
      return state;
    }
    const clubId = rulebookClubOf(event);
    if (clubId !== undefined) {
      const fact = rulebookFactOf(event.type, event.data, event.position);
      if (fact) (state.rulebooks[clubId] ??= []).push(fact);
    }
    return state;
  },
};
