// An NZ club teams event's standing from its facts as the teams context will read them: each
// match's VP on the event's scale, NZ-15's adjustments after the C points, NZ-11's defaults under
// the handicaps in force (NZ-16), then NZ-12's ranking. Pure: the same input, the same standing.
import type { Fraction } from '../../../scoring/fraction';
import type { TieBallot } from '../../../scoring/tie-chain';
import { NzInputError } from '../standings/types';
import type { NzTeamsParams } from './params';
import {
  gladysPalmerDefault,
  handicapsInForce,
  nz15Adjusted,
  nzTeamsStandings,
  teamsMatchCPoints,
  type HandicapAdjustment,
  type TeamsMatch,
  type TeamsRow,
} from './rules';

/** A match played: its IMPs, its VP on the event's scale, and its penalised substitutes. */
export interface NzPlayedMatch {
  matchId: string;
  session: number;
  home: string;
  away: string;
  boards: number;
  homeImps: number;
  awayImps: number;
  homeVp: number;
  awayVp: number;
  /** NZ-15: substitutes who were not club members, or Tuesday players where penalised. */
  homePenalised: number;
  awayPenalised: number;
}

/** NZ-11: a match one team defaulted (Gladys Palmer Teams). */
export interface NzDefaultedMatch {
  matchId: string;
  session: number;
  defaulting: string;
  defaultedTo: string;
}

export interface NzTeamsEventInput {
  teams: ReadonlyArray<{ teamId: string; handicap?: number }>;
  matches: readonly NzPlayedMatch[];
  defaults?: readonly NzDefaultedMatch[];
  handicapAdjustments?: readonly HandicapAdjustment[];
  ballots?: readonly TieBallot[];
}

/** A match as the standing scored it, with every number's reason. */
export interface NzScoredMatch {
  matchId: string;
  session: number;
  home: string;
  away: string;
  /** VP as played (the C points read these) and after NZ-15 (the standing reads these). */
  played?: { homeVp: number; awayVp: number };
  homeVp: number;
  awayVp: number;
  /** NZ-8: C points to each player of each side (none for a default). */
  cPoints?: { home: Fraction; away: Fraction };
  because: string[];
}

export interface NzTeamsEventStanding {
  rows: TeamsRow[];
  matches: NzScoredMatch[];
}

/** The event's standing: every match scored, then the teams ranked (NZ-12). */
export function nzTeamsEventStanding(
  input: NzTeamsEventInput,
  p: NzTeamsParams,
): NzTeamsEventStanding {
  const scored: NzScoredMatch[] = input.matches.map((m) => {
    const c = teamsMatchCPoints({ boards: m.boards, homeVp: m.homeVp, awayVp: m.awayVp }, p);
    const adjusted = nz15Adjusted(
      { vp: m.homeVp, penalised: m.homePenalised },
      { vp: m.awayVp, penalised: m.awayPenalised },
      p,
    );
    return {
      matchId: m.matchId,
      session: m.session,
      home: m.home,
      away: m.away,
      played: { homeVp: m.homeVp, awayVp: m.awayVp },
      homeVp: adjusted.home,
      awayVp: adjusted.away,
      cPoints: { home: c.home, away: c.away },
      because: [c.because, ...adjusted.because],
    };
  });
  const entered = input.teams.map((t) => ({ teamId: t.teamId, handicap: t.handicap ?? 0 }));
  (input.defaults ?? []).forEach((d, i) => {
    for (const side of ['defaulting', 'defaultedTo'] as const) {
      if (!entered.some((t) => t.teamId === d[side])) {
        throw new NzInputError('NZ-11', `defaults[${i}].${side}`, `${d[side]} is not entered`);
      }
    }
    const h = handicapsInForce(entered, input.handicapAdjustments ?? [], d.session);
    const r = gladysPalmerDefault(
      { handicap: h.get(d.defaultedTo)!.handicap },
      { handicap: h.get(d.defaulting)!.handicap },
      p,
    );
    scored.push({
      matchId: d.matchId,
      session: d.session,
      home: d.defaultedTo,
      away: d.defaulting,
      homeVp: r.defaultedTo,
      awayVp: r.defaulting,
      because: [`${d.defaulting} defaulted: ${r.because}`],
    });
  });
  const matches: TeamsMatch[] = scored.map((m) => {
    const played = input.matches.find((x) => x.matchId === m.matchId);
    const imps = played
      ? played.home === m.home
        ? { homeImps: played.homeImps, awayImps: played.awayImps }
        : { homeImps: played.awayImps, awayImps: played.homeImps }
      : { homeImps: 0, awayImps: 0 };
    return { home: m.home, away: m.away, homeVp: m.homeVp, awayVp: m.awayVp, ...imps };
  });
  const rows = nzTeamsStandings(
    input.teams.map((t) => t.teamId),
    matches,
    p,
    input.ballots ?? [],
  );
  return { rows, matches: scored };
}
